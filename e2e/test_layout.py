"""Both game screens laid out to the viewport (issue 16): no page scroll at each size, the turn
status, the decision and the hand on screen, Water Works cells big enough, touch targets on a
phone, card captions that fit, opponents' lines reachable on a phone, motion that starts and
finishes (and is skipped under reduced motion), and a mute that survives a reload.

Every move goes through the page; the engine is only read to learn where things are.
Screenshots land in e2e/artifacts/layout-*.png (git-ignored)."""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from helpers_browser import ARTIFACTS, wait_until_ready
from helpers_menu import start_from_menu
from helpers_play import WW_HAND, aq_build, ww_turn as ww_play
from helpers_positions import aqueducks_decisions, waterworks_leak

AQ_HAND_CARD = "[data-testid=hand] [data-card-id]:not([aria-disabled=true])"

SIZES = {"desktop": (1440, 900), "laptop": (1280, 720), "wide": (1920, 1080), "tablet": (768, 1024),
         "phone": (375, 812), "landscape": (812, 375)}
PHONES = ("phone", "landscape")
DOCKED = ("desktop", "laptop", "wide")   # Water Works' hand docked beside the table
LEAK_HINT = ("Your line is leaking! Cover the leak with a cap card with a good cap on that side, "
             "or pick any card and send a plumber (P).")
AQ_TURN = ".aq[data-turn]:not([data-turn=''])"  # data-turn is set by the first render
# One deal for the screens laid out here: what ten moves build (and so how far the camera
# zooms out) depends on the deal, and a random one could spread the lines wider than a test
# of the layout should hinge on. Every size then shows the same table.
SEED = 2026


# ----- helpers ----------------------------------------------------------------------------
def ww_start(page, speed="instant"):
    start_from_menu(page, "waterworks", 2, ["human", "bot:greedy"], ["You", "Bo"],
                    {"first_player": "1"}, speed, seed=SEED)
    page.wait_for_selector(WW_HAND, timeout=20_000)


def ww_turn(page):
    """One turn through the page; returns when the move is in the log."""
    page.wait_for_selector(WW_HAND, timeout=20_000)
    n = page.locator(".frame-log-list li").count()
    ww_play(page)
    page.wait_for_function(f"() => document.querySelectorAll('.frame-log-list li').length > {n}")


def ww_moves(page, at_least):
    """Play the person's turns until the log holds `at_least` moves (the bot's included). The
    count is read when the turn is the person's again (the bot has replied), so the same seed
    gives the same table in every run; read straight after the person's move, it raced the bot's
    reply and the table was sometimes a move or two further on."""
    for _ in range(at_least):
        page.wait_for_selector(WW_HAND, timeout=20_000)
        if page.locator(".frame-log-list li").count() >= at_least:
            return
        ww_turn(page)
    page.wait_for_selector(WW_HAND, timeout=20_000)


def aq_start(page, players=3, speed="instant"):
    start_from_menu(page, "aqueducks", players, ["human"] + ["bot:greedy"] * (players - 1), None, None, speed,
                    seed=SEED)
    page.wait_for_selector(AQ_TURN, timeout=30_000)


def page_size(page):
    return page.evaluate("""() => ({sh: document.documentElement.scrollHeight, ih: innerHeight,
        sw: document.documentElement.scrollWidth, iw: innerWidth})""")


def rect(page, selector):
    return page.evaluate("""(s) => { const e = document.querySelector(s); if (!e) return null;
        const r = e.getBoundingClientRect(); return {x: r.left, y: r.top, w: r.width, h: r.height}; }""", selector)


def in_view(page, selector):
    """Every element matching `selector` lies wholly inside the viewport (there is one)."""
    boxes = page.evaluate("""(s) => [...document.querySelectorAll(s)].map(e => {
        const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })""", selector)
    size = page_size(page)
    assert boxes, f"nothing matches {selector}"
    out = [b for b in boxes if b[0] < -0.5 or b[1] < -0.5 or b[2] > size["iw"] + 0.5 or b[3] > size["ih"] + 0.5]
    assert not out, f"{selector} off screen: {out} in {size['iw']}x{size['ih']}"


def visible_city(page):
    """CSS px of the city on screen (its box inside the scrolling city column) at the column's top."""
    return page.evaluate("""() => { const col = document.querySelector('.aq-citycol'); col.scrollTop = 0;
        const a = col.getBoundingClientRect(), b = document.querySelector('.aq-citybox').getBoundingClientRect();
        return Math.max(0, Math.min(a.bottom, b.bottom, innerHeight) - Math.max(a.top, b.top, 0)); }""")


def small_targets(page, selector):
    """Visible elements matching `selector` smaller than 44x44 CSS px: [(text, w, h)]."""
    return page.evaluate("""(s) => [...document.querySelectorAll(s)].filter(e => e.offsetParent)
        .map(e => { const r = e.getBoundingClientRect(); return [e.textContent.trim().slice(0, 20), Math.round(r.width), Math.round(r.height)]; })
        .filter(([, w, h]) => w < 44 || h < 44)""", selector)


