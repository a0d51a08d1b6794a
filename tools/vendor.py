"""Copy the runtime the page needs from node_modules into web/vendor/ and pack the engine.

web/vendor/ is git-ignored: binaries come from the npm lockfile, never from git.
  web/vendor/pyodide/   the Pyodide core (loader, wasm, stdlib, lock file)
  web/vendor/pyscript/  PyScript's dist (core.js and its lazily loaded chunks)
  web/vendor/engine.zip py/ packages + cards/, unpacked by pyscript.toml [files] into the
                        interpreter's working directory (one request instead of dozens)
"""
from __future__ import annotations

import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENDOR = ROOT / "web" / "vendor"
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"]


def copy_runtime() -> None:
    pyodide = ROOT / "node_modules" / "pyodide"
    pyscript = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        sys.exit("node_modules is missing: run `npm ci` first (make does this for you).")
    (VENDOR / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, VENDOR / "pyodide" / name)
    target = VENDOR / "pyscript"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(pyscript, target, ignore=shutil.ignore_patterns("*.map"))


def pack_engine() -> None:
    """Deterministic zip (fixed timestamps, sorted names) so rebuilding changes nothing."""
    out = VENDOR / "engine.zip"
    out.parent.mkdir(parents=True, exist_ok=True)
    files = sorted(
        [p for p in (ROOT / "py").rglob("*.py") if "__pycache__" not in p.parts]
        + sorted((ROOT / "cards").rglob("*.json")))
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in files:
            base = ROOT / "py" if path.is_relative_to(ROOT / "py") else ROOT
            info = zipfile.ZipInfo(path.relative_to(base).as_posix(), (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())


if __name__ == "__main__":
    if "--engine-only" not in sys.argv:
        copy_runtime()
    pack_engine()
    print(f"vendored runtime and engine into {VENDOR.relative_to(ROOT)}/")
