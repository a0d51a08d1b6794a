"""Water Works statistics from the record, on seeded games."""
import json

import pytest

from gamecore import Rng, replay, undo
from waterworks import BOTS, GAME
from ww_helpers import bot_moves


def game(players, seed):
    g = GAME.new({"players": players}, seed)
    rng = Rng(seed)
    while not g.is_over:
        p = g.to_act()[0]
        g.apply(p, BOTS["greedy"](g, p, rng) if rng.below(2) else BOTS["random"](g, p, rng))
    return g


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_stats_agree_with_the_log_and_the_table(players, seed):
    g = game(players, seed)
    st = g.stats()
    assert st["over"] and st["moves"] == len(g.log)
    kinds = [[e["move"]["type"] for e in g.log if e["player"] == p] for p in range(players)]
    leaks = [e for e in g.log if e["move"]["type"] == "leak"]
    for p, ps in enumerate(st["players"]):
        line = ps["line"]
        assert len(line) == len(g.log) + 1 and line[0] == 0
        assert all(a <= b for a, b in zip(line, line[1:])), "cards never leave a line"
        assert line[-1] == max(c.count for c in g.table.cells.values() if c.owner == p)
        assert ps["leaks_dealt"] == kinds[p].count("leak")
        assert ps["leaks_received"] == sum(1 for e in leaks if e["move"]["target"] == p)
        assert ps["covers"] == kinds[p].count("cover")
        assert ps["plumbers"] == kinds[p].count("plumber") == 2 - g.plumbers[p]
        assert ps["repairs"] == ps["covers"] + ps["plumbers"]
        assert ps["discards"] == kinds[p].count("discard")
        assert ps["takebacks"] == 0
    if g.outcome["reason"] == "spout":
        w = g.outcome["winners"][0]
        assert st["players"][w]["line"][-1] >= g.outcome["pipes"]
    assert sum(ps["leaks_dealt"] for ps in st["players"]) == len(leaks)


def test_stats_mid_game_use_only_the_table_and_public_plays():
    g = bot_moves(GAME.new({"players": 3}, 5), 20, seed=5, bot="greedy")
    text = json.dumps(g.stats())
    st = g.stats()
    assert not st["over"] and "hand" not in text and "draw" not in text
    view = g.view(None)
    for ps, pipe in zip(st["players"], view["pipelines"]):
        assert ps["line"][-1] >= pipe["pipes_best"]


def test_stats_after_a_take_back_are_those_of_the_game_that_never_made_it():
    g = bot_moves(GAME.new({"players": 2}, 6), 10, seed=6, bot="greedy")
    never = replay(GAME, g.record())
    p = g.to_act()[0]
    bot_moves(g, 1, seed=60, bot="greedy")
    g, _ = undo.undo(g, p, frozenset({1 - p}))
    st, base = g.stats(), never.stats()
    assert st["players"][p]["takebacks"] == 1
    st["players"][p]["takebacks"] = 0
    assert st == base
    assert replay(GAME, json.loads(json.dumps(g.record()))).stats() == g.stats()
