// Make a memory snapshot of the vendored Pyodide just after it has started Python, for
// tools/vendor.py:
//   node tools/snapshot.mjs OUT STDLIB [WHEEL [PYSCRIPT_BYTECODE]]
//
// STDLIB is the start archive the page boots from (tools/split_stdlib.mjs): Python's import
// system keeps the archive's table of contents in memory, so the snapshot holds that table and
// must be restored on the very same archive (its hash is in the snapshot's name).
// With WHEEL (the engine wheel pyscript.toml lists), the snapshot has it installed by micropip
// and the engine's pure-Python modules imported: a repeat visit neither installs, compiles nor
// runs them again. A memory snapshot holds no files, so the files micropip's install wrote are
// kept in the snapshot's memory (py/snapshot_files.py) and written back after a restore
// (web/snapshot-files.mjs). The snapshot's name carries the wheel's hash (tools/vendor.py), so
// no page restores a snapshot of another engine. With PYSCRIPT_BYTECODE (PyScript's own package
// compiled, tools/compile_pyscript.mjs), its files are kept the same way, where a fresh start
// of the page unpacks them (Python's working directory).
//
// A repeat visit restores this instead of starting Python again (web/snapshot.mjs,
// docs/startup.md). The standard-library modules that micropip and PyScript's own package
// import at every start are imported here first, so a repeat visit neither compiles nor runs
// them again, and so is micropip itself (the JavaScript objects it holds are named for the page
// by web/snapshot-refs.mjs). The snapshot is the interpreter's whole memory, so whatever the
// start-up read from its surroundings is frozen into it. Node is made to look like the browser
// where it matters: the same environment variables, program name (sys.executable) and time
// zone, and no path of this machine. Pyodide refuses a snapshot made by a different build of its wasm.
import fs from 'node:fs';
import { refSerializer } from '../web/snapshot-refs.mjs';
import { writeFiles } from '../web/snapshot-files.mjs';

const [out, stdLibURL, wheel, pyscriptBytecode] = process.argv.slice(2);
if (!out || !stdLibURL) {
  console.error('usage: node tools/snapshot.mjs OUT STDLIB [WHEEL [PYSCRIPT_BYTECODE]]');
  process.exit(2);
}
// Emscripten names the program after argv[1] under Node ('./this.program' in a browser), and
// Python reports it as sys.executable.
process.argv.length = 1;
process.env.TZ = 'UTC';

const { loadPyodide } = await import('../web/vendor/pyodide/pyodide.mjs');
const py = await loadPyodide({
  _makeSnapshot: true,
  stdLibURL,
  stdout: () => {},
  stderr: (s) => console.error(s),
  // what a fresh start in an English-language browser has (LANG follows the browser's language)
  env: { HOME: '/home/pyodide', LANG: 'en_US.UTF-8' },
});
// What a start of the page imports beyond a bare Pyodide: standard library, and the engine's.
const { stdlib, engine } = JSON.parse(fs.readFileSync(new URL('./startup-modules.json', import.meta.url)));
py.runPython(`import ${stdlib.join(', ')}`);

/** A pure-Python wheel unpacked into `python`'s site-packages, as Pyodide's loadPackage does. */
function unpack(python, whl) {
  python.FS.writeFile('/tmp/unpack.whl', fs.readFileSync(whl));
  python.runPython(`import site, zipfile
with zipfile.ZipFile('/tmp/unpack.whl') as whl:
    whl.extractall(site.getsitepackages()[0])`);
  python.FS.unlink('/tmp/unpack.whl');
}
const pyodideDir = new URL('../web/vendor/pyodide/', import.meta.url);
const micropipWheel = new URL(fs.readdirSync(pyodideDir).find((f) => /^micropip-.*\.whl$/.test(f)), pyodideDir);

/** The files micropip writes when it installs `whl`, by absolute path: installed in a Python of
 * its own, because a Python that has run an install holds JavaScript objects a snapshot cannot
 * hold ("Unexpected hiwire entry"). */
async function installedByMicropip(whl) {
  const python = await loadPyodide({ stdLibURL, stdout: () => {}, stderr: (s) => console.error(s) });
  unpack(python, micropipWheel);
  const name = whl.split('/').pop();
  python.FS.writeFile(`/tmp/${name}`, fs.readFileSync(whl));
  const written = await python.runPythonAsync(`import os, site, micropip
def tree(root):
    return {os.path.join(folder, name) for folder, _, names in os.walk(root) for name in names}
before = tree(site.getsitepackages()[0])
await micropip.install('emfs:/tmp/${name}')
sorted(tree(site.getsitepackages()[0]) - before)`);
  const paths = written.toJs();
  written.destroy();
  return new Map(paths.map((path) => [path, python.FS.readFile(path)]));
}

// py/snapshot_files.py keeps files in the snapshot's memory for the page; imported from a file
// put there for the purpose (a restored Python has it imported already, and never looks for it)
py.FS.writeFile('/tmp/snapshot_files.py', fs.readFileSync(new URL('../py/snapshot_files.py', import.meta.url)));
py.runPython(`import sys
sys.path.insert(0, '/tmp')
import snapshot_files
sys.path.remove('/tmp')
del sys`);
if (wheel) {
  const installed = await installedByMicropip(wheel);
  if (!installed.size) throw new Error(`micropip installed no file of ${wheel}`);
  writeFiles(py, installed);
  py.runPython(`import ${engine.join(', ')}
snapshot_files.keep(${JSON.stringify([...installed.keys()])}, wheel=${JSON.stringify(wheel.split('/').pop())})`);
}
if (pyscriptBytecode) {
  py.FS.writeFile('/tmp/pyscript-bytecode.zip', fs.readFileSync(pyscriptBytecode));
  py.runPython(`import os, zipfile
with zipfile.ZipFile('/tmp/pyscript-bytecode.zip') as archive:
    archive.extractall(os.getcwd())
    snapshot_files.keep([os.path.join(os.getcwd(), name) for name in archive.namelist() if not name.endswith('/')])
del os, zipfile, archive`);
  py.FS.unlink('/tmp/pyscript-bytecode.zip');
}
py.runPython('del snapshot_files');
// micropip, imported: after a restore web/interpreter.mjs installs with it any package
// pyscript.toml lists that the snapshot has not installed. Its JavaScript objects are named for
// the page by web/snapshot-refs.mjs. Its files are not in a memory snapshot, and a restored
// Python never reads them: importing micropip imports every module of it that can run in
// Pyodide (the rest, its vendored packaging's licenses and metadata, import a top-level
// `packaging` Pyodide does not have), so web/interpreter.mjs tells Pyodide micropip is loaded
// rather than unpacking its wheel again (docs/startup.md, problem 9; tests/test_startup_snapshot.py
// installs a wheel so).
unpack(py, micropipWheel);
py.runPython('import micropip');
fs.writeFileSync(out, py.makeMemorySnapshot({ serializer: refSerializer(py) }));