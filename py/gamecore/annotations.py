"""What a record carries besides its moves: the hints each seat asked for, and a finished
post-game analysis (record version 2; docs/replays.md).

Neither changes the game: a record replays to the same end without them. Hints are counted
where they were given (``arcade.hint``); an analysis is worked out once (``arcade.analysis``)
and kept here, so a saved game or a replay link shows it again without computing it again.
Both come from outside when a record is read, so ``read`` checks every field and refuses a
damaged one in a sentence.
"""
from __future__ import annotations

from .errors import BadSave

#: more than any game's decisions or hints: a bound on what a damaged record can make us hold
MAX_ENTRIES = 5000


def hints(game) -> list[list[int]] | None:
    """Per seat, the move counts at which it was given a hint (None: no hint so far)."""
    return getattr(game, "hints", None)


def note_hint(game, player: int) -> None:
    """``player`` was given a hint now; asking again in the same position is the same hint."""
    got = game.hints if getattr(game, "hints", None) else [[] for _ in range(game.num_players)]
    at = len(game.log)
    if at not in got[player]:
        got[player].append(at)
    game.hints = got


def hint_counts(game) -> list[int]:
    got = hints(game)
    return [len(h) for h in got] if got else [0] * game.num_players


def carry(old, new) -> None:
    """A game rebuilt from ``old`` (a take-back) keeps the hints given in it."""
    new.hints = getattr(old, "hints", None)
    new.analysis = getattr(old, "analysis", None)


def write(game, record: dict) -> dict:
    """``record`` with the game's hints and analysis; version 2 only when it carries either,
    so a plain record still reads on a page from before them."""
    got = hints(game)
    if got and any(got):
        record["hints"] = [list(h) for h in got]
    if getattr(game, "analysis", None):
        record["analysis"] = game.analysis
    record["version"] = 2 if "hints" in record or "analysis" in record else 1
    return record


def _count(v, hi: int) -> bool:
    return type(v) is int and 0 <= v <= hi


def _number(v) -> bool:
    return type(v) in (int, float) and -1e6 <= v <= 1e6


def read(game, record: dict) -> None:
    """Take a replayed record's hints and analysis onto ``game``; BadSave names what is damaged."""
    if "hints" in record:
        got = record["hints"]
        if (not isinstance(got, list) or len(got) != game.num_players
                or not all(isinstance(h, list) and len(h) <= MAX_ENTRIES
                           and all(_count(k, 10 * MAX_ENTRIES) for k in h) for h in got)):
            raise BadSave("The record's hints are damaged: each seat's is a list of move counts.")
        game.hints = [sorted(set(h)) for h in got]
    if "analysis" in record:
        game.analysis = check_analysis(game, record["analysis"])


def check_analysis(game, data) -> dict:
    """A stored analysis of ``game`` (finished), every field checked: {iterations, measure,
    decisions: [[k, before, after, best, bestChance]]}, k a log index, best a move."""
    damaged = BadSave("The record's analysis is damaged: it cannot be shown.")
    if not game.is_over or not isinstance(data, dict) or set(data) != {"iterations", "measure", "decisions"}:
        raise damaged
    rows = data["decisions"]
    if (not _count(data["iterations"], 100_000) or data["measure"] not in ("chance", "score")
            or not isinstance(rows, list) or len(rows) > len(game.log)):
        raise damaged
    last = -1
    for row in rows:
        if not isinstance(row, list) or len(row) != 5:
            raise damaged
        k, before, after, best, best_chance = row
        if not _count(k, len(game.log) - 1) or k <= last or not all(map(_number, (before, after, best_chance))):
            raise damaged
        if not isinstance(best, dict) or game.MOVE_FIELDS.get(best.get("type")) is None \
                or any(f != "type" and f not in game.MOVE_FIELDS[best["type"]] for f in best):
            raise damaged
        last = k
    return data
