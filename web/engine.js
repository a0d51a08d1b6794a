// The local engine: Python in a Web Worker (web/engine/worker.mjs), behind the documented
// window.PipesAndDucks API (docs/api.md), and <html data-engine="idle|loading|ready|error">.
// Requests and replies cross as JSON text, so no Python proxy ever reaches page code; every
// call returns a Promise of its envelope and never rejects.
//
// The worker starts when the page asks for it: index.html starts it from its first inline
// script (so Python's downloads begin before the page has parsed), an embedded game only when
// the reader presses Play (web/embed.js calls start()).
import { engineApi, refusal } from './engine/api.js';

const root = document.documentElement;
const BOOT_TIMEOUT_MS = 120_000;

let worker = null;
let nextId = 1;
const pending = new Map(); // request id -> resolve
let settle;
const ready = new Promise((resolve, reject) => { settle = { resolve, reject }; });
ready.catch(() => {}); // failure is reported through data-engine and the 'pnd:error' event
let failure = null;

function setState(state, detail) {
  root.dataset.engine = state;
  window.dispatchEvent(new CustomEvent(`pnd:${state}`, { detail }));
}

function fail(message) {
  if (failure || root.dataset.engine === 'ready') return;
  failure = message;
  setState('error', { message });
  settle.reject(new Error(message));
  for (const resolve of pending.values()) resolve(refusal('not_ready', message));
  pending.clear();
}

function onMessage(data) {
  if (!data || typeof data !== 'object') return;
  if (data.type === 'reply') {
    const resolve = pending.get(data.id);
    if (!resolve) return;
    pending.delete(data.id);
    try {
      resolve(JSON.parse(data.response));
    } catch {
      resolve(refusal('internal', 'The engine did not answer. Reload the page.'));
    }
  } else if (data.type === 'progress') {
    window.dispatchEvent(new CustomEvent('pnd:progress', { detail: data.value }));
  } else if (data.type === 'ready') {
    // Python answers calls (the worker's ping): the moment `make bench` times as ready.
    window.__pndReadyAt = performance.now();
    root.dataset.engineBoot = data.boot;
    // The games' own modules are imported by this first hello; data-engine turns "ready"
    // only after it, so whatever waits on `ready` (the menu's house rules) has its answer.
    call('hello').then((hello) => {
      window.__pndHelloAt = performance.now();
      if (!hello.ok) { fail(`Start-up failed: ${hello.error.message}`); return; }
      settle.resolve(hello.result);
      setState('ready', { api: hello.result.api });
    });
  } else if (data.type === 'failed') {
    fail(data.message);
  }
}

/** Start the engine worker (once); resolves like `ready`. */
export function start() {
  if (worker) return ready;
  if (root.dataset.engine === 'idle') root.dataset.engine = 'loading';
  const early = window.__pndWorker;
  try {
    worker = early ? early.worker : new Worker(new URL('./engine/worker.mjs', import.meta.url), { type: 'module' });
  } catch (err) {
    fail(`Start-up failed: this browser cannot run the game engine (${err.message}).`);
    return ready;
  }
  worker.onmessage = (e) => onMessage(e.data);
  worker.onerror = (e) => { e.preventDefault(); fail('Start-up failed: the engine could not be loaded. Check your connection and reload.'); };
  // what the worker said before this module was running (index.html's first script)
  if (early) for (const data of early.messages.splice(0)) onMessage(data);
  setTimeout(() => fail('The engine took too long to start. Check your connection and reload.'), BOOT_TIMEOUT_MS);
  return ready;
}

/** Send one request; resolves with {ok:true,result} or {ok:false,error:{code,message}}. */
function call(method, params = {}) {
  if (failure) return Promise.resolve(refusal('not_ready', failure));
  let request;
  try {
    request = JSON.stringify({ method, params });
  } catch {
    return Promise.resolve(refusal('bad_request', 'The request could not be encoded.'));
  }
  start();
  return new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, resolve);
    worker.postMessage({ id, request });
  });
}

const api = engineApi(call, {
  /** Resolves with the engine's hello ({api, games}) once it answers calls. */
  ready,
  start,
  get status() { return root.dataset.engine; },
  ping: () => call('ping'),
});
Object.defineProperty(window, 'PipesAndDucks', { value: api, enumerable: true });
if (window.__pndWorker) start();

export default api;
