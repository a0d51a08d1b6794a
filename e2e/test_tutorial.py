"""The tutorials in the page: each is completed by clicking what the coach points at, at four
sizes, the coach keeping clear of what it points at and explains (coach-place.js); a move
that is not the lesson shows the hint and leaves the game as it was; leaving and coming back
resumes at the same step; the menu offers them (and, once, to a first-time visitor); axe finds
nothing serious at phone and desktop sizes. Screenshots of three steps of each go to the
run's artifacts (the committed copies in docs/screenshots/ illustrate docs/tutorials.md; a
test never writes a tracked file)."""
from __future__ import annotations

import json

import pytest

from helpers_browser import ROOT, wait_until_ready
from helpers_pwa import dist_root, dist_url  # noqa: F401  (fixtures)
from test_a11y import AXE, axe_problems

PHONE, DESKTOP = (375, 812), (1440, 900)
#: steps (0-based) whose picture goes to the artifacts' tutorial-<game>-<n>.png
PICTURED = {"waterworks": [2, 4, 9], "aqueducks": [2, 4, 6]}


def open_tutorial(open_page, url, game, size=DESKTOP):
    """The tutorial of ``game`` from the menu, in a browser that asks for reduced motion: the
    coach's rings pulse and the cards fly for as long as a test waits, which at 0.3 s of CPU a
    second (against 0.04 s still) made the walks the suite's dearest tests on its shared
    cores. Where things are is the point here; motion has its own tests (test_layout.py)."""
    page, probe = open_page(url, width=size[0], height=size[1])
    page.emulate_media(reduced_motion="reduce")
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


#: the four sizes every screen is looked at in (GUIDE)
SIZES = [(1440, 900), (1280, 720), (768, 1024), (375, 812)]


def steps_of(game):
    return json.loads((ROOT / "tutorials" / f"{game}.json").read_text())["steps"]


def coach_and_what_it_must_not_cover(page):
    """Once the coach and its rings stand still: the coach's box, the window, the rings shown
    (numbered, each with its box and whether the person can press it there), the outlines
    of what the step explains, and the turn status and news where the page shows them."""
    last = None
    for _ in range(20):
        page.wait_for_timeout(250)
        now = page.evaluate("""() => {
            const box = (e) => { const r = e.getBoundingClientRect();
                return [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)]; };
            const shown = (sel) => [...document.querySelectorAll(sel)].filter((e) => !e.hidden);
            const coach = document.querySelector('[data-testid=coach]');
            const rings = shown('.coach-ring').map((e) => {
                const [l, t, r, b] = box(e);
                const hit = document.elementFromPoint((l + r) / 2, (t + b) / 2);
                return {n: e.dataset.testid, box: [l, t, r, b], underCoach: !!hit && coach.contains(hit)};
            });
            const looks = shown('.coach-look').map(box);
            const named = {};
            for (const [k, sel] of [['status', '[data-testid=turn-status]'], ['news', '.aq-news:not([hidden])']]) {
                const e = document.querySelector(sel);
                if (e && e.getClientRects().length) named[k] = box(e);
            }
            return {coach: box(coach), view: [innerWidth, innerHeight], rings, looks, named};
        }""")
        if now == last:
            return now
        last = now
    return last


