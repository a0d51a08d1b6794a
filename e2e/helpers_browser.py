"""What the browser tests share besides their fixtures (those stay in conftest.py): the
paths, the Chromium flags, serving a folder, and opening a page in a new browser context as a
returning visitor. Test modules import these from here, never from conftest.py: `conftest` is
whichever of tests/ and e2e/ pytest loaded first, so `pytest e2e/x.py tests/y.py` failed to
collect when they imported it."""
from __future__ import annotations

import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from serve import make_server  # noqa: E402
from loopback_net import LoopbackNet  # noqa: E402,F401  (conftest's loopback_net fixture)

ARTIFACTS = ROOT / "e2e" / "artifacts"
SUBPATH = "/pipes-and-ducks/"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-quic", "--no-first-run",
                 "--disable-sync"]

playwright_api = pytest.importorskip("playwright.sync_api")


def serve_folder(root: Path, prefix: str):
    server = make_server(str(root), 0, prefix)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    return server, f"http://localhost:{port}{server.prefix}"


class PageProbe:
    """Collects console errors and requests, so a test can assert on what the page did."""

    def __init__(self, page, origin: str):
        self.page = page
        self.origin = origin
        self.errors: list[str] = []
        self.foreign: list[str] = []
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("request", self._request)

    def _request(self, req) -> None:
        parts = urlsplit(req.url)
        if parts.scheme in ("data", "blob"):
            return
        if f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.foreign.append(req.url)


def origin(url: str) -> str:
    p = urlsplit(url)
    return f"{p.scheme}://{p.netloc}"


def open_in_context(browser, contexts: list, url: str, width: int = 1280, height: int = 800,
                    wait_ready: bool = True, service_workers: str = "allow",
                    init_script: str | None = None, permissions: list[str] | None = None,
                    touch: bool = False, first_visit: bool = False):
    """A page in a new browser context (another device, as far as the site can tell),
    appended to ``contexts`` for the caller to close; returns (page, probe). ``touch``: a
    touch-screen phone (a finger the only pointer, no mouse, no keyboard). The device has
    visited the site before (``returning_visitor``) unless ``first_visit``."""
    ctx = browser.new_context(viewport={"width": width, "height": height},
                              device_scale_factor=1, service_workers=service_workers,
                              permissions=permissions or [], has_touch=touch, is_mobile=touch)
    if init_script:
        ctx.add_init_script(init_script)
    contexts.append(ctx)
    page = ctx.new_page()
    if not first_visit:
        returning_visitor(page, url)
    probe = PageProbe(page, origin(url))
    page.goto(url)
    if wait_ready:
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
    return page, probe


def returning_visitor(page, url: str) -> None:
    """Store the start-up snapshot in the page's fresh context, as a first visit leaves it
    (the site's own web/snapshot.mjs storeSnapshot, run from a blank page of the site's
    origin), so that ``url`` restores Python instead of starting it. A new context is a new
    device: without this every test paid a fresh start, and the snapshot stored after it,
    again (on this 2-core machine under load: 7-9 s to ready, against 4-5 s with the storing
    included). The first visit itself is tested where it is the point (first_visit=True,
    test_boot.py, test_pwa.py, the embeds)."""
    parts = urlsplit(url)
    site = f"{parts.scheme}://{parts.netloc}{parts.path.rsplit('/', 1)[0]}/"
    blank = site + "__returning-visitor__.html"
    page.route(blank, lambda route: route.fulfill(body="<!doctype html><title>.</title>",
                                                  content_type="text/html"))
    page.goto(blank)
    stored = page.evaluate("""async (module) => { await (await import(module)).storeSnapshot();
        return (await (await caches.open('pnd-pyodide-snapshot')).keys()).length; }""",
                           site + "web/snapshot.mjs")
    page.unroute(blank)
    assert stored == 1, "the start-up snapshot was not stored"
