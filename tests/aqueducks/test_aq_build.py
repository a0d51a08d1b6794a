"""Build action: hand, slots, bridges, supports, grid, requirements, storeys, inactive spaces."""
import pytest

import aq_helpers as H
from aqueducks import city as C
from gamecore import BadRequest, IllegalMove


def fresh(**kw):
    g = H.new(2, seed=5, **kw)
    H.clear_city(g, 0)
    return g


def refused(g, p, move, words):
    before = g.to_dict()
    with pytest.raises(IllegalMove) as e:
        g.apply(p, move)
    assert words in e.value.message, e.value.message
    assert g.to_dict() == before


def test_simple_build_accepted_and_hidden_until_all_chose():
    g = fresh()
    a, b = H.set_hand(g, 0, ["reed_hut", "quackworks"])
    assert g.to_act() == [0, 1]
    ev = g.apply(0, H.build(0, 0, 1, a, b))
    assert [e["type"] for e in ev] == ["chosen"]
    assert g.to_act() == [1]
    v1 = g.view(1)
    assert v1["cities"][0]["has_chosen"] is True
    assert v1["my_choice"] is None and "districts" in v1["cities"][0]
    assert all(d["left"]["card"] != a for d in v1["cities"][0]["districts"])  # not placed yet
    assert g.view(0)["my_choice"]["cards"] == [a, b]
    ev = g.apply(1, g.legal_moves(1)[0])
    builds = [e for e in ev if e["type"] == "build"]
    assert {e["player"] for e in builds} == {0, 1}
    mine = [e for e in builds if e["player"] == 0][0]
    assert mine["cards"] == [a, b] and mine["keys"] == ["reed_hut", "quackworks"]
    assert g.players[0]["res"]["tree"] == 1 and g.players[0]["res"]["brick"] == 1
    # Reed Hut: 1 duckat per tree (its own tree counts) ; Quackworks: flat 2
    assert mine["duckats"] == 3
    # refilled towards 7 (Florentia, R3.1) from a draw pile of 6 (she started with 6, §2)
    assert len(g.players[0]["hand"]) == 6 and g.players[0]["draw"] == []


def test_refused_cards_not_in_hand_or_same_card():
    g = fresh()
    a, b = H.set_hand(g, 0, ["reed_hut", "quackworks"])
    other = g.players[1]["hand"][0]
    refused(g, 0, H.build(0, 0, 1, a, other), "not in your hand")
    refused(g, 0, H.build(0, 0, 1, a, a), "two different")


def test_malformed_build_is_bad_request_and_state_unchanged():
    g = fresh()
    before = g.to_dict()
    for mv in ({"type": "build", "cards": [1]}, {"type": "build", "cards": [1, 2], "x": "0", "y": 0, "storey": 1},
               {"type": "fly"}, {"type": "build", "cards": [1, 2], "x": 0, "y": 0, "storey": 1, "bridge": "x"}):
        with pytest.raises(BadRequest):
            g.apply(0, mv)
    assert g.to_dict() == before


def test_city_grows_in_any_direction_up_to_3_wide_and_5_long():
    # §4.1: "grow their city in any direction until they reach a total length of 5 Districts
    # and a total width of 3 Districts": a bounding box, not a fixed frame around the start.
    g = H.new(2, seed=5)                              # the starting district at x=1, y=2
    a, b = H.set_hand(g, 0, ["reed_hut", "quackworks"])
    spaces = {(m["x"], m["y"], m["storey"]) for m in g.legal_moves(0) if m["type"] == "build"}
    assert {(-1, 2, 1), (3, 2, 1), (1, -2, 1), (1, 6, 1), (-1, -2, 1), (3, 6, 1)} <= spaces
    assert not {(-2, 2, 1), (4, 2, 1), (1, -3, 1), (1, 7, 1)} & spaces
    H.play(g, H.build(-1, -2, 1, a, b))               # now the ground spans x -1..1, y -2..2
    c, d = H.set_hand(g, 0, ["reed_hut", "quackworks"])
    refused(g, 0, H.build(2, 0, 1, c, d), "wider than 3")
    refused(g, 0, H.build(0, 3, 1, c, d), "longer than 5")
    refused(g, 0, H.build(0, 0, 4, c, d), "three storeys")
    assert {(m["x"], m["y"]) for m in g.legal_moves(0) if m["type"] == "build"} == {
        (x, y) for x in (-1, 0, 1) for y in range(-2, 3)} - {(1, 2), (-1, -2)}
    v = g.view(0)
    assert v["board"] == {"x": [-1, 3], "y": [-2, 6], "width": 3, "length": 5,
                          "storeys": ["ground floor", "second storey", "third storey"]}
    assert {(q["x"], q["y"], q["storey"]) for q in v["cities"][0]["spaces"]} == {
        (x, y, 1) for x in (-1, 0, 1) for y in range(-2, 3)} - {(1, 2, 1), (-1, -2, 1)}
    left = v["cities"][0]["pictures"]["left"]
    assert left[-2 - v["board"]["y"][0]][0]["card"] == a and left[2 - v["board"]["y"][0]][0] is not None
    H.check_invariants(g)


