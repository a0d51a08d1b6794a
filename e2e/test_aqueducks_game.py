"""Aqueducks in the browser, played through clicks and keys only.

The engine is only read (state snapshots) to check outcomes or pick scenario seeds; every
move goes through the page's buttons."""
from __future__ import annotations

import json
import re
import time
from pathlib import Path

from helpers_menu import start_from_menu
from helpers_play import aq_build, aq_decide, aq_protect, aq_turn_or_over

# seconds, per full game: a net for a stuck game, not a speed check (make test's 4 workers on
# 2 cores took 150 s for the 4-player game at load 23 on a slower Chromium)
GAME_TIMEOUT = 600
SEED = 2026  # the deal of the tests that build from the first cards shown (a deal could offer none)


def start(page, players: int, seats: list[str] | None = None, speed: str = "instant", faction: str | None = None,
          seed: int | None = None):
    """Instant unless a test is about pacing: motion has its own tests (test_layout.py; the
    first-visit whole game of test_waterworks_game.py plays at Fast). ``seed`` fixes the deal,
    for a test whose moves need something of it (a first build by keyboard, a strong-arm)."""
    start_from_menu(page, "aqueducks", players, seats, rules={"factions": faction} if faction else None,
                    speed=speed, seed=seed)


def enabled_card(page, extra=""):
    return page.locator(f"[data-testid=hand] [data-card-id]:not([aria-disabled=true]){extra}")


def play_to_end(page, artifacts=None, tag="", shots=()):
    t0 = time.time()
    seen = set()
    while time.time() - t0 < GAME_TIMEOUT:
        turn = aq_turn_or_over(page)
        if turn == "over":
            return time.time() - t0
        era = page.inner_text("[data-testid=era] b")
        key = (turn, era)
        if artifacts is not None and turn in shots and key not in seen:
            seen.add(key)
            page.screenshot(path=str(artifacts / f"aq-{tag}-{turn}-era{era}.png"))
        aq_decide(page, turn)
        # a move was accepted when the panel leaves that decision (or a new one starts)
        page.wait_for_function("() => !document.querySelector('[data-testid=action-panel] [data-testid=error]')", timeout=30_000)
    raise AssertionError("the game did not finish in time")


def page_errors(probe):
    """Script errors (a missing optional file such as a service worker is not ours)."""
    return [e for e in probe.errors if not e.startswith("Failed to load resource")]


def solo_near_the_end() -> str:
    """A saved solo game (engine moves, random play) that stops at the person's first build of
    the last era: what is left is a few builds, the draft and the final score. The whole game
    through the page is the 4-player one below; the solo score and best list are the point here."""
    import random
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
    from aqueducks import GAME
    game, rng = GAME.new({"players": 1}, SEED), random.Random(SEED)
    while not game.is_over:
        view = game.view(0)
        if view["era"] == 4 and view["action"] == "build" and any(m["type"] == "build" for m in game.legal_moves(0)):
            return json.dumps({"format": "pipes-and-ducks/saved-game", "version": 1, "game": "aqueducks",
                               "players": 1, "seats": [{"name": "You", "controller": "human"}],
                               "record": game.record()})
        game.apply(0, rng.choice(game.legal_moves(0)))
    raise AssertionError("the solo game ended before its last era's builds")


