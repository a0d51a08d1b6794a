"""Activity, adjacency, dousing, resources and abilities in the city."""
import pytest

import aq_helpers as H
from aqueducks import abilities as A
from aqueducks import city as C
from aqueducks.cards import CARD_OF
from gamecore import IllegalMove


def nbr_keys(g, p, x, y, s, side):
    pl = g.players[p]
    slot = C.SLOT_AT[(x, y, s)]
    return sorted(CARD_OF[C.face_card(pl["city"], j, sd)].key for j, sd in C.neighbours(pl["city"], slot, side))


def test_geometry_is_a_board_of_pyramids_around_the_start():
    # a 3-wide, 5-long city can reach 2 columns and 4 rows past its starting district
    assert (C.XMIN, C.XMAX, C.YMIN, C.YMAX) == (-1, 3, -2, 6) and C.START == (1, 2, 1)
    assert C.NSLOTS == 9 * (5 + 4 + 3)
    assert C.SUPPORTS[C.SLOT_AT[(1, 4, 2)]] == (C.SLOT_AT[(1, 4, 1)], C.SLOT_AT[(2, 4, 1)])
    assert C.SUPPORTS[C.SLOT_AT[(-1, 0, 3)]] == (C.SLOT_AT[(-1, 0, 2)], C.SLOT_AT[(0, 0, 2)])
    assert (3, 0, 2) not in C.SLOT_AT and (2, 0, 3) not in C.SLOT_AT


def test_extent_is_the_bounding_box_of_the_ground_floor():
    city = [None] * C.NSLOTS
    assert C.extent_ok(city) and C.ground_box(city) is None
    city[C.SLOT_AT[(3, 6, 1)]] = {"id": 0}
    city[C.SLOT_AT[(1, 2, 1)]] = {"id": 1}
    assert C.ground_box(city) == (1, 3, 2, 6) and C.extent_ok(city)
    assert not C.within_extent(C.ground_box(city), C.SLOT_AT[(0, 4, 1)])
    assert not C.within_extent(C.ground_box(city), C.SLOT_AT[(2, 1, 1)])
    city[C.SLOT_AT[(0, 4, 1)]] = {"id": 2}
    assert not C.extent_ok(city)


def test_a_save_from_the_fixed_frame_loads_onto_the_board():
    g = H.new(2, seed=3)
    H.put(g, 0, 0, 0, 1, "reed_hut", "quackworks")
    st = g.to_dict()
    for pl in st["players"]:   # the layout saves had: 30 slots over x 0..2, y 0..4
        pl["city"] = [pl["city"][C.SLOT_AT[xys]] for xys in C.LEGACY_SLOTS]
        pl["act"] = [pl["act"][C.SLOT_AT[xys]] for xys in C.LEGACY_SLOTS]
    assert len(st["players"][0]["city"]) == 30
    assert type(g).from_dict(st).to_dict() == g.to_dict()


def test_lone_district_shows_both_faces_and_middle_is_hidden():
    g = H.fresh()
    H.put(g, 0, 1, 0, 1, "reed_hut", "quackworks")
    assert H.face(g, 0, 1, 0, 1, 0) and H.face(g, 0, 1, 0, 1, 1)
    H.put(g, 0, 0, 0, 1, "marble_pond", "puddle_well")
    # x=0 now shows its left face from the left and hides the left face of x=1 ...
    assert H.face(g, 0, 0, 0, 1, 0) and not H.face(g, 0, 1, 0, 1, 0)
    # ... while its own right face is hidden by x=1, which is still seen from the right
    assert not H.face(g, 0, 0, 0, 1, 1) and H.face(g, 0, 1, 0, 1, 1)
    r = g.players[0]["res"]
    assert (r["tree"], r["brick"], r["column"], r["water"]) == (0, 1, 1, 0)


