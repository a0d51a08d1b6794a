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


def finished(game_name: str, players: int, seed: int, bot: str = "greedy"):
    """A whole game between ``bot`` bots, played to its end from ``seed``."""
    from arcade import registry
    entry = registry.get(game_name)
    g = entry.game.new({"players": players}, seed)
    rng = Rng(seed)
    while not g.is_over:
        p = g.to_act()[0]
        g.apply(p, entry.bots[bot](g, p, rng))
    return g