def overflowing_captions(page, selector):
    return page.evaluate("""(s) => [...document.querySelectorAll(s)].filter(e => e.offsetParent)
        .filter(e => e.scrollWidth > e.clientWidth + 0.5).map(e => [e.textContent, e.scrollWidth, e.clientWidth])""", selector)


def cut_off(page, selector):
    """The element's text does not fit its box, or the box is drawn under the element after it:
    [(text, scrollHeight, clientHeight, bottom, next top)] or []."""
    return page.evaluate("""(s) => [...document.querySelectorAll(s)].filter(e => e.offsetParent).map(e => {
        const next = e.nextElementSibling, b = e.getBoundingClientRect().bottom;
        const top = next ? next.getBoundingClientRect().top : Infinity;
        return [e.textContent, e.scrollHeight, e.clientHeight, Math.round(b), Math.round(top)]; })
        .filter(([, sh, ch, b, top]) => sh > ch + 0.5 || b > top + 0.5)""", selector)


def no_page_scroll(page, where):
    size = page_size(page)
    assert size["sh"] <= size["ih"], f"{where}: the page scrolls ({size})"
    assert size["sw"] <= size["iw"], f"{where}: the page scrolls sideways ({size})"


def motion_counts(page):
    return page.evaluate("() => Object.assign({}, (document.querySelector('[data-testid=motion]') || {dataset: {}}).dataset)")


def ww_state(page):
    gid = page.get_attribute("html", "data-game-id")
    return page.evaluate("async (id) => (await window.PipesAndDucks.state({id, player: 0})).result.view", gid)


def camera(page):
    """(ox, oy, cell width, table box): where cell (0, 0) is drawn and how big cells are."""
    table = "[data-testid=ww-table]"
    ox, oy = map(float, page.get_attribute(table, "data-origin").split(","))
    return ox, oy, float(page.get_attribute(table, "data-cell-px")), rect(page, table)


def cell_on_canvas(page, x, y, partly=False):
    """Whether cell (x, y) of the Water Works table is drawn inside the table's box (wholly,
    or at least partly)."""
    ox, oy, cw, box = camera(page)
    left, top, ch = ox + x * cw, oy + y * cw * 1.16, cw * 1.16
    if partly:
        return left + cw > 0 and top + ch > 0 and left < box["w"] and top < box["h"]
    return -1 <= left and left + cw <= box["w"] + 1 and -1 <= top and top + ch <= box["h"] + 1


def table_floor(page):
    """CSS px of floor (past the table's edges) the view shows along each side, beside the zoom
    buttons as fitted_gaps counts, and whether the table is longer than the view there:
    ((left, right, longer across), (top, bottom, longer down))."""
    table = ww_state(page)["table"]
    ox, oy, cw, box = camera(page)
    inset = 52 if box["w"] > 420 and box["h"] > 420 else 0
    top = 0 if inset else 50
    tw, th = table["width"] * cw, table["height"] * cw * 1.16
    return ((ox - inset, box["w"] - ox - tw, tw > box["w"] - inset),
            (oy - top, box["h"] - oy - th, th > box["h"] - top))


def fitted_gaps(page):
    """CSS px between the table's edges (beside the zoom buttons) and what the view fits: the
    cells, the open ends and the lit spots with their 0.35-cell margin (table-canvas.js
    fitCam): ((left, right, top, bottom), (whether all of it fits across, down))."""
    view = ww_state(page)
    pts = [(c["x"], c["y"]) for c in view["cards"]] + [(e["x"], e["y"]) for e in view["open_ends"]]
    pts += [tuple(map(int, k.split(","))) for k in
            page.eval_on_selector_all(".ww-spot[data-key]", "ss => ss.map(s => s.dataset.key)")]
    ox, oy, cw, box = camera(page)
    inset = 52 if box["w"] > 420 and box["h"] > 420 else 0
    top = 0 if inset else 50
    x0, x1 = min(x for x, _ in pts) - 0.35, max(x for x, _ in pts) + 1.35
    y0, y1 = min(y for _, y in pts) - 0.35, max(y for _, y in pts) + 1.35
    gaps = (ox + x0 * cw - inset, box["w"] - ox - x1 * cw, oy + y0 * cw * 1.16 - top, box["h"] - oy - y1 * cw * 1.16)
    # whether all of it fits across and down at this size (cells and origin are rounded to whole px)
    fits = ((x1 - x0) * cw <= box["w"] - inset + cw / 4, (y1 - y0) * cw * 1.16 <= box["h"] - top + cw / 4)
    return gaps, fits


