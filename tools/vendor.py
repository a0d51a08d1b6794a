"""Copy the runtime the page needs from node_modules into web/vendor/ and pack the engine.

web/vendor/ is git-ignored: binaries come from the npm lockfile, never from git.
  web/vendor/pyodide/   the Pyodide core (loader, wasm, stdlib, lock file)
  web/vendor/engine.zip py/ packages + cards/ + tutorials/, unpacked by the engine worker
                        (web/engine/worker.mjs) into the interpreter's working directory (one
                        request instead of dozens), with bytecode for them (see below)
  web/vendor/pyodide-snapshot-HASH.gz, web/vendor/snapshot.mjs
                        a memory snapshot of Pyodide just after it started Python
                        (tools/snapshot.mjs), gzipped, and its name and size for the page:
                        repeat visits restore it instead of starting Python (web/snapshot.mjs).
                        HASH covers everything it was made from, so a page never restores a
                        snapshot made by other files.
  web/vendor/peerjs/, web/vendor/qrcode/
                        the PeerJS client and a QR code maker, imported only when a person
                        chooses online play (web/online/, docs/online.md)
  web/vendor/runtime.mjs where the engine worker finds Pyodide and engine.zip; the built site
                        (tools/build.py) renames both to content-hashed names and rewrites it.

Bytecode: Pyodide would otherwise compile every imported module from source on every page
load. tools/compile_pyc.mjs compiles them once here, with the Pyodide the page runs, into
checked-hash .pyc files (used only while the source matches).
"""
from __future__ import annotations

import gzip
import hashlib
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENDOR = ROOT / "web" / "vendor"
# Browser libraries online play loads on demand (web/online/, docs/online.md): node_modules
# path -> web/vendor/ path.
BROWSER_LIBS = {"peerjs/dist/peerjs.min.js": "peerjs/peerjs.min.js",
                "qrcode-generator/dist/qrcode.mjs": "qrcode/qrcode.mjs"}
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"]


def copy_runtime() -> None:
    pyodide = ROOT / "node_modules" / "pyodide"
    if not pyodide.is_dir():
        sys.exit("node_modules is missing: run `npm ci` first (make does this for you).")
    (VENDOR / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, VENDOR / "pyodide" / name)
    for src, dest in BROWSER_LIBS.items():
        (VENDOR / dest).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / "node_modules" / src, VENDOR / dest)
    stale = VENDOR / "pyscript"   # vendored by earlier versions, which ran PyScript
    if stale.exists():
        shutil.rmtree(stale)


def write_runtime_names(pyodide: str = "pyodide/", engine: str = "engine.zip",
                        vendor: Path = VENDOR) -> None:
    (vendor / "runtime.mjs").write_text(
        "// Written by tools/vendor.py (or tools/build.py): where the engine worker finds its files.\n"
        f"export const runtime = {{ pyodide: '{pyodide}', engine: '{engine}' }};\n")


def make_snapshot() -> None:
    sources = [VENDOR / "pyodide" / name for name in PYODIDE_FILES] + [ROOT / "tools" / "snapshot.mjs"]
    digest = hashlib.sha256()
    for path in sources:
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    name = f"pyodide-snapshot-{digest.hexdigest()[:16]}.gz"
    for old in VENDOR.glob("pyodide-snapshot-*.gz"):
        old.unlink()
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "snapshot.bin"
        subprocess.run(["node", str(ROOT / "tools" / "snapshot.mjs"), str(raw)], check=True)
        data = raw.read_bytes()
    # mtime=0: the same snapshot always gzips to the same bytes
    (VENDOR / name).write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    (VENDOR / "snapshot.mjs").write_text(
        "// Written by tools/vendor.py: the Pyodide memory snapshot web/snapshot.mjs restores.\n"
        f"export const snapshot = {{ file: '{name}', bytes: {len(data)} }};\n")


def pack_engine() -> None:
    """Deterministic zip (fixed timestamps, sorted names) so rebuilding changes nothing."""
    out = VENDOR / "engine.zip"
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp)
        for path in (ROOT / "py").rglob("*.py"):
            if "__pycache__" not in path.parts:
                _copy(path, tree / path.relative_to(ROOT / "py"))
        for folder in ("cards", "tutorials"):     # data the engine reads (gamecore.carddata)
            for path in (ROOT / folder).rglob("*.json"):
                _copy(path, tree / path.relative_to(ROOT))
        subprocess.run(["node", str(ROOT / "tools" / "compile_pyc.mjs"), str(tree)], check=True)
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
            for path in sorted(p for p in tree.rglob("*") if p.is_file()):
                name = path.relative_to(tree).as_posix()
                info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, path.read_bytes())


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


if __name__ == "__main__":
    if "--engine-only" not in sys.argv:
        copy_runtime()
        make_snapshot()
        write_runtime_names()
    pack_engine()
    print(f"vendored runtime and engine into {VENDOR.relative_to(ROOT)}/")
