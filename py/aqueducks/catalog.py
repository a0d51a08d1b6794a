"""Loads and validates the Aqueducks card data (cards/aqueducks.json).

All card behaviour is data: this module defines the ability vocabulary (checked when the
cards load, and put into words for the card faces by ``describe``); :mod:`aqueducks.abilities`
interprets it in play. There is no per-card Python anywhere.
"""
from __future__ import annotations

from gamecore.carddata import load_cards

RESOURCES = ("tree", "brick", "column", "water", "faith", "military", "luxury")
TRIGGERS = ("played", "era_end", "ongoing", "none")
EFFECTS = ("gain", "ignore_dousing", "douse_all", "retrigger", "none")
COUNTS = ("resource", "adjacent_symbol", "adjacent_buildings", "active_buildings", "symbols_played")
FACTION_KINDS = ("hand_size", "strong_arm_ties", "ground_doused", "ability", "storey_relax",
                 "donation_discount")


class CatalogError(ValueError):
    """The card data is inconsistent."""


class Card:
    """One distinct building (not a physical copy)."""

    __slots__ = ("key", "name", "tier", "copies", "storeys", "requires", "douse", "produces",
                 "ability", "flavour", "faction", "starter", "water", "ignore", "douse_all",
                 "retrigger", "trigger")

    def __init__(self, d: dict, starter: bool):
        self.key = d["key"]
        self.name = d["name"]
        self.tier = d["tier"]
        self.copies = d["copies"]
        self.storeys = tuple(d["storeys"])
        self.requires = dict(d["requires"])
        self.douse = bool(d["douse"])
        self.produces = tuple(d["produces"])
        self.ability = d["ability"]
        self.flavour = d.get("flavour", "")
        self.faction = d.get("faction")
        self.starter = starter
        self.water = "water" in self.produces
        eff = self.ability["effect"]
        self.trigger = self.ability["trigger"]
        self.ignore = eff == "ignore_dousing"
        self.douse_all = eff == "douse_all"
        self.retrigger = eff == "retrigger"

    def to_json(self) -> dict:
        d = {"key": self.key, "name": self.name, "tier": self.tier, "copies": self.copies,
             "storeys": list(self.storeys), "requires": dict(self.requires), "douse": self.douse,
             "produces": list(self.produces), "ability": self.ability, "flavour": self.flavour,
             "starter": self.starter, "text": describe(self.ability)}
        if self.faction:
            d["faction"] = self.faction
        return d


def _check_ability(ab: dict, where: str, resources=RESOURCES) -> None:
    if not isinstance(ab, dict):
        raise CatalogError(f"{where}: ability must be an object")
    trig, eff = ab.get("trigger"), ab.get("effect")
    if trig not in TRIGGERS or eff not in EFFECTS:
        raise CatalogError(f"{where}: unknown trigger/effect {trig}/{eff}")
    if eff == "none":
        if trig != "none":
            raise CatalogError(f"{where}: effect none needs trigger none")
        return
    if eff in ("ignore_dousing", "douse_all") and trig != "ongoing":
        raise CatalogError(f"{where}: {eff} must be ongoing")
    if eff == "retrigger" and trig != "played":
        raise CatalogError(f"{where}: retrigger must be a When Played ability")
    if eff != "gain":
        return
    what, amount = ab.get("gain"), ab.get("amount")
    if what != "duckats" and what not in resources:
        raise CatalogError(f"{where}: cannot gain {what!r}")
    if type(amount) is not int or amount <= 0:
        raise CatalogError(f"{where}: amount must be a positive integer")
    per = ab.get("per")
    if per is not None:
        c = per.get("count")
        if c not in COUNTS:
            raise CatalogError(f"{where}: unknown count {c!r}")
        if c in ("resource", "adjacent_symbol") and per.get("resource") not in resources:
            raise CatalogError(f"{where}: unknown resource in per")
        if c == "active_buildings" and not (per.get("tier") in (1, 2, 3) or per.get("douse") is True):
            raise CatalogError(f"{where}: active_buildings needs a tier or douse:true")
        if c == "symbols_played":
            rs = per.get("resources")
            if not rs or any(r not in resources for r in rs):
                raise CatalogError(f"{where}: symbols_played needs resources")
    if trig == "ongoing":
        # ongoing gains are either static resources or duckats paid on each later build
        if what == "duckats" and (per is None or per["count"] != "symbols_played"):
            raise CatalogError(f"{where}: an ongoing duckat gain must count symbols_played")
        if what != "duckats" and (per is None or per["count"] not in ("adjacent_symbol", "adjacent_buildings")):
            raise CatalogError(f"{where}: an ongoing resource gain must count adjacency")
    else:
        if what != "duckats":
            raise CatalogError(f"{where}: only ongoing abilities may grant resources")
        if per is not None and per["count"] == "symbols_played":
            raise CatalogError(f"{where}: symbols_played needs an ongoing trigger")


_TRIGGER_TEXT = {"played": "When played", "era_end": "End of Era", "ongoing": "While active"}


