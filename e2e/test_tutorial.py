"""The tutorials in the page: each is completed by clicking what the coach points at; a move
that is not the lesson shows the hint and leaves the game as it was; leaving and coming back
resumes at the same step; the menu offers them (and, once, to a first-time visitor); axe finds
nothing serious at phone and desktop sizes. Screenshots of three steps of each go to
docs/screenshots/ (they illustrate docs/tutorials.md)."""
from __future__ import annotations

import json

import pytest

from conftest import ROOT
from helpers_pwa import dist_root, dist_url  # noqa: F401  (fixtures)
from test_a11y import AXE, axe_problems

SHOTS = ROOT / "docs" / "screenshots"
PHONE, DESKTOP = (375, 812), (1440, 900)
#: steps (0-based) whose picture goes to docs/screenshots/tutorial-<game>-<n>.png
PICTURED = {"waterworks": [2, 4, 9], "aqueducks": [2, 4, 6]}


def open_tutorial(open_page, url, game, size=DESKTOP):
    page, probe = open_page(url, width=size[0], height=size[1])
    page.click(f"[data-testid=tutorial-{game}]")
    page.wait_for_selector("[data-testid=coach]", timeout=30_000)
    page.wait_for_selector(f"html[data-screen={game}]", state="attached")
    return page, probe


def step_label(page) -> str:
    return page.inner_text("[data-testid=coach-count]")


def game_state(page):
    """The engine's full save of the tutorial game (what a refused move must leave alone)."""
    return page.evaluate("""async () => {
        const id = document.documentElement.dataset.gameId;
        const res = await window.PipesAndDucks.call('save', {id});
        return JSON.stringify(res.result);
    }""")


def click_ring(page, i):
    """Click the middle of the coach's ring number i+1, once it stands still."""
    ring = page.locator(f"[data-testid=coach-ring-{i}]")
    ring.wait_for(state="visible", timeout=10_000)
    where = None
    for _ in range(40):
        now = (ring.get_attribute("data-x"), ring.get_attribute("data-y"))
        if now == where:
            break
        where = now
        page.wait_for_timeout(250)
    page.mouse.click(int(where[0]), int(where[1]))


def do_step(page):
    """Do what the coach asks: Next on a reading step, else press its targets in order."""
    before = step_label(page)
    moved = not page.is_visible("[data-testid=coach-next]")
    if not moved:
        page.click("[data-testid=coach-next]")
    else:
        for i in range(page.locator(".coach-ring").count()):
            click_ring(page, i)
    page.wait_for_function("(b) => document.querySelector('[data-testid=coach-count]').textContent !== b",
                           arg=before, timeout=15_000)
    over = page.evaluate("""async () => (await window.PipesAndDucks.state(
        {id: document.documentElement.dataset.gameId})).result.over""")
    if moved and over:
        # the game is won: once the screen has shown it (the water has run along the line),
        # the coach's last step is the end of the game, with no end dialog over it, and the
        # keyboard is on the coach's Next
        page.wait_for_selector("[data-testid=waterworks][data-over=true]", state="attached", timeout=15_000)
        assert page.is_hidden("dialog[data-testid=gameover]")
        assert page.evaluate("() => document.activeElement.dataset.testid") == "coach-next"
        assert "You won" in page.inner_text("[data-testid=coach-text]")


# The Aqueducks walk-through failed once in a full-suite run: its check that the kept game was
# saved raced the autosave (it now waits for it). It keeps one rerun while the walk-through is
# new to the redesigned screens; it still fails when it fails twice.
@pytest.mark.parametrize("game,size", [("waterworks", PHONE),
                                       pytest.param("aqueducks", DESKTOP, marks=pytest.mark.flaky(reruns=1))])
