"""What the shared layers ask of Water Works, reached through ``arcade.registry.part(name,
"plugin")`` so that no shared module names the game (docs/api.md, "Adding a game"): the search
budgets of a hint and an analysis, the daily deal's table, the score card's claims, the
leaderboard's order and table, the command line's summary. The move words are ``advice_words``.
"""
from __future__ import annotations

#: playouts per decision when the caller gives none (the page's budget; docs/bots.md)
HINT_ITERATIONS = 96
ANALYSIS_ITERATIONS = 32

#: the daily deal (rulings: docs/rulings/leaderboard.md): seat 1 against two normal bots, with
#: the controllers as the page names them
DAILY = {"options": {"players": 3}, "seats": ["human", "bot:greedy", "bot:greedy"], "seat": 0}

#: how a finished game's reason reads on the command line
REASONS = {"spout": "water reached the spout",
           "draw_pile_exhausted": "the draw pile ran out with no line finished"}


def daily_options(day) -> dict:
    """What the day adds to the daily deal's options: nothing, every day deals the same table."""
    return {}


def claim(game, seat: int, rank) -> dict:
    """The score card's claims of ``seat`` in a finished game: the line's length is the score,
    a win then the longer line ranks; ``rank(keys, seat)`` is the shared rank among the seats' keys."""
    res = game.result()
    lines = [p["line"][-1] for p in game.stats()["players"]]
    won = [p in res["winners"] for p in range(game.num_players)]
    keys = list(zip(won, lines))
    return {"score": lines[seat], "line": lines[seat], "won": won[seat], "rank": rank(keys, seat),
            "turns": sum(1 for e in game.log if e["player"] == seat)}


def city_buildings(game, seat: int) -> list:
    """A Water Works table has no buildings to choose favourites from."""
    return []


def rank_key(entry: dict) -> tuple:
    """A board entry's order, bigger is better: a win, then fewer turns, then a longer line."""
    c = entry["claim"]
    return (c["won"], -c["turns"] if c["won"] else 0, c["line"])


def own_table(game, truth: dict):
    """No table of its own beyond the shared daily and wins tables."""
    return None


def summary(game, names: list[str], head: str) -> str:
    """The command line's lines on a finished game (``head``: title, players, moves)."""
    result = game.result()
    winners = [names[p] for p in result.get("winners", [])]
    why = REASONS.get(result.get("reason"), result.get("reason"))
    if not winners:
        return f"{head}: over with no winner: {why}."
    pipes = f" through {result['pipes']} pipes" if "pipes" in result else ""
    return f"{head}: over. {winners[0]} wins: {why}{pipes}."
