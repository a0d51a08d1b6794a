"""Saves, replay, clone, views and refusals leave no trace."""
import json

import pytest

import aq_helpers as H
from aqueducks import BOTS, GAME
from gamecore import BadRequest, BadSave, IllegalMove, Rng, replay


def midgame(players=3, seed=21, action="publican"):
    g = GAME.new({"players": players}, seed)
    H.run_until(g, H.at(action, 2))
    return g


def test_contract_exports():
    assert GAME.NAME == "aqueducks" and set(BOTS) == {"random", "greedy", "hard"}
    for name in ("players", "factions", "starting_duckats", "pushed_off", "build_pass", "draft_picks"):
        assert name in GAME.OPTIONS and GAME.OPTIONS[name]["doc"]
    with pytest.raises(BadRequest):
        GAME.new({"players": 7})
    with pytest.raises(BadRequest):
        GAME.new({"pushed_off": "maybe"})


def test_json_round_trip_and_save_load():
    for action in ("build", "publican", "protect", "draft"):
        g = midgame(action=action)
        d = g.to_dict()
        text = json.dumps(d)
        g2 = GAME.from_dict(json.loads(text))
        assert g2.to_dict() == d
        assert GAME.load(json.loads(json.dumps(g.save()))).to_dict() == d
        # the loaded game plays on identically
        rng1, rng2 = Rng(5), Rng(5)
        for _ in range(3):
            for p in g.to_act():
                g.apply(p, BOTS["random"](g, p, rng1))
            for p in g2.to_act():
                g2.apply(p, BOTS["random"](g2, p, rng2))
        assert g.to_dict() == g2.to_dict()


def test_replay_identical():
    g = GAME.new({"players": 4}, 77)
    H.run_until(g, lambda g: g.is_over, bot="greedy")
    r = replay(GAME, json.loads(json.dumps(g.record())))
    assert r.to_dict() == g.to_dict()


def test_clone_is_independent_and_equal():
    g = midgame()
    c = g.clone()
    assert c.to_dict() == g.to_dict()
    p = c.to_act()[0]
    c.apply(p, c.legal_moves(p)[0])
    assert c.to_dict() != g.to_dict()
    assert g.clone().to_dict() == g.to_dict()


def test_bad_saves_raise_only_badsave():
    g = midgame()
    d = g.to_dict()
    bad = []
    x = json.loads(json.dumps(d)); x["players"][0]["hand"].append(x["players"][1]["hand"][0]); bad.append(x)
    x = json.loads(json.dumps(d)); x["players"][0]["hand"].pop(); bad.append(x)
    x = json.loads(json.dumps(d)); x["players"][0]["res"]["tree"] += 1; bad.append(x)
    x = json.loads(json.dumps(d)); x["era"] = 9; bad.append(x)
    x = json.loads(json.dumps(d)); del x["decks"]; bad.append(x)
    x = json.loads(json.dumps(d)); x["players"][0]["city"][0] = {"id": 9}; bad.append(x)
    x = json.loads(json.dumps(d)); x["options"]["players"] = 2; bad.append(x)
    x = json.loads(json.dumps(d)); x["rng"] = "seven"; bad.append(x)
    bad += [None, [], "x", {}, {"options": {}}]
    for b in bad:
        with pytest.raises(BadSave):
            GAME.from_dict(b)
    with pytest.raises(BadSave):
        GAME.load({"format": "pipes-and-ducks/state", "version": 99, "game": "aqueducks", "state": d})


def test_refused_moves_leave_state_unchanged():
    g = midgame(action="build")
    bad_moves = [{"type": "donate", "space": "0-0"}, {"type": "pick", "card": 0},
                 {"type": "build", "cards": [0, 1], "x": 0, "y": 0, "storey": 1, "bridge": None},
                 {"type": "protect", "districts": []}, {"type": "nonsense"}, {"type": "pass"}]
    for p in range(g.num_players):
        for mv in bad_moves:
            before = g.to_dict()
            legal = g.legal_moves(p)
            try:
                g.apply(p, mv)
            except (IllegalMove, BadRequest):
                assert mv not in legal
                assert g.to_dict() == before
            else:
                assert mv in legal
                break
    with pytest.raises(BadRequest):
        g.apply(9, {"type": "pass"})
    with pytest.raises(BadRequest):
        g.apply(0, "build")


