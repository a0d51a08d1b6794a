"""Take-backs, the timeline, replays, shared links and the end-of-game story, in the page
(issue 18). Moves go through clicks; the engine is only read to check outcomes."""
from __future__ import annotations

import re

import pytest

from helpers_menu import start_from_menu
from helpers_play import aq_build, log_lines
from helpers_browser import wait_until_ready

HAND_READY = ".ww-hand:not(.inactive) .ww-card[data-card-id]"
UNDO = ".frame-history [data-act=undo]:not([hidden])"


def engine_state(page, player=0):
    return page.evaluate("""async (p) => (await window.PipesAndDucks.state(
        {id: document.documentElement.dataset.gameId, player: p})).result""", player)


def no_errors(probe):
    real = [e for e in probe.errors if "sw.js" not in e and "404" not in e]
    assert real == [], real


def first_move(legal):
    """A card the deal lets the player lay (upright if it can), else one to throw away: the
    opening hand decides, and some hands fit the valve only with a card turned round."""
    lays = [m for m in legal if m["type"] == "lay"]
    upright = [m for m in lays if not m.get("turned")]
    if upright or lays:
        return (upright or lays)[0]
    return next(m for m in legal if m["type"] == "discard")


def make_move(page, move, first=True):
    """Play ``move``'s card through the page: picked, turned if the move is turned, then laid on
    the first (or last) spot the page offers, or thrown away."""
    page.click(f".ww-card[data-card-id='{move['card']}']")
    if move["type"] == "discard":
        page.click("[data-testid=act-discard]")
        return
    if move.get("turned"):
        page.click("[data-testid=act-turn]")
    spots = page.locator(".ww-spot")
    (spots.first if first else spots.last).click()


def test_undo_a_misplaced_pipe_against_a_bot(open_page, base_url):
    # A thinking bot (4 s a decision) leaves time to take the play back before it replies.
    page, probe = open_page(base_url + "?think=4000")
    start_from_menu(page, "waterworks", 2, ["human", "bot:hard"], ["You", "Bo"], {"first_player": "1"},
                    speed="fast")
    page.wait_for_selector(HAND_READY, timeout=20_000)
    assert page.locator(UNDO).count() == 0, "nothing to take back before the first move"
    before = engine_state(page)
    hand = sorted(c["id"] for c in before["view"]["hand"])
    move = first_move(before["legal"])
    make_move(page, move, first=True)
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
    make_move(page, move, first=False)
    page.wait_for_function("""async () => (await window.PipesAndDucks.state(
        {id: document.documentElement.dataset.gameId})).result.moveCount >= 2""", timeout=30_000)
    rec = page.evaluate("""async () => (await window.PipesAndDucks.record(
        {id: document.documentElement.dataset.gameId})).result.moves""")
    assert rec[1] == {"player": 0, "undo": 1, "bots": [1]}
    no_errors(probe)


HANDOFF = "dialog[data-testid=handoff][open]"


def record_moves(page):
    return page.evaluate("""async () => (await window.PipesAndDucks.record(
        {id: document.documentElement.dataset.gameId})).result.moves""")


def test_undo_on_the_hand_over_screen_gives_the_turn_back(open_page):
    """Issue 26, item 1: two people on one device; Ann plays, then takes it back on the
    hand-over screen. The device is still hers: her turn comes back (it was a dead end: "Pass
    to Ben" again, and Ben's hand with nothing to do). She plays again, and Ben then plays."""
    page, probe = open_page()
    start_from_menu(page, "waterworks", 2, ["human", "human"], ["Ann", "Ben"], {"first_player": "1"},
                    seed=26)
    page.click(f"{HANDOFF} button:has-text('I am Ann')")
    page.wait_for_selector(HAND_READY, timeout=20_000)
    before = engine_state(page, 0)
    move = first_move(before["legal"])
    make_move(page, move)
    page.click(f"{HANDOFF} button:has-text('Undo Ann’s move')", timeout=10_000)
    page.wait_for_function("() => [...document.querySelectorAll('.frame-log-list li')].some(li => li.textContent === 'Ann took back 1 move.')",
                           timeout=20_000)
    page.wait_for_selector(HAND_READY, timeout=20_000)
    assert page.locator(HANDOFF).count() == 0, "the device stays with Ann: no hand-over"
    assert "Ann" in page.inner_text("[data-testid=status]")
    assert hand_on_screen(page) == sorted(c["id"] for c in before["view"]["hand"])
    make_move(page, move, first=False)
    page.click(f"{HANDOFF} button:has-text('I am Ben')", timeout=10_000)
    page.wait_for_selector(HAND_READY, timeout=20_000)
    ben = engine_state(page, 1)
    assert ben["toAct"] == [1] and ben["legal"], "Ben has his turn"
    make_move(page, first_move(ben["legal"]))
    page.wait_for_selector(f"{HANDOFF} button:has-text('I am Ann')", timeout=10_000)
    moves = record_moves(page)
    assert [m.get("undo") for m in moves] == [None, 1, None, None]
    assert [m["player"] for m in moves] == [0, 0, 0, 1]
    no_errors(probe)


