"""Publican visits, era flow, protect, downfall, draft, end of game, solo."""
import pytest

import aq_helpers as H
from aqueducks import publican as P
from aqueducks.cards import CARD_OF
from gamecore import IllegalMove


def set_stats(g, p, duckats, faith, military, luxury):
    pl = g.players[p]
    pl["duckats"] = duckats
    pl["res"].update(faith=faith, military=military, luxury=luxury)


def test_worked_example_two_visits():
    g = H.new(2, seed=11)  # in order: seat 0 Florentia, seat 1 Caesena
    H.run_until(g, H.at("publican", 1))
    set_stats(g, 0, 33, 4, 1, 0)
    set_stats(g, 1, 22, 1, 4, 1)
    fav = [pl["favour"] for pl in g.players]
    H.restart_action(g)
    assert g.pub["order"] == [0, 1] and g.to_act() == [0]
    ev = g.apply(0, {"type": "donate", "space": "2-0"})    # Florentia gives 25
    assert g.players[0]["duckats"] == 8 and g.to_act() == [1]
    assert {"type": "donate", "space": "2-0"} not in g.legal_moves(1)  # 22 duckats: cannot afford 25
    ev = g.apply(1, {"type": "donate", "space": "1-0"})     # gives 10
    favs = {e["player"]: e["favour"] + e["luxury"] for e in ev if e["type"] == "favour"}
    assert favs == {0: 4, 1: 3}
    assert [pl["favour"] - f for pl, f in zip(g.players, fav)] == [4, 3]
    # second visit of the era, after End of Era
    H.run_until(g, H.at("publican", 1))
    assert g.step == 7
    set_stats(g, 0, 26, 3, 1, 2)
    set_stats(g, 1, 42, 2, 4, 1)
    H.restart_action(g)
    g.apply(0, {"type": "donate", "space": "2-0"})
    ev = g.apply(1, {"type": "donate", "space": "2-0"})
    don = [e for e in ev if e["type"] == "donate"][0]
    assert don["pushed"] == [0] and "strong-arming Florentia" in don["text"]
    favs = {e["player"]: (e["space"], e["favour"], e["luxury"]) for e in ev if e["type"] == "favour"}
    assert favs == {0: ("2-1", 3, 2), 1: ("2-0", 4, 1)}
    assert g.pub is None  # cubes returned


def test_faith_order_tie_breaks():
    def pl(f, m, l, d):
        return {"res": {"faith": f, "military": m, "luxury": l}, "duckats": d}
    assert P.faith_order([pl(1, 0, 0, 0), pl(2, 0, 0, 0)]) == [1, 0]
    assert P.faith_order([pl(1, 1, 0, 0), pl(1, 2, 0, 0)]) == [1, 0]
    assert P.faith_order([pl(1, 1, 1, 0), pl(1, 1, 2, 0)]) == [1, 0]
    assert P.faith_order([pl(1, 1, 1, 5), pl(1, 1, 1, 9)]) == [1, 0]
    assert P.faith_order([pl(1, 1, 1, 5), pl(1, 1, 1, 5)]) == [0, 1]


@pytest.mark.parametrize("rule,refund", [("refund", 5), ("lost", 0)])
def test_strong_arm_pushes_a_cube_off_a_full_row(rule, refund):
    g = H.new(4, seed=3, pushed_off=rule, factions="florentia")  # no Caesena at seat 3 tie rules needed
    H.run_until(g, H.at("publican", 1))
    for p, (f, m) in enumerate([(4, 0), (3, 0), (2, 0), (1, 5)]):
        set_stats(g, p, 30, f, m, 0)
    H.restart_action(g)
    assert g.pub["order"] == [0, 1, 2, 3]
    for p, sp in enumerate(["0-0", "0-1", "0-2"]):
        g.apply(p, {"type": "donate", "space": sp})
    # equal Military cannot push: the row is full for seat 2 ... but seat 3 has more Military
    assert {"type": "donate", "space": "0-0"} in g.legal_moves(3)
    ev = g.apply(3, {"type": "donate", "space": "0-0"})
    off = [e for e in ev if e["type"] == "pushed_off"][0]
    assert off["player"] == 2 and off["refund"] == refund
    assert g.players[2]["duckats"] == 25 + refund
    assert g.players[2]["favour"] == 0 and g.players[3]["favour"] == 1


