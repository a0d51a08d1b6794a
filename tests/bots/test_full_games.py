"""Hard bots play whole games to the end (tiny iteration budgets; no speed is asserted)."""
import pytest
from gamecore import Rng

import aqueducks
import waterworks
from aqueducks import hard as aq_hard
from waterworks import hard as ww_hard


@pytest.mark.parametrize("players", [2, 4])
def test_waterworks_hard_plays_to_the_end(players):
    g = waterworks.GAME.new({"players": players, "table": "small"}, 21 + players)
    rng = Rng(players)
    while not g.is_over:
        p = g.to_act()[0]
        mv = (ww_hard.decide(g, p, rng, iterations=4) if p == 0
              else waterworks.BOTS["greedy"](g, p, rng))
        g.apply(p, mv)
    assert g.result()["reason"] in ("spout", "draw_pile_exhausted")


@pytest.mark.parametrize("players", [1, 3])
def test_aqueducks_hard_plays_to_the_end(players):
    g = aqueducks.GAME.new({"players": players}, 30 + players)
    rng = Rng(players)
    while not g.is_over:
        for p in g.to_act()[:1]:
            mv = (aq_hard.decide(g, p, rng, iterations=2, rollout_depth=4) if p == 0
                  else aqueducks.BOTS["random"](g, p, rng))
            g.apply(p, mv)
    assert g.result()["winners"]


def test_hard_is_registered_in_both_engines():
    assert list(waterworks.BOTS) == ["random", "greedy", "hard"]
    assert list(aqueducks.BOTS) == ["random", "greedy", "hard"]
