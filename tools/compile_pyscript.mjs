// PyScript's own Python package, compiled with the Pyodide the page runs, for tools/vendor.py:
//   node tools/compile_pyscript.mjs OUTZIP
//
// At every start, in the engine's worker, PyScript writes its package `pyscript` (14 modules,
// 30 KB of source) into Python's working directory and imports it, and Python compiled those
// sources every time: 35-60 ms of the worker's start, first visit and return visit alike
// (docs/startup.md). OUTZIP holds their bytecode as Python caches it beside a source,
// pyscript/__pycache__/NAME.cpython-314.pyc; web/interpreter.mjs unpacks it into the working
// directory before PyScript writes the sources, and the import takes the bytecode instead of
// compiling. The caches are checked-hash ones: Python compares each with the source PyScript
// wrote and compiles that source as before if they differ, so a PyScript whose package is not
// this one only loses the gain (tests/test_pyscript_bytecode.py says if the vendored PyScript
// writes other sources).
import fs from 'node:fs';
import { loadPyodide } from '../web/vendor/pyodide/pyodide.mjs';
import { pyscriptSources } from './pyscript_package.mjs';

const [out] = process.argv.slice(2);
if (!out) {
  console.error('usage: node tools/compile_pyscript.mjs OUTZIP');
  process.exit(2);
}
const py = await loadPyodide({ stdout: () => {}, stderr: (s) => console.error(s) });
py.globals.set('FILES', py.toPy(await pyscriptSources()));
py.runPython(`
import importlib.util, importlib._bootstrap_external as ext, zipfile
with zipfile.ZipFile('/tmp/out.zip', 'w') as out:
    for path, text in sorted(FILES.items()):
        if not path.endswith('.py'):
            continue
        source = text.encode()   # PyScript writes it as UTF-8
        code = compile(source, path, 'exec', dont_inherit=True)
        pyc = ext._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=True)
        info = zipfile.ZipInfo(importlib.util.cache_from_source(path), (1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED   # the same bytes on every build
        out.writestr(info, pyc, compresslevel=9)
`);
fs.writeFileSync(out, py.FS.readFile('/tmp/out.zip'));
