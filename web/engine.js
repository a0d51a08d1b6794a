// The engine client: builds the documented window.PipesAndDucks API over the one
// function py/bridge.py hands us, and drives <html data-engine="loading|ready|error">.
// Strings cross the FFI both ways (JSON), so no Python proxy ever reaches page code.
import { bootFailed, howBooted, startPyodide } from './interpreter.mjs';

// First thing: Pyodide downloads and boots while PyScript and the shell start (interpreter.mjs).
startPyodide();

const root = document.documentElement;
const BOOT_TIMEOUT_MS = 120_000;

let dispatch = null;
let settle;
const ready = new Promise((resolve, reject) => { settle = { resolve, reject }; });
ready.catch(() => {}); // failure is reported through data-engine and the 'pnd:error' event

function setState(state, detail) {
  root.dataset.engine = state;
  window.dispatchEvent(new CustomEvent(`pnd:${state}`, { detail }));
}

function fail(message, force = false) {
  if (root.dataset.engine !== 'loading' && !force) return;
  bootFailed();
  setState('error', { message });
  settle.reject(new Error(message));
}

function attach(fn) {
  if (dispatch || typeof fn !== 'function') return;
  dispatch = fn;
  // 'ready' means the interpreter answers calls (a cheap ping). The games' own modules are
  // imported by the first hello, just after, so their import does not delay the signal;
  // `make bench` reports both moments.
  const ping = call('ping');
  if (!ping.ok) { fail(ping.error.message); return; }
  window.__pndReadyAt = performance.now();
  root.dataset.engineBoot = howBooted();
  setState('ready', ping.result);
  const hello = call('hello');
  window.__pndHelloAt = performance.now();
  if (!hello.ok) { fail(`Start-up failed: ${hello.error.message}`, true); return; }
  settle.resolve(hello.result);
}

/** Send one request; always returns {ok:true,result} or {ok:false,error:{code,message}}. */
function call(method, params = {}) {
  if (!dispatch) {
    return { ok: false, error: { code: 'not_ready', message: 'The game engine is still loading.' } };
  }
  let request;
  try {
    request = JSON.stringify({ method, params });
  } catch {
    return { ok: false, error: { code: 'bad_request', message: 'The request could not be encoded.' } };
  }
  try {
    return JSON.parse(dispatch(request));
  } catch (err) {
    console.error(err);
    return { ok: false, error: { code: 'internal', message: 'The engine did not answer. Reload the page.' } };
  }
}

const api = Object.freeze({
  version: 1,
  /** Resolves with the engine's hello ({api, games}) once it answers calls. */
  ready,
  get state() { return root.dataset.engine; },
  call,
  hello: () => call('hello'),
  newGame: (params) => call('newGame', params),
  state: (params) => call('state', params),
  play: (params) => call('play', params),
  botMove: (params) => call('botMove', params),
  undoable: (params) => call('undoable', params),
  undo: (params) => call('undo', params),
  stats: (params) => call('stats', params),
  save: (params) => call('save', params),
  record: (params) => call('record', params),
  load: (params) => call('load', params),
  close: (params) => call('close', params),
});
Object.defineProperty(window, 'PipesAndDucks', { value: api, enumerable: true });

// Progress of PyScript's boot, for the loading indicator.
const STAGES = ['Loading Pyodide', 'Loaded Pyodide', 'Loading files', 'Loaded files', 'Loaded interpreter'];
window.addEventListener('py:progress', ({ detail }) => {
  const i = STAGES.findIndex((s) => String(detail).startsWith(s));
  if (i >= 0) window.dispatchEvent(new CustomEvent('pnd:progress', { detail: (i + 1) / (STAGES.length + 1) }));
});

window.addEventListener('pnd:bridge', (e) => attach(e.detail));
if (window.__pndDispatch) attach(window.__pndDispatch);

// Boot failures: a missing file, a broken interpreter, or a bridge that never speaks.
window.addEventListener('error', (e) => {
  if (root.dataset.engine === 'loading') fail(readable(e.message));
});
window.addEventListener('unhandledrejection', (e) => {
  if (root.dataset.engine === 'loading') fail(readable(e.reason && (e.reason.message || e.reason)));
});
const fetchFailed = (url) => fail(`Start-up failed: could not download ${String(url).split('/').pop()}. Check your connection and reload.`);
window.addEventListener('pnd:fetch-failed', (e) => fetchFailed(e.detail));
if (window.__pndFetchFailed) fetchFailed(window.__pndFetchFailed);
// PyScript announces when every script has run; a bridge that raised never attached.
window.addEventListener('py:all-done', () => {
  if (!dispatch) fail('Start-up failed: the engine module did not load (see the console).');
});
setTimeout(() => fail('The engine took too long to start. Check your connection and reload.'), BOOT_TIMEOUT_MS);

function readable(raw) {
  const text = String(raw || '').split('\n')[0].slice(0, 200);
  return text ? `Start-up failed: ${text}` : 'Start-up failed for an unknown reason.';
}

export default api;
