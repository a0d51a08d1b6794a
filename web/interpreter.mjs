// The interpreter module pyscript.toml names: the vendored Pyodide (web/vendor/pyodide/), but
// started as soon as the page starts (web/engine.js calls startPyodide) instead of when PyScript
// has loaded its own code and configuration and gets round to it. Pyodide's download,
// compile and boot then overlap PyScript's start-up; measured 15-60 ms sooner to ready in
// two sessions (docs/startup.md).
//
// PyScript imports this module, reads `version` and calls `loadPyodide(options)`; it gets the
// interpreter already on its way, with PyScript's own output handlers attached.
import * as pyodide from './vendor/pyodide/pyodide.mjs';

export const { version } = pyodide;

let booting = null;

/** Start Pyodide once; later calls return the same promise. */
export function startPyodide() {
  if (!booting) {
    booting = pyodide.loadPyodide({ indexURL: new URL('./vendor/pyodide/', import.meta.url).href });
    // PyScript reports a failure when it awaits this; do not also report it as unhandled here
    booting.catch(() => {});
  }
  return booting;
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
