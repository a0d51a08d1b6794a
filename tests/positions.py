"""Positions the tests share: games played some moves in by a bot, from a seed."""
from gamecore import Rng
from waterworks import BOTS, GAME


def ww_midgame(seed, moves):
    """A 2-player Water Works game after `moves` moves of the greedy bot (seeded, so the same)."""
    g = GAME.new({"players": 2}, seed)
    rng = Rng(seed)
    for _ in range(moves):
        p = g.to_act()[0]
        g.apply(p, BOTS["greedy"](g, p, rng))
    return g
