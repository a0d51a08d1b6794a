"""The site boots from its own origin, the menu works, nothing foreign is requested."""
import json

import pytest

from helpers_play import ww_turn
from helpers_browser import wait_until_ready


def test_boots_to_ready_with_no_errors_and_no_foreign_requests(open_page, artifacts):
    page, probe = open_page(first_visit=True)
    assert page.get_attribute("html", "data-engine") == "ready"
    hello = page.evaluate("async () => (await window.PipesAndDucks.hello())")
    assert hello["ok"] is True
    assert {g["name"] for g in hello["result"]["games"]} >= {"waterworks", "aqueducks"}
    page.screenshot(path=str(artifacts / "shell-desktop.png"))
    assert probe.errors == []
    assert probe.foreign == []


@pytest.mark.slow
def test_menu_is_painted_before_python_is_ready(open_page):
    page, _ = open_page(wait_ready=False, first_visit=True)   # Python starts afresh: the long wait
    page.wait_for_selector("#setup .seat")
    # The menu is interactive while the engine may still be loading.
    page.click(".game-pick[data-game=aqueducks]")
    assert page.get_attribute(".game-pick[data-game=aqueducks]", "aria-checked") == "true"
    wait_until_ready(page)


def test_menu_player_count_changes_the_seats(open_page):
    page, _ = open_page()
    page.click(".game-pick[data-game=aqueducks]")
    page.click("#player-count button[data-players='6']")
    assert page.locator("#seats .seat").count() == 6
    page.click(".game-pick[data-game=waterworks]")
    page.click("#player-count button[data-players='3']")
    assert page.locator("#seats .seat").count() == 3
    # The choice survives a reload (kept in localStorage).
    page.reload()
    page.wait_for_selector("#seats .seat")
    assert page.locator("#seats .seat").count() == 3


@pytest.mark.slow
def test_api_returns_structured_errors_never_tracebacks(open_page):
    page, probe = open_page()
    bad = page.evaluate("async () => (await window.PipesAndDucks.call('nope', {}))")
    assert bad == {"ok": False, "error": {"code": "bad_request", "message": "Unknown method 'nope'."}}
    odd = page.evaluate("async () => (await window.PipesAndDucks.call(42, []))")
    assert odd["ok"] is False and odd["error"]["code"] == "bad_request"
    missing = page.evaluate("async () => (await window.PipesAndDucks.state({id: 'g999'}))")
    assert missing["ok"] is False and "Traceback" not in json.dumps(missing)


def test_works_under_a_sub_path(open_page, subpath_url):
    page, probe = open_page(subpath_url)
    assert page.get_attribute("html", "data-engine") == "ready"
    assert probe.errors == [] and probe.foreign == []


@pytest.mark.slow
def test_phone_width_menu(open_page, artifacts):
    page, probe = open_page(width=375, height=740)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, "the menu must not scroll sideways on a phone"
    page.screenshot(path=str(artifacts / "shell-phone.png"), full_page=True)


def test_boot_failure_shows_a_readable_error(browser, base_url):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(base_url)
    page.wait_for_selector("html[data-engine=error]", state="attached", timeout=60_000)
    assert page.is_visible("#boot-error")
    assert page.inner_text("#boot-error .boot-error-message").strip()
    ctx.close()


@pytest.mark.slow
def test_a_hot_seat_game_calls_no_seat_you(open_page):
    """With two people at one device the first seat's default name is a name ("Ann"), in the
    menu and on the hand-over screens, not "Hand the device to You… I am You" (issue 26 item 11);
    back to one person, it is "You" again."""
    page, probe = open_page()
    page.click(".game-pick[data-game=waterworks]")
    page.click("#player-count button[data-players='2']")
    page.fill("#seats .seat:nth-child(1) input", "")
    page.dispatch_event("#seats .seat:nth-child(1) input", "change")
    assert page.input_value("#seats .seat:nth-child(1) input") == "You"
    page.select_option("#seats .seat:nth-child(2) select", "human")
    assert page.input_value("#seats .seat:nth-child(1) input") == "Ann"
    page.click("#start")
    said = []
    for _ in range(2):   # both people are handed the device once, whoever starts
        page.wait_for_selector("dialog[data-testid=handoff][open]", timeout=20_000)
        said.append(page.inner_text("dialog[data-testid=handoff]"))
        page.click("dialog[data-testid=handoff] .btn-primary")
        ww_turn(page)
    assert any("I am Ann" in t for t in said) and not any("You" in t for t in said), said
    page.wait_for_selector("dialog[data-testid=handoff][open]", timeout=20_000)
    page.keyboard.press("Escape")
    page.click(".frame [data-act=menu]")
    page.wait_for_selector("#menu:not([hidden])")
    page.select_option("#seats .seat:nth-child(2) select", "bot:greedy")
    assert page.input_value("#seats .seat:nth-child(1) input") == "You"
    assert probe.errors == []
