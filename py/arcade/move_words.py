"""A move in a few words, for the sentence a hint or an analysis says ("lay the copper L bend",
"draft the Marble Pond Quarry"). The move itself is lit on the table, so the words name the
card and the kind of move, not where it goes."""
from __future__ import annotations

from gamecore.words import count


def _waterworks(game, move: dict) -> str:
    from waterworks.cards import shape_name
    card = game.cards[move["card"]] if "card" in move else None

    def named(c) -> str:
        if c.kind == "pipe":
            return f"the {c.material} {shape_name(c.shape)}"
        return f"the {shape_name(c.shape)}"

    t = move["type"]
    spout = " and place your spout" if move.get("and_spout") else ""
    if t == "lay":
        return f"lay {named(card)}{spout}"
    if t == "cover":
        return f"cover a card with {named(card)}{spout}"
    if t == "leak":
        return f"put a leak on an opponent's line with {named(card)}"
    if t == "plumber":
        return f"call a plumber, discarding {named(game.cards[move['discard']])}"
    if t == "discard":
        return f"discard {named(card)}"
    if t == "spout":
        return "place your spout"
    return t


def _aqueducks(game, move: dict) -> str:
    from aqueducks.cards import CARD_OF
    t = move["type"]
    if t == "build":
        return "build " + " and ".join(f"the {CARD_OF[c].name}" for c in move["cards"])
    if t == "pick":
        return f"draft the {CARD_OF[move['card']].name}"
    if t == "donate":
        row, space = (int(v) for v in move["space"].split("-"))
        return f"donate in row {row + 1}, space {space + 1}"
    if t == "protect":
        n = len(move["districts"])
        return f"protect {count(n, 'district')}" if n else "protect nothing"
    if t == "pass":
        return "pass"
    return t


_WORDS = {"waterworks": _waterworks, "aqueducks": _aqueducks}


def words(game, move: dict) -> str:
    return _WORDS[game.NAME](game, move)
