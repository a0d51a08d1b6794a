// Pyodide's WebAssembly, compiled for the engine workers from the moment the page starts its
// engine, in a worker of its own (web/pyodide-wasm-worker.mjs), and handed to each engine worker
// that asks (web/pyodide-wasm.mjs): a request {pnd: 'wasm'} carrying a port, answered on the
// port with {ack: true} at once and then {url, module}, or {error} when there is none.
//
// An engine worker compiled it itself, on its own thread, once PyScript had started the worker
// and Pyodide's JavaScript had loaded: on a repeat visit, receiving the 9.6 MB, checking them
// against the browser's code cache and waiting while what the cache lacks was compiled held
// the start's critical path for about 100 ms, and on a first visit the whole compile did
// (docs/startup.md). Started here, it is done, or nearly, by the time the engine worker has
// set Pyodide's JavaScript up. The search helper's engine (web/engine/helper.js) gets the same
// module: compiled once for both.

let compiled = null;

/** Start compiling, once: a promise of {url, module} or {error}. */
export function compileWasmAhead() {
  if (!compiled) {
    compiled = new Promise((resolve) => {
      let helper;
      try {
        helper = new Worker(new URL('../pyodide-wasm-worker.mjs', import.meta.url), { type: 'module' });
      } catch (err) {
        resolve({ error: String(err.message) });
        return;
      }
      helper.onmessage = ({ data }) => resolve(data);
      helper.onerror = (event) => resolve({ error: event.message || 'the WebAssembly helper did not start' });
    });
  }
  return compiled;
}

/** Answer `xworker`'s requests for the compiled module. */
export function answerWasmRequests(xworker) {
  xworker.addEventListener('message', ({ data, ports }) => {
    if (!data || typeof data !== 'object' || data.pnd !== 'wasm' || !ports[0]) return;
    const [port] = ports;
    port.postMessage({ ack: true });
    compileWasmAhead().then((answer) => port.postMessage(answer));
  });
}
