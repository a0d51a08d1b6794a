"""Scores that travel (issue 24): a finished game's score card, its link verified in a fresh
browser, a tampered link refused, today's deal the same everywhere, and the Leaderboard screen
reading a board offline. Games are finished in-process (bots), then opened in the page."""
from __future__ import annotations

import datetime
import json
import shutil
import subprocess
import sys

from helpers_browser import ROOT, SUBPATH, serve_folder

sys.path.insert(0, str(ROOT / "py"))
from aqueducks import BOTS, GAME  # noqa: E402
from arcade import daily, links, scorecard  # noqa: E402
from gamecore import Rng  # noqa: E402

FIXTURE_BOARD = ROOT / "tests" / "leaderboard" / "fixtures" / "board.json"


def finished_solo():
    """A finished solo Aqueducks game (greedy play), as an exported saved game, and its claim."""
    game = GAME.new({"players": 1, "factions": "venetia"}, 11)
    while not game.is_over:
        game.apply(0, BOTS["greedy"](game, 0, Rng(len(game.log))))
    save = {"format": "pipes-and-ducks/saved-game", "version": 1, "game": "aqueducks", "players": 1,
            "seats": [{"name": "Ada", "controller": "human"}], "record": game.record()}
    return json.dumps(save), scorecard.claim(game, 0)


def open_finished(page, save):
    page.set_input_files("#import-file", files=[{"name": "solo.json", "mimeType": "application/json",
                                                 "buffer": save.encode()}])
    page.click("#saves-list .save [data-act=resume]")
    page.wait_for_selector("dialog[data-testid=game-over-dialog][open]", timeout=30_000)


def score_card_link(page, artifacts, tag):
    page.click("dialog[data-testid=game-over-dialog] button:has-text('Share your score')")
    page.wait_for_selector("dialog[data-testid=score-card-dialog][open] [data-testid=score-value]", timeout=30_000)
    page.screenshot(path=str(artifacts / f"score-card-{tag}.png"))
    return page.input_value("[data-testid=score-link]")


def test_a_finished_solo_games_score_card_verifies_in_a_fresh_browser(open_page, artifacts):
    save, claim = finished_solo()
    page, probe = open_page(service_workers="block")
    open_finished(page, save)
    link = score_card_link(page, artifacts, "solo")
    card = page.locator("[data-testid=score-card]")
    assert card.locator("[data-testid=score-value] b").inner_text() == str(claim["duckats"])
    assert "Venetia" in card.inner_text() and "Ada" in card.inner_text()
    assert page.locator("[data-testid=score-qr] svg").count() == 1
    # the favourites are the player's to choose: the engine makes the card again
    before = link
    page.locator(".score-chip input:checked").first.click()   # one of the three chosen
    page.wait_for_function("(old) => document.querySelector('[data-testid=score-link]').value !== old", arg=before)
    link = page.input_value("[data-testid=score-link]")
    assert links.decode(link)["favourites"] != links.decode(before)["favourites"]
    assert "#score=" in link and probe.errors == []

    fresh, probe2 = open_page(link, wait_ready=False, service_workers="block")   # another browser
    fresh.wait_for_selector("[data-testid=score-status]", timeout=90_000)
    assert fresh.inner_text("[data-testid=score-status]") == "✓ Verified: this game reaches this score."
    assert fresh.locator("[data-testid=score-value] b").inner_text() == str(claim["duckats"])
    fresh.screenshot(path=str(artifacts / "score-verified.png"))
    assert probe2.errors == []


def test_a_tampered_score_link_is_refused(open_page, base_url, artifacts):
    save, claim = finished_solo()
    page, _ = open_page(service_workers="block")
    open_finished(page, save)
    card = links.decode(score_card_link(page, artifacts, "tamper-source"))
    card["claim"]["score"] = card["claim"]["duckats"] = claim["duckats"] + 40
    other, _ = open_page(base_url + "#" + links.encode(card), wait_ready=False, service_workers="block")
    other.wait_for_selector("[data-testid=score-status]", timeout=90_000)
    said = other.inner_text("[data-testid=score-status]")
    assert said == (f"The card claims {claim['duckats'] + 40} duckats, but its game gives seat 1 "
                    f"{claim['duckats']} duckats."), said
    # nothing of the claimed score is shown
    assert other.locator("[data-testid=score-value]").count() == 0
    other.screenshot(path=str(artifacts / "score-refused.png"))


