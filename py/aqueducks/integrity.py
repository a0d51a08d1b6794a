"""Integrity of an Aqueducks state: every card in one place, cities and boards consistent.

Used when a save is loaded (anything inconsistent raises BadSave) and by the tests' invariant
checks after every action.
"""
from __future__ import annotations

from gamecore import BadSave
from gamecore.errors import shown
from gamecore.jsonvalues import is_int
from gamecore.protocol import log_is_well_formed

from . import abilities as A
from . import city as C
from . import places as W
from .cards import CARD_OF, CAT, FACTIONS, NCARDS, faction_name

#: Bound on duckats, favour and district numbers: real games stay below 200, so a larger
#: number is a tampered file (and would otherwise reach the page as a float-sized value).
MAX_COUNT = 10_000


def validate(game) -> None:
    """Structural checks on loaded state; raises on anything inconsistent."""
    if not (is_int(game.seed) and is_int(game.rng.state) and 0 <= game.rng.state < 1 << 64):
        raise BadSave("Bad seed or random state.")
    if not (1 <= game.era <= 4 and 0 <= game.step < len(game.track)):
        raise BadSave("Bad era or action.")
    if len(game.players) != game.n:
        raise BadSave("Wrong number of players.")
    if not log_is_well_formed(game):
        raise BadSave("The save's move log is damaged.")
    seen = location_counts(game)
    if sorted(seen) != list(range(NCARDS)) or any(v != 1 for v in seen.values()):
        raise BadSave("Cards are missing or duplicated.")
    _faction_cards(game)
    for pl in game.players:
        if pl["faction"] not in FACTIONS or len(pl["city"]) != C.NSLOTS:
            raise BadSave("Bad player.")
        for k, lo, hi in (("duckats", 0, MAX_COUNT), ("favour", 0, MAX_COUNT),
                          ("protect_left", 0, CAT.protection_cards - 1), ("next_district", 1, MAX_COUNT)):
            if not is_int(pl[k]) or not lo <= pl[k] <= hi:
                raise BadSave(f"A player's {k.replace('_', ' ')} is out of bounds.")
        cty = pl["city"]
        if not C.extent_ok(cty):
            raise BadSave("A city is wider than 3 or longer than 5 districts.")
        for i, d in enumerate(cty):
            if d is not None:
                if not C.supports_ok(cty, i) or not isinstance(d["protected"], bool) or not is_int(d["id"]):
                    raise BadSave("A district floats in mid-air.")
                if (d["bridge"] is None) != (C.SLOTS[i][2] == 1):
                    raise BadSave("Bridge mismatch.")
        # moves name districts by number, so a city's numbers must be distinct and already dealt
        ids = [d["id"] for d in cty if d is not None]
        if len(set(ids)) != len(ids) or any(not 0 <= i < pl["next_district"] for i in ids):
            raise BadSave("District numbers are repeated or out of range.")
        if pl["act"] != C.compute_activity(cty):
            raise BadSave("Activity does not match the city.")
        if pl["res"] != A.compute_resources(cty, pl["act"], CARD_OF):
            raise BadSave("Resources do not match the city.")
        p = game.players.index(pl)
        if len(pl["hand"]) > game._hand_size(p):
            raise BadSave(f"A hand holds {len(pl['hand'])} cards, more than the rules allow.")
        for i, d in enumerate(cty):
            for side in (0, 1):
                if d is not None and pl["act"][i][side]:
                    card = CARD_OF[d["left"] if side == 0 else d["right"]]
                    if C.SLOTS[i][2] not in game._storeys(p, card):
                        raise BadSave(f"The {card.name} is active on the {W.storey_words(C.SLOTS[i][2])}, "
                                      "where it may not stand.")
    _validate_publican(game)
    owing = [p for p in range(game.n) if game.players[p]["owes"]]
    if game.over:
        if owing or not isinstance(game.final, dict):
            raise BadSave("A finished game awaits a move.")
        if game.final != game.final_result():
            raise BadSave("The save's result does not follow from the players' scores.")
        return
    if not owing or not game.started:
        raise BadSave("A running game must await someone's move.")
    a = game.action
    if a == "publican":
        pub = game.pub
        if (game.solo or sorted(pub["order"]) != list(range(game.n)) or len(owing) != 1
                or pub["order"][pub["turn"]] != owing[0] or len(pub["rows"]) != len(CAT.pondifex["rows"])):
            raise BadSave("The Publican visit is inconsistent.")
        for ri, row in enumerate(pub["rows"]):
            if len(row) > len(CAT.pondifex["rows"][ri]["favour"]) or any(q not in range(game.n) for q in row):
                raise BadSave("The Pondifex board is inconsistent.")
    elif a == "draft":
        if not isinstance(game.draft, dict) or len(game.draft["hands"]) != game.n:
            raise BadSave("The Draft is inconsistent.")
    elif a not in ("build", "protect"):
        raise BadSave("The game waits in an automatic action.")
    for p in owing:
        if game.players[p]["choice"] is not None:
            raise BadSave("A player both owes and has made a choice.")
    # A choice made in a simultaneous action waits, unapplied, for the others; nothing it
    # depends on changes meanwhile, so it must still be one of that player's legal moves.
    if a != "publican":
        legal_of = getattr(game, "_legal_" + a)
        for p in range(game.n):
            if p not in owing and game.players[p]["choice"] not in legal_of(p):
                raise BadSave("A player's waiting choice is not a legal move.")


