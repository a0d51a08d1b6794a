"""What the browser tests share besides their fixtures (those stay in conftest.py): the
paths, the Chromium flags, serving a folder, and opening a page in a new browser context as a
returning visitor. Test modules import these from here, never from conftest.py: `conftest` is
whichever of tests/ and e2e/ pytest loaded first, so `pytest e2e/x.py tests/y.py` failed to
collect when they imported it."""
from __future__ import annotations

import sys
import threading
import warnings
from pathlib import Path
from urllib.parse import urlsplit


ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from serve import make_server  # noqa: E402
from chromium_exe import chromium_for_tests  # noqa: E402,F401  (conftest's and the tests' browsers)
from loopback_net import LoopbackNet, overlay  # noqa: E402,F401  (conftest's loopback_net and loopback_site)

ARTIFACTS = ROOT / "e2e" / "artifacts"
SUBPATH = "/pipes-and-ducks/"
# --liftoff-only: the tests' pages run Pyodide's wasm on V8's baseline compiler only. A page
# is short-lived, and optimizing the code its start makes hot (TurboFan tiering up CPython)
# cost about 3.5 CPU s a page start that no test earned back, not even the analysis's
# playouts or the 4-player game (idle machine, same tests one after another: 4 page starts
# 48 -> 34 CPU s, the hint and analysis tests 114 -> 98, the 4-player Aqueducks game 70 -> 70).
# What the tests check does not depend on it; `make bench` measures speed with V8's defaults.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-quic", "--no-first-run",
                 "--disable-sync", "--js-flags=--liftoff-only"]



# How long a page may take to be ready (html[data-engine=ready]): a net for a page that never
# starts, not a speed check. On this 2-core machine under make test's load (20-30) a first
# visit took over 60 s.
READY_WAIT = 120_000
# The start-up snapshot's folder in the origin private file system (web/snapshot.mjs), and the
# names of the snapshots stored whole in it (not one being written: NAME.part, and Chromium's
# NAME.part.crswap beside it), in a page of the site's origin.
SNAPSHOT_FOLDER = "pnd-pyodide-snapshot"
SNAPSHOT_NAMES = """async () => {
    try {
        const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('%s');
        const names = [];
        for await (const name of folder.keys()) if (!name.includes('.part')) names.push(name);
        return names.sort();
    } catch {
        return [];
    } }""" % SNAPSHOT_FOLDER

import playwright.sync_api as playwright_api  # noqa: E402,F401 (conftest reads it; a missing Playwright fails, never skips)


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
                    wait_ready: bool = True, service_workers: str = "block",
                    init_script: str | None = None, permissions: list[str] | None = None,
                    touch: bool = False, first_visit: bool = False, pool: "ContextPool | None" = None):
    """A page in a browser context of its own (another device, as far as the site can tell),
    appended to ``contexts`` for the caller to close (or, from ``pool``, to ``pool.release``);
    returns (page, probe). ``touch``: a touch-screen phone (a finger the only pointer, no
    mouse, no keyboard). The device has visited the site before (``returning_visitor``) unless
    ``first_visit``.

    The service worker is blocked unless ``service_workers="allow"``: installing it precaches
    the whole site after the engine is ready, 2 CPU s a page on this 2-core machine (a fifth of
    a page's start) that a test of the game does not need; the worker has its own tests
    (test_pwa.py, test_leaderboard.py's offline card), which allow it. A context from ``pool``
    (a plain returning visitor with the worker blocked: no init script, touch or not) is a
    device whose storage the pool emptied after the test before (``ContextPool``)."""
    poolable = (pool is not None and service_workers == "block" and not init_script
                and not first_visit)
    if poolable:
        ctx = pool.take(touch)
    else:
        ctx = new_device(browser, width, height, service_workers, touch)
        if init_script:
            ctx.add_init_script(init_script)
    contexts.append(ctx)
    if permissions:
        ctx.grant_permissions(permissions)
    page = ctx.new_page()
    page.set_viewport_size({"width": width, "height": height})
    if not first_visit and not (poolable and pool.has_snapshot(ctx, url)):
        returning_visitor(page, url)
        if poolable:
            pool.snapshot_stored(ctx, url)
    probe = PageProbe(page, origin(url))
    page.goto(url)
    if wait_ready:
        wait_until_ready(page)
    return page, probe


