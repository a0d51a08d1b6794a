"""Interprets the declarative ability vocabulary (no per-card code).

An ability is ``{"trigger", "effect", ...}``:

* ``effect: "gain"``: gain ``amount`` of ``gain`` (``"duckats"`` or a resource) times the
  ``per`` count (or once when there is no ``per``).  Counts:
  ``resource`` (that resource in your city), ``adjacent_symbol`` (that symbol on adjacent
  buildings), ``adjacent_buildings``, ``active_buildings`` (with ``tier`` or ``douse: true``),
  ``symbols_played`` (listed symbols on the active buildings of each district you play while
  this building is active).
* ``effect: "ignore_dousing"`` / ``"douse_all"`` (ongoing) and ``"retrigger"`` (when played).
* triggers: ``played``, ``era_end``, ``ongoing`` (while active), ``none``.
"""
from __future__ import annotations

from . import city as C
from .catalog import RESOURCES


def ongoing_resources(card, city, slot, side, card_of) -> dict | None:
    """Resources an ongoing ability adds while its building is active (adjacency based).

    Adjacency counts only the printed symbols of neighbours, never other bonuses, so
    there are no loops."""
    ab = card.ability
    if ab["trigger"] != "ongoing" or ab["effect"] != "gain" or ab["gain"] == "duckats":
        return None
    n = count(ab.get("per"), city, None, slot, side, card_of, None)
    return {ab["gain"]: ab["amount"] * n}


def face_contribution(city, slot, side, card_of, acc: dict) -> None:
    card = card_of[C.face_card(city, slot, side)]
    for r in card.produces:
        acc[r] += 1
    extra = ongoing_resources(card, city, slot, side, card_of)
    if extra:
        for r, n in extra.items():
            acc[r] += n


def empty_resources() -> dict:
    return {r: 0 for r in RESOURCES}


def compute_resources(city, act, card_of) -> dict:
    acc = empty_resources()
    for i in range(C.NSLOTS):
        if city[i] is not None:
            for side in (0, 1):
                if act[i][side]:
                    face_contribution(city, i, side, card_of, acc)
    return acc


def rows_contribution(city, act, card_of, rows) -> dict:
    acc = empty_resources()
    for i in range(C.NSLOTS):
        if city[i] is not None and C.SLOTS[i][1] in rows:
            for side in (0, 1):
                if act[i][side]:
                    face_contribution(city, i, side, card_of, acc)
    return acc


def count(per, city, act, slot, side, card_of, res, played_faces=None) -> int:
    if per is None:
        return 1
    c = per["count"]
    if c == "resource":
        return res[per["resource"]]
    if c == "adjacent_symbol":
        r = per["resource"]
        return sum(card_of[C.face_card(city, j, sd)].produces.count(r)
                   for j, sd in C.neighbours(city, slot, side))
    if c == "adjacent_buildings":
        return len(C.neighbours(city, slot, side))
    if c == "active_buildings":
        n = 0
        for j, sd in C.active_faces(city, act):
            k = card_of[C.face_card(city, j, sd)]
            if ("tier" in per and k.tier == per["tier"]) or (per.get("douse") and k.douse):
                n += 1
        return n
    if c == "symbols_played":
        rs = per["resources"]
        return sum(card_of[C.face_card(city, j, sd)].produces.count(r)
                   for j, sd in (played_faces or ()) for r in rs)
    raise ValueError(f"unknown count {c}")


def gain_value(ab, city, act, slot, side, card_of, res, played_faces=None) -> int:
    """Duckats a duckat-gaining ability pays now (0 for other effects)."""
    if ab["effect"] != "gain" or ab["gain"] != "duckats":
        return 0
    return ab["amount"] * count(ab.get("per"), city, act, slot, side, card_of, res, played_faces)


def resolve_played(city, act, card_of, res, new_faces) -> list[dict]:
    """When Played abilities of the new active faces, then "whenever you play" abilities of
    every active building.  Returns ``[{"card": id, "duckats": n, "kind": ...}]``."""
    out = []
    for slot, side in new_faces:
        cid = C.face_card(city, slot, side)
        card = card_of[cid]
        ab = card.ability
        if ab["trigger"] != "played":
            continue
        if ab["effect"] == "gain":
            out.append({"card": cid, "duckats": gain_value(ab, city, act, slot, side, card_of, res),
                        "kind": "played"})
        elif ab["effect"] == "retrigger":
            best, best_card = 0, None
            for j, sd in C.active_faces(city, act):
                if (j, sd) == (slot, side):
                    continue
                other = C.face_card(city, j, sd)
                oab = card_of[other].ability
                if oab["trigger"] == "played" and oab["effect"] == "gain":
                    v = gain_value(oab, city, act, j, sd, card_of, res)
                    if best_card is None or v > best:
                        best, best_card = v, other
            out.append({"card": cid, "duckats": best, "kind": "retrigger", "copied": best_card})
    for slot, side in C.active_faces(city, act):
        cid = C.face_card(city, slot, side)
        ab = card_of[cid].ability
        if ab["trigger"] == "ongoing" and ab["effect"] == "gain" and ab["gain"] == "duckats":
            v = gain_value(ab, city, act, slot, side, card_of, res, new_faces)
            if v:
                out.append({"card": cid, "duckats": v, "kind": "whenever"})
    return out


def resolve_era_end(city, act, card_of, res, faction_ability) -> list[dict]:
    out = []
    for slot, side in C.active_faces(city, act):
        cid = C.face_card(city, slot, side)
        ab = card_of[cid].ability
        if ab["trigger"] == "era_end":
            out.append({"card": cid, "duckats": gain_value(ab, city, act, slot, side, card_of, res)})
    if faction_ability.get("kind") == "ability":
        ab = faction_ability["ability"]
        if ab["trigger"] == "era_end":
            out.append({"card": None, "duckats": gain_value(ab, city, act, None, None, card_of, res)})
    return out


def relaxes_dousing(card) -> bool:
    return card.ignore or card.douse_all


def doused_faces(city, act, card_of, ground_doused: bool) -> set:
    """Active faces that are doused now (for the view and for dousing requirements)."""
    faces = C.active_faces(city, act)
    if any(card_of[C.face_card(city, j, sd)].douse_all for j, sd in faces):
        return set(faces)
    out = set()
    for j, sd in faces:
        if ground_doused and C.SLOTS[j][2] == 1:
            out.add((j, sd))
            continue
        for k, sk in C.neighbours(city, j, sd):
            if card_of[C.face_card(city, k, sk)].water:
                out.add((j, sd))
                break
    return out
