"""Embed mode: a page on another origin embeds a game in an <iframe>; the game starts and
plays there, and the host page hears the documented postMessage events."""
from __future__ import annotations

import pytest

from helpers_host import serve_blog, wait_embed_ready, write_blog
from helpers_pwa import dist_root, dist_url  # noqa: F401
from helpers_browser import READY_WAIT


@pytest.fixture
def host(tmp_path, dist_url):
    """host(query, width) -> (page, frame): a blog page on a second localhost origin."""
    servers, contexts = [], []

    def _host(browser, query: str, width: int = 760):
        server, url = serve_blog(tmp_path, f"{dist_url}embed.html?{query}", width)
        servers.append(server)
        assert url.split("/")[2] != dist_url.split("/")[2], "the host must be another origin"
        ctx = browser.new_context(viewport={"width": max(width + 40, 375), "height": 900})
        contexts.append(ctx)
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
        frame = page.frame_locator("#game")
        wait_embed_ready(page)
        return page, frame, errors

    yield _host
    for ctx in contexts:
        ctx.close()
    for server in servers:
        server.shutdown()


# Play starts Python afresh in the frame (a first visit): as long as conftest waits for ready,
# since under make test's parallel workers on a loaded 2-core machine it took over 20 s.
START_MS = 60_000


def events(page, kind):
    return page.evaluate(f"window.events.filter(e => e.type === '{kind}')")


def test_embedded_waterworks_plays_to_the_end_and_tells_the_host(browser, host, dist_url, dist_root, artifacts):
    page, frame, errors = host(browser, "game=waterworks&players=2&seats=easy,easy&names=Ann,Bo&speed=fast")
    origin = "/".join(dist_url.split("/")[:3])
    assert events(page, "ready")[0]["origin"] == origin
    frame.locator("#embed-play").click()
    page.wait_for_function("window.events.some(e => e.type === 'started')", timeout=START_MS)
    started = events(page, "started")[0]
    assert started["game"] == "waterworks" and started["players"] == 2 and started["version"] == 1
    assert [s["name"] for s in started["seats"]] == ["Ann", "Bo"]
    # the embed's own speed menu, at Instant: what is checked is the events of a whole game
    frame.locator("#frame-speed").select_option("instant")
    page.wait_for_function("window.events.some(e => e.type === 'move')", timeout=30_000)
    page.wait_for_function("window.events.some(e => e.type === 'over')", timeout=240_000)
    over = events(page, "over")[0]
    assert over["game"] == "waterworks" and over["result"] is not None and over["moveCount"] > 0
    assert len(events(page, "move")) == over["moveCount"]
    page.screenshot(path=str(artifacts / "embed-waterworks-over.png"))
    assert errors == []


def test_an_embed_costs_little_until_the_reader_plays(browser, host, dist_url):
    """Before Play: the preview only (under 300 KB), no engine worker, no service worker."""
    page, frame, errors = host(browser, "game=waterworks&players=2")
    frame_el = page.frame(url=lambda u: "embed.html" in u)
    frame_el.wait_for_timeout(1500)   # anything the frame would start on its own has begun
    before = frame_el.evaluate("""async () => ({
        bytes: performance.getEntriesByType('resource').reduce((n, e) => n + e.transferSize, 0)
               + performance.getEntriesByType('navigation')[0].transferSize,
        names: performance.getEntriesByType('resource').map((e) => e.name),
        engine: document.documentElement.dataset.engine,
        sw: !!(await navigator.serviceWorker.getRegistration()),
    })""")
    assert before["engine"] == "idle" and before["sw"] is False
    assert not [n for n in before["names"] if "/vendor/" in n or "worker" in n], before["names"]
    assert before["bytes"] < 300_000, before
    frame.locator("#embed-play").click()
    frame.locator("html[data-engine=ready]").wait_for(state="attached", timeout=READY_WAIT)
    page.wait_for_function("window.events.some(e => e.type === 'started')", timeout=START_MS)
    assert errors == []


def test_embed_fits_a_320px_column(browser, host, dist_root, artifacts):
    page, frame, errors = host(browser, "game=aqueducks&players=3&seats=human,normal,easy", width=320)
    frame_el = page.frame(url=lambda u: "embed.html" in u)
    assert frame_el.evaluate("document.documentElement.scrollWidth") <= 320
    assert frame.locator("#embed-game-title").inner_text() == "Aqueducks"
    assert frame.locator("#embed-seats li").count() == 3
    page.screenshot(path=str(artifacts / "embed-320-start.png"))
    frame.locator("#embed-play").click()
    page.wait_for_function("window.events.some(e => e.type === 'started')", timeout=START_MS)
    assert events(page, "started")[0]["players"] == 3
    frame.locator("#game .frame").wait_for(timeout=20_000)
    page.screenshot(path=str(artifacts / "embed-320-aqueducks.png"))
    assert errors == []


def test_a_frame_sandboxed_without_an_origin_says_why_it_cannot_play(browser, tmp_path, dist_url):
    """<iframe sandbox="allow-scripts"> gives the frame no origin ('null'): the browser refuses
    it the game's modules, storage and engine. It says so in a sentence, on its preview and as
    the documented `error` event, with what the host should add; with that added it plays.
    (Before: the preview stayed as it was, with no event and no message.)"""
    src = f"{dist_url}embed.html?game=waterworks&players=2&seats=easy,easy"
    server, url = serve_blog(tmp_path, src, sandbox="allow-scripts")
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_function("() => window.events.some(e => e.type === 'error')", timeout=30_000)
        error = events(page, "error")[0]
        assert error["origin"] == "null" and error["version"] == 1
        assert "sandbox" in error["message"] and "allow-same-origin" in error["message"]
        assert not events(page, "ready")
        frame = page.frame_locator("#game")
        assert frame.locator("#embed-message").inner_text() == error["message"]
        assert frame.locator("#embed-play").is_hidden()
        # what the sentence asks the host to add is enough
        write_blog(tmp_path, src, sandbox="allow-scripts allow-same-origin")
        page.goto(url)
        wait_embed_ready(page)
        page.frame_locator("#game").locator("#embed-play").click()
        page.wait_for_function("() => window.events.some(e => e.type === 'started')", timeout=90_000)
        assert not events(page, "error")
    finally:
        ctx.close()
        server.shutdown()