def new_device(browser, width: int = 1280, height: int = 800, service_workers: str = "block",
               touch: bool = False):
    """A new browser context, as the tests' devices are made."""
    return browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1,
                               service_workers=service_workers, has_touch=touch, is_mobile=touch)


class ContextPool:
    """One xdist worker's browser contexts, lent to its tests one at a time and kept between
    them (issue 25): a context lent again has the start-up snapshot stored already
    (returning_visitor: 7 MB downloaded, 31 MB unpacked and written), and the HTTP cache holds
    the rest of the site but the 9.6 MB wasm. A page's start and release cost 6.0-7.0 CPU s in
    a context lent again against 7.0-7.8 in a new one (idle machine, 3 starts each, 4 rounds
    alternating). What a test leaves in one is emptied before the next borrows it: its pages
    are closed, and the site's origins lose their cookies, local storage, IndexedDB, service
    workers (DevTools' Storage.clearDataForOrigin), every Cache Storage cache and everything
    in the origin private file system but the snapshot; its permissions and routes go, and it
    is back online. A context whose test
    installed Playwright's fake clock is closed (the clock cannot be taken out), and one that
    cannot be emptied too, with a warning in the run's summary."""

    # Not file_systems: that is the origin private file system, the snapshot's, emptied but
    # for it by _keep_only_the_snapshot.
    CLEARED = ("cookies,indexeddb,local_storage,service_workers,websql,shared_storage,"
               "storage_buckets")

    def __init__(self, browser):
        self.browser = browser
        self.idle: dict[bool, list] = {}
        self.lent: dict = {}          # context -> touch
        self.origins: dict = {}       # context -> the origins its pages asked anything of
        self.stored: set = set()      # (context, site) where returning_visitor stored the snapshot

    def take(self, touch: bool):
        idle = self.idle.setdefault(touch, [])
        ctx = idle.pop() if idle else self._new(touch)
        self.lent[ctx] = touch
        return ctx

    def _new(self, touch: bool):
        ctx = new_device(self.browser, touch=touch)
        self.origins[ctx] = set()
        ctx.on("request", lambda req: self._seen(ctx, req.url))
        return ctx

    def _seen(self, ctx, url: str) -> None:
        if urlsplit(url).scheme in ("http", "https"):
            self.origins[ctx].add(origin(url))

    def has_snapshot(self, ctx, url: str) -> bool:
        """Whether the snapshot of the site at ``url`` is stored in ``ctx`` already (a context
        lent before), so the page can go straight to the site."""
        return (ctx, site_of(url)) in self.stored

    def snapshot_stored(self, ctx, url: str) -> None:
        self.stored.add((ctx, site_of(url)))

    def release(self, ctx) -> None:
        """Take back a context this pool lent (emptied for the next test), or close one it did not."""
        touch = self.lent.pop(ctx, None)
        if touch is None:
            ctx.close()
            return
        try:
            reusable = self._empty(ctx)
        except Exception as err:  # a crashed page or a closed browser: start the next test afresh
            # Said, not silent: a pool that could never empty a context lent none again, and
            # every test paid a new one unnoticed (Chromium 156 refused the way it was emptied).
            warnings.warn(f"a browser context could not be emptied and was closed: {err}", stacklevel=2)
            self._drop(ctx)
            return
        if not reusable:
            self._drop(ctx)
            return
        self.idle[touch].append(ctx)

    def _empty(self, ctx) -> bool:
        """Empty ``ctx`` for the next test; False if it cannot be: a test installed Playwright's
        fake clock (``page.clock`` is the context's, and stays in every later page of it)."""
        # The storage is cleared through the last page left (a new one would cost a renderer),
        # once no page of the site is left to write to it (a save still on its way, say).
        *others, page = ctx.pages or [ctx.new_page()]
        for other in others:
            other.close()
        page.goto("about:blank")
        if page.evaluate("typeof globalThis.__pwClock") != "undefined":
            page.close()
            return False
        ctx.clear_permissions()
        ctx.clear_cookies()
        ctx.unroute_all()
        ctx.set_offline(False)
        try:
            cdp = ctx.new_cdp_session(page)
            for site in self.origins[ctx]:
                cdp.send("Storage.clearDataForOrigin", {"origin": site, "storageTypes": self.CLEARED})
            cdp.detach()
            for site in self.origins[ctx]:
                if not self._keep_only_the_snapshot(page, site):
                    self._forget_snapshots(ctx)   # the next page stores it again
        finally:
            page.close()
        return True

    @staticmethod
    def _keep_only_the_snapshot(page, site: str) -> bool:
        """Delete every Cache Storage cache of ``site`` (an origin) and everything in its origin
        private file system but the snapshot's folder, from a blank page of that origin:
        Chromium answers DevTools' storage calls only for an origin one of the target's frames
        shows ("No frame found for given storage key"), so doing it from about:blank failed and
        every context was closed instead of lent again. Whether the snapshot's folder holds one
        snapshot and nothing else, as storing leaves it (a test that damaged or replaced it
        leaves another: then it is deleted too and stored again)."""
        return evaluate_on_a_blank_page(page, site + "/__context-pool__.html", """async (folder) => {
            for (const name of await caches.keys()) await caches.delete(name);
            const root = await navigator.storage.getDirectory();
            let kept = false;
            const entries = [];
            for await (const entry of root.entries()) entries.push(entry);
            for (const [name, handle] of entries) {
                if (name === folder) {
                    const names = [];
                    for await (const inside of handle.keys()) names.push(inside);
                    if (names.length === 1 && !names[0].includes('.part')) { kept = true; continue; }
                }
                await root.removeEntry(name, {recursive: true});
            }
            return kept; }""", SNAPSHOT_FOLDER)

    def _forget_snapshots(self, ctx) -> None:
        self.stored = {(c, site) for c, site in self.stored if c is not ctx}

    def _drop(self, ctx) -> None:
        self.origins.pop(ctx, None)
        self._forget_snapshots(ctx)
        try:
            ctx.close()
        except Exception:
            pass

    def close(self) -> None:
        for contexts in self.idle.values():
            for ctx in contexts:
                self._drop(ctx)
        self.idle.clear()