def overlap(a, b):
    """How many square px two boxes [left, top, right, bottom] share."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0


def check_the_coach_keeps_clear(page, step, where):
    """The coach is in the window, the next thing to press is ringed and in sight, and the
    coach covers no ring, no outline of what the step explains, nor the news or status it
    explains (issue 26 item 4)."""
    seen = coach_and_what_it_must_not_cover(page)
    coach, (vw, vh) = seen["coach"], seen["view"]
    assert coach[0] >= 0 and coach[1] >= 0 and coach[2] <= vw and coach[3] <= vh, (where, seen)
    if step.get("advance"):   # a move to make: what to press first is ringed, in sight
        first = [r for r in seen["rings"] if r["n"] == "coach-ring-0"]
        assert first, f"{where}: no ring on the next thing to press"
        box = first[0]["box"]
        assert box[0] >= -4 and box[1] >= -4 and box[2] <= vw + 4 and box[3] <= vh + 4, (where, seen)
    for ring in seen["rings"]:
        assert not ring["underCoach"] and overlap(coach, ring["box"]) == 0, (where, ring, seen)
    explains = step.get("explains") or []
    explains = [explains] if isinstance(explains, dict) else explains
    assert len(seen["looks"]) == len(explains), (where, seen)
    for look in seen["looks"]:
        assert overlap(coach, look) == 0, (where, look, seen)
    for thing in explains:
        if thing["kind"] in seen["named"]:
            assert overlap(coach, seen["named"][thing["kind"]]) == 0, (where, thing, seen)


def choose_place(page, size, avoid, view, current=None):
    """web/tutorial/coach-place.js choosePlace, run in the page: boxes as [left, top, right, bottom]."""
    return page.evaluate("""async ([size, avoid, view, current]) => {
        const m = await import(new URL('web/tutorial/coach-place.js', document.baseURI).href);
        const rect = ([left, top, right, bottom]) => ({left, top, right, bottom});
        return m.choosePlace({width: size[0], height: size[1]},
            avoid.map(([r, weight]) => ({rect: rect(r), weight})), {width: view[0], height: view[1]}, current);
    }""", [size, avoid, view, current])


def test_the_coach_is_placed_by_the_rectangles_it_must_leave_in_sight(open_page, dist_url):
    """coach-place.js: the place covering least of the weighted boxes; the foot's middle when
    nothing is in the way; a tie keeps the place it has; always inside the window."""
    page, _ = open_page(dist_url, width=DESKTOP[0], height=DESKTOP[1])
    bubble, desk, phone = [460, 180], [1440, 900], [375, 812]
    at = choose_place(page, bubble, [], desk)
    assert (at["name"], at["left"], at["top"], at["cost"]) == ("foot-mid", 490, 710, 0)
    # a ring at the foot's middle: on a wide window the bubble keeps to the foot, to a side
    assert choose_place(page, bubble, [[[600, 750, 700, 800], 3]], desk)["name"] == "foot-left"
    # rings along the whole foot: the top's middle
    foot = [[[x, 750, x + 100, 800], 3] for x in (100, 600, 1200)]
    assert choose_place(page, bubble, foot, desk)["name"] == "top-mid"
    # a phone: the bubble is as wide as the window, so it goes between rings at top and foot
    rings = [[[20, 20, 120, 300], 3], [[20, 560, 120, 800], 3]]
    at = choose_place(page, [359, 180], rings, phone)
    assert at["cost"] == 0 and at["name"].startswith("at-") and 300 + 8 <= at["top"] and at["top"] + 180 <= 560 - 8
    # nowhere is clear: it covers the lighter thing (the status) rather than a ring
    at = choose_place(page, [359, 400], [[[0, 0, 375, 400], 0.5], [[0, 420, 375, 812], 3]], phone)
    assert at["top"] < 30, at
    # a tie keeps the place it has: no hopping between two clear places
    assert choose_place(page, bubble, [], desk, current="top-right")["name"] == "top-right"
    # it moves only for less: the place it has covers a ring, the foot is clear
    assert choose_place(page, bubble, [[[1000, 20, 1100, 60], 3]], desk, current="top-right")["name"] == "foot-mid"
    # inside the window; one smaller than the bubble shows its top left corner
    for view in ([375, 812], [1280, 720], [300, 150]):
        at = choose_place(page, [359, 200], [[[0, 0, 375, 100], 3]], view)
        assert at["left"] >= 0 and at["top"] >= 0, at
        assert at["left"] + 359 <= max(view[0], 359) and at["top"] + 200 <= max(view[1], 200), at


#: the walk-throughs whose pictures go to docs/screenshots/
DOC_SHOTS = {("waterworks", PHONE), ("aqueducks", DESKTOP)}


def size_id(size):
    return f"{size[0]}x{size[1]}"


def look_at_every_size(page, artifacts, game, steps, label, last):
    """The step shown at each of the four sizes, the window resized in place, ending at
    ``last`` (the size the step is then done at): the coach keeps clear at each. A picture of
    each size where the check fails, and the docs' pictures at their sizes."""
    n = int(label.split("step ")[1].split(" ")[0])
    for size in [s for s in SIZES if s != last] + [last]:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        where = f"{game} {size_id(size)} {label}"
        try:
            check_the_coach_keeps_clear(page, steps[n - 1], where)
        except AssertionError:
            page.screenshot(path=str(artifacts / f"coach-{game}-{size_id(size)}-{n:02d}.png"))
            raise
        if (game, size) in DOC_SHOTS and n - 1 in PICTURED[game] and "of 4)" not in label:
            page.wait_for_function("() => !document.querySelector('[data-testid=motion] *')")
            page.screenshot(path=str(artifacts / f"tutorial-{game}-{PICTURED[game].index(n - 1) + 1}.png"))


@pytest.mark.parametrize("game", ["waterworks", "aqueducks"])
def test_each_tutorial_is_completed_by_clicking_what_the_coach_points_at(open_page, dist_url, artifacts, game):
    """Each tutorial walked once, every step looked at in the four sizes (the window resized
    in the same page, as a person turning a tablet or dragging a window would): the coach
    keeps clear of what it points at and explains at each (check_the_coach_keeps_clear; on a
    phone the Aqueducks hand strip stayed scrolled after a build, so the next cards named were
    off screen with no ring), and pressing what it rings completes the tutorial, the steps
    done at each size in turn (step k at SIZES[k % 4]). One walk, not one per size: a walk
    costs a page's start and about a minute of the machine's time."""
    page, probe = open_tutorial(open_page, dist_url, game, SIZES[0])
    steps = steps_of(game)
    done = 0
    for _ in range(40):
        if page.is_visible("[data-testid=coach-finish]"):
            break
        label = step_label(page)
        look_at_every_size(page, artifacts, game, steps, label, SIZES[done % len(SIZES)])
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
    wait_until_ready(page)
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
    wait_until_ready(page)
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
