"""One test (or a few) per rule, each with moves that must be accepted and moves that must be refused."""
import json

import pytest
from gamecore import BadRequest, IllegalMove

from waterworks import GAME
from waterworks.cards import deck
from ww_helpers import check_invariants, fill_hand, fresh, give, put


def refused(g, p, move, words=None, exc=IllegalMove):
    before = json.dumps(g.to_dict(), sort_keys=True)
    with pytest.raises(exc) as info:
        g.apply(p, move)
    assert json.dumps(g.to_dict(), sort_keys=True) == before, "state changed after a refused move"
    if words:
        assert words.lower() in info.value.message.lower(), info.value.message
    return info.value.message


def legal(g, p, move):
    return move in g.legal_moves(p)


def lay(cid, x, y, turned=False, **kw):
    return dict({"type": "lay", "card": cid, "x": x, "y": y, "turned": turned}, **kw)


def leak(cid, q, x, y, turned=False):
    return {"type": "leak", "card": cid, "target": q, "x": x, "y": y, "turned": turned}


# ----- deck ---------------------------------------------------------------------------------------
def test_deck_88_counts():
    d = deck("88")
    assert len(d) == 88
    kinds = [c.kind for c in d]
    assert kinds.count("valve") == 4 and kinds.count("spout") == 4
    assert kinds.count("pipe") + kinds.count("cap") == 80
    assert kinds.count("cap") == 9
    pipes = [c for c in d if c.kind == "pipe"]
    assert {c.shape for c in pipes} == {"long", "short", "L", "J", "tee"}
    assert sum(c.material == "copper" for c in pipes) == 17
    assert sum(c.material == "leaky" for c in pipes) == 17
    assert sum(c.material == "iron" for c in pipes) == 37
    assert [c.id for c in d] == list(range(88))


def test_deck_110_and_five_players():
    assert len(deck("110")) == 110
    g = GAME.new({"players": 5, "edition": "110"}, 3)
    assert g.n == 5 and len(g.cards) == 110
    check_invariants(g, hands=False)
    # The default edition "auto" deals the 110-card deck to five and the 88-card deck to four.
    assert len(GAME.new({"players": 5}, 3).cards) == 110
    assert len(GAME.new({"players": 4}, 3).cards) == 88
    with pytest.raises(BadRequest):
        GAME.new({"players": 5, "edition": "88"}, 3)
    with pytest.raises(BadRequest):
        GAME.new({"players": 1}, 3)
    with pytest.raises(BadRequest):
        GAME.new({"colour": "red"}, 3)


# ----- setup --------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup(n):
    g = GAME.new({"players": n}, 42)
    check_invariants(g)
    v = g.view(None)
    valves = [c for c in v["cards"] if c["kind"] == "valve"]
    assert len(valves) == n
    assert {c["x"] for c in valves} == {v["table"]["width"] - 1}
    assert len({c["y"] for c in valves}) == n
    assert all(c["openings"] == ["W"] for c in valves)
    assert [p["plumbers_left"] for p in v["pipelines"]] == [2] * n
    assert not any(p["spout_placed"] for p in v["pipelines"])
    first = g.turn
    assert g.to_act() == [first] and v["hand_sizes"] == [6 if p == first else 5 for p in range(n)]
    assert v["draw_pile"] == 80 - 5 * n - 1
    assert g.target == {2: 15, 3: 12, 4: 10}[n]
    assert GAME.new({"players": n, "target": "6"}, 1).target == 6
    # same seed, same deal; another seed, another deal
    assert GAME.new({"players": n}, 42).to_dict() == g.to_dict()
    assert GAME.new({"players": n}, 43).hands != g.hands


