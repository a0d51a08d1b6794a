// Byte-compile a folder of Python sources with the Pyodide the page runs (the vendored copy: its
// CPython version and bytecode magic), for tools/vendor.py:
//   node tools/compile_pyc.mjs DIR
//
// Each DIR/**/x.py becomes DIR/**/x.pyc in its place and the source is removed: a sourceless
// package, as Pyodide's own distribution serves the pure-Python wheels it ships (micropip
// among them), so the page never compiles them. Python imports such a .pyc as it is (no source
// to compare it with), so the folder must come from the same files the page would otherwise
// compile: tools/vendor.py compiles only wheels it has just unpacked.
import path from 'node:path';
import { loadPyodide } from '../web/vendor/pyodide/pyodide.mjs';

const [dir] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node tools/compile_pyc.mjs DIR');
  process.exit(2);
}
const py = await loadPyodide({ stdout: () => {}, stderr: (s) => console.error(s) });
py.FS.mkdirTree('/src');
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(dir) }, '/src');
const ok = py.runPython(`
import compileall, pathlib, py_compile
# unchecked hash: the header holds the source's hash rather than its timestamp, so the same
# sources always give the same bytes (and with no source beside it, nothing is checked)
ok = compileall.compile_dir("/src", quiet=1, workers=1, legacy=True,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
for source in pathlib.Path("/src").rglob("*.py"):
    source.unlink()
ok
`);
if (!ok) {
  console.error('compile_pyc: some sources did not compile');
  process.exit(1);
}