def test_todays_deal_is_the_same_deal_in_two_fresh_browsers(open_page):
    seen = []
    for _ in range(2):
        page, probe = open_page(service_workers="block")
        page.click("[data-testid=daily-open]")
        page.wait_for_selector("dialog[data-testid=daily-dialog][open]")
        today = page.inner_text("[data-testid=daily-date]").split()[0]
        assert "waiting" in page.inner_text("[data-testid=daily-status-aqueducks]")
        page.click("dialog[data-testid=daily-dialog] [data-act=play][data-game=aqueducks]")
        page.wait_for_selector("html[data-screen=aqueducks][data-game-id]", state="attached", timeout=30_000)
        gid = page.get_attribute("html", "data-game-id")
        record = page.evaluate("async (id) => (await window.PipesAndDucks.record({id})).result", gid)
        seen.append((today, record["seed"], record["options"]))
        # a second go at today's deal on this device is practice
        page.click("#game [data-act=menu]")
        page.click("[data-testid=daily-open]")
        assert "practice" in page.inner_text("[data-testid=daily-status-aqueducks]")
        assert probe.errors == []
    assert seen[0] == seen[1]
    today, seed, options = seen[0]
    deal = daily.deal("aqueducks", datetime.date.fromisoformat(today))
    assert seed == deal["seed"] and isinstance(seed, str)
    assert options["factions"] == deal["options"]["factions"] and options["players"] == 1


def test_the_leaderboard_shows_a_board_offline(browser, tmp_path, artifacts):
    """The built site with the fixture board (tests/leaderboard/fixtures), its service worker
    regenerated as the build does: after one visit the board shows with the network off."""
    from helpers_pwa import built_root, wait_until_ready
    site = tmp_path / "site"
    shutil.copytree(built_root(), site)
    shutil.copy(FIXTURE_BOARD, site / "leaderboard" / "board.json")
    subprocess.run(["node", str(ROOT / "tools" / "sw.mjs"), str(site)], check=True, cwd=ROOT, capture_output=True)
    server, url = serve_folder(site, SUBPATH)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
        wait_until_ready(page)
        page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
        ctx.set_offline(True)
        page.reload()
        wait_until_ready(page)
        assert page.evaluate("!!navigator.serviceWorker.controller")
        page.click("[data-testid=leaderboard-open]")
        table = page.wait_for_selector("[data-testid=lb-daily-aqueducks]", timeout=20_000)
        rows = [r.inner_text() for r in table.query_selector_all("tbody tr")]
        assert [r.split("\t")[1] for r in rows] == ["Ada", "Cleo", "Bo"]
        assert rows[0].startswith("1st") and "191 duckats" in rows[0]
        assert "won in 22 turns" in page.inner_text("[data-testid=lb-daily-waterworks]")
        page.click("[data-tab=solo]")
        assert "Finn" in page.inner_text("[data-testid=lb-solo-venetia]")
        page.click("[data-tab=wins]")
        assert "Bo" in page.inner_text("[data-testid=lb-wins-aqueducks]")
        page.screenshot(path=str(artifacts / "leaderboard-offline.png"))
        assert errors == []
    finally:
        ctx.close()
        server.shutdown()


def test_a_site_with_no_repository_says_where_scores_go(open_page):
    """Issue 55 item 10: a site with no repository to send scores to (leaderboard/config.json's
    null, not a GitHub Pages address) told the player to press "Submit to the leaderboard", a
    button its score cards do not have. It says that no scores are collected and where they go."""
    page, probe = open_page()
    page.route("**/leaderboard/board.json", lambda route: route.fulfill(
        json={"format": "pipes-and-ducks/leaderboard", "version": 1, "tables": {}}))
    page.route("**/leaderboard/config.json", lambda route: route.fulfill(json={"repository": None}))
    page.click("[data-testid=leaderboard-open]")
    text = page.locator("[data-testid=lb-empty]").inner_text()
    assert "Submit" not in text, text
    assert "collects no scores" in text and "this device" in text and "Share your score" in text, text
    assert probe.errors == []
