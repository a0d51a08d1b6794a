"""Running one of the page's JavaScript modules in Node from a test: the script gets the
module's path as ``process.argv[1]`` and the JSON ``data`` on its standard input, and prints
JSON back."""
from __future__ import annotations

import json
import shutil
import subprocess

import pytest

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(not NODE, reason="needs Node")


def run(script: str, module, data):
    res = subprocess.run([NODE, "--input-type=commonjs", "-e", f"(async () => {{{script}}})()", str(module)],
                         input=json.dumps(data), capture_output=True, text=True, check=True)
    return json.loads(res.stdout)
