"""A hint: the hard bot's search for a person's decision, from their own view only (it never
reads another hand or the draw order), and a sentence a player understands drawn from it.

The answer is the move the search would play (one of the person's legal moves), its chance and
the other candidates' (numbers for the page, never shown), how sure the search is in words
(``confidence``: "clearly best", "slightly better", "a close call"; arcade.advice_text) and the
reason in the game's terms: "Lay the copper L bend, heading left — clearly best: it brings your
line to 6 of the 8 pipes it needs. The next best, to call a plumber, discarding the leaky cap,
mends the leak in your line with a plumber, leaving 1 plumber." A hint given is counted on the
game (``gamecore.annotations``), so the record and the end screen say how many a seat used.
"""
from __future__ import annotations

import time

from gamecore import annotations

from . import advice, advice_text as say, registry, shares


def default_iterations(game) -> int:
    """The playouts a hint asked for without a budget thinks (the page gives ms): the game's
    own (its ``plugin.HINT_ITERATIONS``)."""
    return registry.part(game.NAME, "plugin").HINT_ITERATIONS


def _reason(game, player: int, best: dict, chance, rows: list, measure: advice.Measure,
            rounds: int | None) -> tuple[str, str | None]:
    """The sentence and the confidence words."""
    mine = say.said(game, player, best)
    if chance is None:
        return f"{say.capital(say.text(mine))}: it is your only move.", None
    # the strongest other idea, preferring another kind of move (a discard against a lay)
    others = [r for r in rows if r["move"] != best]
    other = next((r for r in others if r["move"]["type"] != best["type"]), others[0] if others else None)
    runner = max((r["chance"] for r in others), default=chance)
    sure = say.confidence(measure.name, chance - runner, rounds)
    if other is None:
        why = say.reasons(mine) or [say.unsaid(measure.name)]
        return f"{say.capital(say.text(mine))} — {sure}: it {say.joined(why)}.", sure
    theirs = say.said(game, player, other["move"])
    head, alt = say.apart(mine, theirs)
    why = say.reasons(mine, theirs) or [*say.reasons(mine)[:1], say.unsaid(measure.name)]
    out = f"{say.capital(head)} — {sure}: it {say.joined(why)}."
    instead = say.differences(theirs, mine)
    if sure == say.CLOSE:
        out += f" To {alt} is nearly as good" + (f": it {instead[0]}." if instead else ".")
    else:
        out += f" The next best, to {alt}, " + (f"{instead[0]}." if instead else "does less for you.")
    # what the move still leaves open to the others (an end that can be made to leak, say)
    watch = [e for e in mine.effects if e in mine.drawbacks]
    if watch:
        out += f" Mind that it {watch[0]}."
    return out, sure


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
        reason, _sure = _reason(game, player, legal[0], None, [], measure, 0)
        return {"move": legal[0], "reason": reason, "confidence": None,
                "chance": None, "alternatives": [], "measure": measure.name, "iterations": 0}
    search = _search(game, player, measure)
    if tallies is not None:
        shares.merge(search, legal, tallies)
    elif ms is not None:
        search.run_for(ms / 1000.0, clock=clock, max_iterations=iterations)
    else:
        search.step(iterations or default_iterations(game))
    advice.finish_round(search)
    best = search.best_move()
    rows = advice.candidates(search, measure)
    chance = next(r["chance"] for r in rows if r["move"] == best)
    reason, sure = _reason(game, player, best, chance, rows, measure, getattr(search, "rounds", None))
    annotations.note_hint(game, player)
    return {"move": best, "reason": reason, "confidence": sure, "chance": chance,
            "alternatives": [r for r in rows if r["move"] != best],
            "measure": measure.name, "iterations": search.iterations}