# ----- no page scroll, and what must be on screen ------------------------------------------
def at_each_size(page, sizes, wait_for):
    """Yield each of ``sizes`` with the page's game screen built at it: the first as the page
    is, then for each next one the game is left for the menu, the window resized and the game
    resumed from the saved games (``wait_for``: the screen's selector once it is drawn). One
    page visits every size, as a window resized or a tablet turned would; a page start for
    each cost the suite 8-10 CPU s more (issue 25)."""
    for i, size in enumerate(sizes):
        if i:
            w, h = SIZES[size]
            page.click("#game [data-act=menu]")
            page.wait_for_selector("html[data-screen=menu]", state="attached")
            page.set_viewport_size({"width": w, "height": h})
            page.click("#saves-list .save [data-act=resume]")
            page.wait_for_selector(wait_for, timeout=30_000)
        yield size


def test_water_works_fits_the_viewport(open_page, artifacts):
    """Ten moves into a game, at every size: no page scroll, the turn, the hint, the hand and
    the actions on screen, cells big enough, the lines fitted and centred, touch targets on
    a phone, captions and hints whole."""
    w, h = SIZES["desktop"]
    page, probe = open_page(width=w, height=h)
    ww_start(page)
    ww_moves(page, 10)
    for size in at_each_size(page, list(SIZES), WW_HAND):
        water_works_fits(page, artifacts, size)
    assert probe.errors == [] or all("sw.js" in e or "404" in e for e in probe.errors), probe.errors


def water_works_fits(page, artifacts, size):
    w, h = SIZES[size]
    page.wait_for_timeout(150)  # the camera's re-fit
    no_page_scroll(page, f"Water Works {w}x{h}")
    in_view(page, "[data-testid=turn-status]")
    in_view(page, "[data-testid=ww-message]")
    in_view(page, ".ww-hand .ww-card[data-card-id]")
    in_view(page, ".ww-actions [data-act]")
    cell = int(page.get_attribute("[data-testid=ww-table]", "data-cell-px"))
    if size == "desktop":
        assert cell >= 56, f"cells are {cell} px at 1440x900 after ten moves"
    assert cell >= 40, f"cells are {cell} px at {w}x{h}"
    gaps, fits = fitted_gaps(page)
    floor = table_floor(page)
    print(f"\nfitted gaps at {w}x{h}, {cell} px cells: {[round(g) for g in gaps]}, all in view: {fits}, "
          f"floor {[[round(f) for f in side[:2]] for side in floor]}")
    # where the table is longer than the view, the view is table, not floor past its edge, but
    # for the fit's margin (issue 26 item 11: at 1440x900 a third of it was floor past the
    # valves); the origin and the cell size it is measured from are rounded to whole px
    margin = 0.35 * cell + cell / 4
    for axis, (near, far, longer) in enumerate(floor):
        where = "across" if axis == 0 else "down"
        assert not longer or (near <= margin and far <= margin), f"floor past the table {where} at {w}x{h}: {floor}"
    # and as centred as that allows where it all fits
    for axis, fit in enumerate(fits):
        a, b = gaps[2 * axis], gaps[2 * axis + 1]
        held = floor[axis][2] and any(abs(f - 0.35 * cell) <= cell / 4 for f in floor[axis][:2])
        assert not fit or held or abs(a - b) <= cell / 2, f"the fitted lines are not centred {'across' if axis == 0 else 'down'} at {w}x{h}: gaps {gaps}"
    if size in DOCKED:
        # the hand beside the table: its cards as large as the dock allows, all in sight (issue
        # 26 item 11: 54 px cards in a 360 px dock at 1440x900, the rest of it empty)
        dock = rect(page, ".ww-dock")
        widths = page.eval_on_selector_all(WW_HAND, "cs => cs.map(c => c.getBoundingClientRect().width)")
        print(f"hand cards {[round(x) for x in widths]} px in a {dock['w']:.0f}x{dock['h']:.0f} dock")
        assert min(widths) >= 0.2 * dock["w"], f"hand cards {widths} px in a {dock['w']} px dock at {w}x{h}"
        in_sight(page, WW_HAND, len(widths))
    if size in PHONES:
        tiny = small_targets(page, ".ww-zoom button, .ww-keybtn, .ww-actions .btn, .ww-hand .ww-card[data-card-id], .frame-bar button, .frame-bar select")
        assert tiny == [], f"touch targets under 44x44 px: {tiny}"
    caps = overflowing_captions(page, ".ww-card-cap, .ww-pile-cap, .ww-name")
    assert caps == [], f"captions cut off: {caps}"
    # each card picked in turn: its hint (where it goes, the keys, turned round) is whole
    for card in page.eval_on_selector_all(WW_HAND, "cs => cs.map(c => c.dataset.cardId)"):
        page.click(f".ww-hand .ww-card[data-card-id='{card}']")
        assert cut_off(page, "[data-testid=ww-message]") == [], f"the hint for card {card} is cut off"
    in_view(page, ".ww-actions [data-act]")
    # the longest hint the page gives (a leak to cover) leaves the actions on screen too
    page.evaluate("(t) => { document.querySelector('[data-testid=ww-message]').textContent = t; }", LEAK_HINT)
    in_view(page, ".ww-actions [data-act]")
    if size == "laptop":
        # and on a shorter laptop screen, where the side column cannot hold it all, the hand
        # scrolls in its box rather than pushing the actions below the fold
        page.set_viewport_size({"width": w, "height": 540})
        page.wait_for_timeout(150)
        in_view(page, ".ww-actions [data-act]")
        in_view(page, "[data-testid=ww-message]")
        page.set_viewport_size({"width": w, "height": h})
    page.screenshot(path=str(artifacts / f"layout-waterworks-{w}x{h}.png"))