def test_equal_military_cannot_push_but_caesena_can():
    g = H.new(3, seed=4)  # seats: Florentia, Caesena, Venetia
    H.run_until(g, H.at("publican", 1))
    set_stats(g, 0, 30, 3, 2, 0)
    set_stats(g, 2, 30, 2, 2, 0)
    set_stats(g, 1, 30, 1, 2, 0)
    H.restart_action(g)
    g.apply(0, {"type": "donate", "space": "2-0"})
    assert {"type": "donate", "space": "2-1"} in g.legal_moves(2)
    assert {"type": "donate", "space": "2-0"} not in g.legal_moves(2)
    before = g.to_dict()
    with pytest.raises(IllegalMove) as e:
        g.apply(2, {"type": "donate", "space": "2-0"})
    assert "lower Military" in e.value.message and g.to_dict() == before
    g.apply(2, {"type": "pass"})
    assert {"type": "donate", "space": "2-0"} in g.legal_moves(1)  # Caesena strong-arms ties


def test_cannot_afford_and_auto_pass():
    g = H.new(2, seed=6)
    H.run_until(g, H.at("publican", 1))
    set_stats(g, 0, 7, 3, 0, 0)
    set_stats(g, 1, 3, 1, 0, 0)
    ev = H.restart_action(g)
    assert g.to_act() == [0]
    with pytest.raises(IllegalMove) as e:
        g.apply(0, {"type": "donate", "space": "1-0"})
    assert "costs 10 duckats; you have 7" in e.value.message
    ev = g.apply(0, {"type": "donate", "space": "0-0"})
    assert any(x["type"] == "pass" and x["player"] == 1 and x.get("auto") for x in ev)
    assert g.players[0]["favour"] == 1


def test_neapolis_discount():
    g = H.new(6, seed=6)  # seat 5 is Neapolis
    H.run_until(g, H.at("publican", 1))
    for p in range(6):
        set_stats(g, p, 35, 6 - p, 0, 0)
    H.restart_action(g)
    assert {"type": "donate", "space": "3-0"} not in g.legal_moves(0)  # 40 for everyone else
    for p in range(5):
        g.apply(p, {"type": "pass"})
    assert {"type": "donate", "space": "3-0"} in g.legal_moves(5)
    g.apply(5, {"type": "donate", "space": "3-0"})
    assert g.players[5]["duckats"] == 0


def test_era_flow_and_final_era():
    g = H.new(3, seed=8)
    ev = []
    H.run_until(g, lambda g: g.is_over, events=ev)
    marks = [(e["type"]) for e in ev if e["type"] in ("era", "publican", "draft", "game_over")
             or (e["type"] in ("end_of_era", "protect", "downfall") and e["player"] == 0)]
    era = ["publican", "end_of_era", "publican", "protect", "downfall", "draft"]
    assert marks == era + ["era"] + era + ["era"] + era + ["era", "publican", "end_of_era", "publican",
                                                             "game_over"]
    builds = [e for e in ev if e["type"] == "build" and e["player"] == 0]
    assert len(builds) == 20
    assert g.result()["winners"]


def test_solo_track_draft_and_score():
    g = H.new(1, seed=9, factions="pisae")
    assert g.players[0]["faction"] == "pisae"
    ev = []
    H.run_until(g, H.at("draft", 1), events=ev)
    assert not any(e["type"] == "publican" for e in ev)
    assert g.view(0).get("pondifex") is None
    assert len(g.draft["hands"][0]) == 10
    tiers = sorted(CARD_OF[c].tier for c in g.draft["hands"][0])
    assert tiers == [1] * 7 + [2] * 3
    picks = []
    for _ in range(6):
        picks += [e for e in g.apply(0, g.legal_moves(0)[0]) if e["type"] == "pick"]
    assert g.era == 2 and len(g.players[0]["hand"]) == 6
    assert picks and all(e["text"] == "Pisae picks a building." for e in picks)  # nobody else plays
    H.run_until(g, lambda g: g.is_over, events=ev)
    r = g.result()
    assert r["winners"] == [0] and r["score"] == g.players[0]["duckats"] and r["faction"] == "pisae"
    assert ev[-1]["type"] == "game_over"
    H.check_invariants(g)


