"""Leaks on top, one leak at a time, repairs (cover, plumber), the leaky-T exception,
winning with the spout, the draw pile running out, and the ruling options."""
import pytest
from gamecore import IllegalMove

from ww_helpers import check_invariants, fill_hand, fresh, give, put, row
from test_rules import lay, leak, legal, refused


def inv(g):
    check_invariants(g, hands=False)


def cover(cid, x, y, turned=False, **kw):
    return dict({"type": "cover", "card": cid, "x": x, "y": y, "turned": turned}, **kw)


def test_leak_on_top_needs_iron_same_shape_last_card():
    g = fresh()
    put(g, 1, 20, 10, "short", "iron")
    put(g, 1, 19, 10, "short", "iron")                # last card (19,10), end (18,10)
    ls = give(g, 0, "short", "leaky")
    ll = give(g, 0, "long", "leaky")
    fill_hand(g, 0)
    assert legal(g, 0, leak(ls, 1, 19, 10))
    refused(g, 0, leak(ll, 1, 19, 10), "same shape")
    refused(g, 0, leak(ls, 1, 20, 10), "last card")   # not the last card
    ev = g.apply(0, leak(ls, 1, 19, 10))
    assert ev[0]["mode"] == "on_top" and ev[0]["covered"]["material"] == "iron"
    c = g.table.cells[g.table.idx(19, 10)]
    assert c.material == "leaky" and len(c.stack) == 2
    inv(g)


def test_no_leak_on_copper():
    g = fresh()
    put(g, 1, 20, 10, "short", "copper")
    ls = give(g, 0, "short", "leaky")
    fill_hand(g, 0)
    refused(g, 0, leak(ls, 1, 20, 10), "copper")
    assert legal(g, 0, leak(ls, 1, 19, 10))           # after it is fine


def test_one_leak_per_pipeline_at_a_time():
    g = fresh()
    put(g, 1, 20, 10, "short", "leaky")
    ls = give(g, 0, "short", "leaky")
    fill_hand(g, 0)
    refused(g, 0, leak(ls, 1, 19, 10), "already has an unrepaired leak")
    assert not any(m["type"] == "leak" for m in g.legal_moves(0))


def test_repaired_pipe_never_leaks_again_and_cover_needs_same_shape():
    g = fresh()
    put(g, 0, 20, 3, "short", "iron")
    g.turn = 1
    ls = give(g, 1, "short", "leaky")
    fill_hand(g, 1)
    g.apply(1, leak(ls, 0, 20, 3))
    assert g.table.leak[0] == g.table.idx(20, 3)
    # P0 repairs by covering with a good pipe of the same shape
    gl = give(g, 0, "long", "copper")
    bad = give(g, 0, "short", "leaky")
    good = give(g, 0, "short", "copper")
    refused(g, 0, cover(gl, 20, 3), "same shape")
    refused(g, 0, cover(bad, 20, 3), "good card")
    refused(g, 0, cover(good, 19, 3), "only your leaky card")
    ev = g.apply(0, cover(good, 20, 3))
    assert ev[0]["type"] == "cover" and ev[0]["repaired"] and ev[0]["covered"]["material"] == "leaky"
    c = g.table.cells[g.table.idx(20, 3)]
    assert c.repaired and len(c.stack) == 3 and g.table.leak[0] == -1
    inv(g)
    ls2 = give(g, 1, "short", "leaky")
    refused(g, 1, leak(ls2, 0, 20, 3), "repaired")
    refused(g, 1, cover(ls2, 20, 3), "no leak")       # P1 has no leak of its own


