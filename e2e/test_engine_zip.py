"""The engine archive the page unpacks at start-up (tools/vendor.py): every Python module the
page imports from it comes with bytecode compiled by the page's own Pyodide, so nothing is
compiled from source while the page starts."""
from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def engine_zip(site_root: Path) -> Path:
    """web/vendor/engine.zip in a dev tree; engine-HASH.zip, named by runtime.mjs, in a build."""
    vendor = site_root / "web" / "vendor"
    named = re.search(r"engine: '([^']+)'", (vendor / "runtime.mjs").read_text())
    return vendor / named.group(1)


@pytest.fixture(scope="module")
def names(site_root) -> set[str]:
    with zipfile.ZipFile(engine_zip(site_root)) as zf:
        return set(zf.namelist())


def _pyc(name: str, tag: str) -> str:
    folder, _, module = name.rpartition("/")
    return f"{folder}/__pycache__/{module[:-3]}.{tag}.pyc" if folder else f"__pycache__/{module[:-3]}.{tag}.pyc"


def _tag(names: set[str]) -> str:
    tags = {n.rsplit(".", 2)[-2] for n in names if n.endswith(".pyc")}
    assert len(tags) == 1, tags          # one interpreter, one bytecode version
    return tags.pop()


def test_every_engine_module_has_checked_hash_bytecode(site_root, names):
    tag = _tag(names)
    sources = [n for n in names if n.endswith(".py")]
    ours = {p.relative_to(ROOT / "py").as_posix() for p in (ROOT / "py").rglob("*.py")
            if "__pycache__" not in p.parts}
    assert ours <= set(sources)
    with zipfile.ZipFile(engine_zip(site_root)) as zf:
        for name in sources:
            header = zf.read(_pyc(name, tag))[:16]
            # PEP 552 flags: bit 0 hash-based, bit 1 check the source
            assert int.from_bytes(header[4:8], "little") == 0b11, name


def test_the_archive_and_the_site_carry_every_tutorial_scenario(site_root, names):
    scenarios = sorted(p.name for p in (ROOT / "tutorials").glob("*.json"))
    assert scenarios                                   # the engine reads them from the archive
    assert {f"tutorials/{n}" for n in scenarios} <= names
    assert all((site_root / "tutorials" / n).is_file() for n in scenarios)
