"""What the shared layers ask of Aqueducks, reached through ``arcade.registry.part(name,
"plugin")`` so that no shared module names the game (docs/api.md, "Adding a game"): the search
budgets of a hint and an analysis, the daily deal's table and faction of the day, the score
card's claims and the city's buildings, the leaderboard's order and solo tables, the command
line's summary. The move words are ``advice_words``, the solo search's hooks ``search``.
"""
from __future__ import annotations

import datetime

#: playouts per decision when the caller gives none (the page's budget; docs/bots.md)
HINT_ITERATIONS = 32
ANALYSIS_ITERATIONS = 12

#: the daily deal (rulings: docs/rulings/leaderboard.md): solo, with one faction of the day
DAILY = {"options": {"players": 1}, "seats": ["human"], "seat": 0}
_EPOCH = datetime.date(1970, 1, 1)


def faction_of(day: datetime.date) -> str:
    """The factions in catalog order, one a day, from 1970-01-01 on."""
    from .cards import FACTIONS
    return FACTIONS[(day - _EPOCH).days % len(FACTIONS)]


def daily_options(day: datetime.date) -> dict:
    """What the day adds to the daily deal's options: the faction of the day."""
    return {"factions": faction_of(day)}


def claim(game, seat: int, rank) -> dict:
    """The score card's claims of ``seat`` in a finished game: solo by duckats, multiplayer by
    Favour then duckats; ``rank(keys, seat)`` is the shared rank among the seats' keys."""
    res = game.result()
    scores = res["scores"]
    me = scores[seat]
    solo = game.num_players == 1
    keys = [(s["favour"], s["duckats"]) for s in scores]
    return {"faction": me["faction"], "duckats": me["duckats"], "favour": me["favour"],
            "score": me["duckats"] if solo else me["favour"], "rank": rank(keys, seat),
            "won": seat in res["winners"]}


def city_buildings(game, seat: int) -> list:
    """The building keys of ``seat``'s final city (both faces of every district), in city
    order: the favourites a score card may name."""
    city = game.view(seat)["cities"][seat]
    keys = []
    for d in city["districts"]:
        for face in (d["left"], d["right"]):
            if face["key"] not in keys:
                keys.append(face["key"])
    return keys


def rank_key(entry: dict) -> tuple:
    """A board entry's order, bigger is better: solo and daily by duckats, multiplayer by
    Favour, then duckats (the rulebook's tie-break)."""
    c = entry["claim"]
    if entry["players"] == 1:
        return (c["duckats"],)
    return (c["favour"], c["duckats"])


def own_table(game, truth: dict):
    """A solo game that is not the daily deal goes in its faction's table, ``solo/<faction>``."""
    if game.num_players == 1:
        return f"solo/{truth['faction']}"
    return None


def summary(game, names: list[str], head: str) -> str:
    """The command line's lines on a finished game (``head``: title, players, moves)."""
    result = game.result()
    if "score" in result:
        return f"{head}: over. Solo score: {result['score']} duckats."
    winners = [names[p] for p in result.get("winners", [])]
    board = ", ".join(f"{names[s['player']]} {s['favour']} Favour ({s['duckats']} duckats)"
                      for s in sorted(result["scores"], key=lambda s: (-s["favour"], -s["duckats"])))
    return f"{head}: over. {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}.\n  {board}"