def test_plumber_repairs_and_costs_a_discard():
    g = fresh()
    put(g, 0, 20, 3, "tee", "leaky")
    x = give(g, 0, "long", "iron")
    fill_hand(g, 0)
    refused(g, 0, {"type": "plumber", "x": 19, "y": 3, "discard": x}, "leaky card")
    ev = g.apply(0, {"type": "plumber", "x": 20, "y": 3, "discard": x})
    assert ev[0]["type"] == "plumber" and ev[0]["plumbers_left"] == 1
    assert g.discard[-1] == x and x not in g.hands[0]
    c = g.table.cells[g.table.idx(20, 3)]
    assert c.plumber and c.repaired and g.table.leak[0] == -1
    inv(g)
    g.turn = 0
    refused(g, 0, {"type": "plumber", "x": 20, "y": 3, "discard": g.hands[0][0]}, "has none")
    g.plumbers[0] = 0
    g.table.leak[0] = g.table.idx(20, 3)
    refused(g, 0, {"type": "plumber", "x": 20, "y": 3, "discard": g.hands[0][0]}, "no plumbers")


def test_no_good_card_at_the_end_while_leaking_except_cap_on_leaky_tee():
    g = fresh()
    put(g, 0, 20, 3, "tee", "leaky")                  # ends (19,3), (20,4)
    gs = give(g, 0, "short", "iron")
    cap = give(g, 0, "cap", caps=["copper"] * 4)
    fill_hand(g, 0)
    refused(g, 0, lay(gs, 19, 3), "unrepaired leak")
    assert legal(g, 0, lay(cap, 20, 4)) and legal(g, 0, lay(cap, 19, 3))
    g.apply(0, lay(cap, 20, 4))
    inv(g)
    # a good cap elsewhere (not on the leaky T) is refused
    g2 = fresh()
    put(g2, 0, 20, 3, "tee", "iron")                  # ends (19,3), (20,4)
    put(g2, 0, 19, 3, "short", "leaky")               # leak; ends (18,3), (20,4)
    cap2 = give(g2, 0, "cap", caps=["copper"] * 4)
    fill_hand(g2, 0)
    refused(g2, 0, lay(cap2, 20, 4), "unrepaired leak")


def line_of(g, n):
    """P0: n short straights left from (20,3); count n, one open end at (20-n, 3)."""
    row(g, 0, 3, 20, 21 - n)


def test_win_with_the_spout():
    g = fresh(target="10")
    line_of(g, 9)
    s = give(g, 0, "short", "iron")
    fill_hand(g, 0)
    refused(g, 0, {"type": "spout"}, "you need at least 10")
    assert legal(g, 0, lay(s, 11, 3, and_spout=True))
    assert not legal(g, 0, lay(s, 11, 3))  or True
    ev = g.apply(0, lay(s, 11, 3, and_spout=True))
    assert [e["type"] for e in ev] == ["lay", "spout", "won"]
    assert g.is_over and g.result()["winners"] == [0] and g.result()["pipes"] == 10
    assert g.result()["line"][0] == [21, 3] and g.result()["line"][-1] == [10, 3]
    assert g.to_act() == [] and g.legal_moves(0) == []
    inv(g)
    with pytest.raises(IllegalMove):
        g.apply(0, {"type": "discard", "card": g.hands[0][0]})


def test_spout_needs_no_leak_and_every_branch_capped():
    g = fresh(target="10")
    line_of(g, 10)
    fill_hand(g, 0)
    assert legal(g, 0, {"type": "spout"})
    g.table.leak[0] = g.table.idx(12, 3)
    g.table.cells[g.table.idx(12, 3)].material = "leaky"
    refused(g, 0, {"type": "spout"}, "leak")
    g = fresh(target="10")
    put(g, 0, 20, 3, "tee")                           # second branch (20,4) open
    line_of_from = list(range(19, 10, -1))
    for x in line_of_from:
        put(g, 0, x, 3, "short")
    fill_hand(g, 0)
    refused(g, 0, {"type": "spout"}, "capped")
    cap = give(g, 0, "cap", caps=["copper"] * 4)
    mv = lay(cap, 20, 4, and_spout=True)
    assert legal(g, 0, mv)
    g.apply(0, mv)
    assert g.result()["winners"] == [0] and g.result()["pipes"] == 10


