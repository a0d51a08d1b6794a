// Byte-compile Python with the Pyodide the page runs (the vendored copy: its CPython version and
// bytecode magic), for tools/vendor.py. Pyodide compiles every module it imports from source, on
// every load; what is compiled here is not (docs/startup.md).
//
//   node tools/compile_pyc.mjs DIR
//     Each DIR/**/x.py becomes DIR/**/x.pyc in its place and the source is removed: a
//     sourceless package, as Pyodide's own distribution serves the pure-Python wheels it ships
//     (micropip among them). Python imports such a .pyc as it is (there is no source to compare
//     it with), so DIR must hold the very files the page would otherwise compile: tools/vendor.py
//     compiles only a wheel it has just unpacked. PREFIX names where the files will be installed
//     (for tracebacks).
import fs from 'node:fs';
import path from 'node:path';
import { loadPyodide } from '../web/vendor/pyodide/pyodide.mjs';

const args = process.argv.slice(2);
if (!args.length) {
  console.error('usage: node tools/compile_pyc.mjs DIR [PREFIX]');
  process.exit(2);
}
const py = await loadPyodide({ stdout: () => {}, stderr: (s) => console.error(s) });
// unchecked hash: the header holds the source's hash, not its time, so the same sources always
// give the same bytes (and with no source beside it, nothing is checked)
const [dir, prefix = ''] = args;
py.FS.mkdirTree('/src');
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(dir) }, '/src');
py.globals.set('PREFIX', prefix);
const ok = py.runPython(`
import compileall, pathlib, py_compile
ok = compileall.compile_dir("/src", quiet=1, workers=1, legacy=True,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
                            stripdir="/src", prependdir=PREFIX or None)
for source in pathlib.Path("/src").rglob("*.py"):
    source.unlink()
ok
`);
if (!ok) {
  console.error('compile_pyc: some sources did not compile');
  process.exit(1);
}
