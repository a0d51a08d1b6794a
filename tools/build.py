"""Build the static site into dist/: exactly what a static host (GitHub Pages) serves.

    python3 tools/build.py [--out dist]

Copies the pages, PyScript's configuration (pyscript.toml) and the engine worker's script
(py/bridge.py), the card data (cards/*.json), the tutorial scenarios (tutorials/*.json) and
web/ (shell, games, styles, art, icons, PWA code, and from `make vendor` the runtime: Pyodide,
micropip, the PyScript chunks the page loads, the engine wheel), leaves out everything that is
only for development (tests, tools, docs, the engine's sources, node_modules), bundles the
pages' and the engine worker's modules into content-hashed files (tools/bundle.mjs), then has
Workbox generate the service worker over the result (tools/sw.mjs).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from serve import HASHED_PATH  # noqa: E402  (tools/, beside this script)
from vendor import write_runtime_names  # noqa: E402

PAGES = ["index.html", "embed.html"]
# PyScript reads its configuration from the site's root and fetches the worker's script.
ENGINE_FILES = ["pyscript.toml", "py/bridge.py"]
DATA_FOLDERS = ["cards", "tutorials", "leaderboard"]
# PyScript's bundle is split into chunks, most of them plugins the page switches off
# (pyscript.toml). The site ships core.js, what it imports statically, and of its lazy chunks
# only these: the TOML parser (pyscript.toml) and the error plugin, which loads to switch
# itself off. A chunk missing here shows up as a failed request in e2e/test_engine_stack.py.
PYSCRIPT_LAZY = {"toml", "error"}
# Inside web/: development-only folders and files never shipped.
SKIP_DIRS = {"build", "tests", "test", "tools", "__pycache__", "node_modules"}
SKIP_SUFFIXES = {".map", ".md", ".py", ".pyc", ".ts"}
# Pyodide's own standard-library archive: the page starts on web/vendor/stdlib/ instead
# (tools/split_stdlib.mjs); `make bench`'s bare anchor pages serve it from web/vendor/.
SKIP_FILES = {"web/vendor/pyodide/python_stdlib.zip"}
def wanted(path: Path) -> bool:
    rel = path.relative_to(ROOT / "web")
    if any(part in SKIP_DIRS or part.startswith(".") for part in rel.parts):
        return False
    if path.relative_to(ROOT).as_posix() in SKIP_FILES:
        return False
    return path.suffix not in SKIP_SUFFIXES


MODULE_SCRIPT = re.compile(r'<script type="module" src="([^"]+)"></script>')


def page_entries(html: str) -> list[str]:
    """The page's own module scripts (not a vendored one), in the page's order."""
    return [src for src in MODULE_SCRIPT.findall(html) if not src.startswith("web/vendor/")]


def engine_preloads(html: str, folder: Path, href: str) -> list[str]:
    """What a page that starts its engine at once (one that declares the engine's worker; an
    embed loads PyScript only when the reader plays) imports to start it: PyScript's core, its
    static chunks and the lazy chunks it always loads (PYSCRIPT_LAZY)."""
    if '<script type="py" worker name="engine"' not in html:
        return []
    static = re.findall(r'from\s*"\./([^"]+\.js)"', (folder / "core.js").read_text())
    core = [f"{href}{name}" for name in ["core.js", *static]]
    lazy = sorted(name for name in pyscript_chunks(folder) if name.split("-")[0] in PYSCRIPT_LAZY)
    return [*core, *(f"{href}{name}" for name in lazy)]


def with_bundles(html: str, bundles: dict, engine: list[str] = ()) -> str:
    """The page loading its bundles (tools/bundle.mjs) instead of its modules, with
    modulepreload links before its first module script: the first script's bundle (web/engine.js)
    and what it imports, then ``engine`` (what it imports to start the engine), then the other
    scripts' bundles and the rest of what they import. The engine's start waits on the first
    ones, the menu on the rest, and a browser fetches six at a time over HTTP/1.1 (and the
    page's own scripts only after every link before them): in this order the engine starts
    first."""
    scripts = page_entries(html)
    assert scripts, "the page has no module script"
    order = []
    for k, src in enumerate(scripts):
        entry = bundles[src]
        order += [entry["file"], *entry["imports"], *(engine if k == 0 else [])]
        html = html.replace(f'<script type="module" src="{src}">', f'<script type="module" src="{entry["file"]}">')
    order = list(dict.fromkeys(order))
    links = "".join(f'<link rel="modulepreload" href="{c}">\n  ' for c in order)
    at = MODULE_SCRIPT.search(html).start()
    return html[:at] + links + html[at:]


PAGE_CONFIG = re.compile(r'<(py|mpy)-config src="pyscript\.toml"></(py|mpy)-config>')
# What PyScript's page side reads of its configuration: the interpreter, which it hands the
# worker (without it, it fetched pyscript.toml once more, before it made the worker), and the
# plugins it switches off.
PAGE_KEYS = ("interpreter", "plugins")


def with_page_config(html: str, config: Path) -> str:
    """The page with its <py-config> and <mpy-config> written out rather than naming
    pyscript.toml, which PyScript's page side fetched twice, one after the other, before it
    made the engine's worker (which reads pyscript.toml itself). The values stay in
    pyscript.toml alone; `hidden`, as the text is the element's content."""
    values = tomllib.loads(config.read_text())
    text = "\n".join(f"{key} = {json.dumps(values[key])}" for key in PAGE_KEYS)
    return PAGE_CONFIG.sub(lambda m: f"<{m[1]}-config hidden>\n{text}\n</{m[1]}-config>", html)


def content_hash(*paths: Path) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def pyscript_chunks(folder: Path) -> set[str]:
    """The chunks of PyScript's bundle the page loads: core.js, its static imports, its worker's
    script (tools/patch_pyscript.py) and the lazy chunks named in PYSCRIPT_LAZY."""
    keep, todo = set(), ["core.js"]
    while todo:
        name = todo.pop()
        if name in keep:
            continue
        keep.add(name)
        text = (folder / name).read_text()
        todo += re.findall(r'from\s*"\./([^"]+\.js)"', text)
        todo += re.findall(r'new URL\("\./([^"]+\.js)",import\.meta\.url\)', text)   # its worker
        todo += [c for c in re.findall(r'import\("\./([^"]+\.js)"\)', text)
                 if c.split("-")[0] in PYSCRIPT_LAZY]
    return keep


def hashed(vendor: Path, folder: str, prefix: str) -> str:
    """Rename vendor/folder to vendor/PREFIX-HASH (its content's); the new name."""
    path = vendor / folder
    name = f"{prefix}-{content_hash(*sorted(p for p in path.iterdir() if p.is_file()))}"
    path.rename(vendor / name)
    return name


def version_runtime(out: Path) -> str:
    """Give the runtime, PyScript, the standard library and the engine wheel content-hashed
    folders (pyodide-HASH/, pyscript-HASH/, stdlib-HASH/, engine-HASH/) and tell the page and
    the worker (runtime.mjs) and PyScript (pyscript.toml). A changed file then has a new
    address, so the service worker may take each
    from the HTTP cache the first visit just filled instead of downloading it again
    (tools/sw.mjs), and can never mistake an old file for the current one. Returns PyScript's
    folder in the built site."""
    vendor = out / "web" / "vendor"
    keep = pyscript_chunks(vendor / "pyscript")
    for chunk in (vendor / "pyscript").iterdir():
        if chunk.name not in keep:
            chunk.unlink()
    pyodide = hashed(vendor, "pyodide", "pyodide")
    pyscript = hashed(vendor, "pyscript", "pyscript")
    stdlib = hashed(vendor, "stdlib", "stdlib")
    engine = hashed(vendor, "wheels", "engine")
    write_runtime_names(f"{pyodide}/", f"{pyscript}/", f"{stdlib}/", vendor)
    for name in ENGINE_FILES:
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, out / name)
    toml = out / "pyscript.toml"
    text = toml.read_text().replace("./web/vendor/wheels/", f"./web/vendor/{engine}/")
    assert f"./web/vendor/{engine}/pipes_and_ducks-" in text, "pyscript.toml names no engine wheel"
    toml.write_text(text)
    return f"web/vendor/{pyscript}/"


