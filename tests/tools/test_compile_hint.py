"""tools/vendor.py marks Pyodide's JavaScript half for eager compilation (V8's explicit compile
hint, a comment on its first line: docs/startup.md, problem 14), once, changing nothing else."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from vendor import COMPILE_HINT, VENDOR, hint_eager_compile  # noqa: E402

ASM = VENDOR / "pyodide" / "pyodide.asm.mjs"


def test_the_hint_is_one_first_line_added_once_and_the_code_is_left_as_it_is(tmp_path):
    code = b"async function _createPyodideModule(){return 1}\r\nexport default _createPyodideModule;\n"
    path = tmp_path / "pyodide.asm.mjs"
    path.write_bytes(code)
    hint_eager_compile(path)
    hint_eager_compile(path)
    assert path.read_bytes() == b"//# allFunctionsCalledOnLoad\n" + code
    assert COMPILE_HINT.startswith(b"//# allFunctionsCalledOnLoad")


@pytest.mark.skipif(not ASM.exists(), reason="not vendored yet (make vendor)")
def test_the_vendored_pyodide_carries_the_hint_on_its_first_line():
    with ASM.open("rb") as f:
        assert f.readline() == COMPILE_HINT
        assert f.read(40).startswith(b"async function _createPyodideModule")
