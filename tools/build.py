"""Build the static site into dist/: exactly what a static host (GitHub Pages) serves.

    python3 tools/build.py [--out dist]

Copies the pages, the card data (cards/*.json), the tutorial scenarios
(tutorials/*.json) and web/ (shell, games, styles, art, icons, PWA code
and the vendored runtime + engine.zip from `make vendor`), leaves out everything that is
only for development (tests, tools, docs, sources of the engine zip, node_modules), then
has Workbox generate the service worker over the result (tools/sw.mjs).
"""
from __future__ import annotations

import argparse
import hashlib
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = ["index.html", "embed.html"]
DATA_FOLDERS = ["cards", "tutorials", "leaderboard"]
# Inside web/: development-only folders and files never shipped.
SKIP_DIRS = {"build", "tests", "test", "tools", "__pycache__", "node_modules"}
SKIP_SUFFIXES = {".map", ".md", ".py", ".pyc", ".ts"}
def wanted(path: Path) -> bool:
    rel = path.relative_to(ROOT / "web")
    if any(part in SKIP_DIRS or part.startswith(".") for part in rel.parts):
        return False
    return path.suffix not in SKIP_SUFFIXES


STATIC_IMPORT = re.compile(r"""^\s*import\s+(?:[^'";]*?\sfrom\s*)?['"](\.{1,2}/[^'"]+)['"]""", re.M)
MODULE_SCRIPT = re.compile(r'<script type="module" src="([^"]+)"></script>')


def module_graph(html: str) -> list[str]:
    """Our own modules the page's module scripts import statically (not the scripts
    themselves): the browser finds them only after parsing their importers, one level at a
    time, and the menu is wired only once the whole graph has run."""
    entries = [src for src in MODULE_SCRIPT.findall(html) if not src.startswith("web/vendor/")]
    seen, todo = set(entries), list(entries)
    found = []
    while todo:
        here = ROOT / todo.pop(0)
        for spec in STATIC_IMPORT.findall(here.read_text()):
            dep = (here.parent / spec).resolve().relative_to(ROOT).as_posix()
            if dep not in seen:
                seen.add(dep)
                found.append(dep)
                todo.append(dep)
    return found


def with_preloads(html: str) -> str:
    """The page with modulepreload links for its module graph, before its first module script."""
    first = MODULE_SCRIPT.search(html)
    assert first, "the page has no module script"
    links = "".join(f'<link rel="modulepreload" href="{c}">\n  ' for c in module_graph(html))
    return html[:first.start()] + links + html[first.start():]


def content_hash(*paths: Path) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def version_runtime(vendor: Path) -> None:
    """Give the runtime and the engine content-hashed names (pyodide-HASH/, engine-HASH.zip) and
    tell the worker (runtime.mjs). A changed file then has a new address, so the service worker
    may take each from the HTTP cache the first visit just filled instead of downloading it
    again (tools/sw.mjs), and can never mistake an old file for the current one."""
    sys.path.insert(0, str(ROOT / "tools"))
    from vendor import write_runtime_names
    runtime = vendor / "pyodide"
    runtime_dir = f"pyodide-{content_hash(*sorted(runtime.iterdir()))}"
    runtime.rename(vendor / runtime_dir)
    engine = f"engine-{content_hash(vendor / 'engine.zip')}.zip"
    (vendor / "engine.zip").rename(vendor / engine)
    write_runtime_names(f"{runtime_dir}/", engine, vendor)


def build(out: Path) -> None:
    if not (ROOT / "web" / "vendor" / "engine.zip").exists():
        sys.exit("web/vendor is missing: run `make vendor` first (`make build` does).")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for name in PAGES:
        html = (ROOT / name).read_text()
        if name.endswith(".html"):
            # Tell web/pwa/register.js that this build has a service worker.
            assert "</head>" in html, name
            html = html.replace("</head>", '  <meta name="pnd-service-worker" content="sw.js">\n</head>', 1)
            html = with_preloads(html)
        (out / name).write_text(html)
    # Card data and tutorial scenarios: the engine has them inside engine.zip; the site ships
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
    version_runtime(out / "web" / "vendor")
    # GitHub Pages: serve files as they are (no Jekyll processing).
    (out / ".nojekyll").write_text("")
    subprocess.run(["node", str(ROOT / "tools" / "sw.mjs"), str(out)], cwd=ROOT, check=True)
    files = [p for p in out.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    print(f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}/: "
          f"{len(files)} files, {size / 1048576:.1f} MiB")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "dist"))
    build(Path(ap.parse_args().out).resolve())