def test_the_log_tells_a_take_back_the_same_after_a_reload_and_in_the_replay(open_page, browser):
    """Issue 26, item 6: the log showed "Ann took back 1 move." and the move taken back; after
    a reload both were gone while the end table counted the take-back. The log is the
    record's story (docs/rulings/take-backs.md T5): the same lines after a reload, and in the
    replay a shared link opens in another browser."""
    page, probe = open_page()
    start_from_menu(page, "waterworks", 2, ["human", "human"], ["Ann", "Ben"], {"first_player": "1"},
                    seed=26)
    page.click(f"{HANDOFF} button:has-text('I am Ann')")
    page.wait_for_selector(HAND_READY, timeout=20_000)
    move = first_move(engine_state(page, 0)["legal"])
    make_move(page, move)
    page.click(f"{HANDOFF} button:has-text('Undo Ann’s move')", timeout=10_000)
    page.wait_for_selector(HAND_READY, timeout=20_000)
    make_move(page, move, first=False)
    page.click(f"{HANDOFF} button:has-text('I am Ben')", timeout=10_000)
    page.wait_for_selector(HAND_READY, timeout=20_000)
    make_move(page, first_move(engine_state(page, 1)["legal"]))
    page.wait_for_selector(f"{HANDOFF} button:has-text('I am Ann')", timeout=10_000)
    live = log_lines(page)
    assert "Ann took back 1 move." in live and len(live) >= 4
    page.wait_for_function("""(n) => Object.keys(localStorage).some(k => k.startsWith('pnd.save.')
        && JSON.parse(localStorage.getItem(k)).moveCount >= n)""", arg=2)
    page.reload()
    page.wait_for_selector("html[data-screen=waterworks][data-game-id]", state="attached", timeout=60_000)
    page.wait_for_function("(n) => document.querySelectorAll('.frame-log-list li').length >= n", arg=len(live))
    assert log_lines(page) == live
    # a finished game with a take-back, shared by link: the replay's log tells it too
    record = finished_record("waterworks", 2, 5, take_back=True)
    assert record["moves"][1]["undo"] == 1
    first = record["moves"][0]["player"]
    page.click(f"{HANDOFF} button:has-text('I am Ann')")
    page.click("#game [data-act=menu]")
    link = share_from_saved_games(page, record, ["Ann", "Bo"])
    other, probe2 = open_page(link)
    other.wait_for_selector("[data-testid=timeline]:not([hidden])", timeout=30_000)
    other.click("[data-tl=live]")   # the replay's log is the finished game's, shown at its end
    told = f"{['Ann', 'Bo'][first]} took back 1 move."
    other.wait_for_function("(t) => [...document.querySelectorAll('.frame-log-list li')].some(li => li.textContent === t)",
                            arg=told, timeout=30_000)
    lines = log_lines(other)
    assert lines.count(told) == 1 and lines.index(told) >= 1, lines[:4]   # after the move it took back
    no_errors(probe)
    no_errors(probe2)


