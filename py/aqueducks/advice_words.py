"""An Aqueducks move in a player's words, for a hint and the post-game analysis
(``arcade.advice_text`` asks through the game registry): what the move is (``name``), what tells
it apart from a like move (``place``: which face each card shows, where the district stands
named by the districts it stands beside or on, never a grid coordinate), and what it does in the
game's terms (``effects``: resources, duckats, Favour at the Publican, what protection keeps).

A district is named by its two buildings ("your Puddle Well and Reed Hut district"), as a player
points at it on the table. Every phrase reads the seat's own city and hand and the public board.
``viewer`` is the seat the words are addressed to ("your city", or "their city").
"""
from __future__ import annotations

from gamecore.words import count

from . import abilities as A
from . import city as C
from .catalog import RESOURCES, describe
from .cards import CARD_OF, CAT, faction_name
from .publican import cost_for

ORDINAL = ("first", "second", "third", "fourth", "fifth", "sixth")
STOREY = {1: "the ground floor", 2: "the second storey", 3: "the third storey"}


def _whose(q: int, viewer) -> str:
    return "your" if q == viewer else "their"


def _card(cid: int) -> str:
    return f"the {CARD_OF[cid].name}"


def district(d: dict, own: str = "your") -> str:
    """A district by its two buildings: "your Puddle Well and Reed Hut district"."""
    return f"{own} {CARD_OF[d['left']].name} and {CARD_OF[d['right']].name} district"


def _row(space: str) -> tuple[dict, int, int]:
    ri, idx = (int(v) for v in space.split("-"))
    return CAT.pondifex["rows"][ri], ri, idx


def name(game, player: int, move: dict, viewer=None) -> str:
    viewer = player if viewer is None else viewer
    own = _whose(player, viewer)
    t = move["type"]
    if t == "build":
        left, right = move["cards"]
        return f"build {_card(left)} and {_card(right)}"
    if t == "pick":
        return f"draft {_card(move['card'])}"
    if t == "donate":
        row, _ri, _idx = _row(move["space"])
        return f"donate in the {row['cost']}-duckat row at the Publican"
    if t == "protect":
        city = game.players[player]["city"]
        names = [district(d, own) for d in city if d is not None and d["id"] in move["districts"]]
        if not names:
            return "protect nothing more"
        return "protect " + (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1])
    if t == "pass":
        return "build nothing this time" if game.action == "build" else "pass at the Publican"
    return "make another move"


_COUNT = {1: "one", 2: "two", 3: "three", 4: "four"}


def _where(city: list, slot: int, own: str) -> str:
    """Where a new district stands, by the district it stands on or nearest to ("on top of your
    Puddle Well and Reed Hut district", "one row after and one space to the left of ...")."""
    x, y, s = C.SLOTS[slot]
    if s > 1:
        under = [city[j] for j in C.SUPPORTS[slot] if city[j] is not None]
        return "on top of " + " and ".join(district(d, own) for d in under)
    built = [j for j in C.GROUND if city[j] is not None]
    if not built:
        return "as the first district of the city"
    j = min(built, key=lambda j: (abs(C.SLOTS[j][0] - x) + abs(C.SLOTS[j][1] - y), j))
    dx, dy = x - C.SLOTS[j][0], y - C.SLOTS[j][1]
    parts = []
    if dy:
        parts.append(f"{_COUNT.get(abs(dy), abs(dy))} row{'s' if abs(dy) > 1 else ''} {'before' if dy < 0 else 'after'}")
    if dx:
        parts.append(f"{_COUNT.get(abs(dx), abs(dx))} space{'s' if abs(dx) > 1 else ''} to the {'left' if dx < 0 else 'right'} of")
    if len(parts) == 2:
        parts[0] += " and"
    return " ".join(parts) + f" {district(city[j], own)}"


def place(game, player: int, move: dict, viewer=None) -> str:
    """For a build: where it stands, which building faces left, and its bridge; for a
    donation: the space in its row."""
    viewer = player if viewer is None else viewer
    t = move["type"]
    if t == "donate":
        row, _ri, idx = _row(move["space"])
        return f"on its {ORDINAL[idx]} space"
    if t != "build":
        return ""
    slot = C.SLOT_AT[(move["x"], move["y"], move["storey"])]
    left, _right = move["cards"]
    bits = [_where(game.players[player]["city"], slot, _whose(player, viewer)),
            f"with the {CARD_OF[left].name} facing left"]
    if move.get("bridge") is not None:
        bits.append(f"over a bridge of {_card(move['bridge'])}")
    return ", ".join(bits)