def describe(ab: dict) -> str:
    """A card-face sentence for an ability, e.g. "When played: 1 duckat per tree in your city."."""
    eff = ab["effect"]
    if eff == "none":
        return ""
    if eff == "ignore_dousing":
        return "While active: ignore all dousing requirements."
    if eff == "douse_all":
        return "While active: douses every active building in your city."
    if eff == "retrigger":
        return "When played: activate the When Played ability of another active building again."
    amount, what = ab["amount"], ab["gain"]
    unit = ("duckat" if amount == 1 else "duckats") if what == "duckats" else what.capitalize()
    per = ab.get("per")
    if per is None:
        tail = ""
    else:
        c = per["count"]
        if c == "resource":
            tail = f" per {per['resource']} in your city"
        elif c == "adjacent_symbol":
            tail = f" per adjacent {per['resource']} symbol"
        elif c == "adjacent_buildings":
            tail = " per adjacent building"
        elif c == "active_buildings":
            tail = (f" per active Tier {per['tier']} building" if "tier" in per
                    else " per active building with a dousing requirement")
        else:
            tail = " per " + " or ".join(per["resources"]) + " symbol you play"
    head = "Whenever you build" if ab["trigger"] == "ongoing" and what == "duckats" else _TRIGGER_TEXT[ab["trigger"]]
    return f"{head}: {amount} {unit}{tail}."


class Catalog:
    def __init__(self, data: dict):
        if data.get("game") != "aqueducks":
            raise CatalogError("not an Aqueducks catalog")
        self.raw = data
        self.resources = tuple(data["resources"])
        if self.resources != RESOURCES:
            raise CatalogError("resource list differs from the engine's")
        self.cards: dict[str, Card] = {}
        for d in data["starter"]:
            self._add(Card(d, True))
        self.factions = []
        for f in data["factions"]:
            if f["ability"].get("kind") not in FACTION_KINDS:
                raise CatalogError(f"faction {f['key']}: unknown ability kind")
            if f["ability"]["kind"] == "ability":
                _check_ability(f["ability"]["ability"], f["key"])
            if len(f["pair"]) != 2:
                raise CatalogError(f"faction {f['key']} needs a unique pair")
            for d in f["pair"]:
                if d["copies"] != 1:
                    raise CatalogError("unique buildings have one copy")
                self._add(Card(d, True))
            self.factions.append({"key": f["key"], "name": f["name"], "colour": f["colour"],
                                  "ability": f["ability"], "ability_text": f["ability_text"],
                                  "pair": [d["key"] for d in f["pair"]]})
        self.faction_keys = [f["key"] for f in self.factions]
        self.faction_by_key = {f["key"]: f for f in self.factions}
        self.tiered_keys = []
        for d in data["tiered"]:
            self._add(Card(d, False))
            self.tiered_keys.append(d["key"])
        self.starter_keys = [d["key"] for d in data["starter"]]
        for c in self.cards.values():
            where = c.key
            if c.tier not in (1, 2, 3) or not c.storeys or any(s not in (1, 2, 3) for s in c.storeys):
                raise CatalogError(f"{where}: bad tier or storeys")
            if any(r not in RESOURCES or type(n) is not int or n <= 0 for r, n in c.requires.items()):
                raise CatalogError(f"{where}: bad requirements")
            if any(r not in RESOURCES for r in c.produces):
                raise CatalogError(f"{where}: bad produced resource")
            _check_ability(c.ability, where)
        self.pondifex = data["pondifex"]
        self.tracks = {k: tuple(v) for k, v in data["tracks"].items()}
        self.last_action = data["final_era"]
        self.protect_per_era = tuple(data["protect_per_era"])
        self.draft = data["draft"]
        self.hand_size = data["hand_size"]
        self.protection_cards = data["protection_cards"]
        # the physical cards: id -> key.  Faction by faction (12 common + unique pair), then tiered.
        self.instances: list[str] = []
        self.starter_ids: dict[str, list[int]] = {}
        self.pair_ids: dict[str, list[int]] = {}
        for f in self.factions:
            ids = []
            for k in self.starter_keys:
                for _ in range(self.cards[k].copies):
                    ids.append(len(self.instances))
                    self.instances.append(k)
            self.starter_ids[f["key"]] = ids
            pair = []
            for k in f["pair"]:
                pair.append(len(self.instances))
                self.instances.append(k)
            self.pair_ids[f["key"]] = pair
        self.tier_ids: dict[int, list[int]] = {1: [], 2: [], 3: []}
        for k in self.tiered_keys:
            for _ in range(self.cards[k].copies):
                self.tier_ids[self.cards[k].tier].append(len(self.instances))
                self.instances.append(k)
        self.card_of = [self.cards[k] for k in self.instances]

    def _add(self, card: Card) -> None:
        if card.key in self.cards:
            raise CatalogError(f"duplicate card key {card.key}")
        self.cards[card.key] = card

    def to_json(self) -> dict:
        return {"cards": {k: c.to_json() for k, c in self.cards.items()},
                "factions": self.factions, "pondifex": self.pondifex,
                "tracks": {k: list(v) for k, v in self.tracks.items()},
                "instances": list(self.instances)}


_CATALOG: Catalog | None = None


def load() -> Catalog:
    global _CATALOG
    if _CATALOG is None:
        _CATALOG = Catalog(load_cards("aqueducks.json"))
    return _CATALOG