def test_change_a_simultaneous_build_before_the_reveal(open_page):
    """Two people on one device: Ann's build is sealed until Bo has chosen, so the hand-over
    screen offers to take it back; the device stays hers and she builds elsewhere."""
    page, probe = open_page()
    # a seeded deal: Ann's first and last places must be two builds (a hand with nothing to
    # build would pass, and one place would be both)
    start_from_menu(page, "aqueducks", 2, ["human", "human"], ["Ann", "Bo"], speed="fast", seed=2026)
    page.click(f"{HANDOFF} button:has-text('I am Ann')")
    page.wait_for_selector(".aq[data-turn=build]", timeout=30_000)
    snap = engine_state(page)
    aq_build(page)
    page.wait_for_selector(f"{HANDOFF} button:has-text('Undo Ann’s move')", timeout=10_000)
    page.click(f"{HANDOFF} button:has-text('Undo Ann’s move')")
    page.wait_for_function("() => [...document.querySelectorAll('.frame-log-list li')].some(li => li.textContent === 'Ann took back 1 move.')",
                           timeout=20_000)
    assert engine_state(page)["legal"] == snap["legal"], "Ann owes her choice again"
    # her turn again, without a hand-over: the device never left her
    page.wait_for_selector(".aq[data-turn=build]", timeout=30_000)
    assert page.locator(HANDOFF).count() == 0
    aq_build(page, last=True)   # a build somewhere else this time
    page.click(f"{HANDOFF} button:has-text('I am Bo')")
    page.wait_for_selector(".aq[data-turn=build]", timeout=30_000)
    aq_build(page)
    page.wait_for_function("""async () => (await window.PipesAndDucks.record(
        {id: document.documentElement.dataset.gameId})).result.moves.length >= 4""", timeout=30_000)
    moves = record_moves(page)
    assert moves[1] == {"player": 0, "undo": 1, "bots": []}
    assert moves[0]["player"] == 0 and moves[2]["player"] == 0 and moves[0]["move"] != moves[2]["move"]
    assert moves[3]["player"] == 1
    no_errors(probe)


def finished_record(game_name, players, seed, take_back=False):
    """A whole game between greedy bots, played by the engine in this process (the page's own
    engine would take several times as long): its record, as the page's record() gives it.
    ``take_back``: the first mover takes back their first move, then makes it again."""
    import importlib
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
    from gamecore import Rng
    from gamecore import undo
    engine = importlib.import_module(game_name)
    game = engine.GAME.new({"players": players}, seed)
    if take_back:
        p = game.to_act()[0]
        game.apply(p, engine.BOTS["greedy"](game, p, Rng(game.seed).fork(p + 1)))
        game, _ = undo.undo(game, p, frozenset(range(players)) - {p})
    while not game.is_over:
        for p in game.to_act():
            rng = Rng(game.seed).fork(len(game.log) * 8 + p + 1)   # as the service's botMove
            game.apply(p, engine.BOTS["greedy"](game, p, rng))
            if game.is_over:
                break
    return game.record()


def saved_game_file(record, names):
    import json
    seats = [{"name": n, "controller": "human" if i == 0 else "bot:greedy"} for i, n in enumerate(names)]
    return json.dumps({"format": "pipes-and-ducks/saved-game", "version": 1, "id": "shared-1",
                       "game": record["game"], "title": "x", "players": len(names), "seats": seats,
                       "moveCount": 0, "over": True, "result": None, "createdAt": "2026-01-01T00:00:00Z",
                       "updatedAt": "2026-01-01T00:00:00Z", "record": record})


def share_from_saved_games(page, record, names):
    page.set_input_files("#import-file", files=[{"name": "game.json", "mimeType": "application/json",
                                                 "buffer": saved_game_file(record, names).encode()}])
    page.wait_for_selector("[data-testid=save] [data-act=share]:not([hidden])")
    page.locator("[data-testid=save] [data-act=share]:not([hidden])").first.click()
    return page.locator("#saves-message [data-testid=share-link]").input_value()


def hand_on_screen(page):
    return sorted(page.evaluate("() => [...document.querySelectorAll('.ww-card[data-card-id]')].map(b => +b.dataset.cardId)"))


def play_a_lay(page):
    make_move(page, first_move(engine_state(page)["legal"]))


