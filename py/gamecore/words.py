"""English for the engine's texts, by the page's rules (``web/shell/words.js``): counts with
their plural and "a" or "an" said right ("1 duckat", "an 8-pipe line"). Both languages give
the same words for the same input (tests/gamecore/test_words_agree.py runs them side by side)."""
from __future__ import annotations

import re

#: nouns whose plural is not the noun and an "s"
PLURALS = {"open end": "open ends", "Favour": "Favour", "reshuffle": "reshuffles"}

_SAYS_A = re.compile(r"^(one\b|once|uni|use|usu|uti|eu|ewe|u[bcfgklrst][aeiou])", re.I)
_SAYS_AN = re.compile(r"^(hour|honest|honou?r|heir)", re.I)


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``"1 duckat"``, ``"5 duckats"``, ``"0 duckats"``, ``"2 Favour"``."""
    return f"{n} {noun if n == 1 else plural or PLURALS.get(noun, noun + 's')}"


def article(phrase) -> str:
    """``"a"`` or ``"an"`` by how ``phrase`` is said; numbers are read as words (8 "eight",
    11 "eleven", 18 "eighteen", 800 "eight hundred", 11000 "eleven thousand")."""
    s = str(phrase).strip()
    digits = re.match(r"\d+", s)
    if digits:
        d = digits.group(0)
        head = d[:2] if len(d) % 3 == 2 else d[:1]
        return "an" if head in ("11", "18") or head[0] == "8" else "a"
    if _SAYS_AN.match(s):
        return "an"
    if _SAYS_A.match(s):
        return "a"
    return "an" if s[:1].lower() in "aeiou" and s else "a"


def with_article(phrase) -> str:
    """``phrase`` with its article: ``"an 8-pipe line"``."""
    return f"{article(phrase)} {phrase}"