def test_protect_rules():
    g = H.new(2, seed=12)
    H.run_until(g, H.at("protect", 1))
    H.clear_city(g, 0)
    a = H.put(g, 0, 0, 0, 1, "*", "*")
    b = H.put(g, 0, 1, 0, 1, "*", "*")
    c = H.put(g, 0, 0, 0, 2, "*", "*")
    x = H.put(g, 0, 0, 1, 1, "*", "*")
    m = H.put(g, 0, 1, 1, 1, "castra", "reed_hut")   # castra hidden behind x
    y = H.put(g, 0, 2, 1, 1, "*", "*")
    moves = g.legal_moves(0)
    ids = sorted(mv["districts"][0] for mv in moves)
    # one new district; not c (its supports are unprotected), not m (its Castra would be active on storey 1)
    assert ids == sorted([a["id"], b["id"], x["id"], y["id"]])
    before = g.to_dict()
    for bad, words in (([c["id"]], "must be protected too"), ([m["id"]], "the ground floor"),
                       ([a["id"], b["id"]], "exactly 1"), ([99], "no district")):
        with pytest.raises(IllegalMove) as e:
            g.apply(0, {"type": "protect", "districts": bad})
        assert words in e.value.message
        assert g.to_dict() == before
    g.apply(0, {"type": "protect", "districts": [a["id"]]})
    hand_before = list(g.players[0]["hand"])
    H.run_until(g, lambda g: g.action == "draft")
    cty = g.players[0]["city"]
    assert [d["id"] for d in cty if d is not None] == [a["id"]]
    assert all(c in g.players[0]["discard"] for c in hand_before)


def test_protect_supports_when_enough_protections():
    g = H.new(2, seed=12)
    H.run_until(g, H.at("protect", 2))
    H.clear_city(g, 0)
    # Tier 1 buildings, which may stand on any storey (spare cards could be Tier 2 or 3)
    H.put(g, 0, 0, 0, 1, "reed_hut", "quackworks", protected=True)
    b = H.put(g, 0, 1, 0, 1, "bread_stall", "trinket_stall")
    c = H.put(g, 0, 0, 0, 2, "marble_pond", "puddle_well")
    d = H.put(g, 0, 0, 3, 1, "reed_hut", "quackworks")
    moves = [mv["districts"] for mv in g.legal_moves(0)]
    assert sorted([b["id"], c["id"]]) in moves and all(len(m) == 2 for m in moves)
    assert [c["id"], d["id"]] not in moves


def test_draft_passes_clockwise_and_florentia_draws_seven():
    g = H.new(3, seed=13)
    H.run_until(g, H.at("draft", 1))
    hands = [list(h) for h in g.draft["hands"]]
    assert all(sorted(CARD_OF[c].tier for c in h) == [1, 1, 1, 1, 2, 2] for h in hands)
    v1 = g.view(1)
    assert [x["card"] for x in v1["draft_hand"]] == hands[1]
    assert set(hands[0]).isdisjoint(x["card"] for x in v1["draft_hand"])
    assert "draft_hand" not in g.view(None) and v1["draft"]["hand_counts"] == [6, 6, 6]
    picks = [h[0] for h in hands]
    for p in range(3):
        ev = g.apply(p, {"type": "pick", "card": picks[p]})
    assert not any("card" in e for e in ev)  # picks stay secret
    assert g.draft["hands"][1] == hands[0][1:]
    assert g.draft["hands"][0] == hands[2][1:]
    H.run_until(g, lambda g: g.era == 2)
    sizes = [len(pl["hand"]) for pl in g.players]
    assert sizes == [7, 6, 6]


def test_hidden_choices_and_wrong_phase():
    g = H.new(2, seed=14)
    with pytest.raises(IllegalMove):
        g.apply(0, {"type": "donate", "space": "0-0"})
    m = g.legal_moves(0)[0]
    g.apply(0, m)
    with pytest.raises(IllegalMove):
        g.apply(0, m)  # already chose
    assert "my_choice" in g.view(1) and g.view(1)["my_choice"] is None
    placed = [f["card"] for d in g.view(None)["cities"][0]["districts"] for f in (d["left"], d["right"])]
    assert m["cards"][0] not in placed and g.view(None)["cities"][0]["has_chosen"]


def test_end_of_game_ties():
    g = H.new(3, seed=15)
    for p, (f, d) in enumerate([(10, 3), (10, 5), (9, 50)]):
        g.players[p]["favour"], g.players[p]["duckats"] = f, d
    g._end_game([])
    assert g.result()["winners"] == [1]
    g.players[0]["duckats"] = 5
    g._end_game([])
    assert g.result()["winners"] == [0, 1]


