"""A hint: the hard bot's search for a person's decision, from their own view only (it never
reads another hand or the draw order), and a sentence drawn from it.

The answer is the move the search would play (one of the person's legal moves), its chance
over the playouts, the other candidates with theirs, and the reason in words: "Lay the copper
L bend: it comes out ahead in 62% of 96 playouts, against 48% to discard the iron T." A hint
given is counted on the game (``gamecore.annotations``), so the record and the end screen
say how many a seat used.
"""
from __future__ import annotations

import time

from gamecore import annotations

from . import advice, shares
from .move_words import words

#: a hint asked for without a budget thinks this many playouts (the page gives ms)
DEFAULT_ITERATIONS = {"waterworks": 96, "aqueducks": 32}


def _reason(game, best: dict, chance, rows: list, measure: advice.Measure, playouts: int) -> str:
    what = words(game, best)
    head = what[0].upper() + what[1:]
    if chance is None:
        return f"{head}: it is your only move."
    if measure.solo:
        out = f"{head}: about {measure.said(chance)} at the end, over {playouts} playouts"
    else:
        out = f"{head}: it comes out ahead in {measure.said(chance)} of {playouts} playouts"
    # the strongest other idea, preferring another kind of move (a discard against a lay)
    others = [r for r in rows if r["move"] != best]
    other = next((r for r in others if r["move"]["type"] != best["type"]), others[0] if others else None)
    if other is not None:
        said = words(game, other["move"])
        out += f", against {measure.said(other['chance'])} " + (
            "placed otherwise" if sorted(said.split()) == sorted(what.split()) else f"to {said}")
    return out + "."


def _search(game, player: int, measure: advice.Measure, rng=None):
    return advice.search(game, player, rng or _rng(game, player), measure)


def _rng(game, player: int):
    return advice.rng_for(game, len(game.log), player, advice.HINT_SALT)


def plan(game, player: int, *, ms=None, iterations=None, count: int = 2) -> dict:
    """The hint's search in ``count`` shares for as many engines (arcade.shares); the hint is
    then asked with their ``tallies``. Counts no hint: the one asked with the tallies does."""
    measure = advice.Measure(game)
    rng = _rng(game, player)
    return shares.plan(game, player, "hard", rng, count, ms, iterations,
                       make=lambda: _search(game, player, measure, rng), depth=advice.depth(measure))


def hint(game, player: int, *, ms=None, iterations=None, clock=time.perf_counter, tallies=None) -> dict:
    """The best move for ``player`` (who is to act) by the hard search: for ``ms``
    milliseconds, or exactly ``iterations`` playouts (reproducible), else the default; or
    from the ``tallies`` of its shares (``plan``) played by other engines."""
    measure = advice.Measure(game)
    legal = game.legal_moves(player)
    if len(legal) == 1:
        annotations.note_hint(game, player)
        return {"move": legal[0], "reason": _reason(game, legal[0], None, [], measure, 0),
                "chance": None, "alternatives": [], "measure": measure.name, "iterations": 0}
    search = _search(game, player, measure)
    if tallies is not None:
        shares.merge(search, legal, tallies)
    elif ms is not None:
        search.run_for(ms / 1000.0, clock=clock, max_iterations=iterations)
    else:
        search.step(iterations or DEFAULT_ITERATIONS[game.NAME])
    advice.finish_round(search)
    best = search.best_move()
    rows = advice.candidates(search, measure)
    chance = next(r["chance"] for r in rows if r["move"] == best)
    annotations.note_hint(game, player)
    return {"move": best, "reason": _reason(game, best, chance, rows, measure, search.iterations),
            "chance": chance, "alternatives": [r for r in rows if r["move"] != best],
            "measure": measure.name, "iterations": search.iterations}
