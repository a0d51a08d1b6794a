// Split Pyodide's standard-library archive in two, for tools/vendor.py (docs/startup.md):
//   node tools/split_stdlib.mjs WHEEL OUTDIR
//
// OUTDIR/start.zip: what Pyodide boots from (web/interpreter.mjs passes it as stdLibURL).
//   Every standard-library module a start imports, compiled with the page's Pyodide (sourceless
//   .pyc: Pyodide otherwise compiles each from source on every first visit, about two thirds
//   of a bare start's time), together with the other modules of the packages those belong to
//   (as source: a package cannot be split across two archives), and py/stdlib_rest.py,
//   compiled, as the module `stdlib_rest`, with the rest's top-level names beside it
//   (stdlib_rest.json).
// OUTDIR/rest.zip: every other member of the archive, as it is. py/stdlib_rest.py mounts it
//   the first time one of its modules is imported; a start imports none of them.
//
// "A start imports" is measured here, not listed by hand: the modules Pyodide has imported
// once it has started, micropip's as it installs WHEEL, those tools/startup-modules.json names
// (PyScript's package's), and those the engine's modules import at module level (every module
// of WHEEL's packages but the command line). Packages and frozen modules already imported keep
// their sources in the start archive.
import fs from 'node:fs';
import { loadPyodide } from '../web/vendor/pyodide/pyodide.mjs';

const [wheel, outdir] = process.argv.slice(2);
if (!wheel || !outdir) {
  console.error('usage: node tools/split_stdlib.mjs WHEEL OUTDIR');
  process.exit(2);
}
const here = (name) => new URL(name, import.meta.url);
const original = fs.readFileSync(here('../web/vendor/pyodide/python_stdlib.zip'));
const py = await loadPyodide({ stdout: () => {}, stderr: (s) => console.error(s) });
const { stdlib } = JSON.parse(fs.readFileSync(here('./startup-modules.json')));
py.FS.writeFile('/tmp/original.zip', original);
py.FS.writeFile(`/tmp/${wheel.split('/').pop()}`, fs.readFileSync(wheel));
py.FS.writeFile('/tmp/stdlib_rest.py', fs.readFileSync(here('../py/stdlib_rest.py')));
py.globals.set('STARTUP', py.toPy(stdlib));
py.globals.set('WHEEL', `emfs:/tmp/${wheel.split('/').pop()}`);
await py.loadPackage('micropip', { messageCallback: () => {} });
await py.runPythonAsync(`
import importlib, importlib.util, importlib._bootstrap_external as ext, io, json, pkgutil, sys, zipfile
import micropip

await micropip.install(WHEEL)
for name in STARTUP:
    importlib.import_module(name)
for top in ('gamecore', 'waterworks', 'aqueducks', 'arcade'):
    package = importlib.import_module(top)
    for info in pkgutil.walk_packages(package.__path__, top + '.'):
        importlib.import_module(info.name)
importlib.import_module('importlib.machinery')   # what stdlib_rest imports

imported = {}   # member of the archive -> where Python found it, for every module a start imports
for module in list(sys.modules.values()):
    spec = getattr(module, '__spec__', None)
    origin = (spec and spec.origin) or ''
    if '.zip/' in origin and origin.endswith('.py'):
        imported[origin.split('.zip/', 1)[1]] = origin
tops = {member.split('/')[0].removesuffix('.py') for member in imported}
tops |= {name.split('.')[0] for name in sys.modules}   # frozen ones too (os, io, site...)

def top_of(member):
    return member.split('/')[0].removesuffix('.py')

def entry(zf, name, data):
    info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))   # the same bytes on every build
    info.compress_type = zipfile.ZIP_DEFLATED
    zf.writestr(info, data, compresslevel=9)

def compiled(source, filename):
    code = compile(importlib.util.decode_source(source), filename, 'exec', dont_inherit=True)
    return ext._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)

start, rest = io.BytesIO(), io.BytesIO()
rest_names = set()
with zipfile.ZipFile('/tmp/original.zip') as original, \\
        zipfile.ZipFile(start, 'w') as start_zip, zipfile.ZipFile(rest, 'w') as rest_zip:
    for info in original.infolist():
        member, data = info.filename, original.read(info)
        if member in imported:
            entry(start_zip, member + 'c', compiled(data, imported[member]))   # for tracebacks
        elif top_of(member) in tops or not member.endswith(('.py', '/')) and '/' not in member:
            entry(start_zip, member, data)
        else:
            entry(rest_zip, member, data)
            rest_names.add(top_of(member))
    with open('/tmp/stdlib_rest.py', 'rb') as f:
        entry(start_zip, 'stdlib_rest.pyc', compiled(f.read(), 'stdlib_rest.py'))
    entry(start_zip, 'stdlib_rest.json', json.dumps(sorted(rest_names)))
with open('/tmp/start.zip', 'wb') as f:
    f.write(start.getvalue())
with open('/tmp/rest.zip', 'wb') as f:
    f.write(rest.getvalue())
`);
fs.mkdirSync(outdir, { recursive: true });
for (const name of ['start.zip', 'rest.zip']) {
  fs.writeFileSync(`${outdir}/${name}`, py.FS.readFile(`/tmp/${name}`));
}
