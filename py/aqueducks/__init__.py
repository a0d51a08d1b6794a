"""Aqueducks: the card catalog (cards/aqueducks.json) and rules engine.

Modules: catalog (card data and the ability vocabulary, checked and in words), abilities
(the vocabulary in play), city (geometry, activity, adjacency), publican (donations), eras
(tracks), draft, game (the engine), bots, scores.
"""
from .bots import BOTS
from .game import Aqueducks
from .hard import hard_bot

BOTS["hard"] = hard_bot   # determinized rollouts, see docs/bots.md

GAME = Aqueducks

__all__ = ["GAME", "BOTS", "Aqueducks"]