def test_setup_starting_district_hand_and_protection():
    g = H.new(6, seed=30)
    from aqueducks import city as C
    from aqueducks.catalog import load
    cat = load()
    for p, pl in enumerate(g.players):
        d = pl["city"][C.SLOT_AT[(1, 2, 1)]]
        assert d["protected"] and [d["left"], d["right"]] == cat.pair_ids[pl["faction"]]
        assert sum(x is not None for x in pl["city"]) == 1
        assert len(pl["hand"]) == 6   # §2, Florentia too: her 7 is "after each Draft" (R1.5)
        assert len(pl["hand"]) + len(pl["draw"]) == 12
        assert pl["protect_left"] == 6
    assert sorted(pl["faction"] for pl in g.players) == sorted(cat.faction_keys)
    g2 = H.new(3, seed=31, factions="random")
    assert len({pl["faction"] for pl in g2.players}) == 3
    assert [pl["faction"] for pl in H.new(3, seed=31, factions="random").players] == \
        [pl["faction"] for pl in g2.players]
    assert g2.box and all(c not in g2.box for pl in g2.players for c in pl["hand"])


def test_solo_best_scores():
    from aqueducks import scores
    t, r = scores.add_score(None, "pisae", 100)
    assert r == 0
    t, r = scores.add_score(t, "pisae", 150)
    assert r == 0 and [e["score"] for e in t["pisae"]] == [150, 100]
    t, r = scores.add_score(t, "pisae", 120)
    assert r == 1
    for s in range(20):
        t, _ = scores.add_score(t, "pisae", 200 + s)
    assert len(t["pisae"]) == scores.KEEP and t["pisae"][0]["score"] == 219
    t, r = scores.add_score(t, "pisae", 1)
    assert r is None
    g = H.new(1, seed=9, factions="venetia")
    H.run_until(g, lambda g: g.is_over)
    t2, r2 = scores.from_result(None, g.result(), seed=9)
    assert t2["venetia"][0] == {"score": g.result()["score"], "seed": 9} and r2 == 0


def test_protect_legal_moves_are_exactly_the_accepted_ones():
    from itertools import combinations
    g = H.new(2, seed=12)
    H.run_until(g, H.at("protect", 3))
    ids = [d["id"] for d in g.players[0]["city"] if d is not None and not d["protected"]]
    legal = g.legal_moves(0)
    n = 0
    for k in range(0, 5):
        for combo in combinations(ids, k):
            mv = {"type": "protect", "districts": list(combo)}
            c = g.clone()
            try:
                c.apply(0, mv)
                ok = True
            except IllegalMove:
                ok = False
            assert ok == ({"type": "protect", "districts": sorted(combo)} in legal), combo
            n += ok
    assert n == len(legal) > 0


def test_donation_legal_moves_are_exactly_the_accepted_ones():
    g = H.new(4, seed=3)
    H.run_until(g, H.at("publican", 2))
    for _ in range(3):
        p = g.to_act()[0]
        legal = g.legal_moves(p)
        for ri in range(6):
            for i in range(4):
                mv = {"type": "donate", "space": f"{ri}-{i}"}
                c = g.clone()
                try:
                    c.apply(p, mv)
                    ok = True
                except IllegalMove:
                    ok = False
                assert ok == (mv in legal)
        g.apply(p, legal[0])
        if g.action != "publican":
            break


def test_draft_picks_revealed_option():
    g = H.new(2, seed=13, draft_picks="revealed")
    H.run_until(g, H.at("draft", 1))
    a, b = g.draft["hands"][0][0], g.draft["hands"][1][0]
    g.apply(0, {"type": "pick", "card": a})
    ev = g.apply(1, {"type": "pick", "card": b})
    pick = [e for e in ev if e["type"] == "pick"][0]
    assert [x["card"] for x in pick["picks"]] == [a, b]


def test_view_shows_the_visits_own_order_during_a_publican_visit():
    # tied on Faith, Military and Luxury: duckats break the tie, and paying changes them mid-visit
    g = H.new(2, seed=11)
    H.run_until(g, H.at("publican", 1))
    set_stats(g, 0, 40, 2, 1, 0)
    set_stats(g, 1, 30, 2, 1, 0)
    H.restart_action(g)
    assert g.pub["order"] == [0, 1]
    g.apply(0, {"type": "donate", "space": "2-0"})          # seat 0 pays 25: now 15 duckats
    assert P.faith_order(g.players) == [1, 0]                # a live recount would say seat 1 first
    for viewer in (None, 0, 1):
        v = g.view(viewer)
        assert v["publican"]["order"] == [0, 1]
        assert v["faith_order"] == [0, 1]
