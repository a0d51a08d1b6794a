"""The table as it was: a past position rebuilt from the moves that stand (issue 18).

A past view is made the way a take-back is (``gamecore.undo``): a new game from the seed (or
the tutorial scenario) with the first ``k`` logged moves applied, so it is exactly what the
game showed then. The viewer's view of that position hides what it hid then; nothing of the
live game is changed or noted as seen.

Stepping through a game asks for ``k``, ``k + 1``, ... in turn, so the last rebuilt position is
kept per game and moved forward when the next request is later on the same log."""
from __future__ import annotations


class Timeline:
    """One kept position per open game: ``{gid: (log prefix, game at that point, events)}``."""

    def __init__(self) -> None:
        self._kept: dict = {}

    def at(self, gid: str, game, k: int):
        """``(past game, events of move k)``: the game after its first ``k`` logged moves."""
        log = game.log
        kept = self._kept.get(gid)
        if kept is not None:
            prefix, past, events = kept
            if len(prefix) == k and prefix == log[:k]:
                return past, events
            if len(prefix) < k and prefix == log[:len(prefix)] and type(past) is type(game):
                return self._forward(gid, past, log, len(prefix), k)
        start = game.beginning()
        return self._forward(gid, start, log, 0, k)

    def _forward(self, gid, past, log, i, k):
        events: list = []
        for entry in log[i:k]:
            events = past.apply(entry["player"], entry["move"])
        self._kept[gid] = (list(log[:k]), past, events)
        return past, events

    def drop(self, gid: str) -> None:
        self._kept.pop(gid, None)
