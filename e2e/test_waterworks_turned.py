"""Issue 55, items 4 and 11: a Water Works card that fits only turned round shows its spots
and is laid turned by clicking one; the embed, from a 320 px column up, clips nothing.

Driven by clicks as a player would; the engine's state is only read, to check what was laid."""
from __future__ import annotations

import pytest
from helpers_menu import start_from_menu

HAND_READY = ".ww-hand:not(.inactive) .ww-card[data-card-id]"

# Seed 4 with the first seat starting: the opening hand holds an iron reverse-L bend, which
# joins the valve's open end only turned round (bottom and right), and an iron T, which fits
# there both ways (tests/waterworks/test_player_words.py has the engine's side of it).
SEED = 4

# Inside the viewport and inside every ancestor that clips (overflow other than visible).
CLIPPED = """(els) => els.map((el) => {
  const r = el.getBoundingClientRect();
  const where = [];
  if (!r.width || !r.height) where.push('not drawn');
  if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) where.push('viewport');
  for (let a = el.parentElement; a; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const q = a.getBoundingClientRect();
    if (r.left < q.left - 0.5 || r.top < q.top - 0.5 || r.right > q.right + 0.5 || r.bottom > q.bottom + 0.5) {
      where.push(a.className || a.tagName);
    }
  }
  return where.length ? `${el.dataset.testid || el.className}: ${where.join(', ')}` : null;
}).filter(Boolean)"""


def card_named(page, words: str) -> str:
    """The id of the hand card whose spoken name has `words` ("iron reverse-L bend")."""
    ids = page.eval_on_selector_all(
        HAND_READY, """(bs, w) => bs.filter(b => b.querySelector('.visually-hidden').textContent.includes(w))
        .map(b => b.dataset.cardId)""", words)
    assert ids, f"no {words} in the hand"
    return ids[0]


def badge(page, cid: str) -> str:
    return page.inner_text(f".ww-card[data-card-id='{cid}'] .ww-fit")


def laid_at(page, x: int, y: int):
    return page.evaluate("""async ([x, y]) => {
        const s = (await window.PipesAndDucks.state({id: document.documentElement.dataset.gameId, player: 0})).result;
        return s.view.cards.find(c => c.x === x && c.y === y) || null; }""", [x, y])


def test_a_card_that_fits_only_turned_shows_its_spots_and_is_laid_turned(open_page, artifacts):
    page, probe = open_page(width=1440, height=900)
    start_from_menu(page, "waterworks", 2, ["human", "bot:greedy"], ["You", "Bo"], {"first_player": "1"},
                    speed="instant", seed=SEED)
    page.wait_for_selector(HAND_READY, timeout=20_000)
    bend = card_named(page, "iron reverse-L bend")
    tee = card_named(page, "iron T")
    # the badges count the spots either way round: before, the bend showed 0
    assert badge(page, bend) == "1"
    assert badge(page, tee) == "1"

    # the T fits the valve's end both ways: laid as the hand shows it, and Turn says which
    page.click(f".ww-card[data-card-id='{tee}']")
    spot = page.locator(".ww-spot")
    assert spot.count() == 1 and spot.get_attribute("data-turned") is None
    assert "both ways round: Turn" in page.inner_text("[data-testid=ww-message]")
    page.click("[data-testid=act-turn]")
    assert page.locator(".ww-spot").count() == 1
    assert page.locator(".ww-spot").get_attribute("data-turned") is None  # now the hand shows it turned

    # the bend: picking it lights its one spot, marked as going in turned round
    page.click(f".ww-card[data-card-id='{bend}']")
    assert page.get_attribute(f".ww-card[data-card-id='{bend}']", "aria-pressed") == "true"
    assert page.get_attribute(f".ww-card[data-card-id='{bend}']", "data-turned") == "false"
    spot = page.locator(".ww-spot")
    assert spot.count() == 1
    assert spot.get_attribute("data-turned") == "true"
    assert spot.get_attribute("data-kind") == "lay"
    label = spot.get_attribute("aria-label")
    assert "turned round" in label and "right of" not in label and "valve" in label, label
    message = page.inner_text("[data-testid=ww-message]")
    assert "1 spot lit" in message and "turned round" in message, message
    spot.hover()
    page.screenshot(path=str(artifacts / "waterworks-turned-spot.png"))
    # one click lays it, turned as part of laying it
    spot.click()
    page.wait_for_selector(f".ww-card[data-card-id='{bend}']", state="detached")
    card = laid_at(page, 20, 3)
    assert card and card["id"] == int(bend) and card["turned"] is True, card
    assert card["openings"] == ["E", "S"] or sorted(card["openings"]) == ["E", "S"], card
    assert [e for e in probe.errors if "sw.js" not in e and "404" not in e] == []


@pytest.mark.parametrize("width", [320, 328, 375])
def test_the_embed_clips_nothing_from_320px(open_page, base_url, artifacts, width):
    """docs/embedding.md: the frame fits a column from 320 px wide (at 328 px the hint, the
    sixth card and "Place spout" were cut off). The hint, every hand card and every action
    stay in the frame and unclipped, before and after a card is picked (its hint is longer)."""
    page, probe = open_page(f"{base_url}embed.html?game=waterworks&players=2&seed={SEED}&autostart=1",
                            width=width, height=680, wait_ready=False)
    page.wait_for_selector(HAND_READY, timeout=90_000)
    things = "[data-testid=ww-message], .ww-hand .ww-card[data-card-id], .ww-actions [data-act]"
    assert page.locator(".ww-hand .ww-card[data-card-id]").count() == 6
    assert page.locator(things).evaluate_all(CLIPPED) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.click(f".ww-card[data-card-id='{card_named(page, 'iron reverse-L bend')}']")
    page.wait_for_selector(".ww-spot")
    assert page.locator(things).evaluate_all(CLIPPED) == []
    page.screenshot(path=str(artifacts / f"embed-waterworks-{width}.png"))
    assert [e for e in probe.errors if "sw.js" not in e and "404" not in e] == []