def test_first_player_option():
    # "Select a player who will play first": a named seat (from 1) or drawn from the seed.
    for n in (2, 3, 4, 5):
        for seat in range(1, n + 1):
            g = GAME.new({"players": n, "first_player": str(seat)}, 7)
            assert g.to_act() == [seat - 1] and len(g.hands[seat - 1]) == 6
            check_invariants(g)
            assert g.legal_moves(seat - 1) and not g.legal_moves(seat % n)
    firsts = {GAME.new({"players": 4}, s).turn for s in range(40)}
    assert firsts == {0, 1, 2, 3}                       # the default draws every seat sometimes
    assert all(GAME.new({"players": 3}, s).turn == GAME.new({"players": 3}, s).turn for s in range(10))
    assert GAME.new({}, 3).options["first_player"] == "random"
    # the draw comes after the deal: the seed deals the same five cards whoever starts
    a, b = GAME.new({"first_player": "1"}, 9), GAME.new({"first_player": "2"}, 9)
    assert a.hands[0][:5] == b.hands[0][:5] and a.hands[1][:5] == b.hands[1][:5]
    for bad in ("3", 1, "0", "first", None):
        with pytest.raises(BadRequest):
            GAME.new({"players": 2, "first_player": bad}, 1)
    with pytest.raises(BadRequest) as info:
        GAME.new({"players": 4, "first_player": "5"}, 1)
    assert "Seat 5" in info.value.message


# ----- turn ---------------------------------------------------------------------------------------
def test_turn_draw_then_one_play_then_five():
    g = GAME.new({"first_player": "1"}, 5)
    assert g.to_act() == [0] and len(g.hands[0]) == 6
    cid = g.hands[0][0]
    ev = g.apply(0, {"type": "discard", "card": cid})
    assert len(g.hands[0]) == 5 and len(g.hands[1]) == 6 and g.to_act() == [1]
    assert g.discard[-1] == cid
    assert [e["type"] for e in ev] == ["discard", "draw"]
    refused(g, 0, {"type": "discard", "card": g.hands[0][0]}, "not your turn")
    refused(g, 1, {"type": "discard", "card": g.hands[0][0]}, "do not hold")
    refused(g, 1, {"type": "discard", "card": "x"}, exc=BadRequest)
    refused(g, 1, {"type": "fly"}, exc=BadRequest)
    refused(g, 1, {"card": 1}, exc=BadRequest)
    assert g.legal_moves(0) == []


# ----- placement ----------------------------------------------------------------------------------
def test_lay_good_pipe_joins_own_pipeline():
    g = fresh()
    s = give(g, 0, "short", "iron")
    lg = give(g, 0, "long", "copper")
    j = give(g, 0, "J", "iron")
    fill_hand(g, 0)
    assert legal(g, 0, lay(s, 20, 3))
    assert not legal(g, 0, lay(lg, 20, 3))
    refused(g, 0, lay(lg, 20, 3), "would not join")
    refused(g, 0, lay(s, 19, 3), "own pipeline")         # not at an open end
    refused(g, 0, lay(s, 20, 10), "own pipeline")        # opponent's end: no good card there
    refused(g, 0, lay(s, 25, 3), "off the edge")
    refused(g, 0, lay(s, 20, 3, turned="yes"), exc=BadRequest)
    refused(g, 0, lay(s, None, 3), exc=BadRequest)
    # a J turned (S+E) joins from the east and runs south
    assert legal(g, 0, lay(j, 20, 3, True))
    assert not legal(g, 0, lay(j, 20, 3, False))       # N+W: no east opening
    ev = g.apply(0, lay(s, 20, 3))
    assert ev[0]["type"] == "lay" and ev[0]["card"]["shape"] == "short" and (ev[0]["x"], ev[0]["y"]) == (20, 3)
    check_invariants(g, hands=False)
    assert g.view(0)["pipelines"][0]["pipes_best"] == 1