def test_views_hide_secrets():
    g = midgame(players=3, action="build")
    full = g.to_dict()
    p0 = g.players[0]
    v1 = g.view(1)
    spect = g.view(None)
    text1 = json.dumps(v1)
    json.dumps(spect)
    assert v1["hand"] and [h["card"] for h in v1["hand"]] == g.players[1]["hand"]
    assert "hand" not in spect and spect["you"] is None
    c0 = v1["cities"][0]
    assert c0["hand_count"] == len(p0["hand"]) and "hand" not in c0 and "draw" not in c0
    # nothing in player 1's view names the order of any draw pile
    assert "draw\"" not in text1 and "decks\": {\"1\": [" not in text1
    # a pending build of seat 0 stays hidden from seat 1 and from spectators
    m = g.legal_moves(0)[0]
    g.apply(0, m)
    v1 = g.view(1)
    assert v1["cities"][0]["has_chosen"] and v1["my_choice"] is None
    assert json.dumps(m["cards"]) not in json.dumps(v1.get("my_choice"))
    assert g.view(0)["my_choice"] == m
    # bridges are face down for everyone but the owner
    for p in range(3):
        for d in g.players[p]["city"]:
            if d is not None and d["bridge"] is not None:
                other = (p + 1) % 3
                od = [x for x in g.view(other)["cities"][p]["districts"] if x["id"] == d["id"]][0]
                assert od["bridge"] is True
    assert full  # to_dict is the full state and may contain everything


def test_view_shape_for_renderer():
    g = midgame(players=2, action="build")
    v = g.view(0)
    for k in ("era", "action_index", "action", "track", "cities", "pondifex", "publican", "faith_order",
              "hand", "to_act", "over", "result"):
        assert k in v
    c = v["cities"][0]
    for k in ("districts", "pictures", "resources", "duckats", "favour", "protection_left", "faction"):
        assert k in c
    d = c["districts"][0]
    for k in ("id", "x", "y", "storey", "place", "left", "right", "bridge", "protected"):
        assert k in d
    rows = v["board"]["y"][1] - v["board"]["y"][0] + 1       # one picture row per board row
    assert len(c["pictures"]["left"]) == rows == 9 and len(c["pictures"]["left"][0]) == 3
    spaces = [(sp["x"], sp["y"], sp["storey"]) for sp in c["spaces"]]
    assert (0, 2, 1) in spaces and (1, 2, 1) not in spaces
    # every space and row comes named in a player's words
    assert all(sp["place"] for sp in c["spaces"]) and all(r["name"] for r in c["rows"])
    assert len(v["track"]) == 11


def _card_fields(obj, out):
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("card", "cards", "copied", "bridge") and v is not True:
                for c in (v if isinstance(v, list) else [v]):
                    if isinstance(c, int) and not isinstance(c, bool):
                        out.add(c)
            else:
                _card_fields(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _card_fields(v, out)
    return out


def _hidden_from(g, seat):
    hidden = set()
    for d in g.decks.values():
        hidden.update(d)
    for q, pl in enumerate(g.players):
        hidden.update(pl["draw"])
        hidden.update(pl["discard"])
        if q != seat:
            hidden.update(pl["hand"])
            ch = pl["choice"]
            if ch and ch.get("type") == "pick":
                hidden.add(ch["card"])
            if ch and ch.get("type") == "build":
                hidden.update(ch["cards"])
                if ch["bridge"] is not None:
                    hidden.add(ch["bridge"])
            for d in pl["city"]:
                if d is not None and d["bridge"] is not None:
                    hidden.add(d["bridge"])
            if g.draft is not None:
                hidden.update(g.draft["hands"][q])
    return hidden


def test_no_view_or_event_names_a_hidden_card_during_whole_games():
    for players, seed in ((3, 5), (1, 6), (6, 7)):
        g = GAME.new({"players": players}, seed)
        rng = Rng(seed)
        while not g.is_over:
            for p in g.to_act():
                for seat in [None] + list(range(players)):
                    shown = _card_fields(g.view(seat), set())
                    assert not shown & _hidden_from(g, -1 if seat is None else seat), (seat, g.action)
                ev = g.apply(p, BOTS["random"](g, p, rng))
                named = _card_fields(ev, set())
                # events are public: nothing still hidden from every seat but its owner may appear
                for seat in range(players):
                    leak = named & _hidden_from(g, seat)
                    assert not leak, (g.action, leak)
                if g.is_over:
                    break


def test_a_save_with_repeated_or_undealt_district_numbers_is_refused():
    d = midgame().to_dict()
    for change in ("repeat", "undealt"):
        x = json.loads(json.dumps(d))
        pl = next(p for p in x["players"] if sum(c is not None for c in p["city"]) >= 2)
        first, second = [c for c in pl["city"] if c is not None][:2]
        second["id"] = first["id"] if change == "repeat" else pl["next_district"]
        with pytest.raises(BadSave, match="District numbers"):
            GAME.from_dict(x)
    GAME.from_dict(json.loads(json.dumps(d)))    # the untouched save still loads