def test_each_tutorial_is_completed_by_clicking_what_the_coach_points_at(open_page, dist_url, game, size):
    page, probe = open_tutorial(open_page, dist_url, game, size)
    SHOTS.mkdir(parents=True, exist_ok=True)
    done = 0
    for _ in range(40):
        if page.is_visible("[data-testid=coach-finish]"):
            break
        label = step_label(page)
        step = int(label.split("step ")[1].split(" ")[0]) - 1
        if step in PICTURED[game] and "of 4)" not in label:
            page.wait_for_timeout(400)   # the rings settle; then no card still in flight
            page.wait_for_function("() => !document.querySelector('[data-testid=motion] *')")
            page.screenshot(path=str(SHOTS / f"tutorial-{game}-{PICTURED[game].index(step) + 1}.png"))
        assert page.is_hidden("[data-testid=coach-hint]"), page.inner_text("[data-testid=coach-hint]")
        do_step(page)
        done += 1
    assert page.is_visible("[data-testid=coach-finish]")
    assert done >= 12
    snap = page.evaluate("""async () => (await window.PipesAndDucks.state({id: document.documentElement.dataset.gameId})).result""")
    if game == "waterworks":
        assert snap["over"] and snap["result"]["winners"] == [0]
        assert page.inner_text("[data-testid=coach-finish]") == "Play a full game"
    else:
        assert not snap["over"] and snap["view"]["era"] == 2
        # keep playing: the same game goes on, now saved and with a bot in the other seat
        page.click("[data-testid=coach-finish]")
        page.wait_for_selector("[data-testid=coach]", state="detached")
        page.wait_for_selector("[data-testid=action-panel] [data-testid=pass], .aq-hand [data-card-id]")
        # the kept game is autosaved once its engine answers save(): wait for it (fails if never)
        page.wait_for_function("() => Object.keys(localStorage).some((k) => k.startsWith('pnd.save.'))",
                               timeout=15_000)
    assert probe.errors == []


def test_a_wrong_move_shows_the_hint_and_leaves_the_position_unchanged(open_page, dist_url):
    page, probe = open_tutorial(open_page, dist_url, "waterworks")
    do_step(page)                                   # the welcome
    assert step_label(page).endswith("step 2 of 13")
    before = game_state(page)
    # the lesson is to lay the iron straight; discard it instead
    page.click(".ww-hand [data-card-id='19']")
    page.click("[data-testid=act-discard]")
    page.wait_for_selector("[data-testid=coach-hint]:not([hidden])")
    assert "iron straight" in page.inner_text("[data-testid=coach-hint]")
    assert game_state(page) == before
    assert step_label(page).endswith("step 2 of 13")
    page.click(".ww-hand [data-card-id='19']")        # put the card down again
    # a move the rules refuse: a leak on top of copper, three steps on
    for _ in range(5):
        do_step(page)
    assert step_label(page).endswith("step 7 of 13")
    before = game_state(page)
    page.click(".ww-hand [data-card-id='47']")
    page.mouse.click(*cell_right_of_ring(page, 1))      # the copper pipe, right of the lesson's cell
    page.wait_for_selector("[data-testid=coach-hint]:not([hidden])")
    assert page.inner_text("[data-testid=coach-hint]").startswith("Copper pipes can never leak.")
    assert game_state(page) == before
    assert step_label(page).endswith("step 7 of 13")
    assert probe.errors == []


def cell_right_of_ring(page, i):
    """The middle of the table cell just right of the cell the coach's ring i+1 marks."""
    ring = page.locator(f"[data-testid=coach-ring-{i}]")
    ring.wait_for(state="visible")
    box = ring.bounding_box()
    return box["x"] + box["width"] / 2 + (box["width"] - 8), box["y"] + box["height"] / 2


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_key_hints_only_where_there_is_a_keyboard(open_page, dist_url, touch):
    """"Press Turn (or R)" on a desktop; on a touch-screen phone no key is named, in the
    coach's text nor in the game's own hints (issue 26 item 11)."""
    page, probe = open_page(dist_url, width=PHONE[0], height=PHONE[1], touch=touch)
    page.click("[data-testid=tutorial-waterworks]")
    page.wait_for_selector("[data-testid=coach]", timeout=30_000)
    for _ in range(2):
        do_step(page)
    text = page.inner_text("[data-testid=coach-text]")
    assert text.startswith("Turn a card"), text
    page.click(".ww-hand [data-card-id='0']")
    hint = page.inner_text("[data-testid=ww-message]")
    if touch:
        assert "press Turn, then" in text and "(or R)" not in text, text
        assert "(R)" not in hint and "arrow keys" not in hint, hint
    else:
        assert "press Turn (or R), then" in text, text
        assert "Turn it (R)" in hint or "arrow keys and Enter" in hint, hint
    assert probe.errors == []


