"""Advice in a player's words: a move named and told apart from another, why one is better, and
how sure the search is, in words ("clearly best", "slightly better", "a close call").

The words of a move come from its game's own ``advice_words`` module (reached through
``registry.part``): ``name`` (the move in a few words), ``place`` (what tells it from the same
card played elsewhere) and ``effects`` (what it does, in the game's terms, most telling first).
Nothing here names a playout, a percentage of playouts or an engine identifier: the search's
numbers become the confidence words, with the thresholds of docs/rulings/hints.md (H7).
"""
from __future__ import annotations

from typing import NamedTuple

from . import registry

#: a hint's best move beats the next idea by at least this much (chance to win; solo, duckats)
#: to be "clearly best", by at least ``SLIGHT`` to be "slightly better"; less is "a close call"
CLEAR = {"chance": 0.10, "score": 6.0}
SLIGHT = {"chance": 0.03, "score": 2.0}
#: under this many complete rounds (every candidate tried on one deal a round) the search has
#: seen too few deals to call anything "clearly best" (docs/rulings/hints.md, H7)
SURE_ROUNDS = 4

CLEARLY, SLIGHTLY, CLOSE = "clearly best", "slightly better", "a close call"


class Said(NamedTuple):
    name: str
    place: str
    effects: tuple
    drawbacks: frozenset = frozenset()    # the effects that count against the move


def said(game, player: int, move: dict, viewer=None) -> Said:
    """``move`` by ``player`` in ``game`` (the position before it), addressed to ``viewer``
    (the mover unless given)."""
    words = registry.part(game.NAME, "advice_words")
    effects = tuple(words.effects(game, player, move, viewer))
    return Said(words.name(game, player, move, viewer), words.place(game, player, move, viewer),
                effects, frozenset(e for e in effects if words.drawback(e)))


def text(s: Said) -> str:
    return f"{s.name}, {s.place}" if s.place else s.name


def apart(a: Said, b: Said, full: bool = False) -> tuple[str, str]:
    """``a`` and ``b`` in words that differ: their names (with where they go when ``full``),
    else with where they go, else with what they do; two moves alike in every word are two
    copies of one card."""
    # the same words in another order ("the A and the B", "the B and the A") tell nothing apart
    if sorted(a.name.split()) != sorted(b.name.split()) and not full:
        return a.name, b.name
    ta, tb = text(a), text(b)
    if ta != tb:
        if full:
            return ta, tb
        # only the parts of where they go that differ ("with the Reed Hut facing left")
        pa, pb = a.place.split(", "), b.place.split(", ")
        da, db = [x for x in pa if x not in pb], [x for x in pb if x not in pa]
        if da or db:   # one side may lack what the other has: it says so ("not turned round")
            ta = ", ".join([a.name, *da]) if da else f"{a.name}, not {db[0]}"
            tb = ", ".join([b.name, *db]) if db else f"{b.name}, not {da[0]}"
        return ta, tb
    only_a, only_b = differences(a, b), differences(b, a)
    if only_a or only_b:
        return (f"{ta}, which {only_a[0]}" if only_a else ta), (f"{tb}, which {only_b[0]}" if only_b else f"{tb} in the other way")
    return ta, f"{tb} with the other card of the same kind"


def reasons(a: Said, b: Said | None = None, most: int = 2) -> list[str]:
    """Why ``a`` rather than ``b``: the good it does that ``b`` does not (without ``b``, the
    good it does), most telling first; a drawback is never a reason (``b``'s are said of ``b``)."""
    return [e for e in a.effects if e not in a.drawbacks and (b is None or e not in b.effects)][:most]


def differences(a: Said, b: Said, most: int = 1) -> list[str]:
    """What ``a`` does that ``b`` does not, good or bad (what the move played did instead)."""
    return [e for e in a.effects if e not in b.effects][:most]


def joined(phrases: list[str]) -> str:
    """Phrases in one: two that share their verb and their ending are said once
    ("keeps 2 Brick standing" and "keeps 1 Faith standing": "keeps 2 Brick and 1 Faith standing")."""
    if len(phrases) <= 1:
        return "".join(phrases)
    if len(phrases) == 2:
        a, b = phrases[0].split(), phrases[1].split()
        tail = 0
        while tail < min(len(a), len(b)) - 2 and a[-1 - tail] == b[-1 - tail]:
            tail += 1
        if a[0] == b[0] and tail:
            return " ".join(a[:len(a) - tail] + ["and"] + b[1:])
    return ", ".join(phrases[:-1]) + " and " + phrases[-1]


def confidence(measure: str, gap: float, rounds: int | None = None) -> str:
    """How sure the search is that its move beats the next idea, in words."""
    if gap >= CLEAR[measure] and (rounds is None or rounds >= SURE_ROUNDS):
        return CLEARLY
    if gap >= SLIGHT[measure]:
        return SLIGHTLY
    return CLOSE


def unsaid(measure: str) -> str:
    """Why, when the moves differ in nothing the words can show: the search's own finding."""
    return ("leads to a higher final score when the game is played on from here" if measure == "score"
            else "wins more often when the game is played on from here")


def capital(s: str) -> str:
    return s[:1].upper() + s[1:]
