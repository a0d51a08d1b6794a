"""The start-up snapshot as a repeat visit restores it (web/interpreter.mjs, tools/snapshot.mjs,
docs/startup.md): micropip is imported in it whole, so a restored Python installs the engine
wheel with micropip without micropip's own files, which a memory snapshot cannot hold and the
page no longer unpacks (problem 9); and the engine answers."""
from __future__ import annotations

import json
import subprocess

import pytest

from node_module import NODE, needs_node
from test_stdlib_split import ROOT, STDLIB, VENDOR

SNAPSHOTS = sorted(VENDOR.glob("pyodide-snapshot-*.gz"))
built = pytest.mark.skipif(len(SNAPSHOTS) != 1 or not (STDLIB / "start.zip").exists(),
                           reason="not vendored yet (make vendor)")

RESTORE = r"""
const [, root, snapshot, wheel] = process.argv;
const fs = require('node:fs');
const zlib = require('node:zlib');
const { loadPyodide } = await import(`${root}/web/vendor/pyodide/pyodide.mjs`);
const { refDeserializer } = await import(`${root}/web/snapshot-refs.mjs`);
let restored = null;
const py = await loadPyodide({ stdLibURL: `${root}/web/vendor/stdlib/start.zip`, stdout: () => {},
  _loadSnapshot: new Uint8Array(zlib.gunzipSync(fs.readFileSync(snapshot))),
  _snapshotDeserializer: refDeserializer(() => restored) });
restored = py;
py.loadedPackages.micropip = 'default channel';   // as web/interpreter.mjs does after a restore
const name = wheel.split('/').pop();
py.FS.writeFile(`/tmp/${name}`, fs.readFileSync(wheel));
const result = await py.runPythonAsync(`
import json, site, sys
before = {m for m in sys.modules if m.startswith('micropip')}
import micropip
await micropip.install('emfs:/tmp/${name}')
from importlib.metadata import distribution
import arcade.service
json.dumps({
    'micropip_files': sorted(p.name for p in __import__('pathlib').Path(site.getsitepackages()[0]).glob('micropip*')),
    'imported_since': sorted({m for m in sys.modules if m.startswith('micropip')} - before),
    'installer': distribution('pipes_and_ducks').read_text('INSTALLER').strip(),
    'hello': json.loads(arcade.service.Service().dispatch_json('{"method": "hello", "params": {}}'))['ok'],
})`);
process.stdout.write(result);
"""


@built
@needs_node
def test_a_restored_python_installs_the_engine_with_micropip_without_micropips_files():
    wheel = next((VENDOR / "wheels").glob("*.whl"))
    out = subprocess.run([NODE, "--input-type=commonjs", "-e", f"(async () => {{{RESTORE}}})()",
                          str(ROOT), str(SNAPSHOTS[0]), str(wheel)],
                         capture_output=True, text=True, check=True, timeout=300)
    result = json.loads(out.stdout)
    assert result["micropip_files"] == []       # its wheel was never unpacked
    assert result["imported_since"] == []       # every module micropip used was in the snapshot
    assert result["installer"] == "micropip" and result["hello"] is True
