"""Copy the runtime the page needs from node_modules into web/vendor/ and build the engine wheel.

web/vendor/ is git-ignored: binaries come from the npm lockfile and PyPI, never from git.
  web/vendor/pyodide/   the Pyodide core (loader, wasm, stdlib, lock file) from npm `pyodide`,
                        plus micropip's wheel, which the npm package does not carry: from PyPI
                        (tools/page-wheels.txt, hash-checked), compiled as Pyodide's own
                        distribution serves it (below); the lock file names it, and the copy
                        here gets the sha256 of the wheel it really serves
  web/vendor/stdlib/    Pyodide's standard library in two archives (tools/split_stdlib.mjs):
                        start.zip, what a start imports, compiled, which Pyodide boots from,
                        and rest.zip, mounted when one of its modules is first imported
                        (py/stdlib_rest.py); made with the engine, whose imports count;
                        and pyscript-bytecode.zip, PyScript's own Python package compiled
                        (tools/compile_pyscript.mjs), made with the runtime
  web/vendor/pyscript/  @pyscript/core's bundle from npm (tools/build.py ships only the
                        chunks the page loads), patched to carry its worker hooks as code
                        rather than text (tools/patch_pyscript.py: no 'unsafe-eval')
  web/vendor/wheels/    the engine: pyproject.toml built into a wheel (hatchling); PyScript
                        installs it with micropip (pyscript.toml)
  web/vendor/pyodide-snapshot-HASH.gz, web/vendor/snapshot.mjs
                        a memory snapshot of Pyodide just after it started Python (on
                        stdlib/start.zip), with micropip and the engine's modules imported
                        (tools/snapshot.mjs), gzipped, and its name and size for the page:
                        repeat visits restore it instead of starting Python (web/snapshot.mjs).
                        HASH covers everything it was made from, so a page never restores a
                        snapshot made by other files.
  web/vendor/peerjs/, web/vendor/qrcode/, web/vendor/trystero/
                        the PeerJS client and a QR code maker, imported only when a person
                        chooses online play (web/online/, docs/online.md)
  web/vendor/runtime.mjs where the page and the engine worker find Pyodide and PyScript; the
                        built site (tools/build.py) renames the folders to content-hashed
                        names and rewrites it.

Bytecode: Pyodide compiles every module it imports from source, on every page load; importing
micropip from source took 260-330 ms of a first visit (docs/startup.md). Pyodide's own
distribution serves its pure-Python wheels compiled (sourceless .pyc), and so does this site
for micropip: tools/compile_pyc.mjs compiles it once here, with the Pyodide the page runs. The
engine's wheel stays as its build backend made it: bytecode did not pay for it (measured in
docs/startup.md: 270 KB more to download and a slower install for 10-30 ms less import).
"""
from __future__ import annotations

import base64
import csv
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import patch_pyscript   # tools/, beside this script

ROOT = Path(__file__).resolve().parents[1]
VENDOR = ROOT / "web" / "vendor"
WHEELS = VENDOR / "wheels"
PAGE_WHEELS = ROOT / "tools" / "page-wheels.txt"
STDLIB = VENDOR / "stdlib"   # start.zip and rest.zip (tools/split_stdlib.mjs)
# Browser libraries online play loads on demand (web/online/, docs/online.md): node_modules
# path -> web/vendor/ path.
BROWSER_LIBS = {"peerjs/dist/peerjs.min.js": "peerjs/peerjs.min.js",
                "qrcode-generator/dist/qrcode.mjs": "qrcode/qrcode.mjs"}
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"]
# Wheel timestamps: 1980-01-01, the earliest a zip can hold, so a rebuild changes no byte.
EPOCH = "315532800"


def copy_runtime() -> None:
    pyodide = ROOT / "node_modules" / "pyodide"
    pyscript = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        sys.exit("node_modules is missing: run `npm ci` first (make does this for you).")
    if (VENDOR / "pyodide").exists():   # nothing left of an earlier version's files
        shutil.rmtree(VENDOR / "pyodide")
    (VENDOR / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, VENDOR / "pyodide" / name)
    hint_eager_compile(VENDOR / "pyodide" / "pyodide.asm.mjs")
    vendor_page_wheels(VENDOR / "pyodide")
    if (VENDOR / "pyscript").exists():
        shutil.rmtree(VENDOR / "pyscript")
    (VENDOR / "pyscript").mkdir()
    for path in sorted(pyscript.glob("*.js")):
        shutil.copy2(path, VENDOR / "pyscript" / path.name)
    # its worker hooks as module code, so the pages need no 'unsafe-eval', and its worker a file
    # rather than a Blob, so they need no blob: workers
    patch_pyscript.main(VENDOR / "pyscript")
    for src, dest in BROWSER_LIBS.items():
        (VENDOR / dest).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / "node_modules" / src, VENDOR / dest)
    # trystero's MQTT strategy imports bare package names: joined into one module by Rollup
    (VENDOR / "trystero").mkdir(exist_ok=True)
    subprocess.run(["node", str(ROOT / "tools" / "vendor_trystero.mjs"), str(VENDOR / "trystero" / "mqtt.mjs")], check=True)