def test_aqueducks_fits_the_viewport(open_page, artifacts):
    """A 3-city game's first build, at every size: no page scroll, the turn, the panel and
    the hand on screen, the city big enough, the other cities in tabs on narrow screens,
    touch targets on a phone, the boards in reach."""
    w, h = SIZES["desktop"]
    page, probe = open_page(width=w, height=h)
    aq_start(page)
    for size in at_each_size(page, list(SIZES), AQ_TURN):
        aqueducks_fits(page, artifacts, size)
    assert [e for e in probe.errors if not e.startswith("Failed to load resource")] == []


def show_pane(page, pane):
    """Narrow screens show the city or the hand under the decision, a tab each: choose one."""
    tab = page.locator(f"[data-testid=pane-{pane}]")
    if tab.is_visible():
        tab.click()


def aqueducks_fits(page, artifacts, size):
    w, h = SIZES[size]
    no_page_scroll(page, f"Aqueducks {w}x{h}")
    in_view(page, "[data-testid=turn-status]")
    in_view(page, "[data-testid=action-panel]")
    show_pane(page, "hand")
    in_view(page, "[data-testid=hand] .aq-handcard:first-child")
    show_pane(page, "city")
    city = rect(page, ".aq-citycol")
    assert city and city["h"] >= min(160, h * 0.3), f"the city gets {city} of a {w}x{h} screen"
    if size in PHONES or size == "tablet":
        # the other cities fold into their tabs, so the person's own city gets the space
        assert page.locator("[data-testid=minis]").is_hidden(), f"no strip of miniatures at {w}x{h}"
        assert page.locator("[data-testid=city-tab-1] .aq-mini").count() == 1, "Bo's miniature is in Bo's tab"
        seen = visible_city(page)
        assert seen >= 0.3 * h, f"{seen:.0f} px of your city in view on a {w}x{h} screen"
    if size in PHONES:
        tiny = small_targets(page, ".aq-zoom, .aq-tabs button, .aq-views button, .aq-boards-toggle, [data-testid=action-panel] button, .frame-bar button, .frame-bar select")
        assert tiny == [], f"touch targets under 44x44 px: {tiny}"
    page.screenshot(path=str(artifacts / f"layout-aqueducks-{w}x{h}.png"))
    boards_reachable(page, f"start {w}x{h}")
    # the boards are one tap away on narrow screens, and the page still does not scroll
    toggle = page.locator("[data-testid=boards-toggle]")
    if toggle.is_visible():
        toggle.click()
        page.wait_for_selector(".aq-boards .aq-pondifex", state="visible")
        no_page_scroll(page, f"Aqueducks boards drawer {w}x{h}")
        page.screenshot(path=str(artifacts / f"layout-aqueducks-boards-{w}x{h}.png"))
        close_boards(page)


# ----- every decision of both games, the largest hands, the longest texts ----------------------
# Whether an element can be pressed where it is: whole in the window, not cut by a box that
# scrolls or clips it (a button scrolled out of its panel), and its middle not under another.
IN_SIGHT = """(s) => [...document.querySelectorAll(s)].filter(e => e.getClientRects().length).map(e => {
  const r = e.getBoundingClientRect();
  let ok = r.width > 0 && r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
  for (let a = e.parentElement; ok && a && a !== document.body; a = a.parentElement) {
    const st = getComputedStyle(a);
    if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
    const b = a.getBoundingClientRect();
    ok = r.left >= b.left - 0.5 && r.top >= b.top - 0.5 && r.right <= b.right + 0.5 && r.bottom <= b.bottom + 0.5;
  }
  const hit = ok && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return [ok && !!hit && (hit === e || e.contains(hit)), (e.dataset.testid || e.textContent.trim()).slice(0, 40)];
})"""

# The zoom disc of each hand card in sight and the card's lines under it: [(card, line)].
ZOOM_OVER_TEXT = """() => [...document.querySelectorAll('.aq-handcard')].flatMap(h => {
  const z = h.querySelector('.aq-zoom'); if (!z) return [];
  const b = z.getBoundingClientRect(); const disc = {l: b.right - 24, t: b.bottom - 24, r: b.right - 2, bt: b.bottom - 2};
  return [...h.querySelectorAll('.aq-card > *:not(.visually-hidden)')].filter(c => {
    const r = c.getBoundingClientRect();
    return r.width && r.height && r.left < disc.r && r.right > disc.l && r.top < disc.bt && r.bottom > disc.t;
  }).map(c => [h.querySelector('[data-key]').dataset.key, c.className]);
})"""

