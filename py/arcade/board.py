"""The community leaderboard: ``leaderboard/board.json`` (schema: docs/leaderboard.md).

Tables by name: ``daily/<game>/<YYYY-MM-DD>`` (the daily deals), ``wins/<game>`` (multiplayer
wins against checkable bots) and a game's own (its ``plugin.own_table``: solo scores, say). Each holds
at most ``TABLE_SIZE`` entries, best first; equal scores share a rank and keep the order they
were accepted in. A name (compared case-blind) has at most ``PER_NAME`` entries in a table
(one in a daily table: one scored attempt a day). Rulings: docs/rulings/leaderboard.md.
"""
from __future__ import annotations

import json
import os

from gamecore import BadSave

from . import registry
from .scorecard import Refused

FORMAT = "pipes-and-ducks/leaderboard"
VERSION = 1
TABLE_SIZE = 100
PER_NAME = 3
PER_NAME_DAILY = 1


def empty() -> dict:
    return {"format": FORMAT, "version": VERSION, "tables": {}}


def read(path: str) -> dict:
    """The board in ``path`` (a file, or a folder holding board.json); BadSave if damaged."""
    if os.path.isdir(path):
        path = os.path.join(path, "board.json")
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        return empty()
    except (OSError, ValueError) as exc:
        raise BadSave(f"The leaderboard file cannot be read ({type(exc).__name__}).") from None
    if (not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION
            or not isinstance(data.get("tables"), dict)):
        raise BadSave("The leaderboard file is not a Pipes & Ducks leaderboard of this version.")
    return data


def write(path: str, board: dict) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(board, f, indent=1, ensure_ascii=False, sort_keys=True)
        f.write("\n")


def ids(board: dict) -> set:
    return {e["id"] for table in board["tables"].values() for e in table}


def rank_key(entry: dict) -> tuple:
    """Bigger is better, in the entry's game's own order (its ``plugin.rank_key``)."""
    return registry.part(entry["game"], "plugin").rank_key(entry)


def entry_of(result: dict, accepted: str) -> dict:
    """The board's entry for a verified result (``arcade.verify``), accepted on ``accepted``."""
    keep = ("id", "name", "game", "rules", "date", "daily", "players", "claim", "favourites", "takebacks")
    entry = {k: result[k] for k in keep}
    entry["opponents"] = [c for p, c in enumerate(result["seats"]) if p != result["seat"]]
    entry["accepted"] = accepted
    return entry


def ranks(table: list) -> list:
    """1-based ranks of a sorted table, equal scores sharing one."""
    out = []
    for i, e in enumerate(table):
        out.append(out[-1] if i and rank_key(e) == rank_key(table[i - 1]) else i + 1)
    return out


def add(board: dict, table_name: str, entry: dict) -> tuple[dict, int, dict | None]:
    """``(new board, rank, replaced entry or None)``; Refused (duplicate, name limit, not in the
    top ``TABLE_SIZE``) with a sentence. ``board`` is not changed."""
    if entry["id"] in ids(board):
        raise Refused("duplicate", "This game is already on the board.")
    tables = {k: list(v) for k, v in board["tables"].items()}
    table = tables.setdefault(table_name, [])
    who = entry["name"].casefold()
    mine = [e for e in table if e["name"].casefold() == who]
    replaced = None
    if table_name.startswith("daily/"):
        if len(mine) >= PER_NAME_DAILY:
            raise Refused("duplicate", f"{entry['name']} already has a score for this daily deal: "
                                       "one scored attempt a day counts.")
    elif len(mine) >= PER_NAME:
        worst = min(mine, key=rank_key)     # the earliest of equals: min keeps the first
        worst = [e for e in mine if rank_key(e) == rank_key(worst)][-1]
        if rank_key(entry) <= rank_key(worst):
            raise Refused("unranked", f"{entry['name']} already has {PER_NAME} better or equal scores "
                                      "in this table.")
        table.remove(worst)
        replaced = worst
    at = len(table)
    while at > 0 and rank_key(table[at - 1]) < rank_key(entry):
        at -= 1
    if at >= TABLE_SIZE:
        raise Refused("unranked", f"This score is below the table's top {TABLE_SIZE}.")
    table.insert(at, entry)
    del table[TABLE_SIZE:]
    return {**board, "tables": tables}, ranks(table)[at], replaced
