"""Hooks for the hard bot's search (gamecore.rollouts): a determinization (a full Aqueducks state sampled to be consistent
with one seat's view), a heuristic, an evaluation (win shares, or the solo score) and a cheap
playout policy. They use only the view, so a search built on them never sees other hands,
draw piles, drafting hands, hidden bridges or the order of any deck.

Simultaneous actions (build, protect, draft): the view says only *whether* another player has
chosen, never *what*. A determinization therefore gives every other player who has already
chosen their decision back (``owes`` again, no choice), so the searching bot's choice can never
depend on another player's hidden choice of the same action.
"""
from __future__ import annotations

import math

from gamecore import BadSave, Rng

from . import abilities as A
from . import city as C
from . import publican as P
from .bots import WEIGHTS, _preview_build, card_value
from .catalog import RESOURCES
from .cards import CARD_OF, CAT, FACTIONS, NCARDS
from .eras import SIMULTANEOUS
from .game import Aqueducks


def _faction_of_card() -> dict:
    out = {}
    for f in FACTIONS:
        for c in CAT.starter_ids[f] + CAT.pair_ids[f]:
            out[c] = f
    return out


_OWNER = _faction_of_card()           # starter / pair card id -> faction
_TIER = {c: t for t, ids in CAT.tier_ids.items() for c in ids}


def determinize(view: dict, player: int, rng: Rng) -> Aqueducks:
    """A full state consistent with ``view`` (seat ``player``): cities, counters, the board, the
    own hand and drafting hand are as shown; every unseen card is dealt at random to a place it
    could be (a faction's starter cards only to that faction's player; tier cards to the tier
    decks of their tier, drafting hands, anyone's hand, draw or discard pile, or the box)."""
    try:
        g = Aqueducks.__new__(Aqueducks)
        g.options = Aqueducks.normalize_options(view["options"])
        g.seed = 0
        g.rng = Rng(rng.next_u64())
        g.log = []
        n = g.n = g.options["players"]
        g.solo = n == 1
        g.era, g.step = view["era"], view["action_index"]
        g.over, g.final = view["over"], view["result"]
        g.started = not g.over
        g.pending_events = []
        simultaneous = view["action"] in SIMULTANEOUS
        seen = set()
        hidden_bridges = [0] * n
        players = []
        for q, cv in enumerate(view["cities"]):
            cty = [None] * C.NSLOTS
            top = 0
            for d in cv["districts"]:
                br = d["bridge"]
                if br is True:
                    hidden_bridges[q] += 1
                elif br is not None:
                    seen.add(br)
                seen.add(d["left"]["card"])
                seen.add(d["right"]["card"])
                cty[d["slot"]] = {"id": d["id"], "left": d["left"]["card"], "right": d["right"]["card"],
                                  "bridge": br, "protected": d["protected"]}
                top = max(top, d["id"])
            act = C.compute_activity(cty)
            pl = {"faction": cv["faction"], "hand": [], "draw": [], "discard": [], "city": cty,
                  "act": act, "res": A.compute_resources(cty, act, CARD_OF),
                  "duckats": cv["duckats"], "favour": cv["favour"],
                  "protect_left": cv["protection_left"], "choice": None, "owes": cv["owes"],
                  "next_district": top + 1}
            if q == player:
                pl["choice"] = view["my_choice"]
            elif simultaneous and cv["has_chosen"] and not g.over:
                pl["owes"] = True        # their choice is hidden: they decide again
            players.append(pl)
        g.players = players
        own_hand = [c["card"] for c in view["hand"]] if player is not None else []
        own_draft = [c["card"] for c in (view.get("draft_hand") or [])] if player is not None else []
        seen.update(own_hand)
        seen.update(own_draft)
        in_play = {cv["faction"] for cv in view["cities"]}
        box = sorted(i for f in FACTIONS if f not in in_play for i in CAT.starter_ids[f] + CAT.pair_ids[f])
        seen.update(box)
        unseen = [c for c in range(NCARDS) if c not in seen]
        by_faction = {f: [] for f in in_play}
        by_tier = {1: [], 2: [], 3: []}
        for c in unseen:
            f = _OWNER.get(c)
            if f is not None:
                by_faction[f].append(c)
            else:
                by_tier[_TIER[c]].append(c)
        shuffle = g.rng.shuffle
        decks = {}
        spare = []
        for t in (1, 2, 3):
            pool = by_tier[t]
            shuffle(pool)
            k = view["decks"][str(t)]
            if k > len(pool):
                raise ValueError("deck larger than the unseen cards of its tier")
            decks[str(t)] = pool[len(pool) - k:]
            spare += pool[:len(pool) - k]
        shuffle(spare)
        g.decks = decks
        if "draft" in view:
            dv = view["draft"]
            hands = []
            for q, k in enumerate(dv["hand_counts"]):
                if q == player:
                    hands.append(list(own_draft))
                else:
                    hands.append(spare[:k])
                    del spare[:k]
            g.draft = {"hands": hands, "picked": dv["picked"], "keep": dv["keep"]}
        else:
            g.draft = None
        for q, (pl, cv) in enumerate(zip(players, view["cities"])):
            mine = by_faction[pl["faction"]]
            sizes = [0 if q == player else cv["hand_count"], cv["draw_count"], cv["discard_count"],
                     hidden_bridges[q]]
            need = sum(sizes) - len(mine)
            if need < 0 or need > len(spare):
                raise ValueError("card counts do not add up")
            cards = mine + spare[:need]
            del spare[:need]
            shuffle(cards)
            hand, cards = cards[:sizes[0]], cards[sizes[0]:]
            pl["draw"], cards = cards[:sizes[1]], cards[sizes[1]:]
            pl["discard"], cards = cards[:sizes[2]], cards[sizes[2]:]
            pl["hand"] = own_hand[:] if q == player else hand
            if hidden_bridges[q]:
                for d in pl["city"]:
                    if d is not None and d["bridge"] is True:
                        d["bridge"] = cards.pop()
        g.box = sorted(box + spare)
        pub = view.get("publican")
        if pub:
            rows = [list(r["cubes"]) for r in view["pondifex"]["rows"]]
            paid = {}
            for ri, cubes in enumerate(rows):
                for q in cubes:
                    paid[str(q)] = P.cost_for(CAT.pondifex["rows"][ri], CAT.faction_by_key[players[q]["faction"]]["ability"])
            g.pub = {"order": list(pub["order"]), "turn": pub["turn"], "rows": rows, "paid": paid,
                     "done": list(pub["done"])}
        else:
            g.pub = None
        return g
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise BadSave("That view cannot be turned into a game.") from None


