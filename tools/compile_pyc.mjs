// Byte-compile a folder of Python sources with the Pyodide the page runs (the vendored copy: its
// CPython version and bytecode magic), for tools/vendor.py.
//   node tools/compile_pyc.mjs DIR [--stdlib NAME]...
//
// --stdlib NAME first copies the standard-library package NAME out of Pyodide's own stdlib
//               archive into DIR (see tools/vendor.py for why).
// The .pyc files are "checked hash" ones (PEP 552): Python uses one only while the source
// beside it hashes the same, and otherwise compiles the source as usual, so a stale .pyc can
// cost time but never change behaviour.
import fs from 'node:fs';
import path from 'node:path';
import { loadPyodide } from '../web/vendor/pyodide/pyodide.mjs';

const [dir, ...flags] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node tools/compile_pyc.mjs DIR [--stdlib NAME]...');
  process.exit(2);
}
const root = path.resolve(dir);
const stdlib = flags.flatMap((f, i) => (f === '--stdlib' ? [flags[i + 1]] : []));

const py = await loadPyodide({ stdout: () => {}, stderr: (s) => console.error(s) });
py.FS.mkdirTree('/src');
py.FS.mount(py.FS.filesystems.NODEFS, { root }, '/src');
py.globals.set('stdlib', py.toPy(stdlib));
const ok = py.runPython(`
import compileall, importlib.util, py_compile, zipfile
for name in stdlib:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"--stdlib {name}: not a standard-library package")
    # the package's own files inside Pyodide's stdlib archive (/lib/python3NN.zip/NAME/...)
    archive, _, inner = next(iter(spec.submodule_search_locations)).partition(".zip/")
    with zipfile.ZipFile(archive + ".zip") as zf:
        for member in zf.namelist():
            if member.startswith(inner + "/") and member.endswith(".py"):
                zf.extract(member, "/src")
compileall.compile_dir("/src", quiet=1, workers=1,
                       invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
`);
if (ok === false) {
  console.error('compile_pyc: some sources did not compile');
  process.exit(1);
}
