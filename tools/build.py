"""Build the static site into dist/: exactly what a static host (GitHub Pages) serves.

    python3 tools/build.py [--out dist]

Copies the pages, the PyScript config, the card data (cards/*.json) and web/ (shell, games, styles, art, icons, PWA code
and the vendored runtime + engine.zip from `make vendor`), leaves out everything that is
only for development (tests, tools, docs, sources of the engine zip, node_modules), then
has Workbox generate the service worker over the result (tools/sw.mjs).
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = ["index.html", "embed.html", "pyscript.toml"]
# Inside web/: development-only folders and files never shipped.
SKIP_DIRS = {"build", "tests", "test", "tools", "__pycache__", "node_modules"}
SKIP_SUFFIXES = {".map", ".md", ".py", ".pyc", ".ts"}


def wanted(path: Path) -> bool:
    rel = path.relative_to(ROOT / "web")
    if any(part in SKIP_DIRS or part.startswith(".") for part in rel.parts):
        return False
    return path.suffix not in SKIP_SUFFIXES


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
        (out / name).write_text(html)
    # Card data: the engine has it inside engine.zip; the screens fetch it too (cards/*.json).
    for path in sorted((ROOT / "cards").glob("*.json")):
        (out / "cards").mkdir(exist_ok=True)
        shutil.copy2(path, out / "cards" / path.name)
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
