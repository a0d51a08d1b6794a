"""Saved games that stop at a decision of the person's seat, made by the engines in-process
(seeded random play) and imported through the menu: the layout tests lay out every kind of
decision of both games from them, each with the largest hand the seeds reach."""
from __future__ import annotations

import functools
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
from aqueducks import GAME as AQ  # noqa: E402
from waterworks import GAME as WW  # noqa: E402

NAMES = ["You", "Bo", "Cleo", "Dax"]


def saved_game(game: str, record, players: int) -> str:
    seats = [{"name": NAMES[i], "controller": "human" if i == 0 else "bot:greedy"} for i in range(players)]
    return json.dumps({"format": "pipes-and-ducks/saved-game", "version": 1, "game": game,
                       "players": players, "seats": seats, "record": record})


@functools.cache
def aqueducks_decisions(players: int = 4, seeds: int = 14) -> dict:
    """{action: saved game} for each decision seat 0 makes (build, publican, protect, draft):
    four cities, seat 0 Florentia (a hand of 7), at the moment of that decision with the most
    cards in hand (drafting hand included) over the seeds."""
    best: dict = {}
    for seed in range(1, seeds + 1):
        game, rng = AQ.new({"players": players, "factions": "florentia"}, seed), random.Random(seed)
        while not game.is_over:
            acting = game.to_act()
            if 0 in acting:
                view = game.view(0)
                size = len(view.get("hand") or []) + len(view.get("draft_hand") or [])
                if view["action"] not in best or size > best[view["action"]][0]:
                    best[view["action"]] = (size, game.record())
            for p in acting:
                game.apply(p, rng.choice(game.legal_moves(p)))
    return {action: saved_game("aqueducks", record, players) for action, (_, record) in best.items()}


@functools.cache
def waterworks_leak() -> str:
    """Two players; seat 0 to play with a leak on its line and plumbers left (cover or plumber):
    the decision with the longest hint."""
    for seed in range(1, 100):
        game, rng = WW.new({"players": 2}, seed), random.Random(seed)
        while not game.is_over:
            p = game.to_act()[0]
            line = game.view(p)["pipelines"][0]
            if p == 0 and line["leak"] and line["plumbers_left"]:
                return saved_game("waterworks", game.record(), 2)
            legal = game.legal_moves(p)
            leaks = [m for m in legal if m["type"] == "leak"] if p == 1 else []
            game.apply(p, rng.choice(leaks or legal))
    raise AssertionError("no seed leaks seat 0's line")
