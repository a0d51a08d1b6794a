"""Water Works in the browser, driven only through clicks and keys.

Read-only looks at the engine state are allowed (e.g. to learn whose turn it is); every
move goes through the page. Screenshots land in e2e/artifacts/ (git-ignored).
"""
from __future__ import annotations

import re
import time

import pytest
from helpers_menu import start_from_menu
from helpers_play import log_lines
from helpers_browser import wait_until_ready

HAND_READY = ".ww-hand:not(.inactive) .ww-card[data-card-id]"
GAMEOVER = "dialog[data-testid=gameover][open]"
HANDOFF = "dialog[data-testid=handoff][open]"


# Deals that hold what a scenario needs (a leak card to lay, a card that turns, a card that
# fits by keyboard, a pipe laid in a whole game): each test's moves are chosen from what the
# page shows, and the bots' from the seed, so with the seed the whole game is the same in
# every run. The whole games' deals are short ones (12 of the person's turns, where a random
# deal takes about 20): they still go from the deal to the end screen and a rematch.
SEEDS = {"full game fresh": 106, "full game snapshot": 128, "leak": 2026, "turn": 2026, "keyboard": 2026}


# ----- helpers ----------------------------------------------------------------------------
def start_game(page, seats, rules=None, speed="instant", seed=None):
    """From the menu: Water Works, len(seats) players, [(name, controller)], house rules.
    The scenarios are written with the first seat playing first (the default draws it). A
    test that needs the deal to hold something (a leak, a turnable card) passes the ``seed``
    of a deal that does: a random one may not."""
    # Instant unless pacing is the point: motion has its own tests (test_layout.py), and the
    # first-visit whole game below plays at Fast, motion and all.
    rules = {"first_player": "1", **(rules or {})}
    start_from_menu(page, "waterworks", len(seats), [c for _n, c in seats], [n for n, _c in seats],
                    rules, speed, seed=seed)


def wait_my_turn_or_over(page, timeout=20_000):
    page.wait_for_selector(f"{HAND_READY}, {GAMEOVER}, {HANDOFF}", timeout=timeout)
    if page.locator(GAMEOVER).count():
        return "over"
    if page.locator(HANDOFF).count():
        return "handoff"
    return "turn"


def spots(page):
    return page.evaluate("""() => [...document.querySelectorAll('.ww-spot')].map(b => ({
        kind: b.dataset.kind, wins: !!b.dataset.wins, testid: b.dataset.testid,
        x: +b.dataset.x, y: +b.dataset.y}))""")


def hand_ids(page):
    return page.evaluate("() => [...document.querySelectorAll('.ww-card[data-card-id]')].map(b => +b.dataset.cardId)")


def select_card(page, card_id):
    sel = f".ww-card[data-card-id='{card_id}']"
    if page.get_attribute(sel, "aria-pressed") != "true":
        page.click(sel)
    assert page.get_attribute(f".ww-card[data-card-id='{card_id}']", "aria-pressed") == "true"



def enabled(page, act):
    return page.get_attribute(f"[data-testid=act-{act}]", "aria-disabled") == "false"


def fit_badges(page):
    """The number each hand card shows: how many lit spots it has (either way round)."""
    pairs = page.evaluate("""() => [...document.querySelectorAll('.ww-card[data-card-id]')]
        .map(b => [+b.dataset.cardId, +((b.querySelector('.ww-fit') || {}).textContent || 0)])""")
    return {cid: n for cid, n in pairs}


def scan_hand(page):
    """Pick every card that shows a spot count; return {card_id: [spots]} (both ways round: a
    spot where the card fits only turned lays it turned)."""
    found = {}
    badges = fit_badges(page)
    for cid in hand_ids(page):
        if not badges.get(cid):
            found[cid] = []
            continue
        select_card(page, cid)
        found[cid] = spots(page)
        assert len(found[cid]) == badges[cid], "the badge counts the lit spots"
    return found