def test_spout_timing_next_turn_option():
    g = fresh(spout_timing="next_turn", target="10")
    line_of(g, 9)
    s = give(g, 0, "short", "iron")
    fill_hand(g, 0)
    fill_hand(g, 1, 5)
    refused(g, 0, lay(s, 11, 3, and_spout=True), "own play")
    g.apply(0, lay(s, 11, 3))
    assert not g.is_over
    g.apply(1, {"type": "discard", "card": g.hands[1][0]})
    assert {"type": "spout"} in g.legal_moves(0)
    g.apply(0, {"type": "spout"})
    assert g.result()["winners"] == [0]


def test_spout_side_left_option():
    g = fresh(spout_side="left", target="6")
    put(g, 0, 20, 3, "J", turned=True)               # south
    for y in range(4, 9):
        put(g, 0, 20, y, "long")                      # 6 pipes, end (20,9) facing south
    fill_hand(g, 0)
    refused(g, 0, {"type": "spout"}, "faces left")
    g2 = fresh(target="6")
    put(g2, 0, 20, 3, "J", turned=True)
    for y in range(4, 9):
        put(g2, 0, 20, y, "long")
    fill_hand(g2, 0)
    assert legal(g2, 0, {"type": "spout"})


def test_last_card_option_newest():
    g = fresh(last_card="newest")
    put(g, 1, 20, 10, "tee")                          # ends (19,10), (20,11)
    put(g, 1, 19, 10, "short")                        # newest card with an open end: (19,10)
    ls = give(g, 0, "short", "leaky")
    ll = give(g, 0, "long", "leaky")
    fill_hand(g, 0)
    assert legal(g, 0, leak(ls, 1, 18, 10))
    refused(g, 0, leak(ll, 1, 20, 11), "last card")
    g2 = fresh()                                      # default any_end: the T's branch is an end too
    put(g2, 1, 20, 10, "tee")
    put(g2, 1, 19, 10, "short")
    ll2 = give(g2, 0, "long", "leaky")
    fill_hand(g2, 0)
    assert legal(g2, 0, leak(ll2, 1, 20, 11))


def test_draw_pile_runs_out_reshuffle_once_then_end():
    g = fresh()
    fill_hand(g, 0)
    fill_hand(g, 1, 5)
    g.discard.extend(g.draw)
    g.draw.clear()
    n_disc = len(g.discard)
    ev = g.apply(0, {"type": "discard", "card": g.hands[0][0]})
    assert [e["type"] for e in ev] == ["discard", "reshuffle", "draw"]
    assert len(g.discard) == 1 and len(g.draw) == n_disc - 1
    check_invariants(g)
    g.discard.extend(g.draw)
    g.draw.clear()
    ev = g.apply(1, {"type": "discard", "card": g.hands[1][0]})
    assert ev[-1]["type"] == "exhausted" and g.is_over
    assert g.result()["winners"] == [] and g.result()["reason"] == "draw_pile_exhausted"
    check_invariants(g)


def test_draw_out_end_option():
    g = fresh(draw_out="end")
    fill_hand(g, 0)
    fill_hand(g, 1, 5)
    g.discard.extend(g.draw)
    g.draw.clear()
    ev = g.apply(0, {"type": "discard", "card": g.hands[0][0]})
    assert ev[-1]["type"] == "exhausted" and g.result()["winners"] == []


def test_plumber_play_may_not_add_the_spout():
    # "If you place a Plumber on your turn, you may not place a card as well": the spout is a card.
    g = fresh(target="10")
    line_of(g, 10)
    fill_hand(g, 0)
    leaky = g.table.idx(12, 3)
    g.table.leak[0] = leaky
    g.table.cells[leaky].material = "leaky"
    mv = {"type": "plumber", "x": 12, "y": 3, "discard": g.hands[0][0]}
    refused(g, 0, dict(mv, and_spout=True), "plumber")
    assert not any(m["type"] == "plumber" and m.get("and_spout") for m in g.legal_moves(0))
    assert legal(g, 0, mv)
    g.apply(0, mv)
    assert not g.is_over and g.turn == 1