def test_upright_only_turns_are_180_degrees():
    g = fresh()
    t = give(g, 0, "tee", "iron")
    fill_hand(g, 0)
    spots = {(m["x"], m["y"], m["turned"]) for m in g.legal_moves(0) if m.get("card") == t and m["type"] == "lay"}
    # T is E+S+W upright, E+N+W turned: both join from the east
    assert spots == {(20, 3, False), (20, 3, True)}
    # a symmetric straight is offered once; turned=True is accepted and stored unturned
    g2 = fresh()
    s = give(g2, 0, "short", "iron")
    fill_hand(g2, 0)
    assert [m["turned"] for m in g2.legal_moves(0) if m.get("card") == s and m["type"] == "lay"] == [False]
    g2.apply(0, lay(s, 20, 3, True))
    assert g2.table.cells[g2.table.idx(20, 3)].stack[0][1] is False


def climb(g):
    # P0 from its valve (21,3) up column 20 to the top row: end left at (20,0)
    put(g, 0, 20, 3, "L")              # N+E: joins the valve, turns north
    put(g, 0, 20, 2, "long")
    put(g, 0, 20, 1, "long")


def test_never_off_the_table_edge():
    g = fresh()
    climb(g)
    lg = give(g, 0, "long", "iron")
    lt = give(g, 0, "L", "iron")
    fill_hand(g, 0)
    refused(g, 0, lay(lg, 20, 0), "edge")
    assert legal(g, 0, lay(lt, 20, 0, True))         # S+W: turns left along the top row
    refused(g, 0, lay(lt, 20, 0, False), "join")     # N+E: no south opening


def test_never_over_or_into_another_card():
    g = fresh()
    put(g, 1, 20, 10, "short")                        # P1 -> end (19,10)
    put(g, 0, 20, 3, "J", turned=True)               # S+E: P0 goes south
    for y in range(4, 9):
        put(g, 0, 20, y, "long")                      # end (20,9)
    lg = give(g, 0, "long", "iron")
    j = give(g, 0, "J", "iron")
    fill_hand(g, 0)
    refused(g, 0, lay(lg, 20, 9), "runs into another card")
    refused(g, 0, lay(lg, 20, 10), "taken")
    assert legal(g, 0, lay(j, 20, 9))                 # N+W: turns west, clear of P1
    check_invariants(g, hands=False)


def test_never_completely_block_a_pipeline():
    g = fresh()
    climb(g)
    put(g, 0, 20, 0, "J", turned=True)               # S+E -> end (21,0)
    put(g, 0, 21, 0, "L", turned=True)               # W+S -> end (21,1): only (21,2) is free beyond
    lg = give(g, 0, "long", "iron")
    fill_hand(g, 0)
    # a long straight at (21,1) would face (21,2), a cell with no free cell beyond it (valve below)
    refused(g, 0, lay(lg, 21, 1), "completely block")
    assert not any(m["type"] == "lay" for m in g.legal_moves(0))


def test_blocking_another_players_pipeline_is_refused():
    g = fresh()
    put(g, 1, 20, 10, "L")                           # P1 north -> end (20,9)
    put(g, 1, 20, 9, "J", turned=True)               # S+E -> end (21,9): only (21,8) free beyond
    put(g, 0, 20, 3, "J", turned=True)               # P0 south down column 20
    for y in range(4, 8):
        put(g, 0, 20, y, "long")                      # P0 end (20,8)
    lt = give(g, 0, "L", "iron")
    j = give(g, 0, "J", "iron")
    fill_hand(g, 0)
    # an L at (20,8) would open toward (21,8), the last free cell P1's end could use
    refused(g, 0, lay(lt, 20, 8), "completely block")
    assert legal(g, 0, lay(j, 20, 8))                 # turning west leaves P1 room
    check_invariants(g, hands=False)