def test_scrub_the_timeline_from_your_seat_and_back_to_live(open_page):
    page, probe = open_page()
    start_from_menu(page, "waterworks", 2, ["human", "bot:greedy"], ["You", "Bo"], {"first_player": "1"},
                    speed="fast")
    for _ in range(2):
        page.wait_for_selector(HAND_READY, timeout=20_000)
        play_a_lay(page)
        page.wait_for_function("""async (n) => (await window.PipesAndDucks.state(
            {id: document.documentElement.dataset.gameId})).result.moveCount >= n""", arg=_ + 2 if _ == 0 else 4)
    page.wait_for_selector(HAND_READY, timeout=20_000)
    live = engine_state(page)
    n = live["moveCount"]
    gid = page.evaluate("() => document.documentElement.dataset.gameId")
    page.click(".frame-history [data-act=timeline]")
    page.wait_for_selector(f"[data-testid=timeline][data-at='{n - 1}']")
    # only your own seat's point of view while the game goes on
    assert page.locator("[data-testid=timeline-pov] option").all_inner_texts() == ["As You"]
    page.click("[data-tl=back]")
    page.wait_for_selector(f"[data-testid=timeline][data-at='{n - 2}']")
    page.locator("[data-tl=scrub]").evaluate("(el) => { el.value = '0'; el.dispatchEvent(new Event('input')); }")
    page.wait_for_selector("[data-testid=timeline][data-at='0']")
    dealt = page.evaluate("async (id) => (await window.PipesAndDucks.viewAt({id, player: 0, move: 0})).result.view.hand", gid)
    page.wait_for_function("(ids) => JSON.stringify([...document.querySelectorAll('.ww-card[data-card-id]')].map(b => +b.dataset.cardId).sort((a, b) => a - b)) === JSON.stringify(ids)",
                           arg=sorted(c["id"] for c in dealt))
    assert page.locator(".ww-card[data-card-id]").count() == len(dealt), "your hand as dealt, nobody else's"
    assert page.locator(".ww-spot").count() == 0 and page.evaluate("() => document.querySelector('.frame-board').inert")
    assert "Looking back" in page.inner_text("[data-testid=status]")
    page.click("[data-tl=next]")
    page.wait_for_selector("[data-testid=timeline][data-at='1']")
    page.click("[data-tl=live]")
    page.wait_for_selector(HAND_READY, timeout=20_000)
    assert hand_on_screen(page) == sorted(c["id"] for c in live["view"]["hand"])
    assert engine_state(page)["moveCount"] == n, "looking back changed nothing"
    play_a_lay(page)   # and the game goes on
    page.wait_for_function("""async (n) => (await window.PipesAndDucks.state(
        {id: document.documentElement.dataset.gameId})).result.moveCount > n""", arg=n)
    no_errors(probe)


def test_watching_the_replay_in_the_same_tab_draws_each_move_not_the_ending(open_page):
    """Issue 26, item 5: finish a game, Watch the replay: the winning line (glow, gold frames)
    and the last card's ring of the end were drawn over the table from move 1 on (a fresh tab
    was right). The table's description (the canvas's label, from the state it paints) tells
    the winning line and the last card, so the test reads what is drawn."""
    page, probe = open_page()
    record = finished_record("waterworks", 2, 5)
    page.set_input_files("#import-file", files=[{"name": "game.json", "mimeType": "application/json",
                                                 "buffer": saved_game_file(record, ["Ann", "Bo"]).encode()}])
    page.locator("#saves-list .save [data-act=resume]").first.click()
    page.click("dialog[data-testid=gameover][open] button:has-text('Watch the replay')", timeout=30_000)
    page.wait_for_selector("[data-tl=play]:has-text('❚❚')")   # it plays from the deal
    page.click("[data-tl=play]")                                # pause
    page.locator("[data-tl=scrub]").evaluate("(el) => { el.value = '1'; el.dispatchEvent(new Event('input')); }")
    page.wait_for_selector("[data-testid=timeline][data-at='1']")
    first = record["moves"][0]["move"]
    label = page.get_attribute(".ww-canvas", "aria-label")
    assert "winning line" not in label, label
    if first["type"] != "discard":
        # the first card of a line lies one pipe from its valve (the end's last card lies further)
        assert re.search(r"Last card laid: an? [\w -]+ on \w+'s line, 1 pipe from the valve\.", label), label
    page.click("[data-tl=live]")
    page.wait_for_function("() => /winning line/.test(document.querySelector('.ww-canvas').getAttribute('aria-label'))")
    no_errors(probe)