DECISIONS = ["build", "publican", "protect", "draft", "ww-leak"]


def in_sight(page, selector, at_least=1, first=False):
    """Every element `selector` matches (or only the first) is in sight; at least `at_least`."""
    seen = page.evaluate(IN_SIGHT, selector)
    assert len(seen) >= at_least, f"{selector}: {len(seen)} on screen"
    seen = seen[:1] if first else seen
    hidden = [what for ok, what in seen if not ok]
    if hidden:
        page.screenshot(path=str(ARTIFACTS / "layout-not-in-sight.png"))
    assert not hidden, f"{selector} not in sight (scrolled out of its box, off screen or covered): {hidden}"


PBOARD = ".aq-boards .aq-pboard h3"


def boards_reachable(page, where):
    """The player board is in sight, or the Boards button is and opens it (in sight, the page
    not scrolling), and it closes again (issue 26 item 11: at 1280x720 a build's hand of 7
    left the boards 0 px tall under it, with no button). On a narrow screen the button is in
    the city's tab."""
    show_pane(page, "city")
    seen = page.evaluate(IN_SIGHT, PBOARD)
    if seen and all(ok for ok, _ in seen):
        return
    in_sight(page, "[data-testid=boards-toggle]")
    page.click("[data-testid=boards-toggle]")
    in_sight(page, PBOARD)
    no_page_scroll(page, f"{where}, the boards open")
    page.screenshot(path=str(ARTIFACTS / f"layout-boards-{where.replace(' ', '-')}.png"))
    close_boards(page)


def close_boards(page):
    """Close the boards: by the button, or where the drawer covers it, by the drawer's own Close."""
    close = page.locator("[data-testid=boards-close]")
    page.click("[data-testid=boards-close]" if close.is_visible() else "[data-testid=boards-toggle]")
    page.wait_for_selector(".aq:not(.boards-open)", state="attached")
    assert page.get_attribute("[data-testid=boards-toggle]", "aria-expanded") == "false"


def open_decision(page, decision):
    text = waterworks_leak() if decision == "ww-leak" else aqueducks_decisions()[decision]
    page.set_input_files("#import-file", files=[{"name": f"{decision}.json", "mimeType": "application/json",
                                                 "buffer": text.encode()}])
    page.click("#saves-list .save [data-act=resume]")
    if decision == "ww-leak":
        page.wait_for_selector(WW_HAND, timeout=30_000)
    else:
        page.wait_for_selector(f".aq[data-turn={decision}]", timeout=30_000)


DECISION_SIZES = ["desktop", "laptop", "tablet", "phone"]


@pytest.mark.parametrize("decision", DECISIONS)
def test_every_decision_fits_with_the_largest_hand(open_page, artifacts, decision):
    """Every kind of decision of both games (an Aqueducks build, Publican visit, Protect and
    Draft in a 4-city game with a Florentia hand of 7 and up to 14 lines of news; a Water Works
    leak to repair, with the longest hint) at each size: the page does not scroll and what the
    decision needs is in sight, not scrolled out of a small box (issue 26 item 3: at 1440x900 the
    Publican's buttons were scrolled out of a 78 px panel and the news showed 2 of 6 lines).

    One page visits the four sizes (at_each_size)."""
    w, h = SIZES[DECISION_SIZES[0]]
    page, probe = open_page(width=w, height=h)
    page.emulate_media(reduced_motion="reduce")
    open_decision(page, decision)
    shown = WW_HAND if decision == "ww-leak" else f".aq[data-turn={decision}]"
    for size in at_each_size(page, DECISION_SIZES, shown):
        page.wait_for_timeout(300)   # the strips' fit after the first frame
        decision_fits(page, artifacts, decision, *SIZES[size])
    assert [e for e in probe.errors if not e.startswith("Failed to load resource")] == []


