"""Aqueducks in the browser, played through clicks and keys only.

The engine is only read (state snapshots) to check outcomes or pick scenario seeds; every
move goes through the page's buttons."""
from __future__ import annotations

import time

import pytest

GAME_TIMEOUT = 150  # seconds, per full game


def start(page, players: int, seats: list[str] | None = None, speed: str = "fast"):
    page.click(".game-pick[data-game=aqueducks]")
    page.click(f"#player-count button[data-players='{players}']")
    if seats:
        for i, ctrl in enumerate(seats):
            page.select_option(f"#seats .seat:nth-child({i + 1}) select", ctrl)
    page.click("#start")
    page.wait_for_selector("[data-testid=aqueducks]")
    page.select_option(".frame-speed", speed)


def wait_turn_or_over(page, timeout=30):
    page.wait_for_selector(".aq:not([data-turn='']), .aq[data-over=true]", timeout=timeout * 1000)
    return page.get_attribute(".aq", "data-turn") or "over"


def enabled_card(page, extra=""):
    return page.locator(f"[data-testid=hand] [data-card-id]:not([aria-disabled=true]){extra}")


def play_build(page):
    cards = enabled_card(page)
    if cards.count() == 0:
        page.click("[data-testid=action-panel] [data-testid=pass]")
        return
    cards.first.click()
    enabled_card(page, "[aria-pressed=false]").first.click()
    page.locator("[data-testid^=place-][data-legal=true]").first.click()
    page.click("[data-testid=confirm-build]")


def play_publican(page):
    spaces = page.locator(".aq-space.legal")
    if spaces.count():
        spaces.last.click()  # the cheapest space the engine allows
    else:
        page.click("[data-testid=action-panel] [data-testid=pass]")


def play_protect(page):
    for _ in range(12):
        if page.is_enabled("[data-testid=confirm-protect]"):
            break
        page.locator(".aq-protect-item[aria-pressed=false]:not([aria-disabled=true])").first.click()
    page.click("[data-testid=confirm-protect]")


def play_draft(page):
    enabled_card(page).first.click()
    page.click("[data-testid=confirm-pick]")


PLAY = {"build": play_build, "publican": play_publican, "protect": play_protect, "draft": play_draft}


def play_to_end(page, artifacts=None, tag="", shots=()):
    t0 = time.time()
    seen = set()
    while time.time() - t0 < GAME_TIMEOUT:
        turn = wait_turn_or_over(page)
        if turn == "over":
            return time.time() - t0
        era = page.get_attribute("[data-testid=era] b", "textContent") if False else page.inner_text("[data-testid=era] b")
        key = (turn, era)
        if artifacts is not None and turn in shots and key not in seen:
            seen.add(key)
            page.screenshot(path=str(artifacts / f"aq-{tag}-{turn}-era{era}.png"))
        before = page.evaluate("document.querySelector('.aq').dataset.turn")
        PLAY[turn](page)
        # a move was accepted when the panel leaves that decision (or a new one starts)
        page.wait_for_function("() => !document.querySelector('[data-testid=action-panel] [data-testid=error]')", timeout=5000)
    raise AssertionError("the game did not finish in time")


def page_errors(probe):
    """Script errors (a missing optional file such as a service worker is not ours)."""
    return [e for e in probe.errors if not e.startswith("Failed to load resource")]


def test_full_solo_game_to_final_score(open_page, artifacts):
    page, probe = open_page()
    page.evaluate("localStorage.removeItem('pnd.aqueducks.best')")
    start(page, 1)
    assert wait_turn_or_over(page) == "build"
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
    assert page_errors(probe) == []
    print(f"solo game took {took:.1f}s")


def test_full_four_player_game_one_human_three_bots(open_page, artifacts):
    page, probe = open_page()
    start(page, 4, ["human", "bot:greedy", "bot:random", "bot:greedy"])
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