def test_a_shared_link_opens_the_replay_in_another_browser_and_plays_the_deal(open_page, browser, artifacts):
    page, probe = open_page()
    record = finished_record("waterworks", 3, 5)
    link = share_from_saved_games(page, record, ["Ann", "Bo", "Cy"])
    assert "#replay=" in link
    # a fresh browser context: nothing saved, nothing shared but the address
    other, probe2 = open_page(link)
    other.wait_for_selector("[data-testid=timeline]:not([hidden])", timeout=30_000)
    other.wait_for_selector("[data-tl=play]:has-text('❚❚')")   # it plays from the deal
    other.click("[data-tl=play]")                                # pause
    other.locator("[data-tl=scrub]").evaluate("(el) => { el.value = '10'; el.dispatchEvent(new Event('input')); }")
    other.wait_for_selector("[data-testid=timeline][data-at='10']")
    assert other.locator("[data-testid=timeline-pov] option").count() == 4   # every seat, and a spectator
    other.select_option("[data-testid=timeline-pov]", "1")
    other.check("[data-tl=reveal]")
    other.wait_for_selector("[data-testid=revealed-hands]:not([hidden]) p:nth-child(3)")
    assert other.inner_text("[data-testid=revealed-hands]").startswith("Ann:")
    other.click("[data-tl=live]")
    other.wait_for_selector("dialog[data-testid=gameover][open] [data-testid=chart-lines] svg polyline", timeout=20_000)
    assert other.locator("[data-testid=chart-lines] polyline").count() == 3
    assert other.locator("[data-testid=story-leaks] tbody tr").count() == 3
    other.screenshot(path=str(artifacts / "history-waterworks-story.png"))
    # the end screen offers the link too
    other.click("dialog[data-testid=gameover][open] button:has-text('Share link')")
    assert other.locator("dialog[data-testid=share][open] [data-testid=share-link]").input_value() == link
    other.click("dialog[data-testid=share][open] button:has-text('Close')")
    # nothing of the shared game was saved in this browser
    assert other.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('pnd.save.')).length") == 0
    other.click(".frame-history [data-act=deal]")
    other.wait_for_function("""async (seed) => { const id = document.documentElement.dataset.gameId;
        const s = await window.PipesAndDucks.save({id}); return s.ok && s.result.state.seed === seed; }""",
                            arg=record["seed"], timeout=20_000)
    other.wait_for_selector(HAND_READY, timeout=20_000)   # Ann's seat is the person's: a game to play
    fresh = other.evaluate("""async () => (await window.PipesAndDucks.record(
        {id: document.documentElement.dataset.gameId})).result""")
    assert fresh["options"] == record["options"] and fresh["seed"] == record["seed"]
    no_errors(probe)
    no_errors(probe2)


def test_damaged_and_foreign_links_are_refused_with_a_sentence(open_page, base_url):
    page, probe = open_page(base_url + "#replay=not*base64", wait_ready=False)
    page.wait_for_function("() => /damaged/.test((document.querySelector('#toast') || {}).textContent)")
    wait_until_ready(page)
    page.evaluate("""async () => { location.hash = 'replay=' + btoa('hello').replace(/=+$/, ''); }""")
    page.wait_for_function("() => /damaged/.test(document.querySelector('#toast').textContent) && !location.hash")
    foreign = page.evaluate("""async () => { const m = await import('./web/shell/share.js');
        const h = await m.encodeReplay({format: 'pipes-and-ducks/record', version: 1, game: 'chess', options: {}, seed: '1', moves: []}, []);
        location.hash = h; return h; }""")
    assert foreign.startswith("replay=")
    page.wait_for_function("() => /can't be opened/.test(document.querySelector('#toast').textContent)")
    assert page.locator("#menu").is_visible()


