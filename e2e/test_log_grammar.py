"""The logs and end screens say numbers in good English (issue 26 item 11): "an 8-pipe line",
"+1 duckat". Each game is a saved game made by the engine in-process (random play up to the
case) and imported through the menu; the resumed screen rebuilds its log from the record."""
from __future__ import annotations

import random

from helpers_play import log_lines
from helpers_positions import AQ, WW, saved_game


def saved(game: str, record) -> bytes:
    return saved_game(game, record, 2).encode()


def ww_won_with_8_pipes():
    """A finished 2-player Water Works game on the small table, won with an 8-pipe line."""
    for seed in range(1, 200):
        game, rng = WW.new({"players": 2, "target": "8", "table": "small"}, seed), random.Random(seed)
        while not game.is_over:
            p = game.to_act()[0]
            legal = game.legal_moves(p)
            game.apply(p, rng.choice([m for m in legal if m["type"] in ("lay", "spout")] or legal))
        res = game.result()
        if res["winners"] and res["pipes"] == 8:
            return game.record(), res["winners"][0]
    raise AssertionError("no seed wins with 8 pipes")


def aq_build_gaining_1_duckat():
    """An Aqueducks game that stops right after a build that gained exactly 1 duckat."""
    for seed in range(1, 100):
        game, rng = AQ.new({"players": 2}, seed), random.Random(seed)
        while not game.is_over and game.view(0)["era"] == 1:
            events = []
            for p in game.to_act():
                events += game.apply(p, rng.choice(game.legal_moves(p))) or []
            if any(e["type"] == "build" and e.get("duckats") == 1 for e in events):
                return game.record()
    raise AssertionError("no seed builds for 1 duckat")


def resume(page, name, data):
    page.set_input_files("#import-file", files=[{"name": name, "mimeType": "application/json", "buffer": data}])
    page.click("#saves-list .save [data-act=resume]")


def test_an_8_pipe_line(open_page):
    record, winner = ww_won_with_8_pipes()
    page, probe = open_page(width=1280, height=800)
    resume(page, "won.json", saved("waterworks", record))
    page.wait_for_function("() => [...document.querySelectorAll('.frame-log-list li')].some(li => /pipe line/.test(li.textContent))",
                           timeout=30_000)
    line = next(t for t in log_lines(page) if "pipe line" in t)
    assert "an 8-pipe line" in line, line
    page.wait_for_selector("dialog[data-testid=gameover]", timeout=15_000)
    text = page.inner_text("dialog[data-testid=gameover]")
    assert "an 8-pipe line" in text and "a 8-pipe" not in text, text
    assert probe.errors == []


def test_plus_1_duckat(open_page):
    page, probe = open_page(width=1280, height=800)
    resume(page, "built.json", saved("aqueducks", aq_build_gaining_1_duckat()))
    page.wait_for_function("() => [...document.querySelectorAll('.frame-log-list li')].some(li => /\\+1 duckat/.test(li.textContent))",
                           timeout=30_000)
    lines = [t for t in log_lines(page) if "+1 duckat" in t]
    assert lines and all("+1 duckats" not in t for t in lines), lines
    assert probe.errors == []
