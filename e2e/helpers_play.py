"""One move through the page, as a player would, and the log it writes: shared by the e2e
tests and the tools that drive the game screens (tools/screenshots.py, tools/bench_motion.py)."""
from __future__ import annotations

WW_HAND = ".ww-hand:not(.inactive) .ww-card[data-card-id]"
AQ_HAND = "[data-testid=hand] [data-card-id]:not([aria-disabled=true])"


def ww_fitting_cards(page) -> list[str]:
    """The ids of the hand cards that show a spot count (they fit somewhere as they are)."""
    return page.evaluate("""() => [...document.querySelectorAll('.ww-card[data-card-id]')]
        .filter(b => +((b.querySelector('.ww-fit') || {}).textContent || 0)).map(b => b.dataset.cardId)""")


def ww_turn(page) -> None:
    """The first card with a lit spot goes on its first spot (the person's own line first),
    else the first card is discarded."""
    page.locator(WW_HAND).first.wait_for(timeout=20_000)
    ids = ww_fitting_cards(page)
    if ids:
        page.click(f".ww-card[data-card-id='{ids[0]}']")
        mine = page.locator(".ww-spot[data-kind=lay], .ww-spot[data-kind=cover]")
        (mine if mine.count() else page.locator(".ww-spot")).first.click()
    else:
        page.click(".ww-card[data-card-id] >> nth=0")
        page.click("[data-testid=act-discard]")


def aq_build(page, last: bool = False) -> None:
    """The first two cards that can be built, on the first (or last) legal place (or a pass)."""
    if not page.locator(AQ_HAND).count():
        page.click("[data-testid=action-panel] [data-testid=pass]")
        return
    page.locator(AQ_HAND).first.click()
    page.locator(f"{AQ_HAND}[aria-pressed=false]").first.click()
    places = page.locator("[data-testid^=place-][data-legal=true]")
    (places.last if last else places.first).click()
    page.click("[data-testid=confirm-build]")


def aq_publican(page) -> None:
    """The dearest space the engine allows, or a pass."""
    spaces = page.locator(".aq-space.legal")
    if spaces.count():
        spaces.last.click()
    else:
        page.click("[data-testid=action-panel] [data-testid=pass]")


def aq_protect(page) -> None:
    """The first districts that can be protected, until Protect can be confirmed."""
    for _ in range(12):
        if page.is_enabled("[data-testid=confirm-protect]"):
            break
        page.locator(".aq-protect-item[aria-pressed=false]:not([aria-disabled=true])").first.click()
    page.click("[data-testid=confirm-protect]")


def aq_draft(page) -> None:
    """The first card of the draft that can be taken."""
    page.locator(AQ_HAND).first.click()
    page.click("[data-testid=confirm-pick]")


AQ_DECISIONS = {"build": aq_build, "publican": aq_publican, "protect": aq_protect, "draft": aq_draft}


def aq_decide(page, turn: str) -> None:
    """The person's decision `turn` ("build", "publican", "protect" or "draft"), made simply."""
    AQ_DECISIONS[turn](page)


def aq_turn_or_over(page, timeout: float = 90) -> str:
    """The person's decision ("build", "draft", ...) once it is theirs, or "over". Read in one
    step in the page: the screen exists before its first render sets data-turn, and the turn
    can pass between two separate reads."""
    return page.wait_for_function(
        """() => { const aq = document.querySelector('.aq');
                   return aq && (aq.dataset.over === 'true' ? 'over' : aq.dataset.turn || null); }""",
        timeout=timeout * 1000).json_value()


def log_lines(page) -> list[str]:
    """The game log's lines as the page shows them."""
    return page.evaluate("() => [...document.querySelectorAll('.frame-log-list li')].map(li => li.textContent)")