def test_the_aqueducks_story_favour_duckats_visits_and_cities(open_page, artifacts):
    page, probe = open_page()
    record = finished_record("aqueducks", 3, 8)
    link = share_from_saved_games(page, record, ["Ann", "Bo", "Cy"])
    other, probe2 = open_page(link)
    other.wait_for_selector("[data-testid=timeline]:not([hidden])", timeout=30_000)
    other.click("[data-tl=live]")
    other.wait_for_selector("dialog[open] [data-testid=chart-favour] svg polyline", timeout=20_000)
    assert other.locator("[data-testid=chart-favour] polyline").count() == 3
    assert other.locator("[data-testid=chart-duckats] rect").count() >= 3
    assert other.locator("[data-testid=story-visits] tbody tr").count() >= 4
    other.wait_for_selector("[data-testid=story-cities] .story-city canvas")
    assert other.locator("[data-testid=story-cities] .story-city").count() == 3
    other.screenshot(path=str(artifacts / "history-aqueducks-story.png"), full_page=True)
    no_errors(probe)
    no_errors(probe2)


# The link each (game, names) is shared by, once a page of this worker has made it: the same
# record and names give the same link, and a page start only to make it again cost a test 8-10
# CPU s (issue 25); making it is tested by the tests that share a game themselves.
_SHARED: dict = {}


def open_shared_replay(open_page, names, game="waterworks", **kw):
    """A finished 2-player game shared by link, opened in a fresh browser and paused at its
    deal: (page, probe)."""
    key = (game, tuple(names))
    if key not in _SHARED:
        page, _ = open_page()
        _SHARED[key] = share_from_saved_games(page, finished_record(game, 2, 5), names)
    other, probe = open_page(_SHARED[key], **kw)
    other.wait_for_selector("[data-testid=timeline]:not([hidden])", timeout=30_000)
    other.wait_for_selector("[data-tl=play]:has-text('❚❚')")
    other.click("[data-tl=play]")
    return other, probe


def scrub_to(page, k):
    page.locator("[data-tl=scrub]").evaluate(f"(el) => {{ el.value = '{k}'; el.dispatchEvent(new Event('input')); }}")
    page.wait_for_selector(f"[data-testid=timeline][data-at='{k}']")


def test_looking_back_the_bar_says_the_move_looked_at(open_page):
    """Issue 26 item 11: during History the bar's last move stayed the game's latest, not the
    move scrubbed to. It says the move looked at, in the log's words, and the latest again
    back at live."""
    page, probe = open_shared_replay(open_page, ["Ann", "Bo"])
    page.click("[data-tl=live]")
    page.wait_for_selector("dialog[data-testid=gameover][open]", timeout=20_000)
    page.click("dialog[data-testid=gameover][open] button:has-text('See the table')")
    lines = log_lines(page)          # the finished game's log, in the screen's words
    assert len(lines) > 4
    assert page.inner_text("[data-testid=last-move] .frame-last-text") == lines[-1]
    page.click(".frame-history [data-act=timeline]")
    # the timeline opens at the last move but one once it has the game's length: a scrub made
    # before that was overtaken by the opening's own (the test failed when run on its own)
    page.wait_for_function("() => /^Move \\d+ of/.test(document.querySelector('.timeline-at').textContent)")
    for k in (1, 2):
        scrub_to(page, k)
        page.wait_for_function("(t) => document.querySelector('[data-testid=last-move] .frame-last-text').textContent === t",
                               arg=lines[k - 1], timeout=5_000)
    scrub_to(page, 0)
    assert page.inner_text("[data-testid=last-move] .frame-last-text") == "The deal"
    page.click("[data-tl=live]")
    page.wait_for_function("(t) => document.querySelector('[data-testid=last-move] .frame-last-text').textContent === t",
                           arg=lines[-1], timeout=5_000)
    no_errors(probe)


