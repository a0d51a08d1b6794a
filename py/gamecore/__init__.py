"""The game protocol shared by every engine in Pipes & Ducks.

An engine is a subclass of :class:`gamecore.protocol.Game`. Everything the page,
the bots and the tests need (seeded creation, legal moves, validated apply, views,
versioned JSON, replay from seed + move log) is defined once here and implemented
per game, so the two games never fork the protocol.
"""
from .errors import BadRequest, BadSave, GameError, IllegalMove
from .protocol import Game, replay
from .rng import Rng

__all__ = ["BadRequest", "BadSave", "Game", "GameError", "IllegalMove", "Rng", "replay"]
