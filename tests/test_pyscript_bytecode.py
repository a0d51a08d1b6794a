"""PyScript's own Python package, compiled for the worker's start (tools/compile_pyscript.mjs,
web/interpreter.mjs): the bytecode is for the very sources the vendored PyScript writes, so
Python takes it instead of compiling them; with a source that differs it compiles that one."""
from __future__ import annotations

import json
import subprocess

import pytest

from node_module import NODE, needs_node
from test_stdlib_split import ROOT, STDLIB, VENDOR

BYTECODE = STDLIB / "pyscript-bytecode.zip"
built = pytest.mark.skipif(not BYTECODE.exists(), reason="not vendored yet (make vendor)")

CHECK = r"""
const [, root] = process.argv;
const fs = require('node:fs');
const { pyscriptSources } = await import(`${root}/tools/pyscript_package.mjs`);
const sources = await pyscriptSources();
// the vendored bundle writes these very texts (it embeds them as JSON strings)
const pyscript = `${root}/web/vendor/pyscript`;
const bundle = fs.readdirSync(pyscript).filter((f) => f.endsWith('.js')).map((f) => fs.readFileSync(`${pyscript}/${f}`, 'utf8')).join('\n');
const embedded = Object.entries(sources).filter(([, text]) => bundle.includes(JSON.stringify(text))).map(([path]) => path);
const { loadPyodide } = await import(`${root}/web/vendor/pyodide/pyodide.mjs`);
const py = await loadPyodide({ stdLibURL: `${root}/web/vendor/stdlib/start.zip`, stdout: () => {} });
py.FS.mkdirTree('/work');
py.FS.chdir('/work');
py.unpackArchive(new Uint8Array(fs.readFileSync(`${root}/web/vendor/stdlib/pyscript-bytecode.zip`)), 'zip', { extractDir: '/work' });
py.globals.set('SOURCES', py.toPy(sources));
const result = py.runPython(`
import importlib.util, json, os, pathlib
for path, text in SOURCES.items():
    pathlib.Path(path).parent.mkdir(parents=True, exist_ok=True)
    pathlib.Path(path).write_text(text, encoding='utf-8')   # as PyScript writes them
def takes(path):
    cache = importlib.util.cache_from_source(path)
    if not os.path.exists(cache):
        return False
    data = open(cache, 'rb').read()
    return data[:4] == importlib.util.MAGIC_NUMBER and data[8:16] == importlib.util.source_hash(open(path, 'rb').read())
python = sorted(p for p in SOURCES if p.endswith('.py'))
taken = [p for p in python if takes(p)]
pathlib.Path(python[0]).write_text(SOURCES[python[0]] + '\\n# changed\\n', encoding='utf-8')
json.dumps({'python': python, 'taken': taken, 'changed_taken': takes(python[0])})
`);
process.stdout.write(JSON.stringify({ ...JSON.parse(result), embedded }));
"""


@built
@needs_node
def test_the_bytecode_is_for_the_sources_pyscript_writes_and_a_changed_source_is_compiled():
    out = subprocess.run([NODE, "--input-type=commonjs", "-e", f"(async () => {{{CHECK}}})()", str(ROOT)],
                         capture_output=True, text=True, check=True, timeout=300)
    result = json.loads(out.stdout)
    assert len(result["python"]) >= 10 and "pyscript/__init__.py" in result["python"]
    assert sorted(result["embedded"]) == result["python"]   # what the vendored PyScript writes
    assert result["taken"] == result["python"]              # each one's bytecode matches it
    assert result["changed_taken"] is False                 # a changed source is compiled again
