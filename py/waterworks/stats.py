"""End-of-game story of a Water Works game, computed from its record (docs/api.md, `stats`).

Everything here is public while the game goes on: the table, and plays everyone saw."""
from __future__ import annotations

from gamecore.undo import count_into


def _longest(table, n: int) -> list:
    best = [0] * n
    for c in table.cells.values():
        if c.count > best[c.owner]:
            best[c.owner] = c.count
    return best


def stats(game) -> dict:
    """The story of ``game`` (a WaterWorks, read through the gamecore protocol: its log
    replayed from its beginning)."""
    g = game.beginning()
    n = g.num_players
    players = [{"player": p, "line": [0], "leaks_dealt": 0, "leaks_received": 0, "repairs": 0,
                "covers": 0, "plumbers": 0, "discards": 0, "takebacks": 0} for p in range(n)]
    for entry in game.log:
        for e in g.apply(entry["player"], entry["move"]):
            t = e["type"]
            if t == "leak":
                players[e["player"]]["leaks_dealt"] += 1
                players[e["target"]]["leaks_received"] += 1
            elif t in ("cover", "plumber"):
                players[e["player"]]["repairs"] += 1
                players[e["player"]]["covers" if t == "cover" else "plumbers"] += 1
            elif t == "discard":
                players[e["player"]]["discards"] += 1
        for p, best in enumerate(_longest(g.table, n)):
            players[p]["line"].append(best)
    count_into(game, players)
    return {"game": game.NAME, "over": game.is_over, "moves": len(game.log), "players": players}
