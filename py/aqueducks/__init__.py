"""Aqueducks: the card catalog (cards/aqueducks.json) and rules engine.

Modules: catalog (card data), abilities (the ability vocabulary), city (geometry, activity,
adjacency), publican (donations), eras (tracks), draft, game (the engine), bots, scores.
"""
from .bots import BOTS
from .game import Aqueducks

GAME = Aqueducks

__all__ = ["GAME", "BOTS", "Aqueducks"]
