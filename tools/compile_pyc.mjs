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
//   node tools/compile_pyc.mjs --stdlib OUT.zip
//     The standard-library modules tools/startup-modules.json lists, and every standard-library
//     module they import, compiled from Pyodide's own stdlib archive into a zip of sourceless
//     .pyc files, which a first visit puts ahead of the archive on sys.path (web/interpreter.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { loadPyodide } from '../web/vendor/pyodide/pyodide.mjs';

const args = process.argv.slice(2);
if (!args.length || (args[0] === '--stdlib' && !args[1])) {
  console.error('usage: node tools/compile_pyc.mjs DIR [PREFIX] | --stdlib OUT.zip');
  process.exit(2);
}
const py = await loadPyodide({ stdout: () => {}, stderr: (s) => console.error(s) });
// unchecked hash: the header holds the source's hash, not its time, so the same sources always
// give the same bytes (and with no source beside it, nothing is checked)
const HEADER = 'import importlib._bootstrap_external as ext, py_compile\nMODE = py_compile.PycInvalidationMode.UNCHECKED_HASH';

if (args[0] === '--stdlib') {
  const { stdlib } = JSON.parse(fs.readFileSync(new URL('./startup-modules.json', import.meta.url)));
  py.globals.set('WANTED', py.toPy(stdlib));
  const bytes = py.runPython(`${HEADER}
import importlib, importlib.util, io, sys, zipfile
before = set(sys.modules)
for name in WANTED:
    importlib.import_module(name)
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
    for name in sorted(set(sys.modules) - before):
        spec = sys.modules[name].__spec__
        origin = spec.origin if spec else None
        if not origin or ".zip/" not in origin or not origin.endswith(".py"):
            continue   # built in, or not from the stdlib archive
        raw = spec.loader.get_data(origin)
        code = compile(importlib.util.decode_source(raw), origin, "exec", dont_inherit=True)
        data = ext._code_to_hash_pyc(code, importlib.util.source_hash(raw), checked=False)
        member = name.replace(".", "/") + ("/__init__.pyc" if origin.endswith("__init__.py") else ".pyc")
        info = zipfile.ZipInfo(member, (1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        zf.writestr(info, data)
out.getvalue()
`).toJs();
  fs.writeFileSync(args[1], bytes);
} else {
  const [dir, prefix = ''] = args;
  py.FS.mkdirTree('/src');
  py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(dir) }, '/src');
  py.globals.set('PREFIX', prefix);
  const ok = py.runPython(`${HEADER}
import compileall, pathlib
ok = compileall.compile_dir("/src", quiet=1, workers=1, legacy=True, invalidation_mode=MODE,
                            stripdir="/src", prependdir=PREFIX or None)
for source in pathlib.Path("/src").rglob("*.py"):
    source.unlink()
ok
`);
  if (!ok) {
    console.error('compile_pyc: some sources did not compile');
    process.exit(1);
  }
}