def decision_fits(page, artifacts, decision, w, h):
    """What test_every_decision_fits_with_the_largest_hand checks at one size."""
    no_page_scroll(page, f"{decision} at {w}x{h}")
    in_view(page, "[data-testid=turn-status]")
    if decision == "ww-leak":
        in_sight(page, ".ww-actions [data-act]", 4)
        in_sight(page, "[data-testid=ww-message]")
        assert cut_off(page, "[data-testid=ww-message]") == []
        in_sight(page, f"{WW_HAND}", 5)
        page.screenshot(path=str(artifacts / f"layout-decision-{decision}-{w}x{h}.png"))
        return
    in_sight(page, "[data-testid=action-panel] .aq-prompt")
    show_pane(page, "city")
    in_sight(page, ".aq-views button", 3)      # the city's views, whole on a phone too
    if decision == "publican":
        in_sight(page, "[data-testid=action-panel] [data-testid=pass]")
        in_sight(page, "[data-testid=action-panel] [data-testid^=donate-opt-]")
    elif decision == "protect":
        in_sight(page, "[data-testid=confirm-protect]")
        # a district to protect: in the panel's list, or on the city (where a phone picks them)
        seen = page.evaluate(IN_SIGHT, "[data-testid=action-panel] [data-testid^=protect-item-], .aq-hit-protect:not([aria-disabled=true])")
        assert any(ok for ok, _ in seen), f"no district to protect in sight: {seen}"
    elif decision == "build":
        show_pane(page, "hand")
        in_sight(page, AQ_HAND_CARD, first=True)
        page.locator(AQ_HAND_CARD).first.click()
        page.locator(f"{AQ_HAND_CARD}[aria-pressed=false]").first.click()
        page.locator("[data-testid^=place-][data-legal=true]").first.click()
        in_sight(page, "[data-testid=confirm-build]")
    elif decision == "draft":
        show_pane(page, "hand")
        in_sight(page, AQ_HAND_CARD, first=True)
        page.locator(AQ_HAND_CARD).first.click()
        in_sight(page, "[data-testid=confirm-pick]")
    assert page.evaluate(ZOOM_OVER_TEXT) == [], "a zoom button covers a line of its card"
    boards_reachable(page, f"{decision} {w}x{h}")
    # the news: every line in sight, or its All button is, and opens it to every line
    if page.locator("[data-testid=news] li").count():
        lines = page.evaluate(IN_SIGHT, "[data-testid=news] li")
        if not all(ok for ok, _ in lines):
            in_sight(page, "[data-testid=news-all]")
            page.click("[data-testid=news-all]")
            no_page_scroll(page, f"{decision} at {w}x{h}, the news open")
            # open, it drops down to every line, or to the window's foot and scrolls there
            box = rect(page, "[data-testid=news]")
            if box["y"] + box["h"] < h - 12:
                in_sight(page, "[data-testid=news] li")
            page.screenshot(path=str(artifacts / f"layout-decision-{decision}-{w}x{h}-news.png"))
            page.keyboard.press("Escape")
            page.wait_for_selector("[data-testid=news]:not(.open)")
    page.screenshot(path=str(artifacts / f"layout-decision-{decision}-{w}x{h}.png"))


# ----- a phone reaches every line -------------------------------------------------------------
def test_phone_shows_where_the_other_lines_are(open_page, artifacts):
    """On a phone the camera keeps to the person's part of the table; a line with no card in
    view has a marker on the table's edge that brings it into view, and so does its seat."""
    page, _probe = open_page(width=375, height=812)
    ww_start(page)
    ww_moves(page, 6)
    page.wait_for_timeout(150)
    view = ww_state(page)
    valve = {c["owner"]: (c["x"], c["y"]) for c in view["cards"] if c.get("kind") == "valve"}
    bo = [(c["x"], c["y"]) for c in view["cards"] if c["owner"] == 1]
    assert set(valve) == {0, 1}
    marker = page.locator("[data-testid=line-marker-1]")
    # pan (arrow keys on the table) until none of Bo's cards is in view
    page.focus("[data-testid=ww-table]")
    for _ in range(40):
        seen = [xy for xy in bo if cell_on_canvas(page, *xy, partly=True)]
        if not seen:
            break
        assert marker.count() == 0, "no marker while part of the line is in view"
        ox, oy, cw, box = camera(page)
        mx = sum(x + 0.5 for x, _ in bo) / len(bo) * cw + ox - box["w"] / 2
        my = sum(y + 0.5 for _, y in bo) / len(bo) * cw * 1.16 + oy - box["h"] / 2
        key = ("ArrowLeft" if mx > 0 else "ArrowRight") if abs(mx) / box["w"] > abs(my) / box["h"] \
            else ("ArrowUp" if my > 0 else "ArrowDown")
        page.keyboard.press(key)
    else:
        raise AssertionError("could not pan Bo's line out of view")
    marker.wait_for(state="visible")
    box = marker.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    page.screenshot(path=str(artifacts / "layout-waterworks-phone-marker.png"))
    marker.click()
    page.wait_for_timeout(700)
    assert cell_on_canvas(page, *valve[1]), "the marker brings Bo's valve into view"
    assert marker.count() == 0
    # a seat does the same, and Fit goes back to following the person's play
    page.click("[data-testid=player-0]")
    page.wait_for_timeout(700)
    assert cell_on_canvas(page, *valve[0]), "tapping your seat shows your valve"
    page.click("[data-testid=player-1]")
    page.wait_for_timeout(700)
    assert cell_on_canvas(page, *valve[1]), "tapping Bo's seat shows Bo's valve"
    page.screenshot(path=str(artifacts / "layout-waterworks-phone-bo.png"))
    page.click("[data-testid=zoom-fit]")
    no_page_scroll(page, "after panning")


# ----- motion ---------------------------------------------------------------------------------
def _played_motion(page, kinds):
    """Wait until every motion kind that started has finished; return the counts."""
    page.wait_for_function("""(kinds) => { const d = (document.querySelector('[data-testid=motion]') || {dataset: {}}).dataset;
        return kinds.every(k => +(d[k + 'Started'] || 0) > 0 && d[k + 'Started'] === d[k + 'Finished']); }""",
                           arg=kinds, timeout=15_000)
    return motion_counts(page)