def _resources(delta: dict) -> str:
    parts = [f"{abs(v)} {r.capitalize()}" for r, v in delta.items() if v]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _gain_loss(before: dict, after: dict, own: str) -> list[str]:
    up = {r: after[r] - before[r] for r in RESOURCES if after[r] > before[r]}
    down = {r: after[r] - before[r] for r in RESOURCES if after[r] < before[r]}
    out = []
    if up:
        out.append(f"adds {_resources(up)} to {own} city")
    if down:
        out.append(f"costs {own} city {_resources(down)}")
    return out


def effects(game, player: int, move: dict, viewer=None) -> list[str]:
    viewer = player if viewer is None else viewer
    own = _whose(player, viewer)
    t = move["type"]
    pl = game.players[player]
    if t == "build":
        return _build_effects(game, player, pl, move, own)
    if t == "pick":
        card = CARD_OF[move["card"]]
        out = [f"takes a Tier {card.tier} building that stands on "
               + ("any storey" if len(card.storeys) == 3 else " or ".join(STOREY[s] for s in card.storeys))]
        if card.produces:
            out.append("would add " + _resources({r: card.produces.count(r) for r in dict.fromkeys(card.produces)})
                       + f" to {own} city")
        said = describe(card.ability)
        if said:
            out.append(f"has the ability “{said.rstrip('.')}”")
        return out
    if t == "donate":
        row, ri, idx = _row(move["space"])
        cost = cost_for(row, game._faction_ability(player))
        favour = row["favour"][idx] + CAT.pondifex.get("luxury_bonus", 1) * pl["res"]["luxury"]
        out = [f"costs {count(cost, 'duckat')} for {count(favour, 'Favour', 'Favour')} "
               f"({'with' if pl['res']['luxury'] else 'without'} {own} Luxury), leaving {count(pl['duckats'] - cost, 'duckat')}"]
        cubes = game.pub["rows"][ri] if game.pub else []
        pushed = cubes[idx:]
        if pushed:
            off = len(cubes) + 1 > len(row["favour"])
            names = ", ".join(faction_name(game.players[q]["faction"]) for q in pushed)
            out.append(f"pushes {names} along the row" + (", one off the board" if off else ""))
        return out
    if t == "pass":
        if game.action == "build":
            return [f"keeps {own} cards in hand for a later build"]
        return [f"keeps {own} {count(pl['duckats'], 'duckat')} for later"]
    if t == "protect":
        chosen = set(move["districts"])
        city = pl["city"]
        kept = [d if d is not None and (d["protected"] or d["id"] in chosen) else None for d in city]
        res = A.compute_resources(kept, C.compute_activity(kept), CARD_OF)
        n = sum(d is not None for d in kept)
        # one phrase a resource, so two choices are told apart by what differs between them
        return [f"keeps {count(n, 'district')} of {own} city through the Downfall"] + [
            f"keeps {v} {r.capitalize()} standing" for r, v in
            sorted(res.items(), key=lambda rv: (-rv[1], RESOURCES.index(rv[0]))) if v]
    return []


def drawback(phrase: str) -> bool:
    """Whether an ``effects`` phrase counts against the move (never given as a reason for it):
    resources lost, a building facing inwards, a face hidden."""
    return phrase.startswith(("costs your city", "costs their city", "leaves the ", "hides "))


def _build_effects(game, player: int, pl: dict, move: dict, own: str) -> list[str]:
    trial = {"city": list(pl["city"]), "act": [a[:] for a in pl["act"]], "res": dict(pl["res"]),
             "hand": list(pl["hand"]), "next_district": pl["next_district"], "faction": pl["faction"]}
    slot = C.SLOT_AT[(move["x"], move["y"], move["storey"])]
    left, right = move["cards"]
    try:
        info = game._place(trial, player, slot, left, right, move.get("bridge"))
    except (KeyError, ValueError):   # a build the city refuses says nothing (never expected)
        return []
    gains = A.resolve_played(trial["city"], trial["act"], CARD_OF, trial["res"], info["new"])
    out = []
    ducks = sum(g["duckats"] for g in gains)
    if ducks:
        out.append(f"earns {count(ducks, 'duckat')} at once")
    out += _gain_loss(pl["res"], trial["res"], own)
    hidden = [CARD_OF[c].name for c, on in zip((left, right), info["active"]) if not on]
    if hidden:
        out.append("leaves the " + " and the ".join(hidden) + " facing inwards, where "
                   + ("it counts" if len(hidden) == 1 else "they count") + " for nothing")
    if info["obstructed"]:
        out.append("hides " + own + " " + " and ".join(CARD_OF[c].name for c in info["obstructed"]))
    if move["storey"] > 1:
        out.append(f"builds on {STOREY[move['storey']]}, leaving ground for later")
    return out