# V8's explicit compile hint (Chrome 136 on; other engines read a comment): every function of
# the file is compiled with it, and so kept in the browser's code cache with it.
COMPILE_HINT = b"//# allFunctionsCalledOnLoad\n"


def hint_eager_compile(path: Path) -> None:
    """Pyodide's JavaScript half marked for eager compilation by a comment on its first line:
    V8 compiled its functions lazily, at their first call, which the code cache a return visit
    loads the file with never holds, so every start compiled them again on the engine worker's
    thread, on the restore's critical path (docs/startup.md, problem 14)."""
    code = path.read_bytes()
    if not code.startswith(COMPILE_HINT):
        path.write_bytes(COMPILE_HINT + code)


def page_wheels() -> dict[str, tuple[str, str]]:
    """tools/page-wheels.txt: name -> (version, sha256)."""
    pins = {}
    for line in PAGE_WHEELS.read_text().splitlines():
        m = re.match(r"^([A-Za-z0-9_.-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})\s*$", line)
        if m:
            pins[m.group(1).lower()] = (m.group(2), m.group(3))
    return pins


def vendor_page_wheels(runtime: Path) -> None:
    """The wheels Pyodide's lock file names but its npm package lacks (micropip): downloaded
    from PyPI once (kept in web/vendor/.downloads/, checked against their pinned hashes),
    served compiled beside the runtime, and the vendored lock file told the sha256 of the file
    it really serves, so Pyodide's integrity check passes; the lock file names nothing else."""
    lock_path = runtime / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    python = ".".join(lock["info"]["python"].split(".")[:2])   # what the wheels must support
    pins = page_wheels()
    downloads = VENDOR / ".downloads"
    downloads.mkdir(parents=True, exist_ok=True)
    fetched = {}
    for name, (version, sha) in pins.items():
        if lock["packages"][name]["version"] != version:
            sys.exit(f"tools/page-wheels.txt pins {name} {version}, but Pyodide's lock file names "
                     f"{lock['packages'][name]['version']}: pin the version Pyodide names.")
        fetched[name] = downloads / f"{name}-{version}-py3-none-any.whl"
    if not all(f.exists() and hashlib.sha256(f.read_bytes()).hexdigest() == pins[n][1]
               for n, f in fetched.items()):
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--only-binary=:all:", "--python-version", python, "--dest", str(downloads),
                        "--require-hashes", "-r", str(PAGE_WHEELS)], check=True)
    site_packages = f"/lib/python{python}/site-packages"   # where Pyodide installs them
    for name, wheel in fetched.items():
        served = runtime / wheel.name
        compiled(wheel, served, site_packages)
        lock["packages"][name]["file_name"] = served.name
        lock["packages"][name]["sha256"] = hashlib.sha256(served.read_bytes()).hexdigest()
    # Only what this site serves: the other 356 packages' files are on Pyodide's CDN, never
    # fetched from here, and their entries were 110 KB of every start's download and parse.
    lock["packages"] = {name: lock["packages"][name] for name in pins}
    lock_path.write_text(json.dumps(lock, separators=(",", ":")))


def write_runtime_names(pyodide: str = "pyodide/", pyscript: str = "pyscript/",
                        stdlib: str = "stdlib/", vendor: Path = VENDOR) -> None:
    (vendor / "runtime.mjs").write_text(
        "// Written by tools/vendor.py (or tools/build.py): where the page finds PyScript and the\n"
        "// engine worker finds Pyodide and the standard library it starts on.\n"
        f"export const runtime = {{ pyodide: '{pyodide}', pyscript: '{pyscript}', stdlib: '{stdlib}' }};\n")
    # the worker imports Pyodide's loader statically through this, together with its own
    # modules, rather than after them (one round trip less before Python starts)
    (vendor / "pyodide-loader.mjs").write_text(
        "// Written by tools/vendor.py (or tools/build.py): the vendored Pyodide's loader.\n"
        f"export * from './{pyodide}pyodide.mjs';\n")


def split_stdlib(wheel: Path) -> None:
    """Pyodide's standard library as the start archive and the rest (tools/split_stdlib.mjs):
    made again with the engine, since what the engine imports is in the start archive."""
    subprocess.run(["node", str(ROOT / "tools" / "split_stdlib.mjs"), str(wheel), str(STDLIB)], check=True)


