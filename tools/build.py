"""Build the static site into dist/: exactly what a static host (GitHub Pages) serves.

    python3 tools/build.py [--out dist]

Copies the pages, the PyScript config, the card data (cards/*.json), the tutorial scenarios
(tutorials/*.json) and web/ (shell, games, styles, art, icons, PWA code
and the vendored runtime + engine.zip from `make vendor`), leaves out everything that is
only for development (tests, tools, docs, sources of the engine zip, node_modules), then
has Workbox generate the service worker over the result (tools/sw.mjs).
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = ["index.html", "embed.html", "pyscript.toml"]
DATA_FOLDERS = ["cards", "tutorials"]
# Inside web/: development-only folders and files never shipped.
SKIP_DIRS = {"build", "tests", "test", "tools", "__pycache__", "node_modules"}
SKIP_SUFFIXES = {".map", ".md", ".py", ".pyc", ".ts"}
# PyScript chunks every page load imports one after another (core, then the TOML reader for
# pyscript.toml, then each plugin, which PyScript loads even when disabled because the `mpy`
# type needs them). Their names carry content hashes, so the build looks them up in the
# vendored copy and preloads them all at once (measured by `make bench`).
STARTUP_CHUNKS = ("toml", "deprecations-manager", "donkey", "error", "py-editor", "py-game",
                  "py-terminal")
CORE_PRELOAD = '<link rel="modulepreload" href="web/vendor/pyscript/core.js">'


def wanted(path: Path) -> bool:
    rel = path.relative_to(ROOT / "web")
    if any(part in SKIP_DIRS or part.startswith(".") for part in rel.parts):
        return False
    return path.suffix not in SKIP_SUFFIXES


def pyscript_chunks() -> list[str]:
    """Hashed file names of the chunks PyScript imports at start-up, core chunk first."""
    vendor = ROOT / "web" / "vendor" / "pyscript"
    entry = (vendor / "core.js").read_text()
    core = re.search(r'"\./(core-[A-Za-z0-9_-]+\.js)"', entry)
    if not core:
        sys.exit("web/vendor/pyscript/core.js no longer names its core chunk: update tools/build.py")
    text = (vendor / core.group(1)).read_text()
    names = [core.group(1)]
    for stem in STARTUP_CHUNKS:
        found = set(re.findall(r'import\("\./(' + re.escape(stem) + r'-[A-Za-z0-9_-]{8}\.js)"\)', text))
        if len(found) != 1:
            sys.exit(f"PyScript's start-up chunk {stem!r} not found once in {core.group(1)}: "
                     "update STARTUP_CHUNKS in tools/build.py")
        names.append(found.pop())
    return [f"web/vendor/pyscript/{n}" for n in names]


STATIC_IMPORT = re.compile(r"""^\s*import\s+(?:[^'";]*?\sfrom\s*)?['"](\.{1,2}/[^'"]+)['"]""", re.M)
MODULE_SCRIPT = re.compile(r'<script type="module" src="([^"]+)"></script>')


def module_graph(html: str) -> list[str]:
    """Our own modules the page's module scripts import statically (not the scripts
    themselves): the browser finds them only after parsing their importers, one level at a
    time, and PyScript waits for the whole graph (DOMContentLoaded) before it starts."""
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


def with_preloads(html: str, chunks: list[str]) -> str:
    """The page with modulepreload links for everything imported before the engine starts."""
    assert CORE_PRELOAD in html, "the page no longer preloads PyScript's core.js"
    links = "".join(f'\n  <link rel="modulepreload" href="{c}">' for c in chunks + module_graph(html))
    return html.replace(CORE_PRELOAD, CORE_PRELOAD + links, 1)


def build(out: Path) -> None:
    if not (ROOT / "web" / "vendor" / "engine.zip").exists():
        sys.exit("web/vendor is missing: run `make vendor` first (`make build` does).")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    chunks = pyscript_chunks()
    for name in PAGES:
        html = (ROOT / name).read_text()
        if name.endswith(".html"):
            # Tell web/pwa/register.js that this build has a service worker.
            assert "</head>" in html, name
            html = html.replace("</head>", '  <meta name="pnd-service-worker" content="sw.js">\n</head>', 1)
            html = with_preloads(html, chunks)
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
