"""The daily deal: one deal per UTC date per game, the same for everyone (docs/leaderboard.md).

The seed is the first 8 bytes, read big-endian, of SHA-256 of the text
``pipes-and-ducks daily <game> <YYYY-MM-DD>``; it is computed here and nowhere else, and
leaves Python as a decimal string. Each game sets its own daily table in its ``plugin``:
``DAILY`` (options, who sits where as the page names them, the person's seat) and
``daily_options(day)``, what the day adds (rulings: docs/rulings/leaderboard.md).
"""
from __future__ import annotations

import datetime
import hashlib
import re

from gamecore import BadRequest

from . import registry

#: every game the site has has a daily deal
GAMES = tuple(registry.names())
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


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


def deal(game: str, day: datetime.date) -> dict:
    """``{game, date, seed, options, seats, seat}`` of ``game``'s deal on ``day``."""
    if game not in GAMES:
        raise BadRequest(f"There is no daily deal of {game!r}.")
    plugin = registry.part(game, "plugin")
    setup = plugin.DAILY
    options = {**setup["options"], **plugin.daily_options(day)}
    return {"game": game, "date": day.isoformat(), "seed": str(seed_for(game, day)),
            "options": options, "seats": list(setup["seats"]), "seat": setup["seat"]}