def test_obstruction_removes_resources_at_once_through_a_real_build():
    g = H.fresh()
    H.put(g, 0, 1, 0, 1, "reed_hut", "quackworks")
    assert g.players[0]["res"]["tree"] == 1
    a, b = H.set_hand(g, 0, ["bread_stall", "bread_stall"])
    ev = H.play(g, H.build(0, 0, 1, a, b))
    assert g.players[0]["res"]["tree"] == 0 and g.players[0]["res"]["brick"] == 1
    mine = [e for e in ev if e["type"] == "build" and e["player"] == 0][0]
    assert [o["key"] for o in mine["obstructed"]] == ["reed_hut"]
    assert mine["active"] == [1, 0]


def test_adjacency_is_orthogonal_in_each_side_view_and_passes_on():
    g = H.fresh()
    H.put(g, 0, 0, 1, 1, "puddle_well", "reed_hut")       # row 1
    H.put(g, 0, 1, 2, 1, "marble_pond", "quackworks")     # row 2, middle column
    H.put(g, 0, 0, 3, 1, "bread_stall", "trinket_stall")  # row 3
    assert nbr_keys(g, 0, 1, 2, 1, 0) == ["bread_stall", "puddle_well"]
    assert nbr_keys(g, 0, 1, 2, 1, 1) == ["reed_hut", "trinket_stall"]
    # not diagonal: row 0 storey 2 does not touch row 1 storey 1
    H.put(g, 0, 0, 0, 1, "reed_hut", "reed_hut")
    H.put(g, 0, 1, 0, 1, "reed_hut", "reed_hut")
    H.put(g, 0, 0, 0, 2, "chapel", "chapel")
    assert "chapel" not in nbr_keys(g, 0, 0, 1, 1, 0)
    # obstruct the middle district's left face: its neighbours now touch the new building
    H.put(g, 0, 0, 2, 1, "shrine_juno", "watchtower")
    assert not H.face(g, 0, 1, 2, 1, 0)
    assert nbr_keys(g, 0, 0, 2, 1, 0) == ["bread_stall", "puddle_well"]


def test_dousing_requirement():
    g = H.fresh()
    H.put(g, 0, 0, 1, 1, "reed_hut", "reed_hut")
    paddy, hut = H.set_hand(g, 0, ["rice_paddy", "quackworks"])
    with pytest.raises(IllegalMove) as e:
        g.apply(0, H.build(0, 2, 1, paddy, hut))
    assert "water" in e.value.message
    g2 = H.fresh()
    H.put(g2, 0, 0, 1, 1, "puddle_well", "reed_hut")
    paddy, hut = H.set_hand(g2, 0, ["rice_paddy", "quackworks"])
    assert H.build(0, 2, 1, paddy, hut) in g2.legal_moves(0)
    assert H.build(0, 2, 1, hut, paddy) not in g2.legal_moves(0)  # right side: the well's right face is a Reed Hut
    # the water's face douses in its own picture only
    view = g2.view(0)["cities"][0]
    doused = {(d["y"], side) for d in view["districts"] for side in ("left", "right") if d[side]["doused"]}
    assert doused == set()
    H.play(g2, H.build(0, 2, 1, paddy, hut))
    view = g2.view(0)["cities"][0]
    d = [d for d in view["districts"] if d["y"] == 2][0]
    assert d["left"]["doused"] and not d["right"]["doused"]


def test_doused_building_stays_active_when_its_water_is_obstructed():
    g = H.fresh()
    H.put(g, 0, 1, 1, 1, "puddle_well", "reed_hut")
    paddy, hut = H.set_hand(g, 0, ["rice_paddy", "quackworks"])
    H.play(g, H.build(0, 2, 1, paddy, hut))
    a, b = H.set_hand(g, 0, ["bread_stall", "bread_stall"])
    H.play(g, H.build(0, 1, 1, a, b))      # hides the well's face
    assert not H.face(g, 0, 1, 1, 1, 0)
    assert H.face(g, 0, 0, 2, 1, 0)        # the paddy is still active
    assert g.players[0]["res"]["tree"] == 2 and g.players[0]["res"]["water"] == 0  # paddy + hut on the right
    v = g.view(0)["cities"][0]
    assert not [d for d in v["districts"] if d["y"] == 2][0]["left"]["doused"]


