"""Aqueducks at a glance (issue 55): at 1440x900 and 1280x720 the whole city, the hand and every
control of the decision open are on screen at once, none cut by a box that scrolls or clips it
and the page itself never scrolls; at 768x1024 and 375x812 the same holds for the decision and
for the city or the hand, whichever of the City / Hand tabs is chosen. Played as a person
would, through a Build, a Publican visit, a Protect and a Draft of a 3-player game against
bots. And the left view asked for after picking two cards (or while protecting) stays the
left view and shows where the new district would stand.

Screenshots land in e2e/artifacts/fit-*.png (git-ignored)."""
from __future__ import annotations

from helpers_menu import start_from_menu
from helpers_play import AQ_HAND, aq_decide, aq_turn_or_over

SEED = 2026   # one deal: the same table at every size, every run
SIZES = [(1440, 900), (1280, 720), (768, 1024), (375, 812)]
WIDE = 900    # at most this wide: the narrow layout, the city and the hand behind tabs

# Each element matched by the selector whose box is not whole in the window, or not whole
# inside an ancestor that scrolls or clips (overflow other than visible), with a word to name it.
CUT = """(sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length).map((e) => {
  const r = e.getBoundingClientRect();
  const name = (e.getAttribute('aria-label') || e.dataset.testid || e.textContent.trim() || e.className).slice(0, 50);
  if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) return `${name}: out of the window`;
  for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
    const st = getComputedStyle(a);
    if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
    const b = a.getBoundingClientRect();
    if (r.left < b.left - 0.5 || r.top < b.top - 0.5 || r.right > b.right + 0.5 || r.bottom > b.bottom + 0.5)
      return `${name}: cut by ${a.className || a.tagName}`;
  }
  return null;
}).filter(Boolean)"""
# Settled: the city canvas redraws to a new size from a ResizeObserver, before the next paint.
SETTLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"
CITY = ".aq-citybox .aq-city-canvas, .aq-citybox .aq-hit"
HAND = "[data-testid=hand] .aq-handcard"
CONTROLS = "[data-testid=action-panel] button, [data-testid=action-panel] .aq-space"


def cut(page, selector):
    return page.evaluate(CUT, selector)


def no_page_scroll(page, where):
    s = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth, document.documentElement.scrollHeight, innerHeight]")
    assert s[0] <= s[1] and s[2] <= s[3], f"the page scrolls at {where}: {s}"


def fits_at_each_size(page, artifacts, phase, hand=True):
    """The decision's controls, the whole city and (when the decision uses it or shows it) the
    hand on screen and uncut at every size; on narrow screens after choosing their tab."""
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate(SETTLED)
        where = f"{phase} {w}x{h}"
        no_page_scroll(page, where)
        # a build starts in the hand (its panel has no button until two cards are picked)
        assert phase == "build" or page.locator(CONTROLS).count(), where
        assert cut(page, CONTROLS) == [], where
        narrow = w <= WIDE
        if narrow:
            page.click("[data-testid=pane-city]")
            page.evaluate(SETTLED)
        assert page.locator(CITY).count() > 1, where
        assert cut(page, CITY) == [], where
        assert cut(page, CONTROLS) == [], where
        page.screenshot(path=str(artifacts / f"fit-{phase}-{w}x{h}.png"))
        if hand:
            if narrow:
                page.click("[data-testid=pane-hand]")
                page.evaluate(SETTLED)
            assert page.locator(HAND).count(), where
            assert cut(page, HAND) == [], where
            assert cut(page, CONTROLS) == [], where
            no_page_scroll(page, where)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.evaluate(SETTLED)


def left_view_stays(page, place_words=None):
    """The left view, asked for mid-decision, stays the left view (the decision's redraws do
    not snap it back) and, while building, marks where the new district would stand."""
    page.click("[data-testid=view-left]")
    page.evaluate(SETTLED)
    assert page.get_attribute("[data-testid=view-left]", "aria-checked") == "true"
    assert page.locator(".aq-citybox .aq-hit").count(), "the left view shows the city's faces"
    if place_words is not None:
        mark = page.locator("[data-testid=side-place]")
        assert mark.count() == 1, "the left view shows where the new district would stand"
        assert place_words in mark.get_attribute("aria-label")
    page.click("[data-testid=view-overview]")


def test_aqueducks_at_a_glance(open_page, artifacts):
    page, probe = open_page(width=1440, height=900)
    start_from_menu(page, "aqueducks", 3, ["human", "bot:greedy", "bot:greedy"], None, None, "instant", seed=SEED)
    seen = set()
    for _ in range(40):
        turn = aq_turn_or_over(page)
        assert turn != "over", f"the game ended before every decision was seen: {seen}"
        if turn not in seen:
            seen.add(turn)
            fits_at_each_size(page, artifacts, turn, hand=turn != "protect" or page.locator(HAND).count() > 0)
            if turn == "build":
                # two cards and a place picked: the place targets fit too, and the left view shows it
                page.locator(AQ_HAND).first.click()
                page.locator(f"{AQ_HAND}[aria-pressed=false]").first.click()
                page.locator("[data-testid^=place-][data-legal=true]").first.click()
                place = page.locator(".aq-steps li").nth(2).inner_text().strip()[1:].strip()
                assert place.startswith(("row ", "before row 1", "two rows", "three rows", "four rows")), place
                fits_at_each_size(page, artifacts, "build-place")
                left_view_stays(page, place)
                page.click("[data-testid=confirm-build]")
                continue
            if turn == "protect":
                page.locator(".aq-protect-item[aria-pressed=false]:not([aria-disabled=true])").first.click()
                left_view_stays(page)
                assert page.locator(".aq-protect-item[aria-pressed=true]").count() == 1, "the pick stays"
        if seen >= {"build", "publican", "protect", "draft"}:
            break
        aq_decide(page, turn)
    assert seen >= {"build", "publican", "protect", "draft"}, seen
    assert [e for e in probe.errors if not e.startswith("Failed to load resource")] == []
