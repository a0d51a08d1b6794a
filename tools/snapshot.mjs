// Make a memory snapshot of the vendored Pyodide just after it has started Python, for
// tools/vendor.py:
//   node tools/snapshot.mjs OUT
//
// A repeat visit restores this instead of starting Python again (web/snapshot.mjs,
// docs/startup.md). The standard-library modules that micropip and PyScript's own package
// import at every start are imported here first, so a repeat visit neither compiles nor runs
// them again. (micropip itself cannot be in it: once imported it holds references to
// Pyodide's JavaScript API that a snapshot cannot carry.) The snapshot is the interpreter's whole memory, so whatever the start-up
// read from its surroundings is frozen into it. Node is made to look like the browser where it
// matters: the same environment variables, program name (sys.executable) and time zone, and no
// path of this machine. Pyodide refuses a snapshot made by a different build of its wasm.
import fs from 'node:fs';

const out = process.argv[2];
if (!out) {
  console.error('usage: node tools/snapshot.mjs OUT');
  process.exit(2);
}
// Emscripten names the program after argv[1] under Node ('./this.program' in a browser), and
// Python reports it as sys.executable.
process.argv.length = 1;
process.env.TZ = 'UTC';

const { loadPyodide } = await import('../web/vendor/pyodide/pyodide.mjs');
const py = await loadPyodide({
  _makeSnapshot: true,
  stdout: () => {},
  stderr: (s) => console.error(s),
  // what a fresh start in an English-language browser has (LANG follows the browser's language)
  env: { HOME: '/home/pyodide', LANG: 'en_US.UTF-8' },
});
// What a start of the page imports beyond a bare Pyodide, standard library only.
const { stdlib } = JSON.parse(fs.readFileSync(new URL('./startup-modules.json', import.meta.url)));
py.runPython(`import ${stdlib.join(', ')}`);
fs.writeFileSync(out, py.makeMemorySnapshot());