def play_simple_turn(page, prefer=("win", "cover", "lay", "leak")):
    """A simple strategy through the UI: spout > winning lay > cover > lay > leak >
    plumber > discard. Returns what it did."""
    if enabled(page, "spout"):
        page.click("[data-testid=act-spout]")
        return "spout"
    found = scan_hand(page)
    for want in prefer:
        for cid, sps in found.items():
            for sp in sps:
                if (want == "win" and sp["wins"]) or sp["kind"] == want:
                    select_card(page, cid)
                    page.click(f"[data-testid={sp['testid']}]")
                    return want
    first = hand_ids(page)[0]
    select_card(page, first)
    if enabled(page, "plumber"):
        page.click("[data-testid=act-plumber]")
        return "plumber"
    page.click("[data-testid=act-discard]")
    return "discard"


def shot(page, artifacts, name):
    page.wait_for_timeout(120)
    page.screenshot(path=str(artifacts / f"waterworks-{name}.png"))


def no_page_errors(probe):
    real = [e for e in probe.errors if "sw.js" not in e and "404" not in e]
    assert real == [], real


# ----- tests ---------------------------------------------------------------------------------
@pytest.mark.parametrize("boot", ["fresh", "snapshot"])
def test_full_game_against_bots_to_the_end(open_page, artifacts, boot):
    """On a first visit, and on a repeat visit that restores Python from the start-up snapshot."""
    page, probe = open_page(first_visit=boot == "fresh")
    assert page.get_attribute("html", "data-engine-boot") == boot
    t0 = time.time()
    # a seeded deal: the test asks that the person laid a pipe, which a deal could deny
    start_game(page, [("Ann", "human"), ("Bo", "bot:greedy"), ("Cleo", "bot:random")],
               speed="fast" if boot == "fresh" else "instant", seed=SEEDS[f"full game {boot}"])
    assert wait_my_turn_or_over(page) == "turn"
    shot(page, artifacts, "desktop-start")
    did = []
    turns = 0
    while True:
        state = wait_my_turn_or_over(page, timeout=30_000)
        if state == "over":
            break
        before = len(hand_ids(page))
        assert before == 6, "a turn starts with six cards in hand"
        did.append(play_simple_turn(page))
        turns += 1
        if turns == 3:
            shot(page, artifacts, "desktop-midgame")
        assert turns < 150, "the game should end"
    # game over: the dialog names the winner (or says nobody won), the table shows the line
    title = page.text_content(f"{GAMEOVER} h2")
    assert re.search(r"wins!|win!|ran dry", title), title
    shot(page, artifacts, "desktop-gameover-dialog")
    page.click(f"{GAMEOVER} button:has-text('See the table')")
    status = page.text_content("[data-testid=status]")
    assert "win" in status or "nobody" in status
    if "ran dry" not in title:
        assert page.locator(".ww-player.won").count() == 1
        assert any("wins" in line or "You win" in line or "win with" in line for line in log_lines(page))
    shot(page, artifacts, "desktop-gameover-table")
    assert "lay" in did, "the human seat laid pipes on its own line"
    # rematch: a fresh game with the same seats
    page.click("[data-testid=rematch]")
    page.wait_for_selector(f"{HAND_READY}, {HANDOFF}", timeout=20_000)
    assert page.locator(".ww-player").count() == 3
    assert page.locator(".ww-player.won").count() == 0
    no_page_errors(probe)
    print(f"full game: {turns} human turns in {time.time() - t0:.1f}s; moves {did}")


def test_hot_seat_hides_the_hand_between_people(open_page, artifacts):
    page, probe = open_page()
    start_game(page, [("Ann", "human"), ("Bo", "human")])
    page.wait_for_selector(HANDOFF)
    assert "Ann" in page.text_content(f"{HANDOFF} h2")
    page.click(f"{HANDOFF} .btn-primary")
    assert wait_my_turn_or_over(page) == "turn"
    ann_hand = hand_ids(page)
    assert len(ann_hand) == 6
    play_simple_turn(page, prefer=("lay",))
    # the hand is hidden behind "pass to Bo"
    page.wait_for_selector(HANDOFF)
    assert "Pass to Bo" in page.text_content(f"{HANDOFF} h2")
    assert page.locator(".ww-card[data-card-id]").count() == 0
    assert page.locator(".ww-hand .ww-back").count() >= 5
    shot(page, artifacts, "desktop-hotseat-handoff")
    page.click(f"{HANDOFF} .btn-primary")
    assert wait_my_turn_or_over(page) == "turn"
    bo_hand = hand_ids(page)
    assert len(bo_hand) == 6 and not set(bo_hand) & set(ann_hand)
    assert "Bo" in page.text_content("[data-testid=status]")
    no_page_errors(probe)