def test_storeys_still_need_their_supports_wherever_the_city_grows():
    g = fresh()
    H.put(g, 0, -1, 4, 1, "reed_hut", "reed_hut")
    H.put(g, 0, 0, 4, 1, "reed_hut", "reed_hut")
    a, b, br = H.set_hand(g, 0, ["quackworks", "quackworks", "bread_stall"])
    refused(g, 0, H.build(0, 4, 2, a, b, br), "two districts side by side under it on the ground floor")
    assert legal_has(g, H.build(-1, 4, 2, a, b, br))


def legal_has(g, mv):
    return repr(mv) in {repr(m) for m in g.legal_moves(0)}


def test_storey_two_needs_two_supports_and_a_bridge():
    g = fresh()
    H.put(g, 0, 0, 0, 1, "reed_hut", "reed_hut")
    a, b, br = H.set_hand(g, 0, ["quackworks", "quackworks", "bread_stall"])
    refused(g, 0, H.build(0, 0, 2, a, b, br), "two districts side by side under it on the ground floor")
    H.put(g, 0, 1, 0, 1, "reed_hut", "reed_hut")
    refused(g, 0, H.build(0, 0, 2, a, b), "bridge")
    refused(g, 0, H.build(0, 0, 2, a, b, a), "third building")
    refused(g, 0, H.build(0, 0, 1, a, b, br), "already a district")
    refused(g, 0, H.build(0, 1, 1, a, b, br), "needs no bridge")
    g.apply(0, H.build(0, 0, 2, a, b, br))
    g.apply(1, g.legal_moves(1)[0])
    d = g.players[0]["city"][C.SLOT_AT[(0, 0, 2)]]
    assert d["bridge"] == br and br not in g.players[0]["hand"]
    # the bridge is face down: others see only that there is one
    other = [x for x in g.view(1)["cities"][0]["districts"] if x["storey"] == 2][0]
    mine = [x for x in g.view(0)["cities"][0]["districts"] if x["storey"] == 2][0]
    assert other["bridge"] is True and mine["bridge"] == br


def test_storey_three_on_two_storey_twos():
    g = fresh()
    for x in (0, 1, 2):
        H.put(g, 0, x, 0, 1, "reed_hut", "reed_hut")
    H.put(g, 0, 0, 0, 2, "quackworks", "quackworks")
    a, b, br = H.set_hand(g, 0, ["bread_stall", "bread_stall", "quackworks"])
    refused(g, 0, H.build(0, 0, 3, a, b, br), "side by side under it on the second storey")
    H.put(g, 0, 1, 0, 2, "quackworks", "quackworks")
    assert H.build(0, 0, 3, a, b, br) in g.legal_moves(0)


def test_requirements_checked_and_shared_by_the_district():
    g = fresh()
    baths_l, baths_r, br = H.set_hand(g, 0, ["baths", "baths", "reed_hut"])
    H.put(g, 0, 0, 0, 1, "reed_hut", "reed_hut")
    H.put(g, 0, 1, 0, 1, "reed_hut", "reed_hut")
    H.put(g, 0, 0, 1, 1, "quackworks", "puddle_well")
    # The Bathhouse needs 2 bricks and 1 water; the city has 1 brick.
    refused(g, 0, H.build(0, 0, 2, baths_l, baths_r, br), "The Bathhouse needs 2 brick; your city has 1")
    H.put(g, 0, 0, 3, 1, "quackworks", "reed_hut")
    assert g.players[0]["res"]["brick"] == 2
    # both Baths share the same two bricks: resources are never consumed
    g.apply(0, H.build(0, 0, 2, baths_l, baths_r, br))
    g.apply(1, g.legal_moves(1)[0])
    assert g.players[0]["res"]["luxury"] == 2