def _faction_cards(game) -> None:
    """A faction's cards reach no other seat's hand or piles (cards only ever move between
    one player's deck, hand, discard and city), and tier cards never leave their decks."""
    facs = [pl["faction"] for pl in game.players]
    if any(f not in FACTIONS for f in facs) or len(set(facs)) != len(facs):
        raise BadSave("The players' factions are invalid.")
    owner = {c: f for f in FACTIONS for c in CAT.starter_ids[f] + CAT.pair_ids[f]}
    for pl in game.players:
        if any(owner.get(c, pl["faction"]) != pl["faction"]
               for c in pl["hand"] + pl["draw"] + pl["discard"]):
            raise BadSave(f"{faction_name(pl['faction'])} holds another faction's card.")
    for t, deck in game.decks.items():
        if any(c not in CAT.tier_ids.get(int(t) if t in ("1", "2", "3") else 0, ()) for c in deck):
            raise BadSave("A tier deck holds a card of another tier.")
    if game.draft is not None and any(c in owner for h in game.draft["hands"] for c in h):
        raise BadSave("A Draft hand holds a faction's card.")


def _validate_publican(game) -> None:
    """The board outlives its visit (views show the last one), so check it whenever present."""
    pub = game.pub
    if pub is None:
        return
    seat = lambda q: is_int(q) and 0 <= q < game.n  # noqa: E731
    board = CAT.pondifex["rows"]
    ok = (isinstance(pub, dict)
          and isinstance(pub.get("order"), list) and all(seat(q) for q in pub["order"])
          and sorted(pub["order"]) == list(range(game.n))
          and is_int(pub.get("turn")) and 0 <= pub["turn"] <= game.n
          and isinstance(pub.get("rows"), list) and len(pub["rows"]) == len(board)
          and all(isinstance(r, list) and len(r) <= len(board[i]["favour"]) and all(seat(q) for q in r)
                  for i, r in enumerate(pub["rows"]))
          and isinstance(pub.get("done"), list) and all(seat(q) for q in pub["done"])
          and isinstance(pub.get("paid"), dict) and all(is_int(v) for v in pub["paid"].values()))
    if not ok:
        raise BadSave("The Pondifex board is inconsistent.")


def location_counts(game) -> dict[int, int]:
    """How many times each card id appears anywhere (decks, hands, cities, box...)."""
    seen: dict[int, int] = {}

    def add(c):
        if not is_int(c) or not 0 <= c < NCARDS:
            raise BadSave(f"Bad card id {shown(c)}.")
        seen[c] = seen.get(c, 0) + 1

    for d in game.decks.values():
        for c in d:
            add(c)
    for c in game.box:
        add(c)
    if game.draft is not None:
        for h in game.draft["hands"]:
            for c in h:
                add(c)
    for pl in game.players:
        for zone in ("hand", "draw", "discard"):
            for c in pl[zone]:
                add(c)
        for d in pl["city"]:
            if d is not None:
                add(d["left"])
                add(d["right"])
                if d["bridge"] is not None:
                    add(d["bridge"])
    return seen
