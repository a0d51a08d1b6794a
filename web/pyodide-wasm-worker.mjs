// Compiles Pyodide's WebAssembly (pyodide.asm.wasm, 9.6 MB) for the page's engine workers, on a
// thread of its own, from the moment the page starts its engine (web/engine/wasm-ahead.js).
// Posts the page {url, module}, or {url, error} when it cannot.
//
// It then stays, idle, as long as the page: the browser keeps the compiled code for the next
// visit from the worker that compiled it, once the module's hot functions are optimized.
import { runtime } from './vendor/runtime.mjs';

const url = new URL(`./vendor/${runtime.pyodide}pyodide.asm.wasm`, import.meta.url).href;
WebAssembly.compileStreaming(fetch(url, { credentials: 'same-origin' })).then(
  (module) => postMessage({ url, module }),
  (err) => postMessage({ url, error: String((err && err.message) || err) }));