def test_storey_restriction_on_active_faces():
    g = fresh()
    a, b = H.set_hand(g, 0, ["castra", "reed_hut"])
    refused(g, 0, H.build(0, 0, 1, a, b), "the second or third storey")


def test_inactive_space_ignores_requirements_and_storeys():
    g = fresh()
    H.put(g, 0, 0, 0, 1, "reed_hut", "reed_hut")
    H.put(g, 0, 2, 0, 1, "reed_hut", "reed_hut")
    # Tier 3 Reservoir, needs columns and bricks and storey 3; the middle of row 0 is hidden both ways
    a, b = H.set_hand(g, 0, ["reservoir", "quackitol"])
    mv = H.build(1, 0, 1, a, b)
    assert mv in g.legal_moves(0)
    g.apply(0, mv)
    g.apply(1, g.legal_moves(1)[0])
    assert not H.face(g, 0, 1, 0, 1, 0) and not H.face(g, 0, 1, 0, 1, 1)
    assert g.players[0]["res"]["water"] == 0  # an inactive Reservoir gives nothing


def test_half_inactive_district_checks_only_the_active_face():
    g = fresh()
    H.put(g, 0, 0, 0, 1, "reed_hut", "reed_hut")
    # placing at x=1: left face hidden behind x=0, right face seen from the right
    a, b = H.set_hand(g, 0, ["reservoir", "castra"])
    refused(g, 0, H.build(1, 0, 1, b, a), "Reservoir")  # right face active: needs storey 3
    g2 = fresh()
    H.put(g2, 0, 0, 0, 1, "reed_hut", "reed_hut")
    a, b = H.set_hand(g2, 0, ["reservoir", "reed_hut"])
    assert H.build(1, 0, 1, a, b) in g2.legal_moves(0)
    assert H.build(1, 0, 1, b, a) not in g2.legal_moves(0)


def test_must_build_when_possible_pass_only_when_stuck():
    g = fresh()
    H.set_hand(g, 0, ["reed_hut", "quackworks"])
    refused(g, 0, {"type": "pass"}, "must build")
    assert {"type": "pass"} not in g.legal_moves(0)
    g2 = fresh(build_pass="always")
    H.set_hand(g2, 0, ["reed_hut", "quackworks"])
    assert {"type": "pass"} in g2.legal_moves(0)
    g2.apply(0, {"type": "pass"})


def test_small_hand_auto_passes():
    g = fresh()
    H.set_hand(g, 0, ["reed_hut"])
    g.players[0]["draw"] = []
    # re-run the start of the Build action: player 0 cannot build and owes nothing
    ev = H.restart_action(g)
    assert 0 not in g.to_act() and any(e["type"] == "no_build" and e["player"] == 0 for e in ev)
    assert g.legal_moves(0) == []


def test_upper_storey_needs_three_cards():
    g = fresh()
    H.put(g, 0, 0, 0, 1, "reed_hut", "reed_hut")
    H.put(g, 0, 1, 0, 1, "reed_hut", "reed_hut")
    H.set_hand(g, 0, ["reed_hut", "quackworks"])
    assert all(m["storey"] == 1 for m in g.legal_moves(0))


def test_legal_moves_are_exactly_the_accepted_ones():
    g = fresh()
    H.put(g, 0, 0, 0, 1, "reed_hut", "puddle_well")
    H.put(g, 0, 1, 0, 1, "quackworks", "reed_hut")
    H.set_hand(g, 0, ["rice_paddy", "castra", "reed_hut", "baths", "puddle_well", "quackworks"])
    legal = g.legal_moves(0)
    legal_set = {repr(m) for m in legal}
    hand = g.players[0]["hand"]
    tried = 0
    for L in hand:
        for R in hand:
            for slot in range(C.NSLOTS):
                x, y, s = C.SLOTS[slot]
                for br in ([None] if s == 1 else hand):
                    mv = H.build(x, y, s, L, R, br)
                    ok = repr(mv) in legal_set
                    c = g.clone()
                    try:
                        c.apply(0, mv)
                        accepted = True
                    except IllegalMove:
                        accepted = False
                    assert ok == accepted, (mv, ok)
                    tried += 1
    assert tried > 1000 and len(legal) > 10
