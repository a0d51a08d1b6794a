"""Offline app: after one visit the built site (under a sub-path) boots and plays offline,
the manifest passes Chromium's installability check, and an update never breaks a game."""
from __future__ import annotations

import shutil
import subprocess
import threading
from collections import Counter

from helpers_menu import start_from_menu
from helpers_browser import CHROMIUM_ARGS, chromium_for_tests
from serve import HASHED, make_server
from helpers_pwa import (GAME_NAMES, ROOT, SUBPATH, serve_folder, dist_root, dist_url,  # noqa: F401
                         new_game, play_some, wait_until_ready)


def _visit_and_cache(browser, url):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    wait_until_ready(page)
    # The worker is active once every file is precached.
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope.endswith(SUBPATH)
    return ctx, page, errors


def test_plays_offline_after_one_visit(browser, dist_url, dist_root):
    ctx, page, errors = _visit_and_cache(browser, dist_url)
    ctx.set_offline(True)
    page.reload()
    wait_until_ready(page)
    assert page.evaluate("!!navigator.serviceWorker.controller")
    assert page.evaluate("navigator.onLine") is False
    for game in GAME_NAMES:
        created = new_game(page, game, 2)
        moves = play_some(page, created["id"], 6)
        assert moves >= 1
        # Through the menu and the game screen: two bots play while the network is off.
        start_from_menu(page, game, 2, ["bot:random", "bot:random"])
        page.wait_for_selector(f"html[data-screen={game}]", state="attached")
        page.wait_for_function(
            """g => Object.keys(localStorage).some(k => k.startsWith('pnd.save.')
                && JSON.parse(localStorage.getItem(k)).game === g
                && JSON.parse(localStorage.getItem(k)).moveCount >= 3)""",
            arg=game, timeout=30_000)
        page.click("#game [data-act=menu]")
        page.wait_for_selector("html[data-screen=menu]", state="attached")
    # The embed page is precached too, whatever its query string.
    embed = ctx.new_page()
    embed.goto(dist_url + "embed.html?game=aqueducks&players=3&autostart=1")
    wait_until_ready(embed)
    assert errors == []
    ctx.close()


def test_a_first_visit_downloads_each_file_once(browser, dist_root):
    """The page fetches its own modules, styles and data; the service worker then precaches
    them. A file whose address has no content hash was fetched again past the HTTP cache
    (Workbox's cache: 'reload'): 0.5 MB of a first visit sent twice. It is revalidated now, so
    the server sends each such file's body once. (The big hashed runtime files are left out
    here: an in-memory browser context's HTTP cache is too small to keep the wasm;
    `make bench` counts them in on-disk profiles.)"""
    sent = Counter()
    server = make_server(str(dist_root), 0, SUBPATH, on_sent=lambda path, n: sent.update([path.split("?")[0]]))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(f"http://localhost:{server.server_address[1]}{SUBPATH}")
        wait_until_ready(page)
        page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")   # all precached
        precached = [p for p in sent if p.endswith((".js", ".css", ".json", ".svg"))]
        assert len(precached) > 20, sent      # the page's own files were served and counted
        twice = {p: n for p, n in sent.items() if n > 1 and not HASHED.search(p) and "snapshot" not in p}
        assert twice == {}
    finally:
        ctx.close()
        server.shutdown()


def test_manifest_is_installable(browser, dist_url, tmp_path):
    # Installability is never granted in an incognito profile: use a real (temporary) one.
    ctx = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=chromium_for_tests(), args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.goto(dist_url)
    wait_until_ready(page)
    page.evaluate("navigator.serviceWorker.ready")
    manifest = page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())")
    assert manifest["display"] == "standalone"
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    cdp = ctx.new_cdp_session(page)
    result = cdp.send("Page.getInstallabilityErrors")
    assert result["installabilityErrors"] == [], result
    ctx.close()


def test_update_waits_for_the_game_then_applies_on_request(browser, tmp_path, dist_root, artifacts):
    """A new build is offered, not forced: the page keeps running until asked."""
    site = tmp_path / "site"
    shutil.copytree(dist_root, site)
    server, url = serve_folder(site, SUBPATH)
    try:
        ctx, page, errors = _visit_and_cache(browser, url)
        page.reload()
        wait_until_ready(page)
        assert page.evaluate("!!navigator.serviceWorker.controller")
        # A game in progress (marked as the screen on show, as the app does).
        created = new_game(page, "waterworks", 2)
        play_some(page, created["id"], 2)
        page.evaluate("document.documentElement.dataset.screen = 'waterworks'")
        page.evaluate("window.__samePage = true")
        # Publish a new version: change a file, regenerate the worker.
        # (a file the page loads: the service worker precaches what the pages load)
        page_file = site / "index.html"
        page_file.write_text(page_file.read_text() + "\n<!-- new version -->\n")
        subprocess.run(["node", str(ROOT / "tools" / "sw.mjs"), str(site)], check=True,
                       cwd=ROOT, capture_output=True)
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_selector("#update-banner:not([hidden])", timeout=30_000)
        assert "back to the menu" in page.inner_text("#update-banner")
        # Nothing was reloaded under the game.
        page.wait_for_timeout(500)
        assert page.evaluate("window.__samePage") is True
        assert page.evaluate(f"async () => (await PipesAndDucks.state({{id: '{created['id']}'}})).ok")
        # Leaving the game ("between games") applies it: one reload onto the new version.
        with page.expect_navigation():
            page.evaluate("document.documentElement.dataset.screen = 'menu'")
        wait_until_ready(page)
        assert page.evaluate("window.__samePage") is None
        assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => !r.waiting)")

        # On request, mid-game: the reload reopens the autosaved game where it was.
        start_from_menu(page, "waterworks", 2, ["bot:random", "bot:random"], speed=None)
        page.wait_for_function("""() => Object.keys(localStorage).some(k => k.startsWith('pnd.save.')
            && JSON.parse(localStorage.getItem(k)).moveCount >= 2)""", timeout=30_000)
        page_file.write_text(page_file.read_text() + "\n<!-- a third version -->\n")
        subprocess.run(["node", str(ROOT / "tools" / "sw.mjs"), str(site)], check=True,
                       cwd=ROOT, capture_output=True)
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_selector("#update-banner:not([hidden])", timeout=30_000)
        assert page.get_attribute("html", "data-screen") == "waterworks"
        page.screenshot(path=str(artifacts / "update-banner-in-game.png"))
        with page.expect_navigation():
            page.click("[data-testid=update-now]")
        wait_until_ready(page)
        page.wait_for_selector("html[data-screen=waterworks][data-game-id]", state="attached",
                               timeout=20_000)
        saved = page.evaluate("""Math.max(...Object.keys(localStorage).filter(k => k.startsWith('pnd.save.'))
            .map(k => JSON.parse(localStorage.getItem(k)).moveCount))""")
        game_id = page.get_attribute("html", "data-game-id")
        assert page.evaluate(f"async () => (await PipesAndDucks.state({{id: '{game_id}'}})).result.moveCount") >= min(saved, 2)
        assert errors == []
        ctx.close()
    finally:
        server.shutdown()
