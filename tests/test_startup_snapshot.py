"""The start-up snapshot as a repeat visit restores it (web/interpreter.mjs, tools/snapshot.mjs,
docs/startup.md): the engine is installed in it by micropip, and the files that install wrote,
which a memory snapshot cannot hold, come back from its memory (web/snapshot-files.mjs): the
restored Python has the engine installed, reads its data and answers without installing
anything. micropip is imported in it whole, so installing a wheel the snapshot lacks needs none
of micropip's own files (problem 9)."""
from __future__ import annotations

import json
import subprocess

import pytest

from node_module import NODE, needs_node
from test_stdlib_split import ROOT, STDLIB, VENDOR

SNAPSHOTS = sorted(VENDOR.glob("pyodide-snapshot-*.gz"))
built = pytest.mark.skipif(len(SNAPSHOTS) != 1 or not (STDLIB / "start.zip").exists(),
                           reason="not vendored yet (make vendor)")

# Restores the snapshot as web/interpreter.mjs does, writes the kept files back with the page's
# own module, then runs the Python in argv[3] (its last expression, a JSON text, is printed).
RESTORE = r"""
const [, root, snapshot, code] = process.argv;
const fs = require('node:fs');
const zlib = require('node:zlib');
const { loadPyodide } = await import(`${root}/web/vendor/pyodide/pyodide.mjs`);
const { refDeserializer } = await import(`${root}/web/snapshot-refs.mjs`);
const { writeKeptFiles } = await import(`${root}/web/snapshot-files.mjs`);
let restored = null;
const py = await loadPyodide({ stdLibURL: `${root}/web/vendor/stdlib/start.zip`, stdout: () => {},
  _loadSnapshot: new Uint8Array(zlib.gunzipSync(fs.readFileSync(snapshot))),
  _snapshotDeserializer: refDeserializer(() => restored) });
restored = py;
py.loadedPackages.micropip = 'default channel';   // as web/interpreter.mjs does after a restore
try {
  py.globals.set('kept_wheels', py.toPy(writeKeptFiles(py)));
  process.stdout.write(await py.runPythonAsync(code));
} catch (err) {
  process.stderr.write(String(err.message || err));   // Pyodide's traceback, without its source
  process.exitCode = 1;
}
"""


def restored(code: str) -> dict:
    out = subprocess.run([NODE, "--input-type=commonjs", "-e", f"(async () => {{{RESTORE}}})()",
                          str(ROOT), str(SNAPSHOTS[0]), code],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout)


@built
@needs_node
def test_a_restored_python_has_the_engine_installed_by_micropip_and_installs_nothing():
    wheel = next((VENDOR / "wheels").glob("*.whl"))
    result = restored("""
import json, site, sys
from pathlib import Path
from importlib.metadata import distribution
import arcade.service, gamecore.carddata, snapshot_files
modules = set(sys.modules)
dist = distribution('pipes_and_ducks')
hello = json.loads(arcade.service.Service().dispatch_json('{"method": "hello", "params": {}}'))
tutorial = json.loads(arcade.service.Service().dispatch_json(
    '{"method": "tutorials", "params": {"game": "waterworks"}}'))
json.dumps({
    'kept_wheels': list(kept_wheels),
    'installer': dist.read_text('INSTALLER').strip(),
    'files_missing': [line.split(',')[0] for line in dist.read_text('RECORD').splitlines()
                      if line and not Path(site.getsitepackages()[0], line.split(',')[0]).exists()],
    'micropip_files': sorted(p.name for p in Path(site.getsitepackages()[0]).glob('micropip*')),
    'hello': hello['ok'] and hello['result']['engine'],
    'tutorials': tutorial['ok'] and len(tutorial['result']) > 0,
    'taken_again': snapshot_files.take() == ([], {}),
    'imported_since': sorted(set(sys.modules) - modules),
})""")
    assert result["kept_wheels"] == [wheel.name]
    assert result["installer"] == "micropip"
    assert result["files_missing"] == []          # every file of the wheel's RECORD is back
    assert result["micropip_files"] == []         # micropip's wheel was never unpacked
    assert result["hello"] == {"version": "0.1.0", "installer": "micropip"}
    assert result["tutorials"] is True            # the engine reads its data from the files
    assert result["taken_again"] is True          # given once: their memory is freed
    assert result["imported_since"] == []


@built
@needs_node
def test_micropip_installs_a_wheel_the_snapshot_lacks_without_micropips_own_files(tmp_path):
    """What web/interpreter.mjs falls back to for a package pyscript.toml lists that the
    snapshot has not installed: micropip, restored imported, needs nothing of its wheel."""
    result = restored("""
import json, sys, zipfile
before = {m for m in sys.modules if m.startswith('micropip')}
with zipfile.ZipFile('/tmp/extra_pkg-1.0-py3-none-any.whl', 'w') as whl:
    whl.writestr('extra_pkg.py', 'VALUE = 7\\n')
    whl.writestr('extra_pkg-1.0.dist-info/METADATA', 'Metadata-Version: 2.1\\nName: extra-pkg\\nVersion: 1.0\\n')
    whl.writestr('extra_pkg-1.0.dist-info/WHEEL', 'Wheel-Version: 1.0\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n')
    whl.writestr('extra_pkg-1.0.dist-info/RECORD', '')
import micropip
await micropip.install('emfs:/tmp/extra_pkg-1.0-py3-none-any.whl', index_urls=[])
import extra_pkg
from importlib.metadata import distribution
json.dumps({
    'value': extra_pkg.VALUE,
    'installer': distribution('extra-pkg').read_text('INSTALLER').strip(),
    'imported_since': sorted({m for m in sys.modules if m.startswith('micropip')} - before),
})""")
    assert result == {"value": 7, "installer": "micropip", "imported_since": []}
