"""The deck as data: reads cards/waterworks.json and numbers every physical card."""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from gamecore.carddata import load_cards

from .geometry import DIR_INDEX, mask_of

MATERIALS = ("copper", "iron", "leaky")


class Card(NamedTuple):
    id: int
    kind: str          # "pipe" | "cap" | "valve" | "spout"
    shape: str         # "long" "short" "L" "J" "tee" | "cap" | "valve" | "spout"
    material: str      # "copper" | "iron" | "leaky" for pipes; "" otherwise
    openings: int      # upright openings bitmask (pipes), 0 otherwise
    caps: tuple        # cap materials at N, E, S, W (upright) for cap cards, else ()
    variant: str       # cap variant name, else ""


@lru_cache(maxsize=None)
def deck_data() -> dict:
    return load_cards("waterworks.json")


@lru_cache(maxsize=None)
def edition(name: str) -> dict:
    return deck_data()["editions"][name]


@lru_cache(maxsize=None)
def deck(name: str) -> tuple:
    """Every physical card of an edition: pipes and caps first, then valves, then spouts."""
    data = deck_data()
    ed = data["editions"][name]
    shapes = data["shapes"]
    out = []
    for spec in ed["pipes"]:
        opens = mask_of(shapes[spec["shape"]]["openings"])
        for _ in range(spec["count"]):
            out.append(Card(len(out), "pipe", spec["shape"], spec["material"], opens, (), ""))
    for spec in ed["caps"]:
        caps = tuple(spec["caps"])
        assert len(caps) == 4 and all(c in MATERIALS for c in caps)
        for _ in range(spec["count"]):
            out.append(Card(len(out), "cap", "cap", "", 0, caps, spec["variant"]))
    for _ in range(ed["valves"]):
        out.append(Card(len(out), "valve", "valve", "", 0, (), ""))
    for _ in range(ed["spouts"]):
        out.append(Card(len(out), "spout", "spout", "", 0, (), ""))
    return tuple(out)


def shape_name(shape: str) -> str:
    s = deck_data()["shapes"].get(shape)
    return s["name"] if s else shape


__all__ = ["Card", "DIR_INDEX", "MATERIALS", "deck", "deck_data", "edition", "shape_name"]