def bundle(out: Path) -> dict:
    """Bundle the pages' and the engine worker's modules into content-hashed files
    (tools/bundle.mjs) and point PyScript's configuration at the worker's. Returns the bundles
    ({entries, bundled}). The modules stay in the site as they were, beside the bundles: no page
    loads them (nor does the service worker precache them), but a test may import one of them
    on its own."""
    pages = [e for name in PAGES for e in page_entries((ROOT / name).read_text())]
    toml = out / "pyscript.toml"
    interpreter = tomllib.loads(toml.read_text())["interpreter"]
    spec = {"page": list(dict.fromkeys(pages)), "worker": [interpreter.removeprefix("./")]}
    done = subprocess.run(["node", str(ROOT / "tools" / "bundle.mjs"), str(out), json.dumps(spec)],
                          cwd=ROOT, check=True, capture_output=True, text=True)
    bundles = json.loads(done.stdout)
    worker = bundles["entries"][spec["worker"][0]]
    assert not worker["imports"], f"the engine worker's bundle should be one file: {worker}"
    text = toml.read_text().replace(f'interpreter = "{interpreter}"', f'interpreter = "./{worker["file"]}"')
    assert worker["file"] in text, "pyscript.toml names no interpreter"
    toml.write_text(text)
    return bundles


def build(out: Path) -> None:
    if not any((ROOT / "web" / "vendor" / "wheels").glob("*.whl")):
        sys.exit("web/vendor is missing: run `make vendor` first (`make build` does).")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    # Card data and tutorial scenarios: the engine has them inside its wheel; the site ships
    # them as files too (the screens fetch cards/*.json; tutorials/*.json are there to read).
    for folder in DATA_FOLDERS:
        for path in sorted((ROOT / folder).glob("*.json")):
            (out / folder).mkdir(exist_ok=True)
            shutil.copy2(path, out / folder / path.name)
    for path in sorted((ROOT / "web").rglob("*")):
        if path.is_file() and wanted(path):
            dest = out / path.relative_to(ROOT)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, dest)
    pyscript = version_runtime(out)
    bundles = bundle(out)
    for name in PAGES:
        html = (ROOT / name).read_text()
        # Tell web/pwa/register.js that this build has a service worker.
        assert "</head>" in html, name
        html = html.replace("</head>", '  <meta name="pnd-service-worker" content="sw.js">\n</head>', 1)
        html = with_bundles(html, bundles["entries"], engine_preloads(html, out / pyscript, pyscript))
        html = with_page_config(html, out / "pyscript.toml")
        (out / name).write_text(html)
    # GitHub Pages: serve files as they are (no Jekyll processing).
    (out / ".nojekyll").write_text("")
    subprocess.run(["node", str(ROOT / "tools" / "sw.mjs"), str(out), json.dumps(bundles["bundled"]),
                    HASHED_PATH], cwd=ROOT, check=True)
    files = [p for p in out.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    print(f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}/: "
          f"{len(files)} files, {size / 1048576:.1f} MiB")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "dist"))
    build(Path(ap.parse_args().out).resolve())
