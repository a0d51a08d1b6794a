"""The standard library the page starts on (tools/split_stdlib.mjs, docs/startup.md): the start
archive and the rest together are Pyodide's archive, member for member, and a start (Python
booted on the start archive, micropip installing the engine wheel, PyScript's and the engine's
imports) needs nothing of the rest, which is mounted when one of its modules is imported."""
from __future__ import annotations

import json
import subprocess
import zipfile
from pathlib import Path

import pytest

from node_module import NODE, needs_node

ROOT = Path(__file__).resolve().parents[1]
VENDOR = ROOT / "web" / "vendor"
STDLIB = VENDOR / "stdlib"
built = pytest.mark.skipif(not (STDLIB / "start.zip").exists(), reason="not vendored yet (make vendor)")


def members(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as zf:
        return {name: zf.read(name) for name in zf.namelist()}


@built
def test_the_two_archives_are_pyodides_member_for_member():
    original = members(VENDOR / "pyodide" / "python_stdlib.zip")
    start, rest = members(STDLIB / "start.zip"), members(STDLIB / "rest.zip")
    ours = {"stdlib_rest.pyc", "stdlib_rest.json"}
    assert ours <= set(start)
    for name, data in original.items():
        places = [name in start, name + "c" in start, name in rest]
        assert sum(places) == 1, (name, places)   # in one place only
        if name in start or name in rest:
            assert (start[name] if name in start else rest[name]) == data, name   # as it is
    compiled = {n[:-1] for n in start if n.endswith(".pyc")} - {"stdlib_rest.py"}
    assert compiled and all(n in original for n in compiled)
    assert set(start) - ours <= set(original) | {n + "c" for n in compiled}
    assert set(rest) <= set(original)
    # a package is never split between the two (its __path__ is one archive)
    tops = lambda names: {n.split("/")[0] for n in names if "/" in n}   # noqa: E731
    assert not tops(start) & tops(rest)
    names = json.loads(start["stdlib_rest.json"])
    assert set(names) == {n.split("/")[0].removesuffix(".py") for n in rest}
    assert "statistics" in names and "json" not in names and "asyncio" not in names


START = r"""
const [, root, wheel] = process.argv;
const fs = require('node:fs');
const { loadPyodide } = await import(`${root}/web/vendor/pyodide/pyodide.mjs`);
const py = await loadPyodide({ stdLibURL: `${root}/web/vendor/stdlib/start.zip`, stdout: () => {} });
const loads = [];
const rest = py.pyimport('stdlib_rest');
rest.install((path) => { loads.push(path); py.FS.writeFile(path, fs.readFileSync(`${root}/web/vendor/stdlib/rest.zip`)); });
rest.destroy();
const { stdlib, engine } = JSON.parse(fs.readFileSync(`${root}/tools/startup-modules.json`));
await py.loadPackage('micropip', { messageCallback: () => {} });
py.FS.writeFile(`/tmp/${wheel.split('/').pop()}`, fs.readFileSync(wheel));
await py.runPythonAsync(`
import micropip
await micropip.install('emfs:/tmp/${wheel.split('/').pop()}')
import ${[...stdlib, ...engine].join(', ')}
import arcade.service
arcade.service.Service().dispatch_json('{"method": "hello", "params": {}}')
`);
const started = loads.length;
const mean = py.runPython('import statistics; statistics.mean([1, 2, 6])');
process.stdout.write(JSON.stringify({ started, after: loads.length, mean,
  compiled: py.runPython("import json; json.__spec__.origin").toString() }));
"""


@built
@needs_node
def test_a_start_needs_nothing_of_the_rest_and_the_rest_mounts_when_imported():
    wheel = next((VENDOR / "wheels").glob("*.whl"))
    out = subprocess.run([NODE, "--input-type=commonjs", "-e", f"(async () => {{{START}}})()", str(ROOT), str(wheel)],
                         capture_output=True, text=True, check=True, timeout=300)
    result = json.loads(out.stdout)
    assert result["started"] == 0, "a start downloaded the rest of the standard library"
    assert result["after"] == 1 and result["mean"] == 3
    assert result["compiled"].endswith("json/__init__.pyc")   # started on compiled modules