def wait_until_ready(page) -> None:
    """Wait for the engine to be ready (html[data-engine=ready]), at most READY_WAIT."""
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_WAIT)


def site_of(url: str) -> str:
    """The site's root that ``url`` is a page of (its folder)."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}{parts.path.rsplit('/', 1)[0]}/"


def evaluate_on_a_blank_page(page, address: str, script: str, arg=None):
    """Open an empty page at ``address`` (answered by the test, never the server) and evaluate
    ``script`` with ``arg`` in it: script of the site's origin, without the site's page."""
    page.route(address, lambda route: route.fulfill(body="<!doctype html><title>.</title>",
                                                    content_type="text/html"))
    try:
        page.goto(address)
        return page.evaluate(script, arg)
    finally:
        page.unroute(address)


def returning_visitor(page, url: str) -> None:
    """Store the start-up snapshot in the page's fresh context, as a first visit leaves it
    (the site's own web/snapshot.mjs storeSnapshot, run from a blank page of the site's
    origin), so that ``url`` restores Python instead of starting it. A new context is a new
    device: without this every test paid a fresh start, and the snapshot stored after it,
    again (on this 2-core machine under load: 7-9 s to ready, against 4-5 s with the storing
    included). The first visit itself is tested where it is the point (first_visit=True,
    test_boot.py, test_pwa.py, the embeds).

    storeSnapshot, like a first visit, stores nothing while the browser says it is offline, and
    a Chromium started a moment ago may not know yet that it is online: Chromium 156.0.8078.114,
    in the online tests' loopback-only namespace, says navigator.onLine false for about its
    first second. So the script waits (at most 10 s) until the browser knows."""
    site = site_of(url)
    stored, online = evaluate_on_a_blank_page(page, site + "__returning-visitor__.html", """async (module) => {
        for (let i = 0; !navigator.onLine && i < 200; i++) await new Promise((r) => setTimeout(r, 50));
        await (await import(module)).storeSnapshot();
        return [(await (%s)()).length, navigator.onLine]; }""" % SNAPSHOT_NAMES, site + "web/snapshot.mjs")
    assert stored == 1, f"the start-up snapshot was not stored (navigator.onLine: {online})"