def test_douse_all_and_ignore_dousing():
    for key in ("reservoir", "nymphaeum"):
        g = H.fresh()
        for x in (0, 1, 2):
            H.put(g, 0, x, 0, 1, "reed_hut", "reed_hut")
        H.put(g, 0, 0, 0, 2, "reed_hut", "reed_hut")
        H.put(g, 0, 1, 0, 2, key, key) if key == "reservoir" else H.put(g, 0, 0, 4, 2 - 1, key, "reed_hut")
        if key == "reservoir":
            # a storey-2 Reservoir at the back is inactive on its left; make the right face active
            assert H.face(g, 0, 1, 0, 2, 1)
        paddy, hut = H.set_hand(g, 0, ["rice_paddy", "quackworks"])
        assert H.build(0, 3, 1, paddy, hut) in g.legal_moves(0), key
        assert H.build(0, 3, 1, hut, paddy) in g.legal_moves(0), key


def test_douse_all_douses_every_active_building_in_view():
    g = H.fresh()
    H.put(g, 0, 0, 0, 1, "reed_hut", "reed_hut")
    H.put(g, 0, 0, 4, 1, "cloaca_maxima", "quackworks")
    v = g.view(0)["cities"][0]
    assert all(d[s]["doused"] for d in v["districts"] for s in ("left", "right") if d[s]["active"])


def test_venetia_ground_floor_is_doused():
    g = H.new(3, seed=2)  # in order: seat 2 is Venetia
    H.clear_city(g, 2)
    paddy, hut = H.set_hand(g, 2, ["rice_paddy", "quackworks"])
    assert H.build(0, 0, 1, paddy, hut) in g.legal_moves(2)
    g0 = H.fresh()
    paddy, hut = H.set_hand(g0, 0, ["rice_paddy", "quackworks"])
    assert H.build(0, 0, 1, paddy, hut) not in g0.legal_moves(0)


def test_pisae_places_one_storey_lower():
    g = H.new(5, seed=2)  # seat 4 is Pisae
    H.clear_city(g, 4)
    castra, hut = H.set_hand(g, 4, ["castra", "quackworks"])
    H.put(g, 4, 0, 1, 1, "quackworks", "quackworks")
    H.put(g, 4, 0, 3, 1, "quackworks", "quackworks")
    assert H.build(0, 0, 1, castra, hut) in g.legal_moves(4)
    g0 = H.fresh()
    castra, hut = H.set_hand(g0, 0, ["castra", "quackworks"])
    H.put(g0, 0, 0, 1, 1, "quackworks", "quackworks")
    assert H.build(0, 0, 1, castra, hut) not in g0.legal_moves(0)


def test_ongoing_resource_from_adjacency():
    g = H.fresh()
    H.put(g, 0, 0, 1, 1, "marble_pond", "reed_hut")
    H.put(g, 0, 0, 2, 1, "templum_parvum", "reed_hut")
    # 1 Faith printed + 1 Faith for the adjacent column
    assert g.players[0]["res"]["faith"] == 2
    H.put(g, 0, 0, 3, 1, "marble_pond", "reed_hut")
    assert g.players[0]["res"]["faith"] == 3
    # obstruct the first column: the Templum loses the bonus at once
    a, b = H.set_hand(g, 0, ["bread_stall", "bread_stall"])
    H.play(g, H.build(1, 1, 1, a, b))  # right of row 1: hides nothing on the left
    assert g.players[0]["res"]["faith"] == 3
    H.clear_city(g, 0)
    assert g.players[0]["res"]["faith"] == 0


