"""The daily deal: one deal per UTC date per game, the same for everyone (docs/leaderboard.md).

The seed is the first 8 bytes, read big-endian, of SHA-256 of the text
``pipes-and-ducks daily <game> <YYYY-MM-DD>``; it is computed here and nowhere else, and
leaves Python as a decimal string. Aqueducks is played solo with one faction of the day
(the factions in catalog order, one a day, from 1970-01-01 on); Water Works is played from
seat 1 against two normal bots (rulings: docs/rulings/leaderboard.md).
"""
from __future__ import annotations

import datetime
import hashlib
import re

from gamecore import BadRequest

GAMES = ("aqueducks", "waterworks")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_EPOCH = datetime.date(1970, 1, 1)

#: Each game's daily table: options (Aqueducks adds the faction of the day), who sits where
#: (controllers as the page names them) and the person's seat.
_SETUP = {
    "aqueducks": {"options": {"players": 1}, "seats": ["human"], "seat": 0},
    "waterworks": {"options": {"players": 3}, "seats": ["human", "bot:greedy", "bot:greedy"], "seat": 0},
}


def parse_date(text, error=BadRequest) -> datetime.date:
    """A ``YYYY-MM-DD`` date; ``error`` with a sentence for anything else."""
    if not isinstance(text, str) or not _DATE.fullmatch(text):
        raise error("A date must be written YYYY-MM-DD.")
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise error(f"There is no date {text}.") from None


def seed_for(game: str, day: datetime.date) -> int:
    digest = hashlib.sha256(f"pipes-and-ducks daily {game} {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def faction_of(day: datetime.date) -> str:
    from aqueducks.cards import FACTIONS
    return FACTIONS[(day - _EPOCH).days % len(FACTIONS)]


def deal(game: str, day: datetime.date) -> dict:
    """``{game, date, seed, options, seats, seat}`` of ``game``'s deal on ``day``."""
    if game not in GAMES:
        raise BadRequest(f"There is no daily deal of {game!r}.")
    setup = _SETUP[game]
    options = dict(setup["options"])
    if game == "aqueducks":
        options["factions"] = faction_of(day)
    return {"game": game, "date": day.isoformat(), "seed": str(seed_for(game, day)),
            "options": options, "seats": list(setup["seats"]), "seat": setup["seat"]}