def test_first_player_house_rule(open_page, artifacts):
    """The menu's house rules offer the engine's first_player option; the engine refuses a seat
    the game does not have, and the menu says why."""
    page, probe = open_page()
    page.click(".game-pick[data-game=waterworks]")
    page.click("#player-count button[data-players='2']")
    page.click("#advanced summary")
    choices = page.evaluate("""() => [...document.querySelectorAll(
        '#advanced-body select[name=first_player] option')].map(o => [o.value, o.selected])""")
    assert choices[0] == ['"random"', True] and [v for v, _ in choices[1:]] == [f'"{k}"' for k in range(1, 6)]
    page.select_option("#advanced-body select[name=first_player]", '"3"')
    page.click("#start")
    page.wait_for_selector("#toast:not([hidden])")
    assert "Seat 3 cannot play first in a 2-player game" in page.text_content("#toast")
    assert page.locator("#game [data-testid=waterworks]").count() == 0
    page.click("#advanced summary")                   # closed again: start_game opens it
    start_game(page, [("Ann", "human"), ("Bo", "human")], rules={"first_player": "2"})
    page.wait_for_selector(HANDOFF)
    assert "Bo" in page.text_content(f"{HANDOFF} h2")
    page.click(f"{HANDOFF} .btn-primary")
    assert wait_my_turn_or_over(page) == "turn"
    assert "Bo" in page.text_content("[data-testid=status]")
    no_page_errors(probe)


def test_leak_on_an_opponent_then_repair_with_a_plumber(open_page, artifacts):
    """Two people on one device: one lays a leak on the other, who sends a plumber."""
    page, probe = open_page()
    start_game(page, [("Ann", "human"), ("Bo", "human")], seed=SEEDS["leak"])
    leaked = plumbed = False
    for _ in range(80):
        state = wait_my_turn_or_over(page)
        if state == "handoff":
            page.click(f"{HANDOFF} .btn-primary")
            continue
        if state == "over":
            break
        if enabled(page, "plumber") and not plumbed:
            player = page.evaluate("() => [...document.querySelectorAll('.ww-player')].findIndex(p => p.classList.contains('turn'))")
            assert page.locator(f"[data-testid=player-{player}] .ww-leak-tag").count() == 1
            shot(page, artifacts, "desktop-leak-before-plumber")
            select_card(page, hand_ids(page)[0])
            page.keyboard.press("p")
            page.wait_for_selector(HANDOFF)
            assert any("sent a plumber" in line for line in log_lines(page))
            assert page.locator(f"[data-testid=player-{player}] .ww-leak-tag").count() == 0
            assert page.locator(f"[data-testid=player-{player}] .ww-plumber.used").count() == 1
            plumbed = True
            page.click(f"{HANDOFF} .btn-primary")
            wait_my_turn_or_over(page)
            shot(page, artifacts, "desktop-after-plumber")
            break
        if not leaked:
            found = scan_hand(page)
            leak = next(((cid, sp) for cid, sps in found.items() for sp in sps if sp["kind"] == "leak"), None)
            if leak:
                cid, sp = leak
                select_card(page, cid)
                label = page.get_attribute(f"[data-testid={sp['testid']}]", "aria-label")
                assert "leak" in label
                shot(page, artifacts, "desktop-leak-spots")
                page.click(f"[data-testid={sp['testid']}]")
                page.wait_for_selector(HANDOFF)
                assert any(re.search(r"laid a (leaky|cap card).* (on|on top of) (Ann|Bo)'s", line) for line in log_lines(page)), log_lines(page)
                assert page.locator(".ww-leak-tag").count() == 1
                leaked = True
                continue
        # the victim must not cover the leak with a card here: keep the plumber for the test
        play_simple_turn(page, prefer=("lay",) if not leaked else ())
    assert leaked and plumbed
    no_page_errors(probe)


