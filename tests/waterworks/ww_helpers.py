"""Builders and invariant checks for the Water Works tests."""
from __future__ import annotations

from waterworks import GAME
from waterworks.geometry import cap_at, openings

# medium table, 2 players: valves at (21, 3) and (21, 10); first cells (20, 3) and (20, 10)


def fresh(players=2, seed=1, **opts):
    """A new game whose hands are emptied back into the draw pile (cards stay accounted)."""
    g = GAME.new(dict(players=players, **opts), seed)
    for h in g.hands:
        g.draw.extend(h)
        h.clear()
    g.turn = 0
    return g


def take(g, shape, material=None, caps=None):
    """Remove a matching card from the draw pile and return its id."""
    for i in range(len(g.draw) - 1, -1, -1):
        c = g.cards[g.draw[i]]
        if c.shape == shape and (material is None or c.material == material
                                    or (material == "good" and c.material in ("iron", "copper"))) and \
                (caps is None or c.caps == tuple(caps)):
            return g.draw.pop(i)
    raise LookupError((shape, material, caps))


def give(g, p, shape, material=None, caps=None):
    cid = take(g, shape, material, caps)
    g.hands[p].append(cid)
    return cid


def fill_hand(g, p, n=6):
    """Top up a hand to n cards from the bottom of the draw pile (whatever is there)."""
    while len(g.hands[p]) < n:
        g.hands[p].append(g.draw.pop(0))


def put(g, owner, x, y, shape, material="iron", turned=False, caps=None):
    """Place a card directly (no rule checks beyond the table's own) at an open end of owner."""
    t = g.table.idx(x, y)
    end = g.table.ends.get(t)
    assert end is not None and end[0] == owner, f"no open end of {owner} at {(x, y)}"
    cid = take(g, shape, material if shape != "cap" else None, caps)
    card = g.cards[cid]
    if card.kind == "cap":
        mat = cap_at(card, turned, end[2] ^ 2)
        mask = 0
    else:
        mat = card.material
        mask = openings(card, turned)
    g.table.place(t, cid, turned, card.kind, card.shape, mask, mat)
    if mat == "leaky":
        g.table.leak[owner] = t
    return cid


def row(g, owner, y, x_from, x_to, material="good"):
    """Short straights from x_from down to x_to (inclusive), going left along row y."""
    for x in range(x_from, x_to - 1, -1):
        put(g, owner, x, y, "short", material)


def ids_everywhere(g):
    out = []
    for c in g.table.cells.values():
        out.extend(cid for cid, _ in c.stack)
    for h in g.hands:
        out.extend(h)
    out.extend(g.draw)
    out.extend(g.discard)
    out.extend(s for s, placed in zip(g.spouts, g.spout_placed) if not placed)
    out.extend(g.out_of_play)
    return out


def check_invariants(g, hands=True):
    t = g.table
    ids = ids_everywhere(g)
    assert sorted(ids) == list(range(len(g.cards))), "cards not accounted for exactly once"
    assert len(g.cards) in (88, 110)
    if not hands:
        pass
    elif not g.is_over:
        for p, h in enumerate(g.hands):
            assert len(h) == (6 if p == g.turn else 5), (p, len(h))
    else:
        assert all(len(h) in (5, 6) for h in g.hands)
    open_count = [0] * g.n
    for u, (o, s, d) in t.ends.items():
        assert 0 <= u < t.width * t.height and u not in t.cells
        assert t.nb[s][d] == u
        assert t.cells[s].owner == o and t.cells[s].openings >> d & 1
        open_count[o] += 1
    assert open_count == t.open_count
    assert len(set(t.ends)) == len(t.ends)
    leaky = [0] * g.n
    for idx, c in t.cells.items():
        assert 0 <= idx < t.width * t.height
        if c.material == "leaky" and not c.repaired:
            leaky[c.owner] += 1
            assert t.leak[c.owner] == idx
        if c.repaired:
            assert t.leak[c.owner] != idx
        if c.kind == "valve":
            assert c.parent == -1
            continue
        par = t.cells[c.parent]
        assert par.owner == c.owner, "pipeline not connected"
        assert t.nb[idx][c.in_dir] == c.parent, "card not next to its parent"
        assert par.openings >> (c.in_dir ^ 2) & 1, "parent has no opening toward the card"
        assert c.count == par.count + (1 if c.kind == "pipe" else 0)
        if c.kind == "pipe":
            assert c.openings >> c.in_dir & 1
        if len(c.stack) > 1:
            assert c.kind in ("pipe", "cap")
    for idx, c in t.cells.items():
        if c.kind not in ("pipe", "valve"):
            continue
        for k in range(4):
            if not c.openings >> k & 1 or k == c.in_dir:
                continue
            m = t.nb[idx][k]
            assert m >= 0, "an opening faces the table edge"
            if m in t.ends:
                assert t.ends[m] == (c.owner, idx, k)
            else:
                child = t.cells[m]
                assert child.parent == idx and child.owner == c.owner, "opening blocked"
    for p in range(g.n):
        assert leaky[p] <= 1
        assert (t.leak[p] >= 0) == (leaky[p] == 1)
        if not g.is_over:
            live = any(t.live(u, d, ()) for u, (o, _s, d) in t.ends.items() if o == p)
            assert live, f"pipeline {p} is completely blocked"


def bot_moves(g, count, seed, bot="random"):
    """Play ``count`` moves of the ``bot`` level for whoever is to act (fewer if the game ends)."""
    from gamecore import Rng
    from waterworks import BOTS
    rng = Rng(seed)
    for _ in range(count):
        if g.is_over:
            break
        p = g.to_act()[0]
        g.apply(p, BOTS[bot](g, p, rng))
    return g