def test_solo_game_to_final_score(open_page, artifacts):
    page, probe = open_page()
    page.evaluate("localStorage.removeItem('pnd.aqueducks.best')")
    page.set_input_files("#import-file", files=[{"name": "solo.json", "mimeType": "application/json",
                                                 "buffer": solo_near_the_end().encode()}])
    page.click("#saves-list .save [data-act=resume]")
    assert aq_turn_or_over(page) == "build"
    page.screenshot(path=str(artifacts / "aq-solo-start-desktop.png"))
    # First build with the keyboard only: Tab to a card, Enter, next card, Enter, place, Enter.
    first = enabled_card(page).first
    first.focus()
    page.keyboard.press("Enter")
    second = enabled_card(page, "[aria-pressed=false]").first
    second.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("2")  # left view (the picker returns to the overview for placing)
    page.keyboard.press("1")
    place = page.locator("[data-testid^=place-][data-legal=true]").first
    place.focus()
    page.keyboard.press("Enter")
    assert page.locator("[data-testid=confirm-build]").evaluate("b => b === document.activeElement")
    page.keyboard.press("Enter")
    took = play_to_end(page, artifacts, "solo", shots=("build", "protect", "draft"))
    page.wait_for_selector("dialog[data-testid=game-over-dialog][open]")
    page.screenshot(path=str(artifacts / "aq-solo-over-desktop.png"))
    text = page.inner_text("dialog[data-testid=game-over-dialog]")
    assert "Solo score" in text
    best = page.evaluate("JSON.parse(localStorage.getItem('pnd.aqueducks.best'))")
    assert best and sum(len(v) for v in best.values()) == 1
    # Rematch: a new shuffle of the same setup, saved as a game of its own.
    old_id = page.get_attribute("html", "data-game-id")
    page.click("dialog[data-testid=game-over-dialog] button:has-text('Rematch')")
    page.wait_for_function(f"() => document.documentElement.dataset.gameId && document.documentElement.dataset.gameId !== '{old_id}'")
    page.wait_for_selector("[data-testid=hand] [data-card-id], .aq-hand [data-card-id]", timeout=60_000)
    assert page.evaluate("document.querySelectorAll('dialog[open]').length") == 0
    assert page_errors(probe) == []
    print(f"solo game took {took:.1f}s")


def test_full_four_player_game_one_human_three_bots(open_page, artifacts):
    page, probe = open_page()
    start(page, 4, ["human", "bot:greedy", "bot:random", "bot:greedy"], seed=SEED)
    took = play_to_end(page, artifacts, "4p", shots=("build", "publican", "protect", "draft"))
    page.wait_for_selector("dialog[data-testid=game-over-dialog][open]")
    page.screenshot(path=str(artifacts / "aq-4p-over-desktop.png"))
    text = page.inner_text("dialog[data-testid=game-over-dialog]")
    assert " win" in text
    page.click("dialog[data-testid=game-over-dialog] button:has-text('Look at the cities')")
    page.click("[data-testid=city-tab-2]")
    page.click("[data-testid=view-right]")
    page.screenshot(path=str(artifacts / "aq-4p-final-city-right.png"))
    assert page_errors(probe) == []
    print(f"4-player game took {took:.1f}s")


# ---------------------------------------------------------------- scenarios
_CARDS = json.loads((Path(__file__).resolve().parents[1] / "cards" / "aqueducks.json").read_text())
CARD = {c["key"]: c for c in _CARDS["starter"] + _CARDS["tiered"] + [c for f in _CARDS["factions"] for c in f["pair"]]}


def state(page, player=0):
    """Read-only look at the engine's snapshot for the scenario bookkeeping."""
    gid = page.get_attribute(".aq", "data-game-id")
    return page.evaluate("async ([id, p]) => (await window.PipesAndDucks.state({id, player: p})).result", [gid, player])


def faces_active(city, x, y, s):
    row = [d for d in city["districts"] if d["y"] == y and d["storey"] == s]
    return (not any(d["x"] < x for d in row), not any(d["x"] > x for d in row))


def click_build(page, move, names):
    """Pick the two cards, the place, the orientation and the bridge of `move` by clicking."""
    L, R = move["cards"]
    page.click(f"[data-testid=hand] [data-card-id='{L}']")
    page.click(f"[data-testid=hand] [data-card-id='{R}']")
    page.click(f"[data-testid=place-{move['x']}-{move['y']}-{move['storey']}]")
    for _ in range(2):
        left = page.inner_text(".aq-facepick >> nth=0")
        if names[L] in left:
            break
        page.click("[data-testid=swap]")
    if move["bridge"] is not None and page.locator(f"[data-testid=bridge-{move['bridge']}]").count():
        page.click(f"[data-testid=bridge-{move['bridge']}]")
    page.click("[data-testid=confirm-build]")