# ----- scoring ---------------------------------------------------------------------------------
#: resources at the End of Era turn into duckats and, through the Publican, into Favour
_W = {r: WEIGHTS[r] for r in RESOURCES}
SOLO_MID, SOLO_SCALE = 60.0, 25.0


def _standing(game, q) -> float:
    pl = game.players[q]
    res = pl["res"]
    return pl["favour"] + 0.15 * pl["duckats"] + 0.05 * sum(_W[r] * res[r] for r in RESOURCES) \
        + 0.5 * res["luxury"]


def heuristic(game, player: int) -> float:
    """How well ``player`` stands, in [0, 1]. Multiplayer: Favour (plus duckats and resources,
    which buy Favour later) against the best opponent. Solo: the duckats so far plus a little for
    resources, squashed around a typical final score."""
    if game.solo:
        pl = game.players[0]
        est = pl["duckats"] + 0.5 * sum(_W[r] * pl["res"][r] for r in RESOURCES)
        return 1.0 / (1.0 + math.exp(-(est - SOLO_MID) / SOLO_SCALE))
    mine = _standing(game, player)
    other = max(_standing(game, q) for q in range(game.n) if q != player)
    return 0.5 + 0.5 * math.tanh((mine - other) / 4.0)


def evaluate(game) -> list:
    """Rewards per player: win shares at the end (solo: the final score, squashed), else the
    heuristic."""
    if game.over:
        if game.solo:
            return [1.0 / (1.0 + math.exp(-(game.players[0]["duckats"] - SOLO_MID) / SOLO_SCALE))]
        winners = game.final["winners"]
        return [1.0 / len(winners) if q in winners else 0.0 for q in range(game.n)]
    return [heuristic(game, q) for q in range(game.n)]


# ----- playouts ----------------------------------------------------------------------------------
SAMPLED_BUILDS = 3


def rollout(game, player, rng):
    """A cheap policy: the best of a few sampled builds by the greedy bot's measure (never pass
    when a build exists), draft the best card by value,
    donate in the dearest affordable row most of the time, protect at random."""
    if game.action == "build":
        return _rollout_build(game, player, rng)
    moves = game.legal_moves(player)
    if len(moves) == 1:
        return moves[0]
    t = moves[0]["type"]
    if t == "pick":
        solo = game.solo
        return max(moves, key=lambda m: card_value(CARD_OF[m["card"]], solo) + 2.0 * rng.random())
    if t == "donate":
        if rng.random() < 0.75:
            return max((m for m in moves if m["type"] == "donate"), key=lambda m: m["space"])
        return rng.choice(moves)
    return moves[rng.below(len(moves))]


def _rollout_build(game, player, rng):
    # the greedy bot's judgement on a few sampled builds: judging all of them would cost too
    # much, and so would listing them all (game.random_build draws one without the others;
    # when legal builds are too rare for its draws, game.build_space lists them)
    best, best_v = None, None
    builds = None
    for _ in range(SAMPLED_BUILDS):
        m = game.random_build(player, rng) if builds is None else None
        if m is None:
            if builds is None:
                builds = game.build_space(player)
                if len(builds) == 0:      # no build: the engine says what is left (a pass)
                    return game.legal_moves(player)[0]
                if len(builds) == 1:
                    return builds[0]
            m = builds[rng.below(len(builds))]
        v = _preview_build(game, player, m)
        if best_v is None or v > best_v:
            best, best_v = m, v
    return best
