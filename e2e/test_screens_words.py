"""Every screen speaks the player's words (issue 55 item 2): the visible text of each screen
reached by clicking (the menu with each game's house rules open, a Water Works and an
Aqueducks game with their logs open, History, the Rules dialogs, both end screens) holds no
engine identifier (a snake_case word: an option name, a stored value, a move or event type)
and no Aqueducks row outside the city's five ("Row 0", "Row -1", "Row 6": the engine's
unbounded grid)."""
from __future__ import annotations

import re

from helpers_menu import start_from_menu
from helpers_play import aq_build, aq_turn_or_over, ww_turn
from test_history import finished_record, saved_game_file

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
ROW = re.compile(r"\brow\s+(-?\d+)\b", re.IGNORECASE)

# What a screen shows: its text, and the choices of every select shown (a closed select shows
# one; a player opens it to read the others).
SHOWN = """() => [document.body.innerText, ...[...document.querySelectorAll('select')]
    .filter((s) => s.getClientRects().length).flatMap((s) => [...s.options].map((o) => o.text))].join('\\n')"""


def identifiers(text: str) -> list[str]:
    return sorted(set(SNAKE.findall(text)))


def rows_outside(text: str) -> list[str]:
    return sorted({m.group(0) for m in ROW.finditer(text) if not 1 <= int(m.group(1)) <= 5})


def read(page, screens: dict, name: str) -> None:
    screens[name] = page.evaluate(SHOWN)


def open_log(page) -> None:
    if page.get_attribute("[data-testid=last-move]", "aria-expanded") != "true":
        page.click("[data-testid=last-move]")


def rules_dialog(page, screens: dict, name: str) -> None:
    page.click(".frame-tools [data-act=rules]")
    page.wait_for_selector("dialog[data-testid=rules][open]")
    read(page, screens, name)
    page.click("dialog[data-testid=rules][open] .frame-dialog-actions button:has-text('Close')")


def finished(page, game: str, screens: dict) -> None:
    """A finished 2-player game imported and resumed: its end screen, then History at its end."""
    ids = "() => [...document.querySelectorAll('#saves-list .save')].map((e) => e.dataset.saveId)"
    before = page.evaluate(ids)
    page.set_input_files("#import-file", files=[{"name": "game.json", "mimeType": "application/json",
                                                 "buffer": saved_game_file(finished_record(game, 2, 5), ["Ann", "Bo"]).encode()}])
    # the game just imported, wherever the list puts it (games saved at the same time tie)
    page.wait_for_function(f"(n) => ({ids})().length > n", arg=len(before))
    new = [i for i in page.evaluate(ids) if i not in before]
    page.locator(f"#saves-list .save[data-save-id='{new[0]}'] [data-act=resume]").click()
    page.wait_for_selector("dialog[data-testid=gameover][open], dialog[data-testid=game-over-dialog][open]", timeout=30_000)
    page.wait_for_selector("dialog[open] [data-testid=story] *")
    read(page, screens, f"{game} end screen")
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-testid=after-game-panel]:not([hidden])")
    page.click("[data-testid=after-game-panel] [data-act=replay]")
    page.wait_for_selector("[data-tl=play]:has-text('❚❚')")
    page.click("[data-tl=play]")
    page.select_option("[data-testid=timeline-pov]", "0")
    page.locator("[data-tl=scrub]").evaluate("(el) => { el.value = '6'; el.dispatchEvent(new Event('input')); }")
    page.wait_for_selector("[data-testid=timeline][data-at='6']")
    open_log(page)
    read(page, screens, f"{game} history")
    page.click("#game [data-act=menu]")
    page.wait_for_selector("#menu:not([hidden])")


def screens_of(open_page) -> tuple[dict, object]:
    page, probe = open_page(width=1440, height=900)
    screens: dict = {}
    page.click("#advanced summary")
    for game in ("waterworks", "aqueducks"):
        page.click(f".game-pick[data-game={game}]")
        page.wait_for_selector("#advanced-body select")
        read(page, screens, f"menu, {game} house rules")
    page.click("#advanced summary")
    # a Water Works game: two moves in, the log open; its Rules
    start_from_menu(page, "waterworks", 2, ["human", "bot:greedy"], ["Ann", "Bo"], {"first_player": "1"})
    for _ in range(2):
        ww_turn(page)
    page.wait_for_function("() => document.querySelectorAll('.frame-log-list li').length >= 3", timeout=30_000)
    open_log(page)
    read(page, screens, "waterworks game")
    rules_dialog(page, screens, "waterworks rules")
    page.click("#game [data-act=menu]")
    # an Aqueducks game: a build made, the log open; its Rules
    start_from_menu(page, "aqueducks", 2, ["human", "bot:greedy"], ["Ann", "Bo"], speed="instant", seed=2026)
    assert aq_turn_or_over(page) == "build"
    aq_build(page)
    page.wait_for_function("() => document.querySelectorAll('.frame-log-list li').length >= 2", timeout=30_000)
    open_log(page)
    read(page, screens, "aqueducks game")
    rules_dialog(page, screens, "aqueducks rules")
    page.click("#game [data-act=menu]")
    for game in ("waterworks", "aqueducks"):
        finished(page, game, screens)
    page.click("[data-testid=leaderboard-open]")
    page.wait_for_selector("[data-testid=leaderboard] .lb-body :is(table, .lb-empty, .lb-error)")
    read(page, screens, "leaderboard")
    return screens, probe


_SCREENS: dict = {}


def all_screens(open_page) -> dict:
    """Both tests read the same screens: visited once per worker."""
    if not _SCREENS:
        screens, probe = screens_of(open_page)
        real = [e for e in probe.errors if "404" not in e]
        assert real == [], real
        _SCREENS.update(screens)
    return _SCREENS


# a phrase each screen shows, so that a scan of the wrong screen cannot pass unnoticed
MARKS = {"menu, waterworks house rules": "Where a leak may go", "menu, aqueducks house rules": "Passing a Build",
         "waterworks game": "Plumber", "waterworks rules": "How to play Water Works",
         "aqueducks game": "Era 1", "aqueducks rules": "How to play Aqueducks",
         "waterworks end screen": "wins", "waterworks history": "Move 6 of", "aqueducks end screen": "Favour",
         "aqueducks history": "Move 6 of", "leaderboard": "Daily deals"}


def test_no_screen_shows_an_engine_identifier(open_page):
    screens = all_screens(open_page)
    assert sorted(screens) == sorted(MARKS)
    assert [name for name, mark in MARKS.items() if mark not in screens[name]] == []
    found = {name: identifiers(text) for name, text in screens.items() if identifiers(text)}
    assert found == {}, found


def test_aqueducks_rows_are_within_the_citys_five(open_page):
    """Rows are counted 1 to 5 within a city's footprint. (Issue 55: another change renames the
    Aqueducks screen's rows and columns to the player's words; this is its check.)"""
    screens = all_screens(open_page)
    found = {name: rows_outside(text) for name, text in screens.items() if rows_outside(text)}
    assert found == {}, f"ROWS OUTSIDE THE CITY'S 1-5 (Aqueducks row words): {found}"
