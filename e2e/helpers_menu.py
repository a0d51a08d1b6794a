"""Starting a game from the menu by clicking, as a player would: one helper for every browser
test that goes through the menu."""
from __future__ import annotations


def start_from_menu(page, game: str, players: int, controllers: list[str] | None = None,
                    names: list[str] | None = None, rules: dict | None = None,
                    speed: str | None = "fast", button: str = "#start") -> None:
    """Pick ``game`` and ``players``, name the seats and set their controllers ("human",
    "bot:greedy", ...), set house rules, start, and wait for the game screen; ``speed`` sets
    the bots' pace (None keeps the default); ``button`` is what starts it (online play:
    "#online-host")."""
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
    page.click(button)
    page.wait_for_selector(f"#game [data-testid={game}]", timeout=20_000)
    if speed:
        page.select_option("#frame-speed", speed)