def test_share_copy_says_it_copied_and_stays_open(browser, base_url):
    """Issue 26 item 11: Share link, Copy closed the dialog and said nothing on screen. Copy
    now says "Copied." in the dialog, which stays open, and the link is on the clipboard."""
    from helpers_browser import open_in_context
    contexts = []
    try:
        page, probe = open_in_context(browser, contexts, base_url, permissions=["clipboard-read", "clipboard-write"])
        link = share_from_saved_games(page, finished_record("waterworks", 2, 5), ["Ann", "Bo"])
        page.click("#saves-list [data-act=replay]")
        page.wait_for_selector("[data-testid=timeline]:not([hidden])", timeout=30_000)
        page.click("[data-tl=live]")
        page.click("dialog[data-testid=gameover][open] button:has-text('Share link')", timeout=20_000)
        page.click("dialog[data-testid=share][open] [data-act=copy]")
        page.wait_for_selector("dialog[data-testid=share][open] [data-testid=share-note]:has-text('Copied.')", timeout=5_000)
        assert page.evaluate("() => navigator.clipboard.readText()") == link
        page.click("dialog[data-testid=share][open] button:has-text('Close')")
        assert page.locator("dialog[data-testid=share][open]").count() == 0
        no_errors(probe)
    finally:
        for ctx in contexts:
            ctx.close()


@pytest.mark.parametrize("size", [(375, 812), (1440, 900)], ids=["phone", "desktop"])
def test_the_replay_controls_are_a_short_row_with_a_jump_to_the_end(open_page, artifacts, size):
    """Issue 26 item 11: on a phone the replay controls were a column four rows high beside the
    bar's tools (314 px, the table left 135 px), and only one move on at a time reached the
    end. They are the bar's own row across the screen (two rows on a phone, one on a
    desktop), the table keeps most of the screen, and ▶▶| goes to the last move."""
    page, probe = open_shared_replay(open_page, ["Ann", "Bo"], width=size[0], height=size[1])
    scrub_to(page, 6)
    box = page.locator("[data-testid=timeline]").bounding_box()
    rows = 3 if size[0] < 560 else 1       # a phone: buttons; slider and view; Reveal all hands
    assert box["width"] >= size[0] * 0.9 and box["height"] <= rows * 46, box
    board = page.locator(".frame-board").bounding_box()
    assert board["height"] >= size[1] * 0.6, board
    page.screenshot(path=str(artifacts / f"replay-controls-{size[0]}x{size[1]}.png"))
    total = int(page.get_attribute("[data-tl=scrub]", "max"))
    assert total > 20
    page.click("[data-tl=last]")
    page.wait_for_selector(f"[data-testid=timeline][data-at='{total}']")
    page.click("[data-tl=first]")
    page.wait_for_selector("[data-testid=timeline][data-at='0']")
    page.locator("[data-testid=timeline] [data-tl=back]").focus()
    page.keyboard.press("End")
    page.wait_for_selector(f"[data-testid=timeline][data-at='{total}']")
    no_errors(probe)


def test_a_spectator_of_a_shared_replay_is_not_called_you(open_page):
    """Issue 26 item 11: watching a shared Aqueducks replay as a spectator said "Your hand (0)"
    and "Waiting for You…" (the sharer's default name). A spectator is shown no hand, and the
    seat called You is called by a name of its own."""
    page, probe = open_shared_replay(open_page, ["You", "Bo"], game="aqueducks", width=1440, height=900)
    page.select_option("[data-testid=timeline-pov]", "")
    scrub_to(page, 1)
    scrub_to(page, 0)          # the deal: the first Build, both seats still to choose
    page.wait_for_function("() => document.querySelector('.aq-hand-title').textContent === 'Watching'")
    panel = page.inner_text("[data-testid=action-panel]")
    assert "Waiting for Ann, Bo" in panel and "You" not in panel, panel
    assert "Your hand" not in page.inner_text(".aq-handbox")
    assert [o.strip() for o in page.locator("[data-testid=timeline-pov] option").all_inner_texts()][:2] == ["As Ann", "As Bo"]
    no_errors(probe)


