"""Property-based tests (hypothesis)."""
import json

import pytest

from gamecore import BadRequest, IllegalMove, Rng
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from waterworks import BOTS, GAME
from waterworks.rules.moves import distinct_turns
from ww_helpers import check_invariants

SETTINGS = settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])


def reach(seed, players, steps, **opts):
    g = GAME.new(dict(players=players, **opts), seed)
    rng = Rng(seed)
    for i in range(steps):
        if g.is_over:
            break
        p = g.to_act()[0]
        g.apply(p, BOTS["greedy" if i % 3 else "random"](g, p, rng))
    return g


def key(m):
    return json.dumps(m, sort_keys=True)


def accepted(g, p, m):
    c = g.clone()
    try:
        c.apply(p, m)
        return True
    except IllegalMove:
        return False


positions = st.builds(
    reach, st.integers(0, 10_000), st.sampled_from([2, 3, 4]), st.integers(0, 80),
    last_card=st.sampled_from(["any_end", "newest"]),
    spout_timing=st.sampled_from(["same_turn", "next_turn"]),
    target=st.sampled_from(["auto", "6"]))


@SETTINGS
@given(positions)
def test_legal_moves_are_exactly_the_accepted_moves(g):
    if g.is_over:
        return
    p = g.to_act()[0]
    legal = {key(m) for m in g.legal_moves(p)}
    assert len(legal) == len(g.legal_moves(p)), "duplicate legal moves"
    t = g.table
    # candidate spots: every empty cell faced by an open end, and every placed card
    spots = set(t.ends) | set(t.cells)
    found = set()
    for cid in g.hands[p]:
        turns = distinct_turns(g.cards[cid])
        for u in spots:
            x, y = t.xy(u)
            for turned in turns:
                base = {"card": cid, "x": x, "y": y, "turned": turned}
                cands = [dict(base, type="lay"), dict(base, type="cover")]
                cands += [dict(base, type="leak", target=q) for q in range(g.n)]
                cands += [dict(c, and_spout=True) for c in cands if c["type"] != "leak"]
                for m in cands:
                    if accepted(g, p, m):
                        found.add(key(m))
            for m in ({"type": "plumber", "x": x, "y": y, "discard": cid},
                      {"type": "plumber", "x": x, "y": y, "discard": cid, "and_spout": True}):
                if accepted(g, p, m):
                    found.add(key(m))
        m = {"type": "discard", "card": cid}
        if accepted(g, p, m):
            found.add(key(m))
    if accepted(g, p, {"type": "spout"}):
        found.add(key({"type": "spout"}))
    assert found == legal
    for m in g.legal_moves(p):
        c = g.clone()
        c.apply(p, m)
        check_invariants(c)


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)

move_like = st.fixed_dictionaries(
    {"type": st.sampled_from(["lay", "leak", "cover", "plumber", "discard", "spout", "nope"])},
    optional={"card": st.integers(-1, 90) | junk, "x": st.integers(-2, 24) | junk,
              "y": st.integers(-2, 15) | junk, "turned": st.booleans() | junk,
              "target": st.integers(-1, 4) | junk, "discard": st.integers(-1, 90) | junk,
              "and_spout": st.booleans() | junk})


@SETTINGS
@given(positions, st.lists(move_like, min_size=1, max_size=25), st.integers(0, 4))
def test_refused_moves_leave_state_unchanged(g, moves, who):
    who = who % g.n
    for m in moves:
        before = json.dumps(g.to_dict(), sort_keys=True)
        try:
            g.apply(who, m)
        except (IllegalMove, BadRequest) as e:
            assert e.message and e.message[0].isupper()
            assert json.dumps(g.to_dict(), sort_keys=True) == before
        else:
            check_invariants(g)
        if g.is_over:
            break


@SETTINGS
@given(positions)
def test_round_trip_any_position(g):
    d = json.loads(json.dumps(g.to_dict()))
    assert GAME.from_dict(d).to_dict() == g.to_dict()
    assert GAME.from_dict(d).view(0) == g.view(0)


@pytest.mark.slow
@SETTINGS
@given(positions, st.integers(0, 4))
def test_bots_return_legal_moves_and_ignore_hidden_information(g, seat):
    if g.is_over:
        return
    p = g.to_act()[0]
    for name, bot in BOTS.items():
        mv = bot(g, p, Rng(seat))
        assert mv in g.legal_moves(p)
        # reshuffle what this seat cannot see: the other hands and the draw pile
        h = g.clone()
        pool = [c for q in range(h.n) if q != p for c in h.hands[q]] + h.draw
        Rng(seat + 1).shuffle(pool)
        for q in range(h.n):
            if q != p:
                k = len(h.hands[q])
                h.hands[q], pool = pool[:k], pool[k:]
        h.draw = pool
        assert bot(h, p, Rng(seat)) == mv, name


def _paths(obj, prefix=()):
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, prefix + (i,))


@SETTINGS
@given(positions, st.data())
def test_tampered_saves_raise_only_badsave(g, data):
    from gamecore import BadSave
    d = json.loads(json.dumps(g.to_dict()))
    paths = [p for p in _paths(d) if p]
    for _ in range(3):
        path = data.draw(st.sampled_from(paths))
        x = json.loads(json.dumps(d))
        node = x
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = data.draw(junk)
        try:
            restored = GAME.from_dict(x)
        except BadSave:
            continue
        restored.view(None)                       # whatever loads must at least be viewable
