// Make a memory snapshot of the vendored Pyodide just after it has started Python, for
// tools/vendor.py:
//   node tools/snapshot.mjs OUT STDLIB [WHEEL]
//
// STDLIB is the start archive the page boots from (tools/split_stdlib.mjs): Python's import
// system keeps the archive's table of contents in memory, so the snapshot holds that table and
// must be restored on the very same archive (its hash is in the snapshot's name).
// With WHEEL (the engine wheel PyScript installs), the snapshot has it installed and the
// engine's pure-Python modules imported: a repeat visit then neither compiles nor runs them
// again. micropip still installs the same wheel after the restore, as pyscript.toml says; the
// modules already imported are the ones it installs, because the snapshot's name carries the
// wheel's hash (tools/vendor.py), so no page restores a snapshot of another engine.
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

const [out, stdLibURL, wheel] = process.argv.slice(2);
if (!out || !stdLibURL) {
  console.error('usage: node tools/snapshot.mjs OUT STDLIB [WHEEL]');
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

/** A pure-Python wheel installed as micropip installs one: unpacked into site-packages. */
function unpack(whl) {
  py.FS.writeFile('/tmp/unpack.whl', fs.readFileSync(whl));
  py.runPython(`import site, zipfile
with zipfile.ZipFile('/tmp/unpack.whl') as whl:
    whl.extractall(site.getsitepackages()[0])`);
  py.FS.unlink('/tmp/unpack.whl');
}
if (wheel) {
  unpack(wheel);
  py.runPython(`import ${engine.join(', ')}`);
}
// micropip, imported: PyScript installs the engine with it at every start. Its JavaScript
// objects are named for the page by web/snapshot-refs.mjs. Its files, like the engine's, are not
// in a memory snapshot, and a restored Python never reads them: importing micropip imports every
// module of it that can run in Pyodide (the rest, its vendored packaging's licenses and
// metadata, import a top-level `packaging` Pyodide does not have), so web/interpreter.mjs tells
// Pyodide micropip is loaded rather than unpacking its wheel again (docs/startup.md, problem 9;
// tests/test_startup_snapshot.py installs the engine so).
const pyodideDir = new URL('../web/vendor/pyodide/', import.meta.url);
unpack(new URL(fs.readdirSync(pyodideDir).find((f) => /^micropip-.*\.whl$/.test(f)), pyodideDir));
py.runPython('import micropip');
// micropip's first install in a Python does work a second install does not (its wheel-tag
// table, the email parser it reads METADATA with, the unpacking machinery): about half of a
// restored Python's install of the engine, measured under Node. That work is done here, on the
// engine wheel, in pure Python (no JavaScript object is held, so the snapshot names none): the
// page's install after a restore starts where a second one would. It goes through micropip's
// own helpers of the vendored version (0.11): a later micropip without them fails this build.
if (wheel) {
  const name = wheel.split('/').pop();
  py.FS.writeFile(`/tmp/${name}`, fs.readFileSync(wheel));
  py.runPython(`import shutil, zipfile
from pathlib import Path
from micropip._utils import check_compatible, parse_wheel_filename
from micropip.metadata import Metadata, wheel_dist_info_dir
check_compatible('${name}')
with zipfile.ZipFile('/tmp/${name}') as whl:
    info = Path(wheel_dist_info_dir(whl, parse_wheel_filename('${name}')[0])) / Metadata.PKG_INFO
    Metadata(zipfile.Path(whl, str(info))).requires(set())
shutil.unpack_archive('/tmp/${name}', '/tmp/warm-install', 'zip')
shutil.rmtree('/tmp/warm-install')
del shutil, zipfile, Path, check_compatible, parse_wheel_filename, Metadata, wheel_dist_info_dir, whl, info`);
  py.FS.unlink(`/tmp/${name}`);
}
fs.writeFileSync(out, py.makeMemorySnapshot({ serializer: refSerializer(py) }));