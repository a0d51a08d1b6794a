// The interpreter module pyscript.toml names: the vendored Pyodide (web/vendor/pyodide/), but
// started as soon as the page starts (web/engine.js calls startPyodide) instead of when PyScript
// has loaded its own code and configuration and gets round to it. Pyodide's download,
// compile and boot then overlap PyScript's start-up; measured 15-60 ms sooner to ready in
// two sessions (docs/startup.md).
//
// PyScript imports this module, reads `version` and calls `loadPyodide(options)`; it gets the
// interpreter already on its way, with PyScript's own output handlers attached.
//
// A repeat visit restores Python from a memory snapshot instead of starting it (web/snapshot.mjs).
import * as pyodide from './vendor/pyodide/pyodide.mjs';
import { forgetSnapshot, storeSnapshotLater, storedSnapshot } from './snapshot.mjs';

export const { version } = pyodide;

const indexURL = new URL('./vendor/pyodide/', import.meta.url).href;
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
  const stored = await storedSnapshot();
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

/** What PyScript calls. Only output handlers may differ from our start: packages would need
 * Pyodide's lock file at start, which this site never uses (pyscript.toml lists none). */
export async function loadPyodide({ stdout, stderr, packages, lockFileContents, lockFileURL } = {}) {
  if (packages || lockFileContents || lockFileURL) {
    throw new Error('web/interpreter.mjs starts Pyodide without packages; pyscript.toml must not list any.');
  }
  const py = await startPyodide();
  if (stdout) py.setStdout({ batched: stdout });
  if (stderr) py.setStderr({ batched: stderr });
  return py;
}