def test_turning_a_card_with_the_button_and_the_key(open_page, artifacts):
    page, probe = open_page()
    start_game(page, [("Ann", "human"), ("Bo", "bot:greedy")], seed=SEEDS["turn"])
    for _ in range(12):
        assert wait_my_turn_or_over(page) == "turn"
        for cid in hand_ids(page):
            select_card(page, cid)
            sel = f".ww-card[data-card-id='{cid}']"
            if page.get_attribute(sel, "data-can-turn") != "true":
                continue
            label_before = page.text_content(f"{sel} .visually-hidden")
            art_before = page.evaluate(f"() => document.querySelector(\"{sel} canvas\").toDataURL()")
            page.keyboard.press("r")
            page.wait_for_timeout(80)
            assert page.get_attribute(sel, "data-turned") == "true"
            assert "turned round" in page.text_content(f"{sel} .visually-hidden")
            assert page.get_attribute("[data-testid=act-turn]", "aria-pressed") == "true"
            art_after = page.evaluate(f"() => document.querySelector(\"{sel} canvas\").toDataURL()")
            assert art_after != art_before, "the turned card is drawn turned"
            assert label_before != page.text_content(f"{sel} .visually-hidden")
            shot(page, artifacts, "desktop-turned")
            # if the turned card fits somewhere, play it turned
            sps = spots(page)
            page.click("[data-testid=act-turn]")
            assert page.get_attribute(sel, "data-turned") == "false"
            if sps:
                page.click("[data-testid=act-turn]")
                page.click(f"[data-testid={sps[0]['testid']}]")
                page.wait_for_selector(f"{sel}", state="detached")
            no_page_errors(probe)
            return
        play_simple_turn(page)
    raise AssertionError("no turnable card came up in 12 turns")


def test_illegal_placement_is_refused_with_the_engines_reason(open_page, artifacts):
    page, probe = open_page()
    start_game(page, [("Ann", "human"), ("Bo", "bot:greedy")])
    assert wait_my_turn_or_over(page) == "turn"
    ids = hand_ids(page)
    select_card(page, ids[0])
    for _ in range(4):
        page.click("[data-zoom='-1']")  # zoom out until the far corner of the table is in sight
    box = page.locator(".ww-canvas").bounding_box()
    ox, oy = map(int, page.get_attribute("[data-testid=ww-table]", "data-origin").split(","))
    cell = int(page.get_attribute("[data-testid=ww-table]", "data-cell-px"))
    x, y = box["x"] + ox + cell * 3.5, box["y"] + oy + cell * 1.16 * 1.5
    assert box["x"] + 60 < x < box["x"] + box["width"] and box["y"] < y < box["y"] + box["height"]
    page.mouse.click(x, y)  # cell (3, 1), far from the valves on the right edge: nobody's line
    msg = page.locator("[data-testid=ww-message].error")
    msg.wait_for()
    text = msg.text_content()
    assert re.search(r"open end|line|pipeline", text), text
    assert text in page.text_content("[data-testid=announcer]")
    shot(page, artifacts, "desktop-illegal")
    # nothing changed: same hand, still Ann's turn
    assert hand_ids(page) == ids
    assert "Ann" in page.text_content("[data-testid=status]")
    no_page_errors(probe)


def test_rules_summary_is_reachable_from_the_game(open_page, artifacts):
    page, probe = open_page()
    start_game(page, [("Ann", "human"), ("Bo", "bot:random")])
    page.click(".frame-tools [data-act=rules]")
    dialog = page.locator("dialog[open]")
    dialog.wait_for()
    text = dialog.text_content()
    assert "valve" in text and "spout" in text and "plumber" in text and "leak" in text
    shot(page, artifacts, "desktop-rules")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog[open]", state="detached")
    no_page_errors(probe)


