"""Take-backs against bots as lichess allows them (issue 55, docs/rulings/take-backs.md T1-T6),
through the page by clicking: the bots reply at their pace, nothing holds them back; on your
next turn, after their reply, Undo (and Ctrl+Z) takes your move back with their replies; the
end screen and the score card say how many take-backs were used. Hot-seat keeps the strict rule
(e2e/test_history.py: the hand-over screen)."""
from __future__ import annotations

from helpers_menu import start_from_menu
from helpers_play import aq_build, aq_turn_or_over, log_lines, ww_turn

HAND_READY = ".ww-hand:not(.inactive) .ww-card[data-card-id]"
UNDO = ".frame-history [data-act=undo]:not([hidden])"
OVER = "dialog[data-testid=gameover][open]"
SPOUT = "[data-testid=act-spout][aria-disabled=false]"
GID = "document.documentElement.dataset.gameId"


def state(page, player=None):
    ask = "{id: %s}" % GID if player is None else "{id: %s, player: %d}" % (GID, player)
    return page.evaluate(f"async () => (await window.PipesAndDucks.state({ask})).result")


def record_moves(page):
    return page.evaluate(f"async () => (await window.PipesAndDucks.record({{id: {GID}}})).result.moves")


def no_errors(probe):
    real = [e for e in probe.errors if "sw.js" not in e and "404" not in e]
    assert real == [], real


def your_turn_after(page, count):
    """Your next turn, once more than ``count`` moves stand (your move and the bot's reply),
    or the end of the game."""
    page.wait_for_function(f"""async (n) => {{
        const s = (await window.PipesAndDucks.state({{id: {GID}}})).result;
        return s.over || (s.moveCount > n + 1 && s.toAct.includes(0)); }}""", arg=count, polling=200, timeout=30_000)
    if not state(page)["over"]:
        page.wait_for_selector(HAND_READY, timeout=20_000)


def log_has(page, line, times=1):
    page.wait_for_function(
        "([line, n]) => [...document.querySelectorAll('.frame-log-list li')].filter(li => li.textContent === line).length >= n",
        arg=[line, times], timeout=20_000)


def test_a_move_is_taken_back_after_the_bots_reply_and_the_count_is_on_the_end_screen(open_page):
    page, probe = open_page()
    # a short game: six pipes win, and the game ends when the draw pile runs out
    start_from_menu(page, "waterworks", 2, ["human", "bot:greedy"], ["You", "Bo"],
                    {"first_player": "1", "target": "6", "draw_out": "end"}, speed="fast", seed=26)
    page.wait_for_selector(HAND_READY, timeout=20_000)
    before = state(page, 0)
    assert page.locator(UNDO).count() == 0, "nothing to take back before the first move"
    ww_turn(page)
    # the bot replies at its pace, its draw deals you a card, and your next turn is shown
    your_turn_after(page, 0)
    shown = state(page, 0)
    assert shown["moveCount"] == 2 and len(shown["view"]["hand"]) == len(before["view"]["hand"])
    page.wait_for_selector(UNDO, timeout=10_000)
    assert "will not be ranked" in page.get_attribute(UNDO, "title")
    page.click(UNDO)
    log_has(page, "You took back 2 moves, after seeing a new card.")
    page.wait_for_selector(HAND_READY, timeout=20_000)
    back = state(page, 0)
    assert back["moveCount"] == 0 and back["legal"] == before["legal"]
    assert back["view"]["hand"] == before["view"]["hand"]
    # again, with Ctrl+Z: the same move brings the same reply (the bot's seeded stream, T3)
    ww_turn(page)
    your_turn_after(page, 0)
    assert state(page, 0)["view"] == shown["view"]
    page.wait_for_selector(UNDO, timeout=10_000)
    page.keyboard.press("Control+z")
    log_has(page, "You took back 2 moves, after seeing a new card.", times=2)
    page.wait_for_selector(HAND_READY, timeout=20_000)
    moves = record_moves(page)
    assert [m.get("undo") for m in moves] == [None, None, 2, None, None, 2]
    assert moves[2] == {"player": 0, "undo": 2, "bots": [1]}
    # the game goes on to its end
    for _ in range(120):
        page.wait_for_selector(f"{HAND_READY}, {SPOUT}, {OVER}", timeout=30_000)
        if page.locator(OVER).count():
            break
        n = state(page)["moveCount"]
        if page.locator(SPOUT).count():
            page.click(SPOUT)
        else:
            ww_turn(page)
        page.wait_for_function(f"""async (n) => (await window.PipesAndDucks.state({{id: {GID}}})).result.moveCount > n""",
                               arg=n, polling=200, timeout=30_000)
    page.wait_for_selector(OVER, timeout=30_000)
    story = page.locator(f"{OVER} [data-testid=story-takebacks]")
    story.wait_for(timeout=20_000)
    assert story.inner_text() == "2 take-backs, all after seeing a new card, so the score is not ranked."
    page.click(f"{OVER} button:has-text('Share your score')")
    card = page.locator("[data-testid=score-card-dialog] [data-testid=score-takebacks]")
    card.wait_for(timeout=20_000)
    assert card.inner_text() == "2 take-backs · not ranked"
    assert page.locator("[data-testid=score-card-dialog] [data-testid=score-unranked]").is_visible()
    no_errors(probe)


def test_an_aqueducks_build_is_taken_back_after_the_bot_built_too(open_page):
    """The bot hands its build in after yours, which reveals the round (both cities change):
    on your next decision Undo takes back both, and the bot builds the same again (T2, T3)."""
    page, probe = open_page()
    start_from_menu(page, "aqueducks", 2, ["human", "bot:greedy"], ["You", "Bo"], speed="fast", seed=2026)
    assert aq_turn_or_over(page) == "build"
    before = state(page, 0)
    aq_build(page)
    page.wait_for_function(f"""async (n) => {{
        const s = (await window.PipesAndDucks.state({{id: {GID}}})).result;
        return s.moveCount >= n + 2 && s.toAct.includes(0); }}""", arg=before["moveCount"], polling=200, timeout=30_000)
    aq_turn_or_over(page)
    built = record_moves(page)[before["moveCount"]:before["moveCount"] + 2]
    assert [m["player"] for m in built] == [0, 1]
    page.click(UNDO, timeout=10_000)
    page.wait_for_function("() => [...document.querySelectorAll('.frame-log-list li')].some(li => /^You took back \\d+ moves?, after seeing a new card\\.$/.test(li.textContent))",
                           timeout=20_000)
    assert aq_turn_or_over(page) == "build"
    assert state(page, 0)["legal"] == before["legal"], "your build is owed again"
    aq_build(page)
    page.wait_for_function(f"""async (n) => (await window.PipesAndDucks.record({{id: {GID}}})).result.moves
        .filter((m) => m.move).length >= n + 4""", arg=before["moveCount"], polling=200, timeout=30_000)
    again = [m for m in record_moves(page) if "move" in m][before["moveCount"] + 2:before["moveCount"] + 4]
    assert again == built, "the same build brings the bot's same build"
    assert any(line.startswith("You took back") for line in log_lines(page))
    no_errors(probe)