def test_cap_may_not_close_the_last_open_end():
    g = fresh()
    put(g, 0, 20, 3, "short")
    cap = give(g, 0, "cap", caps=["copper"] * 4)
    fill_hand(g, 0)
    refused(g, 0, lay(cap, 19, 3), "completely block")
    g2 = fresh()
    put(g2, 1, 20, 10, "short")
    lc = give(g2, 0, "cap", caps=["iron", "leaky", "iron", "iron"])   # leaky cap on its east edge
    fill_hand(g2, 0)
    refused(g2, 0, leak(lc, 1, 19, 10), "completely block")


# ----- T's and caps ---------------------------------------------------------------------------
def test_tee_opens_two_branches_and_caps_close_them():
    g = fresh()
    put(g, 0, 20, 3, "tee")                           # E+S+W: ends (19,3) and (20,4)
    assert g.table.open_count[0] == 2
    cap = give(g, 0, "cap", caps=["leaky", "iron", "iron", "iron"])   # leak on top
    fill_hand(g, 0)
    # below the T the cap joins with its top edge: leaky upright (refused on own), iron turned
    refused(g, 0, lay(cap, 20, 4), "leaky")
    assert legal(g, 0, lay(cap, 20, 4, True))
    g.apply(0, lay(cap, 20, 4, True))
    check_invariants(g, hands=False)
    assert g.table.open_count[0] == 1
    c = g.table.cells[g.table.idx(20, 4)]
    assert c.kind == "cap" and c.count == 1 and c.material == "iron"     # caps never count
    v = g.view(None)
    assert v["pipelines"][0]["pipes_best"] == 1 and v["pipelines"][0]["open_ends"] == 1


def test_leaky_cap_on_an_opponents_branch():
    g = fresh()
    put(g, 1, 20, 10, "tee")                          # ends (19,10) and (20,11)
    cap = give(g, 0, "cap", caps=["leaky", "iron", "iron", "iron"])
    fill_hand(g, 0)
    assert legal(g, 0, leak(cap, 1, 20, 11))          # joins with its leaky top cap
    refused(g, 0, leak(cap, 1, 20, 11, True), "not leaky")
    ev = g.apply(0, leak(cap, 1, 20, 11))
    assert ev[0]["type"] == "leak" and ev[0]["target"] == 1 and ev[0]["capped"]
    assert g.table.leak[1] == g.table.idx(20, 11)
    check_invariants(g, hands=False)
    # P1 repairs the leaky cap by covering it with a cap whose joining cap is good; the branch stays capped
    good = give(g, 1, "cap", caps=["copper"] * 4)
    bad = give(g, 1, "cap", caps=["iron", "copper", "leaky", "iron"])
    refused(g, 1, {"type": "cover", "card": bad, "x": 20, "y": 11, "turned": True}, "leaky")
    g.apply(1, {"type": "cover", "card": good, "x": 20, "y": 11, "turned": False})
    assert g.table.leak[1] == -1 and g.table.open_count[1] == 1
    check_invariants(g, hands=False)


# ----- leaks ----------------------------------------------------------------------------------
def test_leak_after_opponents_last_card_or_next_to_valve():
    g = fresh()
    ls = give(g, 0, "short", "leaky")
    gs = give(g, 0, "short", "iron")
    fill_hand(g, 0)
    assert legal(g, 0, leak(ls, 1, 20, 10))           # first card next to their valve
    refused(g, 0, leak(gs, 1, 20, 10), "good pipe")
    refused(g, 0, leak(ls, 0, 20, 3), "own pipeline")
    refused(g, 0, lay(ls, 20, 3), "leaky")
    refused(g, 0, leak(ls, 1, 18, 10), "continue")
    refused(g, 0, leak(ls, 7, 20, 10), exc=BadRequest)
    ev = g.apply(0, leak(ls, 1, 20, 10))
    assert ev[0] == {"type": "leak", "player": 0, "target": 1, "mode": "after",
                     "card": {"id": ls, "kind": "pipe", "shape": "short", "material": "leaky",
                              "openings": ["E", "W"]},
                     "x": 20, "y": 10, "turned": False, "capped": False}
    check_invariants(g, hands=False)
