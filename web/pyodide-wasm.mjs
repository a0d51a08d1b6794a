// Pyodide's WebAssembly (pyodide.asm.wasm, 9.6 MB), compiled from the moment Pyodide asks for
// it rather than when it gets round to compiling it.
//
// loadPyodide requests its wasm as it starts, but compiles it only after the snapshot is in
// and its JavaScript half has set itself up; on a repeat visit that compile (from the
// browser's code cache: read the 9.6 MB, check them, load the cached code) then left the
// worker idle for about 100 ms of the start's critical path. Pyodide has no option that takes
// a compiled module, so its one request for this file is compiled as it arrives, and its one
// call to WebAssembly.instantiateStreaming for it is answered with that module (docs/startup.md,
// problem 8). Both stand-ins give the browser's own back at their first use for this file, and
// pass anything else through.

/** From now on, Pyodide's download of `url` (an absolute address) is compiled as it arrives,
 * and its instantiation takes the compiled module. Returns whether that happened, for the
 * page to say (`<html data-engine-wasm="ahead">`, which the tests read: a Pyodide that asked
 * differently would quietly lose the gain). */
export function compileAhead(url) {
  const { fetch } = globalThis;
  const { instantiateStreaming } = WebAssembly;
  let compiled = null;
  let taken = false;
  globalThis.fetch = function pyodideFetch(resource, ...rest) {
    const response = fetch.call(this, resource, ...rest);
    if (String(resource) === url) {
      globalThis.fetch = fetch;
      // A copy of the download to compile: Pyodide's own stays as it is for it to read.
      compiled = WebAssembly.compileStreaming(response.then((r) => r.clone()));
      compiled.catch(() => {}); // Pyodide's own instantiation reports a failed download
    }
    return response;
  };
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    if (!compiled || response.url !== url) return instantiateStreaming(response, imports);
    WebAssembly.instantiateStreaming = instantiateStreaming;
    let module;
    try {
      module = await compiled;
    } catch {
      return instantiateStreaming(response, imports); // fails as the download did
    }
    response.body?.cancel(); // Pyodide's copy, not needed: the download itself goes on for the other
    taken = true;
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  return () => taken;
}
