"""Fixtures that serve the real site and drive it in headless Chromium.

The system Chromium (/usr/bin/chromium, installed by `make test` on Debian) is used when
present; elsewhere Playwright's own browser (`playwright install chromium`).
"""
from __future__ import annotations

import os
import shutil
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from serve import make_server  # noqa: E402
from loopback_net import LoopbackNet  # noqa: E402

ARTIFACTS = ROOT / "e2e" / "artifacts"
SUBPATH = "/pipes-and-ducks/"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-quic", "--no-first-run",
                 "--disable-sync"]

playwright_api = pytest.importorskip("playwright.sync_api")


def pytest_collection_modifyitems(config, items):
    """Mark the browser tests, and order them for make test's xdist workers (--dist
    worksteal): the collection is cut into one run of tests per worker, each run its share of
    the browser tests first and of the engine tests after, so that every worker starts on the
    long browser tests at once and the short engine tests, stolen from a run's end by a worker
    that is done, fill the gaps at the end (browser tests first in one block put them all on
    the first worker). In one process: the browser tests first."""
    for item in items:
        if "e2e" in item.nodeid.split("::")[0]:
            item.add_marker(pytest.mark.e2e)
    browser = [item for item in items if item.get_closest_marker("e2e")]
    engine = [item for item in items if not item.get_closest_marker("e2e")]
    workers = getattr(config, "workerinput", {}).get("workercount", 1)
    items[:] = [item for k in range(workers) for item in browser[k::workers] + engine[k::workers]]


def _serve(root: Path, prefix: str):
    server = make_server(str(root), 0, prefix)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    return server, f"http://localhost:{port}{server.prefix}"


@pytest.fixture(scope="session")
def site_root() -> Path:
    """What the browser is served: the repo (dev) or a built folder (SITE_ROOT=dist)."""
    root = Path(os.environ.get("SITE_ROOT", ROOT)).resolve()
    if not (root / "web" / "vendor" / "runtime.mjs").exists():
        pytest.fail("web/vendor is missing: run `make vendor` (make test does it).")
    return root


@pytest.fixture(scope="session")
def base_url(site_root):
    server, url = _serve(site_root, "/")
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def subpath_url(site_root):
    server, url = _serve(site_root, SUBPATH)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    exe = os.environ.get("CHROMIUM") or shutil.which("chromium") or None
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        yield b
        b.close()


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


def _origin(url: str) -> str:
    p = urlsplit(url)
    return f"{p.scheme}://{p.netloc}"


@pytest.fixture
def open_page(browser, base_url):
    """open_page(url=None, width=1280, height=800, touch=False) -> (page, probe); the page waits for ready.
    ``service_workers="block"`` keeps every request on the network, where ``page.route`` sees it.
    The pages carry a Content-Security-Policy without 'unsafe-eval': a ``wait_for_function``
    predicate is written as a function (``"() => ..."``); a bare expression is eval'd in the
    page and refused there. The page is a returning visitor's (Python restored from the
    start-up snapshot, see ``returning_visitor``); ``first_visit=True`` for one that starts
    Python afresh."""
    contexts = []

    def _open(url: str | None = None, width: int = 1280, height: int = 800, wait_ready: bool = True,
              service_workers: str = "allow", touch: bool = False, first_visit: bool = False):
        return open_in_context(browser, contexts, url or base_url, width=width, height=height,
                               wait_ready=wait_ready, service_workers=service_workers, touch=touch,
                               first_visit=first_visit)

    yield _open
    for ctx in contexts:
        ctx.close()


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
    probe = PageProbe(page, _origin(url))
    page.goto(url)
    if wait_ready:
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=60_000)
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


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def loopback_net():
    """A network namespace whose only interface is loopback (tools/loopback_net.py): the
    online tests' site, signaling server and browsers run in it, so WebRTC between the
    browsers can use no address but 127.0.0.1."""
    with LoopbackNet() as net:
        yield net


@pytest.fixture(scope="session")
def peer_server(loopback_net):
    """The real PeerJS signaling server (npm `peer`, from node_modules) on the namespace's
    loopback, for the online-play tests; yields its address as the page's settings take it."""
    return loopback_net.signaling()


@pytest.fixture(scope="session")
def loopback_site(loopback_net, site_root):
    """The site, served inside the online tests' namespace."""
    return loopback_net.site(site_root)
