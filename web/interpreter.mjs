// Starting Python: the vendored Pyodide (web/vendor/pyodide/), in the engine worker
// (web/engine/worker.mjs), which calls startPyodide first thing.
//
// A repeat visit restores Python from a memory snapshot instead of starting it (web/snapshot.mjs).
import { runtime } from './vendor/runtime.mjs';
import { forgetSnapshot, storeSnapshotLater, storedSnapshot } from './snapshot.mjs';

// The built site names the runtime's folder by its content (tools/build.py).
const indexURL = new URL(`./vendor/${runtime.pyodide}`, import.meta.url).href;
let booting = null;
let how = null;

/** Start Pyodide once; later calls return the same promise. */
export function startPyodide() {
  if (!booting) {
    booting = boot();
    // PyScript reports a failure when it awaits this; do not also report it as unhandled here
    booting.catch(() => {});
  }
  return booting;
}

/** How Python was started: "snapshot" (restored), "fresh", or null while it starts. */
export function howBooted() {
  return how;
}

/** The page failed to start: a snapshot it restored must not fail every later visit too. */
export function bootFailed() {
  if (how === 'snapshot') forgetSnapshot();
}

async function boot() {
  const [pyodide, stored] = await Promise.all([import(`${indexURL}pyodide.mjs`), storedSnapshot()]);
  if (stored) {
    try {
      const py = await pyodide.loadPyodide({ indexURL, _loadSnapshot: stored.bytes });
      // The snapshot froze the random module's state: every visit would draw the same numbers.
      py.runPython('import random; random.seed()');
      how = 'snapshot';
      return py;
    } catch (err) {
      // made by other files (Pyodide checks its build id), or damaged: start as usual
      console.warn('Starting Python afresh: the stored start-up snapshot did not restore.', err);
      await forgetSnapshot();
    }
  }
  const py = await pyodide.loadPyodide({ indexURL });
  how = 'fresh';
  storeSnapshotLater();
  return py;
}