def names_of(snap):
    out = {h["card"]: CARD[h["key"]]["name"] for h in snap["view"]["hand"]}
    return out


def unmet(card, res, storey):
    return storey not in card["storeys"] or any(res.get(r, 0) < n for r, n in card["requires"].items())


def try_inactive_without_resources(page, snap):
    """A card whose needs the city lacks goes into a hidden space: allowed."""
    v = snap["view"]
    city = v["cities"][0]
    key = {h["card"]: h["key"] for h in v["hand"]}
    for m in snap["legal"]:
        if m["type"] != "build":
            continue
        la, ra = faces_active(city, m["x"], m["y"], m["storey"])
        for cid, active in zip(m["cards"], (la, ra)):
            card = CARD[key[cid]]
            if not active and unmet(card, city["resources"], m["storey"]) and card["requires"]:
                click_build(page, m, names_of(snap))
                aq_turn_or_over(page)
                after = state(page)["view"]["cities"][0]
                d = [d for d in after["districts"] if (d["x"], d["y"], d["storey"]) == (m["x"], m["y"], m["storey"])][0]
                face = d["left"] if cid == m["cards"][0] else d["right"]
                assert face["card"] == cid and face["active"] is False
                return True
    return False


DOUSE = {k for k, c in CARD.items() if c["douse"]}


def try_dousing(page, snap, artifacts):
    """A card that must be doused is refused where no water touches it, then built next to water."""
    v = snap["view"]
    city = v["cities"][0]
    key = {h["card"]: h["key"] for h in v["hand"]}
    res = city["resources"]
    douse = [c for c, k in key.items() if k in DOUSE and not unmet(CARD[k], res, 1)]
    plain = [c for c, k in key.items() if k not in DOUSE and not CARD[k]["requires"]]
    if not douse or not plain:
        return False
    D, P = douse[0], plain[0]
    good = [m for m in snap["legal"] if m["type"] == "build" and set(m["cards"]) == {D, P}
            and faces_active(city, m["x"], m["y"], m["storey"])[m["cards"].index(D)]]
    if not good:
        return False
    page.click(f"[data-testid=hand] [data-card-id='{D}']")
    page.click(f"[data-testid=hand] [data-card-id='{P}']")
    bad = page.locator("[data-testid^=place-][data-legal=false]")
    for i in range(bad.count()):
        tid = bad.nth(i).get_attribute("data-testid")
        x, y, s = (int(n) for n in re.fullmatch(r"place-(-?\d+)-(-?\d+)-(\d)", tid).groups())  # x, y may be < 0
        if s == 1 and faces_active(city, x, y, s)[0]:
            bad.nth(i).click()
            err = page.inner_text("[data-testid=action-panel] [data-testid=error]")
            assert "water" in err, err
            page.screenshot(path=str(artifacts / "aq-scenario-douse-refused.png"))
            break
    else:
        page.keyboard.press("Escape")
        page.keyboard.press("Escape")
        return False
    page.keyboard.press("Escape")  # back to step 1 with the keyboard
    page.keyboard.press("Escape")
    m = good[0]
    click_build(page, m, names_of(snap))
    aq_turn_or_over(page)
    after = state(page)["view"]["cities"][0]
    d = [d for d in after["districts"] if (d["x"], d["y"], d["storey"]) == (m["x"], m["y"], m["storey"])][0]
    face = d["left"] if m["cards"][0] == D else d["right"]
    assert face["card"] == D and face["active"] and face["doused"]
    page.screenshot(path=str(artifacts / "aq-scenario-douse-met.png"))
    return True