def test_keyboard_only_turns(open_page, artifacts):
    page, probe = open_page()
    start_game(page, [("Ann", "human"), ("Bo", "bot:greedy")], seed=SEEDS["keyboard"])
    played = discarded = False
    assert wait_my_turn_or_over(page) == "turn"
    page.focus(".ww-card[data-card-id]")  # as if tabbed there from the bar
    for _ in range(10):
        assert wait_my_turn_or_over(page) == "turn"
        n_log = len(log_lines(page))
        if not discarded and played:
            page.keyboard.press("1")
            page.keyboard.press("d")
            page.wait_for_function(f"() => document.querySelectorAll('.frame-log-list li').length > {n_log}")
            assert any("Ann discarded" in line for line in log_lines(page)[n_log:])
            discarded = True
            break
        for k in range(1, 7):
            page.keyboard.press(str(k))
            if page.evaluate("document.activeElement.classList.contains('ww-spot')"):
                page.keyboard.press("ArrowDown")
                page.keyboard.press("ArrowUp")
                assert page.evaluate("document.activeElement.classList.contains('ww-spot')")
                shot(page, artifacts, "desktop-keyboard-spot")
                page.keyboard.press("Enter")
                page.wait_for_function(f"() => document.querySelectorAll('.frame-log-list li').length > {n_log}")
                assert re.search(r"^Ann laid", log_lines(page)[n_log])
                played = True
                break
        else:
            page.keyboard.press("1")
            page.keyboard.press("d")
    assert played and discarded
    no_page_errors(probe)


def test_phone_width_game(open_page, artifacts):
    page, probe = open_page(width=375, height=812, service_workers="block")
    # a phone's network is slow: the game screen's stylesheet arrives after its script, and the
    # table must still be laid out with it
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 300,
                                                  "downloadThroughput": -1, "uploadThroughput": -1})
    start_game(page, [("Ann", "human"), ("Bo", "bot:greedy")])
    assert wait_my_turn_or_over(page) == "turn"
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    # the table is laid out to the phone: no page scroll, cells big enough to tap
    assert page.evaluate("document.documentElement.scrollHeight") <= 812
    assert int(page.get_attribute("[data-testid=ww-table]", "data-cell-px")) >= 40
    page.screenshot(path=str(artifacts / "waterworks-phone-start.png"), full_page=True)
    for _ in range(6):
        assert wait_my_turn_or_over(page) == "turn"
        found = scan_hand(page)
        pick = next(((cid, sps[0]) for cid, sps in found.items() if sps), None)
        if pick and _ >= 2:
            select_card(page, pick[0])
            page.screenshot(path=str(artifacts / "waterworks-phone-spots.png"), full_page=True)
            page.click(f"[data-testid={pick[1]['testid']}]")
            wait_my_turn_or_over(page)
            break
        play_simple_turn(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.screenshot(path=str(artifacts / "waterworks-phone-later.png"), full_page=True)
    no_page_errors(probe)


def test_crisp_on_high_dpi_and_follows_the_window(browser, base_url, artifacts):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, device_scale_factor=2)
    try:
        page = ctx.new_page()
        page.goto(base_url)
        wait_until_ready(page)
        start_game(page, [("Ann", "human"), ("Bo", "bot:greedy")])
        assert wait_my_turn_or_over(page) == "turn"
        size = "() => { const c = document.querySelector('.ww-canvas'); return [c.width, c.clientWidth, c.height, c.clientHeight]; }"
        w, cw, h, ch = page.evaluate(size)
        assert w == 2 * cw and h == 2 * ch, "the backing store matches devicePixelRatio"
        page.screenshot(path=str(artifacts / "waterworks-desktop-hidpi.png"))
        page.set_viewport_size({"width": 900, "height": 700})
        page.wait_for_function(f"() => document.querySelector('.ww-canvas').clientWidth !== {cw}")
        w2, cw2, _, _ = page.evaluate(size)
        assert w2 == 2 * cw2 and cw2 < cw
        # back to the menu and into a new game: the old screen lets go cleanly
        page.click(".frame-menu")
        page.wait_for_selector("#menu:not([hidden])")
        page.click("[data-testid=start]")
        page.wait_for_selector(HAND_READY, timeout=20_000)
        assert page.locator(".frame-log-list li").count() <= 2
    finally:
        ctx.close()
