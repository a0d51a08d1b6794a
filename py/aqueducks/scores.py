"""The solo mode's local best-scores list, per faction (pure data; the page stores it).

A list is ``{faction: [{"score": int, "seed": int, "era_scores": ...}, ...]}`` kept sorted,
best first, at most ``KEEP`` entries per faction."""
from __future__ import annotations

KEEP = 10


def add_score(table: dict | None, faction: str, score: int, extra: dict | None = None) -> tuple[dict, int | None]:
    """Return a new table with the score inserted, and its 0-based rank (None if it did not make the list)."""
    table = {k: list(v) for k, v in (table or {}).items()}
    entries = table.setdefault(faction, [])
    entry = {"score": int(score)}
    if extra:
        entry.update(extra)
    rank = 0
    while rank < len(entries) and entries[rank]["score"] >= entry["score"]:
        rank += 1
    entries.insert(rank, entry)
    del entries[KEEP:]
    return table, (rank if rank < KEEP else None)


def from_result(table: dict | None, result: dict, seed: int | None = None) -> tuple[dict, int | None]:
    """Record a finished solo game's result (``GAME.result()``)."""
    if "score" not in result:
        raise ValueError("only solo games have a duckat score")
    return add_score(table, result["faction"], result["score"], {"seed": seed} if seed is not None else None)
