"""Headless Chromium on the built site (dist/, or SITE_ROOT), served on a free port: the
tools that drive the game screens (tools/screenshots.py, tools/bench_motion.py) share it."""
from __future__ import annotations

import contextlib
import os
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from serve import make_server  # noqa: E402
from chromium_exe import desktop_chromium  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-quic", "--no-first-run", "--disable-sync"]


@contextlib.contextmanager
def site_browser():
    """Yields (browser, url of the site's root); stops both on the way out."""
    dist = Path(os.environ.get("SITE_ROOT", ROOT / "dist")).resolve()
    if not (dist / "index.html").exists():
        sys.exit(f"{dist} has no built site: run `make build` first.")
    from playwright.sync_api import sync_playwright
    server = make_server(str(dist), 0, "/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    exe = desktop_chromium()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=exe, args=ARGS)
            try:
                yield browser, f"http://localhost:{server.server_address[1]}/"
            finally:
                browser.close()
    finally:
        server.shutdown()


def open_ready(browser, url, width, height, init_script=None):
    """A new context at width x height on the menu, the engine ready: (context, page)."""
    ctx = browser.new_context(viewport={"width": width, "height": height})
    if init_script:
        ctx.add_init_script(init_script)
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
    return ctx, page
