"""Aqueducks statistics from the record, on seeded games."""
import json

import pytest

from aqueducks import BOTS, GAME
from gamecore import Rng


def game(players, seed, stop=None):
    g = GAME.new({"players": players}, seed)
    rng = Rng(seed)
    while not g.is_over and (stop is None or len(g.log) < stop):
        p = g.to_act()[0]
        g.apply(p, BOTS["greedy"](g, p, rng))
    return g


@pytest.mark.parametrize("players, seed", [(2, 1), (4, 2), (6, 3)])
def test_duckats_favour_and_visits_add_up(players, seed):
    g = game(players, seed)
    st = g.stats()
    assert st["over"] and st["era"] == 4
    for p, (ps, pl) in enumerate(zip(st["players"], g.players)):
        src = ps["duckats_by_source"]
        assert src["start"] == g.options["starting_duckats"]
        assert (src["start"] + src["builds"] + src["end_of_era"] + src["faction"] + src["refunds"]
                - src["donated"]) == pl["duckats"] == ps["duckats"]
        assert ps["favour"] == pl["favour"] and len(ps["favour_by_era"]) == 4
        assert ps["favour_by_era"][-1] == pl["favour"]
        assert all(a <= b for a, b in zip(ps["favour_by_era"], ps["favour_by_era"][1:]))
        mine = [d for v in st["visits"] for d in v["donations"] if d["player"] == p]
        assert sum(d["favour"] + d["luxury"] for d in mine) == pl["favour"]
        assert sum(d["cost"] for d in mine) == src["donated"]
        assert ps["faction"] == pl["faction"]
        if pl["faction"] != "ravenna":
            assert src["faction"] == 0
    assert [(v["era"], v["visit"]) for v in st["visits"]] == [(e, k) for e in (1, 2, 3, 4) for k in (1, 2)]
    for v in st["visits"]:
        seats = [d["player"] for d in v["donations"]] + v["passed"]
        assert sorted(seats) == list(range(players)), "each player donates or passes once a visit"
    cities = st["cities"]
    assert [c["player"] for c in cities] == list(range(players))
    for p, c in enumerate(cities):
        own = g.view(p)["cities"][p]
        assert c == own            # bridges shown, as to their owner


def test_a_ravenna_game_books_the_faction_ability():
    for seed in range(1, 30):
        g = GAME.new({"players": 2, "factions": "ravenna"}, seed)
        rng = Rng(seed)
        while not g.is_over:
            p = g.to_act()[0]
            g.apply(p, BOTS["greedy"](g, p, rng))
        st = g.stats()
        if st["players"][0]["duckats_by_source"]["faction"] > 0:
            return
    raise AssertionError("Ravenna never gained from its faction ability")


def test_mid_game_stats_hide_the_cities_and_every_hand():
    g = game(3, 4, stop=40)
    assert not g.is_over
    st = g.stats()
    assert st["cities"] is None
    text = json.dumps(st)
    assert "hand" not in text and "bridge" not in text and "card" not in text
    for ps, pl in zip(st["players"], g.players):
        assert ps["favour"] == pl["favour"] and ps["duckats"] == pl["duckats"]
        assert len(ps["favour_by_era"]) == g.era - 1


def test_solo_stats_have_no_visits_or_favour():
    g = game(1, 5)
    st = g.stats()
    assert st["visits"] == [] and st["players"][0]["favour"] == 0
    src = st["players"][0]["duckats_by_source"]
    assert src["start"] + src["builds"] + src["end_of_era"] + src["faction"] == g.players[0]["duckats"]
