// Pyodide's WebAssembly (pyodide.asm.wasm, 9.6 MB), compiled by the page from the moment it
// starts its engine (web/engine/wasm-ahead.js), rather than here when Pyodide gets round to it.
//
// loadPyodide requests its wasm as it starts, but compiles it only after the snapshot is in and
// its JavaScript half has set itself up, and on this worker's thread: on a repeat visit,
// receiving the 9.6 MB, checking them against the browser's code cache and waiting while what
// the cache lacks was compiled held that thread for about 100 ms of the start's critical path.
// Pyodide has no option that takes a compiled module, so its one request for this file is
// answered without a download, and its one call to WebAssembly.instantiateStreaming with the
// page's module (docs/startup.md, problem 8). Both stand-ins give the browser's own back at
// their first use for this file and pass anything else through; where the page has no module
// to give, the file is downloaded and compiled here, as Pyodide would have.

// The page listens for the request once PyScript has made this worker, so one sent before
// that is lost: it is sent again until the page answers. A page that has not answered within
// GIVE_UP_MS (its thread held up) is done without.
const ASK_EVERY_MS = 25;
const GIVE_UP_MS = 1000;

/** From now on, Pyodide's wasm at `url` (an absolute address) is instantiated from the page's
 * module. Returns whether that happened, for the page to say (`<html data-engine-wasm="ahead">`,
 * which the tests read: a Pyodide that asked differently would quietly lose the gain). */
export function takeWasmFromPage(url) {
  const { fetch } = globalThis;
  const { instantiateStreaming } = WebAssembly;
  const fromPage = askPage(url);
  const asked = Promise.resolve(new Response(null)); // what Pyodide's request gets instead
  let taken = false;
  globalThis.fetch = function pyodideFetch(resource, ...rest) {
    if (String(resource) !== url) return fetch.call(this, resource, ...rest);
    globalThis.fetch = fetch;
    return asked;
  };
  WebAssembly.instantiateStreaming = async (source, imports) => {
    if (source !== asked) return instantiateStreaming(source, imports);
    WebAssembly.instantiateStreaming = instantiateStreaming;
    const module = await fromPage;
    if (!module) return instantiateStreaming(fetch(url, { credentials: 'same-origin' }), imports);
    taken = true;
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  return () => taken;
}

/** A promise of the page's module compiled from `url`, or of null when the page has none or
 * does not answer. */
function askPage(url) {
  return new Promise((resolve) => {
    let port = null;
    const asked = [];
    const stopAsking = () => {
      clearInterval(again);
      clearTimeout(giveUp);
      for (const other of asked) if (other !== port) other.close();
    };
    const ask = () => {
      const channel = new MessageChannel();
      asked.push(channel.port1);
      channel.port1.onmessage = ({ data }) => {
        if (!port) { // the first answer: the other requests were lost, or are answered late
          port = channel.port1;
          stopAsking();
        }
        if (port !== channel.port1 || !data || data.ack) return;
        port.close();
        resolve(data.url === url && data.module instanceof WebAssembly.Module ? data.module : null);
      };
      postMessage({ pnd: 'wasm' }, [channel.port2]);
    };
    const again = setInterval(ask, ASK_EVERY_MS);
    const giveUp = setTimeout(() => {
      stopAsking();
      resolve(null);
    }, GIVE_UP_MS);
    ask();
  });
}