def compile_pyscript() -> None:
    """PyScript's own Python package compiled for the worker's start (tools/compile_pyscript.mjs),
    beside the standard library's archives."""
    STDLIB.mkdir(parents=True, exist_ok=True)
    subprocess.run(["node", str(ROOT / "tools" / "compile_pyscript.mjs"), str(STDLIB / "pyscript-bytecode.zip")],
                   check=True)


def make_snapshot(wheel: Path) -> None:
    """The snapshot of Python just started on the start archive, with the engine installed by
    micropip and PyScript's package's bytecode placed (both kept in memory: a snapshot holds no
    files), the engine's modules and micropip imported (tools/snapshot.mjs): made again
    whenever the engine changes."""
    sources = [VENDOR / "pyodide" / name for name in PYODIDE_FILES] + sorted(VENDOR.glob("pyodide/micropip-*.whl")) + [
        STDLIB / "start.zip", STDLIB / "pyscript-bytecode.zip", wheel,
        ROOT / "tools" / "snapshot.mjs", ROOT / "tools" / "startup-modules.json",
        ROOT / "web" / "snapshot-refs.mjs", ROOT / "web" / "snapshot-files.mjs", ROOT / "py" / "snapshot_files.py"]
    digest = hashlib.sha256()
    for path in sources:
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    name = f"pyodide-snapshot-{digest.hexdigest()[:16]}.gz"
    for old in VENDOR.glob("pyodide-snapshot-*.gz"):
        old.unlink()
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "snapshot.bin"
        subprocess.run(["node", str(ROOT / "tools" / "snapshot.mjs"), str(raw), str(STDLIB / "start.zip"),
                        str(wheel), str(STDLIB / "pyscript-bytecode.zip")], check=True)
        data = raw.read_bytes()
    # mtime=0: the same snapshot always gzips to the same bytes
    (VENDOR / name).write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    (VENDOR / "snapshot.mjs").write_text(
        "// Written by tools/vendor.py: the Pyodide memory snapshot web/snapshot.mjs restores.\n"
        f"export const snapshot = {{ file: '{name}', bytes: {len(data)} }};\n")


def build_wheel() -> Path:
    """The engine wheel for the page: pyproject.toml built by its backend, as it is."""
    if WHEELS.exists():
        shutil.rmtree(WHEELS)
    WHEELS.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                        "--no-build-isolation", "--wheel-dir", tmp, str(ROOT)],
                       check=True, env={**os.environ, "SOURCE_DATE_EPOCH": EPOCH})
        built = next(Path(tmp).glob("*.whl"))
        out = WHEELS / built.name
        shutil.copy2(built, out)
    return out


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def compiled(wheel: Path, out: Path, installed_in: str) -> None:
    """``wheel`` rewritten to ``out`` with every module compiled for the page's Pyodide in its
    source's place (tools/compile_pyc.mjs; ``installed_in`` for tracebacks), listed in RECORD
    like the rest (deterministic: sorted, fixed timestamps)."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp)
        with zipfile.ZipFile(wheel) as zf:
            zf.extractall(tree)
        subprocess.run(["node", str(ROOT / "tools" / "compile_pyc.mjs"), str(tree), installed_in], check=True)
        record = next(tree.glob("*.dist-info/RECORD"))
        dist_info = record.parent.name
        files = sorted(p for p in tree.rglob("*") if p.is_file() and p != record)
        rows = [[p.relative_to(tree).as_posix(), _record_hash(p.read_bytes()), str(p.stat().st_size)]
                for p in files]
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerows(rows + [[f"{dist_info}/RECORD", "", ""]])
        record.write_text(buffer.getvalue())
        # the .dist-info folder last, as wheels are written
        names = sorted((p.relative_to(tree).as_posix() for p in files + [record]),
                       key=lambda n: (n.startswith(dist_info), n))
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
            for name in names:
                info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                zf.writestr(info, (tree / name).read_bytes())


if __name__ == "__main__":
    # make runs the two halves as separate steps: the runtime when a lockfile or this tool
    # changes, the engine wheel when the engine's sources do.
    if "--engine-only" not in sys.argv:
        copy_runtime()
        write_runtime_names()
        compile_pyscript()   # Pyodide's and PyScript's, so it follows the runtime
        print(f"vendored the runtime into {VENDOR.relative_to(ROOT)}/")
    if "--runtime-only" not in sys.argv:
        wheel = build_wheel()
        print(f"built the engine wheel {wheel.relative_to(ROOT)}")
        split_stdlib(wheel)   # what the engine imports is in the start archive
        make_snapshot(wheel)  # the engine is in it, so it follows the wheel
