"""Fixtures that serve the real site and drive it in headless Chromium.

The system Chromium's headless shell (installed by `make test` on Debian) is used when
present, else the system Chromium; elsewhere Playwright's own browser (`playwright install
chromium`): tools/chromium_exe.py.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from helpers_browser import (ARTIFACTS, CHROMIUM_ARGS, ROOT, SUBPATH, ContextPool, LoopbackNet,
                             chromium_for_tests, open_in_context, overlay, playwright_api, serve_folder)


def pytest_collection_modifyitems(config, items):
    """Mark the browser tests, and order them for make test's xdist workers (--dist
    worksteal): the collection is cut into one run of tests per worker, each run its share of
    the browser tests first and of the engine tests after, so that every worker starts on the
    long browser tests at once and the short engine tests, stolen from a run's end by a worker
    that is done, fill the gaps at the end (browser tests first in one block put them all on
    the first worker). In one process: the browser tests first.

    A browser test that fails once fails the run: nothing is run again. A wait that times out
    under load is a wait on the wrong thing (a fixed time, or a condition that is not the one
    the test needs), and is mended where it is."""
    for item in items:
        if "e2e" in item.nodeid.split("::")[0]:
            item.add_marker(pytest.mark.e2e)
    browser = [item for item in items if item.get_closest_marker("e2e")]
    engine = [item for item in items if not item.get_closest_marker("e2e")]
    workers = getattr(config, "workerinput", {}).get("workercount", 1)
    items[:] = [item for k in range(workers) for item in browser[k::workers] + engine[k::workers]]


@pytest.fixture(scope="session")
def site_root() -> Path:
    """What the browser is served: the repo (dev) or a built folder (SITE_ROOT=dist)."""
    root = Path(os.environ.get("SITE_ROOT", ROOT)).resolve()
    if not (root / "web" / "vendor" / "runtime.mjs").exists():
        pytest.fail("web/vendor is missing: run `make vendor` (make test does it).")
    return root


@pytest.fixture(scope="session")
def base_url(site_root):
    server, url = serve_folder(site_root, "/")
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def subpath_url(site_root):
    server, url = serve_folder(site_root, SUBPATH)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_for_tests(), args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def context_pool(browser):
    """The worker's browser contexts lent to open_page's plain pages (helpers_browser.ContextPool)."""
    pool = ContextPool(browser)
    yield pool
    pool.close()


@pytest.fixture
def open_page(browser, base_url, context_pool):
    """open_page(url=None, width=1280, height=800, touch=False) -> (page, probe); the page waits for ready.
    The service worker is blocked (every request on the network, where ``page.route`` sees it)
    unless ``service_workers="allow"``; a page with it blocked, as a returning visitor, gets a
    context lent by the worker's pool (helpers_browser.open_in_context says why).
    The pages carry a Content-Security-Policy without 'unsafe-eval': a ``wait_for_function``
    predicate is written as a function (``"() => ..."``); a bare expression is eval'd in the
    page and refused there. The page is a returning visitor's (Python restored from the
    start-up snapshot, see ``returning_visitor``); ``first_visit=True`` for one that starts
    Python afresh."""
    contexts = []

    def _open(url: str | None = None, width: int = 1280, height: int = 800, wait_ready: bool = True,
              service_workers: str = "block", touch: bool = False, first_visit: bool = False):
        return open_in_context(browser, contexts, url or base_url, width=width, height=height,
                               wait_ready=wait_ready, service_workers=service_workers, touch=touch,
                               first_visit=first_visit, pool=context_pool)

    yield _open
    for ctx in contexts:
        context_pool.release(ctx)


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


# The tests' own PeerJS server as the site's default: a person who sets nothing meets there,
# and no test ever contacts the public server the shipped web/online/config.json names.
TEST_SIGNALING_NAME = "the tests' PeerJS server"


@pytest.fixture(scope="session")
def loopback_site(loopback_net, site_root, peer_server, tmp_path_factory):
    """The site, served inside the online tests' namespace, as a site owner who names the
    tests' PeerJS server in web/online/config.json would serve it (no STUN or TURN: loopback)."""
    config = {"signaling": peer_server, "signalingName": TEST_SIGNALING_NAME, "iceServers": []}
    root = overlay(site_root, tmp_path_factory.mktemp("online-site") / "site",
                   {"web/online/config.json": json.dumps(config)})
    return loopback_net.site(root)
