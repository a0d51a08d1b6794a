// The engine worker: Pyodide, both rules engines and the bots run here, off the page's main
// thread, so the page never freezes while Python starts or while a bot thinks
// (docs/startup.md). web/engine/local.js is the only other end of this protocol:
//   page -> worker   {id, request}            request: the JSON text {method, params}
//   worker -> page   {type: 'reply', id, response}   response: the JSON text of the envelope
//                    {type: 'progress', value}       0..1, for the loading indicator
//                    {type: 'ready', boot}           boot: 'snapshot' | 'fresh'
//                    {type: 'failed', message}       start-up failed; a sentence for people
// Requests are answered one at a time and in order; those sent during start-up wait for it.
// Only strings cross: no Python object ever leaves this worker.
import { bootFailed, howBooted, startPyodide } from '../interpreter.mjs';
import { runtime } from '../vendor/runtime.mjs';

const HOME = '/home/pyodide';
const progress = (value) => postMessage({ type: 'progress', value });

// Both downloads start at once: the engine's files while Pyodide starts.
const engineZip = fetch(new URL(`../vendor/${runtime.engine}`, import.meta.url)).then((res) => {
  if (!res.ok) throw new Error('could not download engine.zip');
  return res.arrayBuffer();
});
engineZip.catch(() => {}); // reported by boot(), which awaits it

let failed = false;
function fail(err) {
  if (failed) return;
  failed = true;
  bootFailed();
  const text = String((err && err.message) || err || '').split('\n')[0].slice(0, 200);
  postMessage({ type: 'failed', message: text ? `Start-up failed: ${text}` : 'Start-up failed for an unknown reason.' });
}
// Pyodide reports a runtime file that failed to download only as a rejected promise deep
// inside its start-up; it surfaces here.
self.addEventListener('unhandledrejection', (e) => fail(e.reason));
self.addEventListener('error', (e) => fail(e.message));

async function boot() {
  progress(0.1);
  const py = await startPyodide();
  progress(0.6);
  py.unpackArchive(await engineZip, 'zip', { extractDir: HOME });
  progress(0.8);
  py.runPython(`import sys\nif ${JSON.stringify(HOME)} not in sys.path: sys.path.insert(0, ${JSON.stringify(HOME)})`);
  // One long-lived function proxy for the worker's lifetime: created once, never destroyed.
  const dispatch = py.pyimport('bridge').dispatch;
  const ping = JSON.parse(dispatch(JSON.stringify({ method: 'ping', params: {} })));
  if (!ping.ok) throw new Error(ping.error.message);
  postMessage({ type: 'ready', boot: howBooted() });
  return dispatch;
}

const engine = boot();
engine.catch(fail);

// One request at a time, in the order they came: a chain of promises.
let queue = Promise.resolve();
self.onmessage = ({ data }) => {
  const { id, request } = data || {};
  queue = queue.then(async () => {
    let response;
    try {
      response = (await engine)(request);
    } catch (err) {
      console.error(err);
      response = failed
        ? '{"ok":false,"error":{"code":"not_ready","message":"The game engine could not start. Reload the page."}}'
        : '{"ok":false,"error":{"code":"internal","message":"The engine did not answer. Reload the page."}}';
    }
    postMessage({ type: 'reply', id, response });
  });
};
