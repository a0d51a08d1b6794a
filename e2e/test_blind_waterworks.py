"""Water Works without sight (issue 56): a whole 2-player game against a bot played only through
the accessibility tree (roles and accessible names) and the keyboard, the live region naming
each bot move; axe on the screen with "Table as text" and the keyboard help; and the same game
by mouse, both timed (the numbers go to e2e/artifacts/blind-timing.json and docs/accessibility.md).

No CSS selector, no canvas coordinate and no mouse in the keyboard game: every element is found
with get_by_role(name=...), every action is a key press. The menu's seed is fixed the way every
browser test fixes it (helpers_menu.fix_seed), so both runs play the same deal and the bot the
same replies.
"""
from __future__ import annotations

import json
import re
import time

from helpers_browser import ARTIFACTS
from helpers_menu import fix_seed
from playwright.sync_api import expect
from test_a11y import AXE, axe_problems

SEED = 106          # a short deal (test_waterworks_game.py's whole game)
BOT = "Bot · easy"  # the random bot: it lays, leaks and discards, so every kind of event is said
TURNS = 80          # more of the person's turns than any game of this deal takes


def keyboard_start(page):
    """From the menu by keys: Water Works, 2 players, seat 2 an easy bot named Bo, Fast."""
    fix_seed(page, SEED)
    page.get_by_role("radio", name=re.compile("^Water Works")).press("Enter")
    page.get_by_role("radio", name="2 players").press("Enter")
    name = page.get_by_role("textbox", name="Seat 2 name")
    name.press("Control+a")
    name.press_sequentially("Bo")
    name.press("Tab")
    seat = page.get_by_role("combobox", name="Seat 2 player")
    seat.select_option(label=BOT)  # what a screen reader's list of options does
    page.get_by_role("button", name=re.compile("^Start")).press("Enter")
    expect(page.get_by_role("heading", name="Table as text")).to_be_attached(timeout=20_000)
    page.get_by_role("combobox", name="Bot speed and motion").select_option(label="Fast")


def moves_list(page):
    return page.get_by_role("list", name="Your moves")


def live_lines(page):
    return page.get_by_role("log", name="What happens").inner_text()


def log_items(page):
    return page.get_by_role("complementary", name="Move log", include_hidden=True) \
        .get_by_role("listitem", include_hidden=True).all_text_contents()


def choose(labels):
    """The move this test plays, by its words only (the same in both runs): the spout, then a
    repair, then a card on the person's own line, then a leak on Bo, else a discard."""
    for pattern in (r"^Place your spout", r"^Cover your leak", r"^Send a plumber", r" on your line",
                    r" as a leak ", r"^Discard"):
        for i, label in enumerate(labels):
            if re.search(pattern, label):
                return i
    return 0


def wait_turn_or_over(page, timeout=60_000):
    """'turn' once the moves list has a button, 'over' once the end dialog is open."""
    over = page.get_by_role("dialog", name=re.compile(r"wins?!$|ran dry"))
    first = moves_list(page).get_by_role("button").first
    over.or_(first).first.wait_for(timeout=timeout)
    return "over" if over.is_visible() else "turn"


def play_by_keyboard(page, timings):
    turns = 0
    said_log = 0  # log lines already checked against the live region
    listening = 0.0  # of the time, waiting for Bo's move to be said at the bots' pace
    start = time.monotonic()
    while wait_turn_or_over(page) == "turn":
        turns += 1
        assert turns < TURNS, "the game did not end"
        # every move since my last one that is Bo's is named in the live region
        lines = log_items(page)
        heard = time.monotonic()
        for line in lines[said_log:]:
            if line.startswith("Bo "):
                expect(page.get_by_role("log", name="What happens")).to_contain_text(line, timeout=10_000)
        listening += time.monotonic() - heard
        buttons = moves_list(page).get_by_role("button")
        field = page.get_by_role("textbox", name="Type a move or a command")
        # focus came back where the last move was made: the list's first move, or the field
        if turns > 1:
            expect(field if turns % 2 else buttons.first).to_be_focused()
        labels = buttons.all_text_contents()
        k = choose(labels)
        cmd = re.search(r"\(([^)]+)\)$", labels[k]).group(1)
        if turns % 2:
            # Enter on the move's button in the list
            buttons.nth(k).press("Enter")
        else:
            # the same move typed in the command field
            field.press_sequentially(cmd)
            field.press("Enter")
        expect(moves_list(page).get_by_role("button")).to_have_count(0, timeout=10_000)
        said_log = len(lines)
    timings["keyboard_s"] = round(time.monotonic() - start, 1)
    timings["keyboard_turns"] = turns
    timings["keyboard_waiting_for_speech_s"] = round(listening, 1)
    return turns


