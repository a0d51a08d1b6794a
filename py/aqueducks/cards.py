"""The Aqueducks catalog as the engine uses it: loaded once, and the names event texts give
cards and factions."""
from __future__ import annotations

from .catalog import load

CAT = load()
CARD_OF = CAT.card_of
NCARDS = len(CARD_OF)
FACTIONS = CAT.faction_keys


def card_name(cid: int) -> str:
    return CARD_OF[cid].name


def faction_name(key: str) -> str:
    return CAT.faction_by_key[key]["name"]