def test_played_abilities_counts():
    g = H.fresh()
    H.put(g, 0, 0, 1, 1, "chapel", "marble_pond")
    H.put(g, 0, 0, 3, 1, "chapel", "reed_hut")
    fq, q = H.set_hand(g, 0, ["fountain", "quackworks"])
    ev = H.play(g, H.build(0, 2, 1, fq, q))
    mine = [e for e in ev if e["type"] == "build" and e["player"] == 0][0]
    gains = {CARD_OF[x["card"]].key: x["duckats"] for x in mine["gains"]}
    assert gains == {"fountain": 2 * 2, "quackworks": 2}  # 2 adjacent buildings in the left view
    assert mine["duckats"] == 6


def test_symbols_played_and_retrigger():
    g = H.fresh()
    H.put(g, 0, 0, 0, 1, "reed_hut", "reed_hut")
    H.put(g, 0, 1, 0, 1, "reed_hut", "reed_hut")
    H.put(g, 0, 0, 0, 2, "collegium_fabrum", "reed_hut")
    a, b = H.set_hand(g, 0, ["quackworks", "column_carver"])
    H.put(g, 0, 0, 1, 1, "quackworks", "quackworks")  # column carver needs a brick
    ev = H.play(g, H.build(0, 3, 1, a, b))
    mine = [e for e in ev if e["type"] == "build" and e["player"] == 0][0]
    byk = {CARD_OF[x["card"]].key: x["duckats"] for x in mine["gains"]}
    assert byk["collegium_fabrum"] == 3 * 2  # one brick and one column played
    # retrigger: copies the best When Played ability of another active building
    g = H.fresh()
    H.put(g, 0, 0, 1, 1, "marble_pond", "bread_stall")
    e1, e2 = H.set_hand(g, 0, ["echo_portico", "reed_hut"])
    ev = H.play(g, H.build(0, 3, 1, e1, e2))
    mine = [e for e in ev if e["type"] == "build" and e["player"] == 0][0]
    ret = [x for x in mine["gains"] if x["kind"] == "retrigger"][0]
    assert CARD_OF[ret["copied"]].key == "bread_stall" and ret["duckats"] == 4


def test_inactive_played_buildings_do_not_trigger():
    g = H.fresh()
    H.put(g, 0, 0, 0, 1, "reed_hut", "reed_hut")
    H.put(g, 0, 2, 0, 1, "reed_hut", "reed_hut")
    a, b = H.set_hand(g, 0, ["bread_stall", "barracks"])
    ev = H.play(g, H.build(1, 0, 1, a, b))
    mine = [e for e in ev if e["type"] == "build" and e["player"] == 0][0]
    assert mine["duckats"] == 0 and mine["active"] == [0, 0]


def test_end_of_era_abilities():
    g = H.fresh()
    H.put(g, 0, 0, 1, 1, "chapel", "shrine_juno")
    H.put(g, 0, 0, 2, 1, "chapel", "reed_hut")
    pl = g.players[0]
    out = A.resolve_era_end(pl["city"], pl["act"], CARD_OF, pl["res"], {})
    by = sorted((CARD_OF[x["card"]].key, x["duckats"]) for x in out)
    # chapels: 4 per adjacent faith symbol; shrine: 1 per Faith in the city (3)
    assert by == [("chapel", 4), ("chapel", 4), ("shrine_juno", 3)]
    rav = {"kind": "ability", "ability": {"trigger": "era_end", "effect": "gain", "gain": "duckats",
                                           "amount": 2, "per": {"count": "resource", "resource": "faith"}}}
    out2 = A.resolve_era_end(pl["city"], pl["act"], CARD_OF, pl["res"], rav)
    assert sum(x["duckats"] for x in out2) == 11 + 6


def test_tier_count_ability():
    g = H.fresh()
    for x in (0, 1):
        H.put(g, 0, x, 0, 1, "reed_hut", "reed_hut")
    H.put(g, 0, 0, 0, 2, "forum", "castra")
    pl = g.players[0]
    out = A.resolve_era_end(pl["city"], pl["act"], CARD_OF, pl["res"], {})
    assert [x["duckats"] for x in out if CARD_OF[x["card"]].key == "forum"] == [10]
