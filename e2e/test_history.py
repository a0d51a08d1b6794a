"""Take-backs, the timeline, replays, shared links and the end-of-game story, in the page
(issue 18). Moves go through clicks; the engine is only read to check outcomes."""
from __future__ import annotations

from helpers_menu import start_from_menu

HAND_READY = ".ww-hand:not(.inactive) .ww-card[data-card-id]"
UNDO = ".frame-history [data-act=undo]:not([hidden])"


def engine_state(page, player=0):
    return page.evaluate("""async (p) => (await window.PipesAndDucks.state(
        {id: document.documentElement.dataset.gameId, player: p})).result""", player)


def log_lines(page):
    return page.evaluate("() => [...document.querySelectorAll('.frame-log-list li')].map(li => li.textContent)")


def no_errors(probe):
    real = [e for e in probe.errors if "sw.js" not in e and "404" not in e]
    assert real == [], real


def test_undo_a_misplaced_pipe_against_a_bot(open_page, base_url):
    # A thinking bot (4 s a decision) leaves time to take the play back before it replies.
    page, probe = open_page(base_url + "?think=4000")
    start_from_menu(page, "waterworks", 2, ["human", "bot:hard"], ["You", "Bo"], {"first_player": "1"},
                    speed="fast")
    page.wait_for_selector(HAND_READY, timeout=20_000)
    assert page.locator(UNDO).count() == 0, "nothing to take back before the first move"
    before = engine_state(page)
    hand = sorted(c["id"] for c in before["view"]["hand"])
    lay = next(m for m in before["legal"] if m["type"] == "lay" and not m.get("turned"))
    page.click(f".ww-card[data-card-id='{lay['card']}']")
    page.locator(".ww-spot").first.click()
    page.wait_for_selector(UNDO, timeout=10_000)
    page.click(UNDO)
    page.wait_for_function("() => [...document.querySelectorAll('.frame-log-list li')].some(li => li.textContent === 'You took back 1 move.')")
    page.wait_for_selector(HAND_READY, timeout=20_000)
    after = engine_state(page)
    assert after["moveCount"] == 0
    assert sorted(c["id"] for c in after["view"]["hand"]) == hand
    assert after["legal"] == before["legal"]
    assert page.locator(UNDO).count() == 0
    # the game goes on from there: play again, and the bot replies to the new position
    page.click(f".ww-card[data-card-id='{lay['card']}']")
    page.locator(".ww-spot").last.click()
    page.wait_for_function("""async () => (await window.PipesAndDucks.state(
        {id: document.documentElement.dataset.gameId})).result.moveCount >= 2""", timeout=30_000)
    rec = page.evaluate("""async () => (await window.PipesAndDucks.record(
        {id: document.documentElement.dataset.gameId})).result.moves""")
    assert rec[1] == {"player": 0, "undo": 1, "bots": [1]}
    no_errors(probe)


HANDOFF = "dialog[data-testid=handoff][open]"


def aq_build(page, last=False):
    page.locator("[data-testid=hand] [data-card-id]:not([aria-disabled=true])").first.click()
    page.locator("[data-testid=hand] [data-card-id]:not([aria-disabled=true])[aria-pressed=false]").first.click()
    spots = page.locator("[data-testid^=place-][data-legal=true]")
    (spots.last if last else spots.first).click()
    page.click("[data-testid=confirm-build]")


def record_moves(page):
    return page.evaluate("""async () => (await window.PipesAndDucks.record(
        {id: document.documentElement.dataset.gameId})).result.moves""")


def test_change_a_simultaneous_build_before_the_reveal(open_page):
    """Two people on one device: Ann's build is sealed until Bo has chosen, so the hand-over
    screen offers to take it back; she then builds elsewhere."""
    page, probe = open_page()
    start_from_menu(page, "aqueducks", 2, ["human", "human"], ["Ann", "Bo"], speed="fast")
    page.click(f"{HANDOFF} button:has-text('I am Ann')")
    page.wait_for_selector(".aq[data-turn=build]", timeout=30_000)
    snap = engine_state(page)
    aq_build(page)
    page.wait_for_selector(f"{HANDOFF} button:has-text('Undo Ann’s move')", timeout=10_000)
    page.click(f"{HANDOFF} button:has-text('Undo Ann’s move')")
    page.wait_for_function("() => [...document.querySelectorAll('.frame-log-list li')].some(li => li.textContent === 'Ann took back 1 move.')",
                           timeout=20_000)
    assert engine_state(page)["legal"] == snap["legal"], "Ann owes her choice again"
    # the same hand-over screen, now without the offer (nothing left to take back)
    page.wait_for_selector(f"{HANDOFF} button:has-text('I am Bo')")
    assert page.locator(f"{HANDOFF} button:has-text('Undo')").count() == 0
    page.click(f"{HANDOFF} button:has-text('I am Bo')")
    page.wait_for_selector(".aq[data-turn=build]", timeout=30_000)
    aq_build(page)
    page.click(f"{HANDOFF} button:has-text('I am Ann')")
    page.wait_for_selector(".aq[data-turn=build]", timeout=30_000)
    aq_build(page, last=True)   # a build somewhere else this time
    page.wait_for_function("""async () => (await window.PipesAndDucks.record(
        {id: document.documentElement.dataset.gameId})).result.moves.length >= 4""", timeout=30_000)
    moves = record_moves(page)
    assert moves[1] == {"player": 0, "undo": 1, "bots": []}
    assert moves[0]["player"] == 0 and moves[3]["player"] == 0 and moves[0]["move"] != moves[3]["move"]
    no_errors(probe)
