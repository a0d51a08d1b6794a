"""Water Works: the pipe-laying card game as a pure-Python rules engine.

Exports ``GAME`` (the gamecore.Game subclass) and ``BOTS`` (name -> fn(game, player, rng) -> move).
"""
from .bots import BOTS
from .game import WaterWorks
from .hard import hard_bot

BOTS["hard"] = hard_bot   # easy = random, normal = greedy, hard = determinized rollouts (docs/bots.md)

GAME = WaterWorks

__all__ = ["BOTS", "GAME", "WaterWorks"]
