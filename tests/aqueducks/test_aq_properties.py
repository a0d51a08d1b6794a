"""Hypothesis property tests."""
from hypothesis import given, settings, strategies as st

import aq_helpers as H
from tamper import paths
from aqueducks import BOTS, GAME
from aqueducks import city as C
from gamecore import BadRequest, IllegalMove, Rng, replay

ints = st.integers(min_value=-3, max_value=200)
garbage_move = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(["build", "pass", "donate", "protect", "pick", "zap"])}),
    st.fixed_dictionaries({"type": st.just("build"), "cards": st.lists(ints, max_size=3), "x": ints,
                           "y": ints, "storey": ints, "bridge": st.one_of(st.none(), ints)}),
    st.fixed_dictionaries({"type": st.just("build"), "cards": st.lists(st.integers(0, 193), min_size=2, max_size=2),
                           "x": st.integers(0, 2), "y": st.integers(0, 4), "storey": st.integers(1, 3),
                           "bridge": st.one_of(st.none(), st.integers(0, 193))}),
    st.fixed_dictionaries({"type": st.just("donate"), "space": st.one_of(st.text(max_size=4), ints,
                                                                         st.sampled_from(["0-0", "2-0", "4-2", "9-9", "1-"]))}),
    st.fixed_dictionaries({"type": st.just("protect"), "districts": st.lists(st.one_of(ints, st.text(max_size=2)), max_size=4)}),
    st.fixed_dictionaries({"type": st.just("pick"), "card": st.one_of(ints, st.text(max_size=2))}),
)


def advance(players, seed, steps):
    g = GAME.new({"players": players}, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if g.is_over:
            break
        p = g.to_act()[0]
        g.apply(p, BOTS["random"](g, p, rng))
    return g


@settings(deadline=None, max_examples=25)
@given(players=st.integers(1, 6), seed=st.integers(0, 2**64 - 1), steps=st.integers(0, 200))
def test_round_trip_clone_replay_anywhere(players, seed, steps):
    g = advance(players, seed, steps)
    d = g.to_dict()
    assert GAME.from_dict(d).to_dict() == d
    assert g.clone().to_dict() == d
    assert replay(GAME, g.record()).to_dict() == d


@settings(deadline=None, max_examples=60)
@given(players=st.integers(1, 6), seed=st.integers(0, 10**6), steps=st.integers(0, 150), move=garbage_move,
       who=st.integers(0, 5))
def test_any_move_is_either_legal_or_refused_without_trace(players, seed, steps, move, who):
    g = advance(players, seed, steps)
    p = who % players
    legal = g.legal_moves(p)
    before = g.to_dict()
    try:
        g.apply(p, move)
    except (IllegalMove, BadRequest) as e:
        assert e.message and g.to_dict() == before
        assert move not in legal
    else:
        assert move in legal or (move["type"] == "build" and {**move, "bridge": move.get("bridge")} in legal)


@settings(deadline=None, max_examples=40)
@given(st.lists(st.integers(0, C.NSLOTS - 1), max_size=40))
def test_each_occupied_cell_shows_exactly_one_face_per_side(order):
    g = H.fresh(seed=3)
    for slot in order:
        pl = g.players[0]
        if pl["city"][slot] is None and C.supports_ok(pl["city"], slot):
            x, y, s = C.SLOTS[slot]
            H.put(g, 0, x, y, s, "*", "*")
    pl = g.players[0]
    act = pl["act"]
    for cell, slots in C.CELL_SLOTS.items():
        occ = [i for i in slots if pl["city"][i] is not None]
        for side in (0, 1):
            shown = [i for i in occ if act[i][side]]
            assert len(shown) == (1 if occ else 0)
            if occ:
                assert shown[0] == (occ[0] if side == 0 else occ[-1])


_SAVED = advance(3, 4, 60).to_dict()
_PATHS = list(paths(_SAVED))


@settings(deadline=None, max_examples=150)
@given(idx=st.integers(0, len(_PATHS) - 1),
       value=st.one_of(st.none(), st.booleans(), st.integers(-2, 200), st.text(max_size=3), st.just([]), st.just({})))
def test_tampered_save_loads_only_as_badsave_or_a_usable_game(idx, value):
    import copy
    from gamecore import BadSave
    d = copy.deepcopy(_SAVED)
    path = _PATHS[idx]
    obj = d
    for k in path[:-1]:
        obj = obj[k]
    obj[path[-1]] = value
    try:
        g = GAME.from_dict(d)
    except BadSave:
        return
    g.view(None)
    for p in range(g.num_players):
        g.view(p)
        for mv in g.legal_moves(p)[:3]:
            g.clone().apply(p, mv)
