// The local engine: the Python rules engine in PyScript's named worker "engine", behind the
// documented window.PipesAndDucks API (docs/api.md), and
// <html data-engine="idle|loading|ready|error" data-engine-runtime="pyscript">.
//
// PyScript (the vendored @pyscript/core) starts the worker the page declares,
//   <script type="py" worker name="engine" config="pyscript.toml" src="py/bridge.py">,
// with the interpreter pyscript.toml names (web/interpreter.mjs: the vendored Pyodide, or its
// start-up snapshot) and the engine wheel installed by micropip; py/bridge.py exports one
// function, dispatch, which this module awaits through PyScript's worker API
// (xworker.sync.dispatch): no SharedArrayBuffer, so no special headers (docs/startup.md).
// Requests and replies cross as JSON text, so no Python proxy ever reaches page code; every
// call returns a Promise of its envelope and never rejects.
//
// The engine starts when the page asks for it: a page that declares the engine's worker
// (index.html) as soon as this module runs, an embedded game only when the reader presses Play
// (web/embed.js calls start(), which adds the same worker to the page).
import { engineApi, refusal } from './engine/api.js';
import { keepPyScriptStoresInMemory } from './engine/pyscript-storage.mjs';
import { inTurn, workerScript, workerOf } from './engine/script-element.js';
import { runtime } from './vendor/runtime.mjs';
import { answerWasmRequests, compileWasmAhead } from './engine/wasm-ahead.js';
// Loaded with the engine, not with the page: an embed fetches nothing of the engine's until Play.
const snapshots = () => import('./snapshot.mjs');

const root = document.documentElement;
const BOOT_TIMEOUT_MS = 120_000;

let starting = null;
let settle;
const ready = new Promise((resolve, reject) => { settle = { resolve, reject }; });
ready.catch(() => {}); // failure is reported through data-engine and the 'pnd:error' event
let failure = null;
let dispatch = null; // xworker.sync.dispatch once the worker has exported it
let reach;
const reached = new Promise((resolve, reject) => { reach = { resolve, reject }; }); // dispatch is set
reached.catch(() => {});

function setState(state, detail) {
  root.dataset.engine = state;
  window.dispatchEvent(new CustomEvent(`pnd:${state}`, { detail }));
}

function fail(message) {
  if (failure || root.dataset.engine === 'ready') return;
  failure = message;
  // A start that failed after restoring the snapshot must not fail every later visit too.
  if (root.dataset.engineBoot === 'snapshot') snapshots().then((s) => s.forgetSnapshot());
  setState('error', { message });
  settle.reject(new Error(message));
  reach.reject(new Error(message));
}

/** A start-up failure as one line for people. */
function readable(raw) {
  const text = String(raw || '').split('\n')[0].slice(0, 200);
  return text ? `Start-up failed: ${text}` : 'Start-up failed for an unknown reason.';
}

// When each stage of the start was reached, in ms on the page's clock (`make bench` reads them).
const stages = {};
Object.defineProperty(window, '__pndStages', { value: stages });

/** A stage reached (in this page, or in the worker at `at` on the shared clock): noted, and
 * its share of the start given to the loading bar. */
function stage(name, value, at = performance.timeOrigin + performance.now()) {
  stages[name] = at - performance.timeOrigin;
  if (value !== undefined) window.dispatchEvent(new CustomEvent('pnd:progress', { detail: value }));
}

function onWorkerMessage({ data }) {
  // Messages of our own (web/interpreter.mjs), beside PyScript's.
  if (!data || typeof data !== 'object' || typeof data.pnd !== 'string') return;
  if (data.pnd === 'stage') stage(String(data.name), Number(data.value), Number(data.at));
  else if (data.pnd === 'boot') {
    root.dataset.engineBoot = data.how; // 'snapshot' or 'fresh'
    root.dataset.engineWasm = data.wasm; // 'ahead': the page's module (web/engine/wasm-ahead.js)
  }
  else if (data.pnd === 'failed') fail(readable(data.message));
}

async function boot() {
  root.dataset.engineRuntime = 'pyscript';
  keepPyScriptStoresInMemory(); // PyScript's core opens its store as it is imported
  compileWasmAhead(); // for the engine worker to take when it gets there (web/engine/wasm-ahead.js)
  const script = workerScript('engine');
  try {
    await import(new URL(`./vendor/${runtime.pyscript}core.js`, import.meta.url).href);
  } catch {
    throw new Error('Start-up failed: the engine could not be loaded. Check your connection and reload.');
  }
  stage('pyscript', 0.05);
  const xworker = await workerOf(script);
  xworker.addEventListener('message', onWorkerMessage);
  answerWasmRequests(xworker);
  try {
    await xworker.ready; // PyScript: Python is up, the wheel installed, bridge.py has run
    stage('worker', 0.9);
  } catch (err) {
    throw new Error(readable((err && err.message) || err));
  }
  dispatch = (request) => xworker.sync.dispatch(request);
  reach.resolve();
  const ping = JSON.parse(await dispatch(JSON.stringify({ method: 'ping', params: {} })));
  if (!ping.ok) throw new Error(`Start-up failed: ${ping.error.message}`);
  // Python answers calls: the moment `make bench` times as ready.
  window.__pndReadyAt = performance.now();
  stage('ready');
  // The games' own modules are imported by this first hello; data-engine turns "ready" only
  // after it, so whatever waits on `ready` (the menu's house rules) has its answer.
  const hello = await call('hello');
  window.__pndHelloAt = performance.now();
  stage('hello');
  if (!hello.ok) throw new Error(`Start-up failed: ${hello.error.message}`);
  settle.resolve(hello.result);
  setState('ready', { api: hello.result.api });
  // After a fresh start: keep a snapshot for the next visit, once the page is idle.
  if (root.dataset.engineBoot === 'fresh') snapshots().then((s) => s.storeSnapshotLater());
}

/** Start the engine (once); resolves like `ready`. */
export function start() {
  if (starting) return ready;
  if (root.dataset.engine === 'idle') root.dataset.engine = 'loading';
  starting = boot().catch((err) => fail(err.message));
  setTimeout(() => fail('The engine took too long to start. Check your connection and reload.'), BOOT_TIMEOUT_MS);
  return ready;
}

// A request made while the engine starts waits for it rather than being refused.
const send = inTurn(() => reached.then(() => dispatch),
  () => failure || 'The game engine could not start. Reload the page.',
  'The engine did not answer. Reload the page.');

/** Send one request; resolves with {ok:true,result} or {ok:false,error:{code,message}}. */
function call(method, params = {}) {
  if (failure) return Promise.resolve(refusal('not_ready', failure));
  start();
  return send(method, params);
}

// A hard bot's decision, a hint and an analysis go to the engine and its search helper in
// shares (web/engine/helper.js, loaded with the first of them: an embed fetches nothing of the
// engine's until Play).
const SHARED = new Set(['botMove', 'hint', 'analyse']);
const shares = () => import('./engine/helper.js');
const route = (method, params) => (SHARED.has(method)
  ? shares().then((h) => h.inShares(call, method, params), () => call(method, params))
  : call(method, params));
const api = engineApi(route, {
  /** Resolves with the engine's hello ({api, games}) once it answers calls. */
  ready,
  start,
  get status() { return root.dataset.engine; },
  ping: () => call('ping'),
});
Object.defineProperty(window, 'PipesAndDucks', { value: api, enumerable: true });
// The full site declares its engine and starts it at once; an embed waits for Play.
if (document.querySelector('script[type="py"][worker][name="engine"]')) start();

export default api;