def test_the_end_of_game_story_fits_a_phone(open_page, artifacts):
    """Issue 26 item 11: on a phone the Water Works end dialog scrolled sideways (its leaks
    table, seven columns, was 524 px in a 309 px body). Nothing in it is wider than it."""
    page, probe = open_shared_replay(open_page, ["Ann", "Bo"], width=375, height=812)
    page.click("[data-tl=live]")
    page.wait_for_selector("dialog[data-testid=gameover][open] [data-testid=story-leaks] tbody tr", timeout=30_000)
    wide = page.evaluate("""() => { const d = document.querySelector('dialog[open]');
        return [d, ...d.querySelectorAll('*')].filter((e) => e.scrollWidth > e.clientWidth + 1
            && getComputedStyle(e).overflowX !== 'visible').map((e) => [e.className, e.scrollWidth, e.clientWidth]); }""")
    assert wide == [], wide
    body = page.locator("dialog[open] .frame-dialog-body").bounding_box()
    table = page.locator("dialog[open] [data-testid=story-leaks]").bounding_box()
    assert table["x"] + table["width"] <= body["x"] + body["width"] + 1, (table, body)
    page.locator("dialog[open] [data-testid=story-leaks]").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "story-waterworks-375x812.png"))
    no_errors(probe)


@pytest.mark.parametrize("size", [(1440, 900), (1280, 720), (768, 1024), (375, 812)])
def test_the_end_of_game_bar_keeps_its_rows_drops_hint_and_the_replay_has_no_play_buttons(open_page, artifacts, size):
    """Issue 55 item 9: at the end five buttons of their own wrapped the bar onto three rows,
    Hint stayed, and the replay viewer showed disabled Turn and Discard and "Plumber ×0". The
    after-game actions are one "Game over" menu: the bar is as tall as during the game (its
    tools one row), Hint is gone, and looking back shows no play buttons."""
    width, height = size
    page, probe = open_page(width=width, height=height)
    start_from_menu(page, "waterworks", 2, ["human", "bot:greedy"], ["Ann", "Bo"])
    page.wait_for_selector(".frame-bar [data-act=hint]")
    page.wait_for_function("() => document.querySelector('[data-testid=status]').textContent.trim()")
    in_play = page.locator(".frame-bar").bounding_box()["height"]
    page.click("#game [data-act=menu]")
    record = finished_record("waterworks", 2, 5)
    page.set_input_files("#import-file", files=[{"name": "game.json", "mimeType": "application/json",
                                                 "buffer": saved_game_file(record, ["Ann", "Bo"]).encode()}])
    page.locator("#saves-list .save [data-act=resume]").first.click()
    page.click("dialog[data-testid=gameover][open] button:has-text('See the table')", timeout=30_000)
    panel = page.wait_for_selector("[data-testid=after-game-panel]:not([hidden])")
    at_end = page.locator(".frame-bar").bounding_box()["height"]
    assert at_end <= in_play + 1, (size, in_play, at_end)
    middles = page.evaluate("""() => [...document.querySelectorAll('.frame-tools > *, .frame-history > *')]
        .filter((e) => e.getClientRects().length).map((e) => { const r = e.getBoundingClientRect();
            return Math.round(r.top + r.height / 2); })""")
    assert max(middles) - min(middles) <= 4, ("the tools wrap", middles)
    assert not page.is_visible(".frame-bar [data-act=hint]")
    for act in ("score", "replay", "analyse", "share", "deal"):
        box = page.locator(f"[data-testid=after-game-panel] [data-act={act}]").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height, (act, box)
    page.screenshot(path=str(artifacts / f"end-waterworks-{width}x{height}.png"))
    page.click("[data-testid=after-game]")     # folds away, and opens again
    assert not panel.is_visible()
    page.click("[data-testid=after-game]")
    assert panel.is_visible()
    board = page.locator(".frame-board").bounding_box()   # a touch of the table folds it too
    page.mouse.click(board["x"] + board["width"] / 2, board["y"] + board["height"] - 20)
    assert not panel.is_visible()
    page.click("[data-testid=after-game]")
    page.click("[data-testid=after-game-panel] [data-act=replay]")
    page.wait_for_selector("[data-tl=play]:has-text('❚❚')")
    page.click("[data-tl=play]")
    page.select_option("[data-testid=timeline-pov]", "0")
    scrub_to(page, 3)
    page.wait_for_selector(".ww-hand .ww-card[data-card-id]")
    assert page.locator(".ww-act").evaluate_all("(bs) => bs.filter((b) => b.getClientRects().length).length") == 0
    assert "×0" not in page.inner_text("#game")
    page.screenshot(path=str(artifacts / f"replay-waterworks-{width}x{height}.png"))
    no_errors(probe)
