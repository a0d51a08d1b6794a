"""Score cards: what "Share your score" carries (schema: docs/leaderboard.md).

A card is the game's record (the proof) with what its player claims about it: the seat they
played, their name, the date, whether it was the daily deal, the score and rank, the
take-backs they used (and how many took back cards they had been shown: such a score is not
ranked, docs/rulings/take-backs.md T6), and up to three favourite buildings of their city. ``arcade.verify`` replays the record and compares
every claim with what the game reaches; the claims themselves are computed here, from a
finished game, so the card the page makes and the check the verifier makes are one function.
"""
from __future__ import annotations

import hashlib
import json

from gamecore import BadSave, Game
from gamecore.undo import tally

from . import names, registry

FORMAT = "pipes-and-ducks/score-card"
VERSION = 1
MAX_FAVOURITES = 3
#: Who may sit in a seat, as the page names it (web/shell/seats.js; "remote": a friend online).
CONTROLLERS = ("human", "remote", "bot:random", "bot:greedy", "bot:hard")
PERSONS = ("human", "remote")


class Refused(BadSave):
    """A card that is not accepted; ``kind`` says which way (damaged, forged, version,
    wrong_day, duplicate), ``message`` why, in a sentence."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


def record_id(game: Game) -> str:
    """The game's identity on the board: a digest of its deal and the moves that stand (a
    take-back and the same move again is the same game)."""
    text = json.dumps({"game": game.NAME, "options": game.options, "seed": str(game.seed),
                       "moves": game.log}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _rank(keys: list, seat: int) -> int:
    """1 + how many seats did strictly better (tied seats share a rank)."""
    return 1 + sum(1 for k in keys if k > keys[seat])


#: The claims about take-backs, which cards made before they were carried do not have.
TAKEBACK_CLAIMS = ("takebacks", "takebacks_revealed")


def claim(game: Game, seat: int) -> dict:
    """What a finished game gives ``seat``: score, rank, won (and faction, turns, ...), and the
    take-backs it made, counted from the record: all of them, and those that took back cards
    the seat had been shown."""
    made, revealing = tally(game).get(seat, (0, 0))
    own = registry.part(game.NAME, "plugin").claim(game, seat, _rank)
    return {**own, "takebacks": made, "takebacks_revealed": revealing}


def city_buildings(game: Game, seat: int) -> list:
    """The building keys of ``seat``'s final city, the favourites its card may name (the game's
    own ``plugin.city_buildings``); ``[]`` for a game without cities."""
    return registry.part(game.NAME, "plugin").city_buildings(game, seat)


def default_favourites(game: Game, seat: int) -> list:
    """The buildings still in the city that earned ``seat`` the most duckats (When Played and
    End of Era), up to three; the city's first buildings make up the number."""
    keys = city_buildings(game, seat)
    if not keys:
        return []
    instances = game.card_table()["instances"]
    earned = dict.fromkeys(keys, 0)
    g = game.beginning()
    for entry in game.log:
        for e in g.apply(entry["player"], entry["move"]):
            if e.get("player") == seat and e["type"] in ("build", "end_of_era"):
                for gain in e["gains"]:
                    key = instances[gain["card"]] if gain.get("card") is not None else None
                    if key in earned:
                        earned[key] += gain["duckats"]
    return sorted(keys, key=lambda k: -earned[k])[:MAX_FAVOURITES]


def make(game: Game, seat: int, seats: list, name: str, date: str, daily: bool = False,
         favourites: list | None = None) -> dict:
    """The card of a finished ``game`` for the person in ``seat``."""
    return {"format": FORMAT, "version": VERSION, "game": game.NAME, "rules": game.RULES_VERSION,
            "record": game.record(), "seats": list(seats), "seat": seat,
            "name": names.clean_name(name, 0), "date": date, "daily": daily,
            "claim": claim(game, seat),
            "favourites": default_favourites(game, seat) if favourites is None else list(favourites)}
