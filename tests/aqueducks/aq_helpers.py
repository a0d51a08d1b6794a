"""Helpers for Aqueducks tests: build small cities directly, check invariants."""
from __future__ import annotations

from aqueducks import GAME
from aqueducks import abilities as A
from aqueducks import city as C
from aqueducks.cards import CARD_OF, NCARDS
from aqueducks.integrity import location_counts

EMPTY_STARTER_SLOT = C.SLOT_AT[(1, 2, 1)]


def new(players=2, seed=1, **opts):
    opts["players"] = players
    opts.setdefault("factions", "in_order")
    return GAME.new(opts, seed)


def take(game, key):
    """Remove one physical card with this key from wherever it sits outside cities; return its id."""
    zones = [game.box] + [game.decks[t] for t in ("1", "2", "3")]
    for pl in game.players:
        zones += [pl["draw"], pl["discard"], pl["hand"]]
    if game.draft:
        zones += game.draft["hands"]
    if key == "*":  # any spare card nobody holds
        for z in zones[:4]:
            if z:
                return z.pop()
    for z in zones:
        for c in z:
            if CARD_OF[c].key == key:
                z.remove(c)
                return c
    raise LookupError(key)


def recompute(game, p):
    pl = game.players[p]
    pl["act"] = C.compute_activity(pl["city"])
    pl["res"] = A.compute_resources(pl["city"], pl["act"], CARD_OF)


def clear_city(game, p):
    """Empty player p's city (cards go to the box) so a test can lay out its own."""
    pl = game.players[p]
    for i, d in enumerate(pl["city"]):
        if d is not None:
            game.box.extend([d["left"], d["right"]] + ([d["bridge"]] if d["bridge"] is not None else []))
            pl["city"][i] = None
    recompute(game, p)


def put(game, p, x, y, s, left, right, protected=False):
    """Place a district made of cards with these keys directly (no rules checked)."""
    pl = game.players[p]
    slot = C.SLOT_AT[(x, y, s)]
    br = take(game, "*") if s > 1 else None
    d = {"id": pl["next_district"], "left": take(game, left), "right": take(game, right),
         "bridge": br, "protected": protected}
    pl["next_district"] += 1
    pl["city"][slot] = d
    recompute(game, p)
    return d


def set_hand(game, p, keys):
    """Replace player p's hand with cards of these keys (old hand goes to the box)."""
    pl = game.players[p]
    game.box.extend(pl["hand"])
    pl["hand"] = [take(game, k) for k in keys]
    return list(pl["hand"])


def face(game, p, x, y, s, side):
    pl = game.players[p]
    slot = C.SLOT_AT[(x, y, s)]
    return bool(pl["act"][slot][side])


def check_invariants(game):
    """Cards conserved; cities well formed; activity and resources equal a from-scratch recompute."""
    seen = location_counts(game)
    assert sorted(seen) == list(range(NCARDS)), "card lost"
    assert all(v == 1 for v in seen.values()), "card duplicated"
    for p, pl in enumerate(game.players):
        cty = pl["city"]
        ids = [d["id"] for d in cty if d is not None]
        assert len(ids) == len(set(ids))
        for i, d in enumerate(cty):
            if d is None:
                continue
            assert C.supports_ok(cty, i)
            assert (d["bridge"] is None) == (C.SLOTS[i][2] == 1)
            if d["protected"] and C.SUPPORTS[i]:
                assert all(cty[j]["protected"] for j in C.SUPPORTS[i])
        assert pl["act"] == C.compute_activity(cty)
        assert pl["res"] == A.compute_resources(cty, pl["act"], CARD_OF)
        assert all(v >= 0 for v in pl["res"].values())
        assert pl["duckats"] >= 0 and pl["favour"] >= 0 and pl["protect_left"] >= 0
        hs = game._hand_size(p)
        assert len(pl["hand"]) <= hs
        n_protected = sum(1 for d in cty if d is not None and d["protected"])
        assert n_protected + pl["protect_left"] == 7


def run_until(game, cond, bot="random", seed=0, events=None):
    """Play bot moves until cond(game) holds (checked before every move)."""
    from aqueducks import BOTS
    from gamecore import Rng
    rng = Rng(seed)
    while not cond(game):
        assert not game.is_over, "game ended before the condition"
        for p in game.to_act():
            ev = game.apply(p, BOTS[bot](game, p, rng))
            if events is not None:
                events.extend(ev)
            if cond(game):
                return


def at(action, era=None):
    return lambda g: g.action == action and (era is None or g.era == era) and g.to_act()


def restart_action(game):
    """Re-run the start of the current action after a test changed the table."""
    for pl in game.players:
        pl["owes"] = False
        pl["choice"] = None
    game.pub = None
    game.started = False
    ev = []
    game._advance(ev)
    return ev


def build(x, y, s, left, right, bridge=None):
    return {"type": "build", "cards": [left, right], "x": x, "y": y, "storey": s, "bridge": bridge}


def play(game, move, p=0):
    """Player p plays ``move``; every other player owing a choice plays its first legal move."""
    ev = game.apply(p, move)
    for q in list(game.to_act()):
        if q != p:
            ev += game.apply(q, game.legal_moves(q)[0])
    return ev


def fresh(players=2, seed=5, **kw):
    g = new(players, seed=seed, **kw)
    clear_city(g, 0)
    return g