def test_scenarios_solo_inactive_space_dousing_and_downfall(open_page, artifacts):
    """Solo, fixed seed: a building without its resources goes into a hidden space; a dousing
    requirement is refused and then met; districts are protected and the rest fall."""
    page, probe = open_page()
    start(page, 1, faction="caesena", seed=4242)
    done = {"inactive": False, "douse": False, "downfall": False}
    kbd_draft = False
    t0 = time.time()
    while time.time() - t0 < GAME_TIMEOUT:
        turn = aq_turn_or_over(page)
        if turn == "over":
            break
        snap = state(page)
        if turn == "build":
            if not done["douse"] and try_dousing(page, snap, artifacts):
                done["douse"] = True
                continue
            if not done["inactive"] and try_inactive_without_resources(page, snap):
                done["inactive"] = True
                page.screenshot(path=str(artifacts / "aq-scenario-inactive.png"))
                continue
            aq_build(page)
        elif turn == "draft" and not kbd_draft:
            kbd_draft = True
            # keyboard only: focus a card, Enter selects and moves focus to Take, Enter takes it
            enabled_card(page).first.focus()
            page.keyboard.press("Enter")
            assert page.locator("[data-testid=confirm-pick]").evaluate("b => b === document.activeElement")
            page.keyboard.press("Enter")
        elif turn == "draft":
            cards = enabled_card(page)
            keys = [cards.nth(i).get_attribute("data-key") for i in range(cards.count())]
            want = [i for i, k in enumerate(keys) if k in DOUSE or CARD[k]["requires"]]
            cards.nth(want[0] if want else 0).click()
            page.click("[data-testid=confirm-pick]")
        elif turn == "protect" and not done["downfall"]:
            before = len(snap["view"]["cities"][0]["districts"])
            aq_protect(page)
            turn = aq_turn_or_over(page)
            after = state(page)["view"]["cities"][0]["districts"]
            assert all(d["protected"] for d in after) and len(after) < before
            assert "topple" in page.inner_text("[data-testid=news]")
            page.screenshot(path=str(artifacts / "aq-scenario-after-downfall.png"))
            done["downfall"] = True
        else:
            aq_decide(page, turn)
        if all(done.values()):
            break
    assert done == {"inactive": True, "douse": True, "downfall": True}, done
    assert page_errors(probe) == []


def test_strong_arm_during_a_publican_visit(open_page, artifacts):
    """Caesena strong-arms ties: whenever a donation space would push a cube, take it."""
    page, probe = open_page()
    start(page, 3, ["human", "bot:greedy", "bot:greedy"], faction="caesena", seed=777)
    t0 = time.time()
    while time.time() - t0 < GAME_TIMEOUT:
        turn = aq_turn_or_over(page)
        assert turn != "over", "no strong-arm chance came up"
        if turn == "publican" and page.locator(".aq-space.legal.strongarm").count():
            target = page.locator(".aq-space.legal.strongarm").first
            assert "strong-arming" in target.text_content()
            page.screenshot(path=str(artifacts / "aq-scenario-strongarm-before.png"))
            target.click()
            page.wait_for_function("() => /strong-arming/.test(document.querySelector('.frame-log').textContent)")
            page.screenshot(path=str(artifacts / "aq-scenario-strongarm-after.png"))
            break
        aq_decide(page, turn)
    assert page_errors(probe) == []


def test_hot_seat_hides_hands_between_people(open_page, artifacts):
    page, probe = open_page()
    start(page, 2, ["human", "human"], seed=SEED)
    # every person gets a hand-off screen before seeing their cards, the first one too
    page.wait_for_selector("dialog[data-testid=handoff][open]", timeout=30_000)
    page.click("dialog[data-testid=handoff] .btn-primary")
    aq_turn_or_over(page)
    first_hand = page.inner_text("[data-testid=hand]")
    aq_build(page)
    page.wait_for_selector("dialog[data-testid=handoff][open]")
    assert "Pass to" in page.inner_text("dialog[data-testid=handoff]")
    assert page.inner_text("[data-testid=hand]").strip() in ("Hidden.", "")
    page.screenshot(path=str(artifacts / "aq-hotseat-handoff.png"))
    page.click("dialog[data-testid=handoff] .btn-primary")
    aq_turn_or_over(page)
    assert page.inner_text("[data-testid=hand]") != first_hand
    assert page_errors(probe) == []