def test_water_works_motion_starts_and_finishes(open_page):
    page, _probe = open_page(width=1280, height=720)
    ww_start(page, speed="normal")
    ww_turn(page)
    page.wait_for_selector(WW_HAND, timeout=20_000)
    # a draw always comes from the deck; what the two turns did (a lay or a discard) depends on the deal
    counts = _played_motion(page, ["draw"])
    page.wait_for_function("""() => { const d = document.querySelector('[data-testid=motion]').dataset;
        const started = Object.keys(d).filter(k => k.endsWith('Started'));
        return started.every(k => d[k] === d[k.replace('Started', 'Finished')]); }""", timeout=15_000)
    counts = motion_counts(page)
    assert int(counts.get("playStarted", 0)) + int(counts.get("discardStarted", 0)) >= 1, counts
    assert not any(k.endswith("Skipped") for k in counts), counts
    assert page.locator(".motion-layer .motion-fly").count() == 0, "nothing is left in flight"


def test_motion_is_skipped_under_reduced_motion(open_page):
    page, _probe = open_page(width=1280, height=720)
    page.emulate_media(reduced_motion="reduce")
    ww_start(page, speed="normal")
    ww_turn(page)
    page.wait_for_selector(WW_HAND, timeout=20_000)
    counts = motion_counts(page)
    assert int(counts.get("playSkipped", 0)) >= 1 and int(counts.get("drawSkipped", 0)) >= 1, counts
    assert not any(k.endswith("Started") for k in counts), counts


def test_instant_speed_skips_motion(open_page):
    page, _probe = open_page(width=1280, height=720)
    ww_start(page, speed="instant")
    ww_turn(page)
    page.wait_for_selector(WW_HAND, timeout=20_000)
    counts = motion_counts(page)
    # the person's move (a lay, a leak or a discard, as the deal allows) and the draws: all skipped
    assert any(int(counts.get(k, 0)) >= 1 for k in ("playSkipped", "leakSkipped", "discardSkipped")), counts
    assert int(counts.get("drawSkipped", 0)) >= 1, counts
    assert not any(k.endswith("Started") for k in counts), counts


def test_aqueducks_reveal_shows_each_city_built(open_page, artifacts):
    """Builds chosen together are revealed one city at a time, on the city and the
    opponents' live miniatures (in their tabs), each captioned with what was built."""
    page, _probe = open_page(width=1440, height=900)
    aq_start(page, players=3, speed="normal")
    assert page.locator(".aq-tab-mini .aq-mini").count() == 2, "one miniature per other city"
    aq_build(page)
    page.wait_for_function("() => [...document.querySelectorAll('.aq-mini-cap')].every(c => c.textContent.includes('+'))",
                           timeout=30_000)
    counts = _played_motion(page, ["reveal"])
    assert int(counts["revealStarted"]) >= 3, counts
    page.screenshot(path=str(artifacts / "layout-aqueducks-reveal.png"))
    # a miniature (its seat's tab) enlarges its city
    page.click("[data-testid=city-tab-1] .aq-tab-mini")
    assert page.get_attribute("[data-testid=city-tab-1]", "aria-selected") == "true"
    assert page.locator("[data-testid=mini-0]").count() == 1, "your own city is a miniature then"


def test_aqueducks_reveal_is_skipped_under_reduced_motion(open_page):
    page, _probe = open_page(width=1280, height=720)
    page.emulate_media(reduced_motion="reduce")
    aq_start(page, players=2, speed="normal")
    aq_build(page)
    page.wait_for_function("() => +((document.querySelector('[data-testid=motion]') || {dataset: {}}).dataset.revealSkipped || 0) >= 2",
                           timeout=30_000)
    assert not any(k.endswith("Started") for k in motion_counts(page)), motion_counts(page)