def test_a_whole_game_by_keyboard_and_screen_reader_words(open_page):
    page, probe = open_page()
    keyboard_start(page)
    timings = {}
    # the decision is where focus can go: `g` brings it to the first move
    assert wait_turn_or_over(page) == "turn"
    page.keyboard.press("g")
    expect(moves_list(page).get_by_role("button").first).to_be_focused()
    # command keys answer at once, in the live region
    page.keyboard.press("t")
    expect(page.get_by_role("log", name="What happens")).to_contain_text("Your turn")
    page.keyboard.press("c")
    expect(page.get_by_role("log", name="What happens")).to_contain_text("Your hand, 6 cards")
    page.keyboard.press("m")
    expect(page.get_by_role("log", name="What happens")).to_contain_text("Your line. You")
    page.keyboard.press("o")
    expect(page.get_by_role("log", name="What happens")).to_contain_text("Bo's line.")
    page.keyboard.press("a")
    expect(page.get_by_role("log", name="What happens")).to_contain_text("Bo: ")
    # the table as text: each line from its valve
    expect(page.get_by_role("list", name="Your line, from the valve").get_by_role("listitem").first).to_have_text("The valve.")
    expect(page.get_by_role("list", name="Bo's line, from the valve")).to_be_attached()
    expect(page.get_by_role("list", name="Piles")).to_contain_text("Draw pile:")
    turns = play_by_keyboard(page, timings)
    over = page.get_by_role("dialog", name=re.compile(r"wins?!$|ran dry"))
    expect(over).to_be_visible()
    # the end is said, and the table as text says who won
    expect(page.get_by_role("log", name="What happens")).to_contain_text(re.compile(r"wins?!|ran dry"), timeout=10_000)
    page.keyboard.press("Escape")
    page.keyboard.press("t")
    expect(page.get_by_role("log", name="What happens")).to_contain_text("Game over")
    assert turns > 5
    assert not probe.errors, probe.errors
    (ARTIFACTS / "blind-keyboard-timing.json").write_text(json.dumps(timings))


def test_the_same_game_by_mouse_for_the_time(open_page):
    """The keyboard game's moves, chosen by the same words, made by clicking the hand card, Turn
    when the spot wants it, and the lit spot or the action button: the time to compare."""
    page, probe = open_page()
    keyboard_start(page)
    turns = 0
    start = time.monotonic()
    hand = page.get_by_role("group", name="Your hand")
    actions = page.get_by_role("group", name="Actions")
    while wait_turn_or_over(page) == "turn":
        turns += 1
        assert turns < TURNS
        labels = moves_list(page).get_by_role("button").all_text_contents()
        k = choose(labels)
        label = re.sub(r" \([^)]+\)$", "", labels[k])
        cmd = re.search(r"\(([^)]+)\)$", labels[k]).group(1)
        if cmd == "s":
            actions.get_by_role("button", name=re.compile("^Place spout")).click()
        else:
            n = cmd.split()[0]
            hand.get_by_role("button", name=re.compile(f"^{n}: ")).click()
            if label.startswith("Discard"):
                actions.get_by_role("button", name=re.compile("^Discard")).click()
            elif label.startswith("Send a plumber"):
                actions.get_by_role("button", name=re.compile("Plumber")).click()
            else:
                # the lit spot's name is the list's: the same words
                spot = page.get_by_role("group", name="Where the selected card can go").get_by_role("button", name=label, exact=True)
                if not spot.count():
                    actions.get_by_role("button", name=re.compile("Turn")).click()
                spot.click()
        expect(moves_list(page).get_by_role("button")).to_have_count(0, timeout=10_000)
    mouse_s = round(time.monotonic() - start, 1)
    path = ARTIFACTS / "blind-keyboard-timing.json"
    timings = json.loads(path.read_text()) if path.exists() else {}
    timings.update({"mouse_s": mouse_s, "mouse_turns": turns})
    (ARTIFACTS / "blind-timing.json").write_text(json.dumps(timings))
    print("timing", timings)
    if "keyboard_turns" in timings:
        assert timings["keyboard_turns"] == turns, "the two runs should be the same game"
    assert not probe.errors, probe.errors


def test_axe_finds_nothing_serious_with_the_table_as_text_and_the_keyboard_help(open_page):
    assert AXE.exists(), "node_modules/axe-core is missing: run `npm ci`."
    page, _ = open_page()
    keyboard_start(page)
    assert wait_turn_or_over(page) == "turn"
    page.keyboard.press("g")  # the panel shows over the table while it has focus
    problems = axe_problems(page, "waterworks-table-as-text")
    assert not problems, "\n".join(problems)
    page.screenshot(path=str(ARTIFACTS / "blind-table-as-text.png"))
    page.keyboard.press("?")  # on a move's button: a command key
    help_dialog = page.get_by_role("dialog", name="Keyboard help")
    expect(help_dialog).to_be_visible()
    expect(help_dialog.get_by_role("table", name="Ask")).to_contain_text("whose turn it is")
    problems = axe_problems(page, "waterworks-keyboard-help")
    assert not problems, "\n".join(problems)
    page.screenshot(path=str(ARTIFACTS / "blind-keyboard-help.png"))
    page.keyboard.press("Escape")
    expect(help_dialog).to_be_hidden()
