"""Starting a game from the menu by clicking, as a player would: one helper for every browser
test that goes through the menu."""
from __future__ import annotations

# The menu's seed comes from web/shell/seed.js (the only Uint32Array(2) the page draws): the
# next such draw is made to give `seed`, so the deal, and with it every greedy or random bot's
# choice (they follow the seed and the move number), is the same in every run.
FIX_SEED = """(seed) => { const orig = crypto.getRandomValues.bind(crypto); let used = false;
  crypto.getRandomValues = (a) => { if (!used && a instanceof Uint32Array && a.length === 2) {
    used = true; a[0] = 0; a[1] = seed; return a; } return orig(a); }; }"""


def fix_seed(page, seed: int) -> None:
    """Make the menu's next game seed `seed` (< 2**32) on the page as it is now loaded: a test
    that needs something of the deal (a leak card, a turnable card, a short game) starts from a
    deal known to hold it instead of hoping a random one does."""
    page.evaluate(FIX_SEED, seed)


def start_from_menu(page, game: str, players: int, controllers: list[str] | None = None,
                    names: list[str] | None = None, rules: dict | None = None,
                    speed: str | None = "fast", button: str = "#start", seed: int | None = None,
                    answer=None) -> None:
    """Pick ``game`` and ``players``, name the seats and set their controllers ("human",
    "bot:greedy", ...), set house rules, start, and wait for the game screen; ``speed`` sets
    the bots' pace (None keeps the default); ``button`` is what starts it (online play:
    "#online-host"); ``seed`` fixes the deal (see fix_seed); ``answer(page)``, if given, answers
    what the button asks before the game opens (online play's first-time notice)."""
    page.click(f".game-pick[data-game={game}]")
    page.click(f"#player-count button[data-players='{players}']")
    for i, name in enumerate(names or []):
        field = f"#seats .seat:nth-child({i + 1}) input"
        page.fill(field, name)
        page.dispatch_event(field, "change")
    for i, controller in enumerate(controllers or []):
        page.select_option(f"#seats .seat:nth-child({i + 1}) select", controller)
    if rules:
        page.click("#advanced summary")
        for name, value in rules.items():
            page.select_option(f"#advanced-body select[name={name}]", f'"{value}"')
    if seed is not None:
        fix_seed(page, seed)
    page.click(button)
    if answer:
        answer(page)
    page.locator(f"#game [data-testid={game}]").wait_for(timeout=20_000)
    if speed:
        page.select_option("#frame-speed", speed)