def aq_strongarm_position():
    """A 3-player Aqueducks record (engine moves, random play) that stops at seat 0's donation
    on the era's last Publican visit, with a donation that strong-arms a cube: the Protect and
    the Downfall follow. Returns (saved-game text, that donation's space)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
    from aqueducks import GAME
    for seed in range(1, 300):
        game, rng = GAME.new({"players": 3}, seed), random.Random(seed)
        while not game.is_over and game.view(0)["era"] == 1:
            acting, view = game.to_act(), game.view(0)
            if acting == [0] and view["action"] == "publican" and view["track"][view["action_index"] + 1] == "protect":
                arms = [m["space"] for m in game.legal_moves(0) if m["type"] == "donate"
                        and game.pub["rows"][int(m["space"][0])][int(m["space"][2:]):]]
                if arms:
                    seats = [{"name": n, "controller": c} for n, c in
                             (("You", "human"), ("Bo", "bot:greedy"), ("Cleo", "bot:greedy"))]
                    return json.dumps({"format": "pipes-and-ducks/saved-game", "version": 1, "game": "aqueducks",
                                       "players": 3, "seats": seats, "record": game.record()}), arms[0]
                break
            for p in acting:
                game.apply(p, rng.choice(game.legal_moves(p)))
    raise AssertionError("no seed reaches a strong-arm before a Downfall")


# Each render while others act in a Publican visit: is the Pondifex in the action panel?
WATCH_VISIT = """() => {
  window.__visit = [];
  const aq = document.querySelector('.aq');
  new MutationObserver(() => {
    if (aq.dataset.action === 'publican' && aq.dataset.turn === '') {
      window.__visit.push(!!document.querySelector('[data-testid=action-panel] .aq-pondifex')
                          && !document.querySelector('.aq-boards .aq-pondifex'));
    }
  }).observe(aq, { attributes: true, subtree: true, childList: true });
}"""


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced"])
def test_aqueducks_strongarm_and_gauls(open_page, artifacts, reduced):
    """A strong-arm pushes the displaced cubes along the Pondifex row and the Gauls topple the
    unprotected districts (city and miniatures): each starts and finishes, or is skipped under
    reduced motion. The position is a saved game imported through the menu."""
    text, space = aq_strongarm_position()
    page, _probe = open_page(width=1280, height=720)
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    page.evaluate("() => localStorage.setItem('pnd.aqueducks.speed', 'normal')")
    page.set_input_files("#import-file", files=[{"name": "strongarm.json", "mimeType": "application/json",
                                                 "buffer": text.encode()}])
    page.click("#saves-list .save [data-act=resume]")
    page.wait_for_selector(".aq[data-turn=publican]", timeout=30_000)
    page.evaluate(WATCH_VISIT)
    page.click(f"[data-testid=action-panel] [data-testid=donate-{space}]")
    if not reduced:
        counts = _played_motion(page, ["push"])
        page.screenshot(path=str(artifacts / "layout-aqueducks-strongarm.png"))
    page.wait_for_selector(".aq[data-turn=protect]", timeout=30_000)
    toggles = page.locator("[data-testid^=protect-]")
    for i in range(toggles.count()):
        if page.locator("[data-testid=confirm-protect]").is_enabled():
            break
        toggles.nth(i).click()
    # while the others donated, the Pondifex stayed beside the prompt (on screen), not in the side column
    watched = page.evaluate("() => window.__visit")
    assert watched and all(watched), watched
    page.click("[data-testid=confirm-protect]")
    if reduced:
        page.wait_for_function("() => +(document.querySelector('[data-testid=motion]').dataset.toppleSkipped || 0) >= 1",
                               timeout=30_000)
        counts = motion_counts(page)
        assert int(counts.get("pushSkipped", 0)) >= 1, counts
        assert not any(k.endswith("Started") for k in counts), counts
        return
    counts = _played_motion(page, ["push", "topple", "gauls"])
    assert not any(k.endswith("Skipped") and k[:-7] in ("push", "topple") for k in counts), json.dumps(counts)


# ----- sound ------------------------------------------------------------------------------------
def _after_reload(page):
    """A reload during a game reopens it on screen (web/shell/reopen.js)."""
    page.reload()
    wait_until_ready(page)
    page.wait_for_selector("#game .frame [data-testid=sound-toggle]", state="visible", timeout=30_000)


def test_mute_is_remembered_across_a_reload(open_page):
    page, _probe = open_page(width=1280, height=720)
    page.evaluate("localStorage.removeItem('pnd.sound')")
    ww_start(page)
    toggle = "[data-testid=sound-toggle]"
    assert page.get_attribute(toggle, "aria-pressed") == "true", "sound starts on in the app"
    page.click(toggle)
    assert page.get_attribute(toggle, "aria-pressed") == "false"
    _after_reload(page)
    assert page.get_attribute(toggle, "aria-pressed") == "false", "muted after the reload"
    page.click(toggle)
    _after_reload(page)
    assert page.get_attribute(toggle, "aria-pressed") == "true", "sound back on after the reload"


@pytest.mark.parametrize("query, on", [("", False), ("&sound=on", True)])
def test_an_embed_is_muted_unless_it_asks_for_sound(open_page, base_url, query, on):
    """The app's own choice (sound on) does not leak into an embed, nor the embed's into it."""
    page, _probe = open_page(f"{base_url}embed.html?game=waterworks&autostart=1{query}", width=800, height=600,
                             wait_ready=False)
    page.wait_for_selector("#game .frame [data-testid=sound-toggle]", timeout=90_000)
    assert page.get_attribute("[data-testid=sound-toggle]", "aria-pressed") == str(on).lower()
    page.click("[data-testid=sound-toggle]")
    assert page.get_attribute("[data-testid=sound-toggle]", "aria-pressed") == str(not on).lower()
    assert page.evaluate("localStorage.getItem('pnd.sound')") is None, "an embed remembers nothing"
