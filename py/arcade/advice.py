"""What the hint and the post-game analysis share: the hard bot's search for one seat's
decision, from that seat's view only (``start`` of the engine's hard bot), its random stream,
and its numbers read as a chance to win or, solo, as an expected final score.

The search (``gamecore.rollouts``) scores a playout by the seat's win share at the end, or by
the engine's heuristic standing where it is cut off, so a candidate's mean is "how often it
comes out ahead". Solo Aqueducks scores a playout by its final duckats squashed into [0, 1]
(``aqueducks.search``); ``Measure`` turns a mean back into duckats (the squash undone on the
mean: a slight underestimate of the mean score where playouts spread widely, docs/bots.md).
"""
from __future__ import annotations

import math

from gamecore import BadRequest, Rng

from . import registry

#: mixed into the seed of a hint's and an analysis's search, so neither replays a bot's dice
HINT_SALT = 0x48494E54
ANALYSIS_SALT = 0x414E4C59


class Measure:
    """``chance`` (a share in [0, 1]) or, for solo Aqueducks, ``score`` (duckats)."""

    def __init__(self, game):
        # a game scored alone has its playouts' squash in its own search module (SOLO_MID)
        hooks = registry.part(game.NAME, "search") if game.num_players == 1 else None
        self.solo = hooks is not None and hasattr(hooks, "SOLO_MID")
        self.name = "score" if self.solo else "chance"
        if self.solo:
            self._mid, self._scale = hooks.SOLO_MID, hooks.SOLO_SCALE

    def of(self, mean: float) -> float:
        """A search mean as this measure, rounded for the answer."""
        if not self.solo:
            return round(min(max(mean, 0.0), 1.0), 4)
        m = min(max(mean, 1e-6), 1 - 1e-6)
        return round(self._mid + self._scale * math.log(m / (1 - m)), 1)


#: solo playouts run to the end of the game, so a mean is a final score and not a standing
#: where the playout stopped (the hard bot cuts them off: it only compares moves)
SOLO_ROLLOUT_DEPTH = 10_000


def search(game, player: int, rng: Rng, measure: Measure):
    """The engine's hard search for ``player``'s decision (``start`` of gamecore.bot),
    built from their view of ``game`` only."""
    entry = registry.get(game.NAME)
    start = getattr(entry.bots.get("hard"), "start", None)
    if start is None:
        raise BadRequest(f"{entry.title} has no search to give advice with.")
    kw = {} if depth(measure) is None else {"rollout_depth": depth(measure)}
    return start(game, player, rng, **kw)


def depth(measure: Measure) -> int | None:
    """How many moves the advice's playouts run when not the hard bot's own: solo, to the end."""
    return SOLO_ROLLOUT_DEPTH if measure.solo else None


def rng_for(game, position: int, player: int, salt: int) -> Rng:
    """The stream of one seat's search at one position: from the game's seed, so a budget in
    iterations gives the same answer every time."""
    return Rng(game.seed).fork(salt + position * 8 + player + 1)


def finish_round(search) -> None:
    """Play on to the end of the round under way: candidates are compared over complete
    rounds only, and a budget that stops mid-round would leave the last one unread."""
    while search.round_open:
        search.step(1)
    if not getattr(search, "rounds", 1):
        search.step(len(search.moves or ()) or 1)


def candidates(search, measure: Measure) -> list[dict]:
    """The moves the search compared, best mean first: ``[{move, chance}]``."""
    return [{"move": row["move"], "chance": measure.of(row["mean"])} for row in search.stats()]
