"""A post-game analysis worked out by several engines at once: the plan, a share, the merge.

An analysis (``arcade.analysis``) judges every decision of a finished game with a search seeded
from the game's seed and the decision's place, so a decision gives the same row wherever and
whenever it is judged. The engine that holds the game hands out *shares* (``plan``: the game's
record, the playouts a decision and a part of the decisions, every ``of``-th from ``part``);
each engine works one share a slice at a time (``share``: it replays the record once and keeps
the work under way between calls); the game's engine checks the rows that come back and keeps
them as the game's analysis (``merge``): exactly the analysis it would have worked out alone,
in about half the wall time with two engines (the page's engine and its search helper:
web/engine/helper.js, docs/bots.md).

A share's rows are checked before they count: one row for every decision of the game and none
for anything else, each row's preferred move one the seat could make there, every chance one
the measure can take.
"""
from __future__ import annotations

from collections import OrderedDict

from gamecore import BadRequest, BadSave
from gamecore.annotations import check_analysis

from . import advice, files
from .params import budget, param as _param
from .shares import MOST_SHARES, position

#: most playouts a decision (the service's ``analyse`` allows as many)
MOST_ITERATIONS = 2000

#: analyses under way kept between calls (each engine works one share; a few spare for a page
#: that has two games' analyses going, or a share asked again after Stop)
KEPT = 4
_jobs: OrderedDict = OrderedDict()     # (position, part, of, iterations) -> Analysis


def plan(game, iterations: int, count: int) -> dict:
    """The shares of ``game``'s analysis, one for each engine: ``{"shares": [...]}``, or
    ``{"shares": None}`` when the game already has its analysis at this budget."""
    done = game.analysis
    if done is not None and done["iterations"] == iterations:
        return {"shares": None}
    record = {k: v for k, v in game.record().items() if k != "analysis"}
    at = position(record)          # the fingerprint of the record: the share's name for its job
    return {"shares": [{"game": game.NAME, "record": record, "position": at, "iterations": iterations,
                        "part": i, "of": count} for i in range(count)]}


def share(params: dict, clock=None) -> dict:
    """Work one share for ``ms`` (to its end without): ``{complete, progress}``, and its
    ``rows`` once complete. Changes no open game."""
    record = _param(params, "record", dict)
    at = _param(params, "position", str)
    if at != position(record):
        raise BadRequest("This share's position does not match its record.")
    of = _param(params, "of", int)
    if not 1 <= of <= MOST_SHARES:
        raise BadRequest(f"Parameter 'of' must be from 1 to {MOST_SHARES}.")
    part = _param(params, "part", int)
    if not 0 <= part < of:
        raise BadRequest("Parameter 'part' must be from 0 to one less than 'of'.")
    _param(params, "iterations", int)     # required: a share is worked at its plan's budget
    ms, iterations = budget(params, MOST_ITERATIONS)
    if _param(params, "game", str) != record.get("game"):
        raise BadRequest("This share's game is not the game of its record.")
    key = (at, part, of, iterations)
    job = _jobs.pop(key, None)
    if job is None:
        from .analysis import Analysis
        job = Analysis(_finished(record), iterations, part, of)
    kw = {} if clock is None else {"clock": clock}
    if job.work(None if ms is None else ms / 1000.0, **kw):
        # done: its rows go to the game's engine now, and the replayed game is let go
        return {"complete": True, "progress": job.progress(), "position": at, "rows": job.rows}
    _jobs[key] = job                      # the latest used last: the oldest goes first
    while len(_jobs) > KEPT:
        _jobs.popitem(last=False)
    return {"complete": False, "progress": job.progress(), "position": at}


def _finished(record: dict):
    try:
        game = files.open_record(record)
    except BadSave as err:
        raise BadRequest(f"This share's record cannot be replayed: {err}") from None
    if not game.is_over:
        raise BadRequest("This share's record is of a game that is not finished.")
    return game


def merge(game, iterations: int, shares: object) -> None:
    """Keep the shares' rows as ``game``'s analysis, after checking them against the game."""
    if not isinstance(shares, list) or not 1 <= len(shares) <= MOST_SHARES \
            or not all(isinstance(rows, list) for rows in shares):
        raise BadRequest(f"Parameter 'rows' must list 1 to {MOST_SHARES} shares' rows.")
    rows = sorted((row for part in shares for row in part), key=_place)
    measure = advice.Measure(game)
    data = {"iterations": iterations, "measure": measure.name, "decisions": rows}
    try:
        check_analysis(game, data)          # the rows' form, and each k once, in order
    except BadSave:
        raise BadRequest("The shares' rows are not an analysis of this game.") from None
    decisions = _decisions(game)
    if [row[0] for row in rows] != list(decisions):
        raise BadRequest("The shares' rows do not judge every decision of this game once.")
    for k, before, after, best, best_chance in rows:
        if best not in decisions[k] or before != best_chance \
                or not all(_fits(measure, v) for v in (before, after)):
            raise BadRequest(f"The shares' row for move {k + 1} is not one its search can make.")
    game.analysis = data


def _place(row) -> int:
    k = row[0] if isinstance(row, list) and row else None
    return k if isinstance(k, int) and not isinstance(k, bool) else -1


def _decisions(game) -> dict:
    """Every decision of the game (a move by a seat that had a choice): log index -> legal moves."""
    out = {}
    position = game.beginning()
    for k, entry in enumerate(game.log):
        legal = position.legal_moves(entry["player"])
        if len(legal) > 1:
            out[k] = legal
        position.apply(entry["player"], entry["move"])
    return out


def _fits(measure, value) -> bool:
    """A chance lies in [0, 1]; a solo score in duckats is checked for its form only."""
    return measure.solo or 0.0 <= value <= 1.0