def test_leaving_midway_and_coming_back_resumes_at_that_step(open_page, dist_url):
    page, probe = open_tutorial(open_page, dist_url, "aqueducks")
    for _ in range(3):
        do_step(page)
    assert step_label(page).endswith("step 4 of 12")
    page.click("[data-testid=coach-leave]")
    page.wait_for_selector("#menu:not([hidden])")
    assert page.locator("[data-testid=coach]").count() == 0
    page.reload()
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=60_000)
    page.click("[data-testid=tutorial-aqueducks]")
    page.wait_for_selector("[data-testid=coach]", timeout=30_000)
    assert step_label(page).endswith("step 4 of 12")
    # the city is the one those three builds made
    page.wait_for_selector(".aq-hand [data-card-id='116']")
    assert page.locator("[data-face^='3:']").count() == 0 and page.locator("[data-face^='2:']").count() == 2
    # damaged progress is not trusted: the tutorial starts at its first step
    page.click("[data-testid=coach-leave]")
    page.evaluate("localStorage.setItem('pnd.tutorials.v1', JSON.stringify({version: 1, steps: {aqueducks: 'x', '<b>': 3}}))")
    page.click("[data-testid=tutorial-aqueducks]")
    page.wait_for_selector("[data-testid=coach]", timeout=30_000)
    assert step_label(page).endswith("step 1 of 12")
    assert probe.errors == []


def test_the_menu_offers_the_tutorials_and_a_first_visit_offer_once(open_page, dist_url):
    page, _ = open_page(dist_url, width=DESKTOP[0], height=DESKTOP[1])
    assert page.is_visible("[data-testid=tutorial-waterworks]")
    assert page.is_visible("[data-testid=tutorial-aqueducks]")
    assert page.is_visible("#tutorial-offer")
    page.reload()
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=60_000)
    assert page.is_hidden("#tutorial-offer")
    # from a game screen: its Rules dialog leads to the game's tutorial
    page.click(".game-pick[data-game=aqueducks]")
    page.click("#start")
    page.wait_for_selector("#game .frame", timeout=20_000)
    page.click(".frame-tools [data-act=rules]")
    page.click("dialog[data-testid=rules] button:has-text('Learn to play')")
    page.wait_for_selector("[data-testid=coach]", timeout=30_000)
    assert "Learn Aqueducks" in step_label(page)


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("game", ["waterworks", "aqueducks"])
def test_a_tutorial_has_no_serious_accessibility_violations(open_page, dist_url, artifacts, game, size):
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run `npm ci` (make test does it).")
    page, probe = open_tutorial(open_page, dist_url, game, size)
    do_step(page)
    page.wait_for_timeout(500)
    problems = axe_problems(page, f"tutorial-{game}-{size[0]}")
    page.screenshot(path=str(artifacts / f"tutorial-{game}-{size[0]}x{size[1]}.png"))
    assert not problems, "\n".join(problems)
    # the coach is reachable with the keyboard and its text is announced
    assert page.get_attribute("[data-testid=coach-text]", "aria-live") == "polite"
    page.focus("[data-testid=coach-skip]")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('[data-testid=coach-count]').textContent.includes('step 3')")
    assert probe.errors == []
