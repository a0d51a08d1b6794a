"""Bots: random-legal and greedy.  Both decide only from what their seat may see:
their own hand, drafting hand and city, the public cities and board, and counts."""
from __future__ import annotations

from . import abilities as A
from . import city as C
from .cards import CARD_OF
from .catalog import RESOURCES

#: value of one unit of each resource to the greedy bot
WEIGHTS = {"tree": 1.5, "brick": 1.5, "column": 1.5, "water": 1.0, "faith": 2.0, "military": 2.0,
           "luxury": 4.0}


def random_bot(game, player, rng):
    return rng.choice(game.legal_moves(player))


def _res_value(res: dict, solo: bool) -> float:
    w = dict(WEIGHTS)
    if solo:
        w.update(faith=1.0, military=1.0, luxury=1.0)
    return sum(w[r] * res[r] for r in RESOURCES)


def card_value(card, solo=False) -> float:
    v = sum(WEIGHTS[r] for r in card.produces) * (0.5 if solo else 1.0)
    ab = card.ability
    if ab["effect"] == "gain":
        v += ab["amount"] * (1.5 if ab.get("per") else 1.0)
    elif ab["effect"] != "none":
        v += 4
    return v + card.tier


def _preview_build(game, player, mv) -> float:
    """Immediate value of a build: duckats gained now plus the change in resource value."""
    pl = game.players[player]
    trial = {"city": list(pl["city"]), "act": [a[:] for a in pl["act"]], "res": dict(pl["res"]),
             "hand": list(pl["hand"]), "next_district": pl["next_district"], "faction": pl["faction"]}
    slot = C.SLOT_AT[(mv["x"], mv["y"], mv["storey"])]
    L, R = mv["cards"]
    info = game._place(trial, player, slot, L, R, mv["bridge"])
    gains = A.resolve_played(trial["city"], trial["act"], CARD_OF, trial["res"], info["new"])
    duck = sum(g["duckats"] for g in gains)
    # era-end abilities of the city afterwards, discounted
    era_end = sum(g["duckats"] for g in A.resolve_era_end(trial["city"], trial["act"], CARD_OF, trial["res"], {}))
    before_end = sum(g["duckats"] for g in A.resolve_era_end(pl["city"], pl["act"], CARD_OF, pl["res"], {}))
    solo = game.solo
    val = duck + 0.6 * (era_end - before_end) + (_res_value(trial["res"], solo) - _res_value(pl["res"], solo))
    # keep good cards in hand: spending a card as a bridge costs a little
    if mv["bridge"] is not None:
        val -= 0.3 * card_value(CARD_OF[mv["bridge"]], solo)
    val += 0.5 * mv["storey"]  # building up leaves room on the ground
    return val


def cheapest_bridges(builds: list) -> list:
    """One build per (cards, space): the one whose bridge is the card worth least (a bridge
    only holds the storey up, so the greedy bot gives up its cheapest card)."""
    best_bridge = {}
    for m in builds:
        k = (m["cards"][0], m["cards"][1], m["x"], m["y"], m["storey"])
        b = m["bridge"]
        if k not in best_bridge or (b is not None and card_value(CARD_OF[b]) < card_value(CARD_OF[best_bridge[k]["bridge"]])):
            best_bridge[k] = m
    return list(best_bridge.values())


def greedy_bot(game, player, rng):
    moves = game.legal_moves(player)
    if len(moves) == 1:
        return moves[0]
    t = moves[0]["type"]
    if t in ("build", "pass") and game.action == "build":
        builds = [m for m in moves if m["type"] == "build"]
        if not builds:
            return moves[0]
        best, best_v = None, None
        for m in cheapest_bridges(builds):
            v = _preview_build(game, player, m) + rng.random() * 1e-3
            if best_v is None or v > best_v:
                best, best_v = m, v
        return best
    if game.action == "publican":
        rows = game.view(player)["pondifex"]["rows"]
        lux = game.players[player]["res"]["luxury"]
        best, best_v = None, None
        for m in moves:
            if m["type"] != "donate":
                continue
            ri, idx = (int(v) for v in m["space"].split("-"))
            fav = rows[ri]["favour"][idx] + lux
            v = fav - rows[ri]["cost"] / 100.0
            if best_v is None or v > best_v:
                best, best_v = m, v
        return best or {"type": "pass"}
    if t == "protect":
        pl = game.players[player]
        best, best_v = None, None
        for m in moves:
            kept = [d if d is not None and (d["protected"] or d["id"] in m["districts"]) else None
                    for d in pl["city"]]
            act = C.compute_activity(kept)
            v = _res_value(A.compute_resources(kept, act, CARD_OF), game.solo) + rng.random() * 1e-3
            if best_v is None or v > best_v:
                best, best_v = m, v
        return best
    if t == "pick":
        return max(moves, key=lambda m: card_value(CARD_OF[m["card"]], game.solo) + rng.random() * 1e-3)
    return rng.choice(moves)


BOTS = {"random": random_bot, "greedy": greedy_bot}