def test_phone_width_build_zoom_and_views(open_page, artifacts):
    page, probe = open_page(width=375, height=740)
    start(page, 2, ["human", "bot:greedy"], seed=SEED)  # the build below needs two buildable cards
    assert aq_turn_or_over(page) == "build"
    page.screenshot(path=str(artifacts / "aq-phone-start.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 375, "no sideways scrolling on a phone"
    # zoom on tap: the card opens big in a dialog
    page.locator("[data-testid=hand] .aq-zoom").first.click()
    page.wait_for_selector("dialog[data-testid=zoom][open] .aq-card-big")
    page.screenshot(path=str(artifacts / "aq-phone-zoom.png"))
    page.keyboard.press("Escape")
    enabled_card(page).first.click()
    enabled_card(page, "[aria-pressed=false]").first.click()
    page.locator("[data-testid^=place-][data-legal=true]").first.click()
    page.locator(".aq-citybox").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "aq-phone-place.png"))
    page.click("[data-testid=confirm-build]")
    aq_turn_or_over(page)
    page.click("[data-testid=pane-city]")   # a phone shows the city or the hand: the city
    page.click("[data-testid=view-left]")
    page.locator(".aq-hit-face").first.click()
    page.locator(".aq-citybox").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "aq-phone-left-view.png"))
    page.click("[data-testid=city-tab-1]")
    page.click("[data-testid=view-overview]")
    page.locator(".aq-citybox").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "aq-phone-opponent.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    # on one's turn, the panel says whose city is shown and leads back to one's own
    page.click("[data-testid=action-panel] [data-testid=back-to-mine]")
    assert page.get_attribute("[data-testid=city-tab-0]", "aria-selected") == "true"
    assert page.locator("[data-testid=back-to-mine]").count() == 0
    assert page_errors(probe) == []


def test_adjacency_and_why_hidden_on_hover_desktop(open_page, artifacts):
    page, probe = open_page()
    start(page, 1, seed=SEED)
    for _ in range(3):
        assert aq_turn_or_over(page) == "build"
        aq_build(page)
    aq_turn_or_over(page)
    faces = page.locator(".aq-hit-face")
    hidden = [i for i in range(faces.count()) if "hidden" in faces.nth(i).get_attribute("aria-label")]
    if hidden:
        faces.nth(hidden[0]).hover()
        assert "Hidden" in page.inner_text(".aq-detail")
    page.keyboard.press("2")
    assert page.get_attribute("[data-testid=view-left]", "aria-checked") == "true"
    page.locator(".aq-hit-face").first.focus()
    page.keyboard.press("ArrowRight")
    assert "Adjacent" in page.inner_text(".aq-detail")
    page.screenshot(path=str(artifacts / "aq-left-view-adjacency.png"))
    page.keyboard.press("3")
    page.screenshot(path=str(artifacts / "aq-right-view.png"))
    assert page_errors(probe) == []


def test_words_agree_with_a_seat_called_you(open_page):
    """The end panel's headline and the solo Draft log name the seats ("You win!", not "You wins!")."""
    page, _ = open_page()
    words = page.evaluate("""async () => {
        const m = await import(new URL('web/games/aqueducks/log-text.js', document.baseURI).href);
        const you = [{name: 'You'}], two = [{name: 'You'}, {name: 'Bo'}];
        return [m.winnersText([0], two), m.winnersText([1], two), m.winnersText([0, 1], two),
                m.eventText({type: 'pick', round: 2}, you, (k) => k),
                m.eventText({type: 'pick', round: 2}, two, (k) => k)];
    }""")
    assert words == ["You win", "Bo wins", "You and Bo win", "You pick a building (pick 2).",
                     "Everyone picks a building (pick 2)."]
