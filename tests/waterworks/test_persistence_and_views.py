"""JSON round trip, replay, damaged saves, clone independence, views hide hidden information,
events are public."""
import json

import pytest
from gamecore import BadSave, Rng, replay

from waterworks import BOTS, GAME
from ww_helpers import bot_moves


def play(seed, players=2, moves=60, bot="random", **opts):
    return bot_moves(GAME.new(dict(players=players, **opts), seed), moves, seed + 99, bot)


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4), (4, 2)])
def test_json_round_trip_and_replay(seed, players):
    g = play(seed, players, moves=10_000)
    d = g.to_dict()
    text = json.dumps(d)
    g2 = GAME.from_dict(json.loads(text))
    assert g2.to_dict() == d
    assert GAME.load(json.loads(json.dumps(g.save()))).to_dict() == d
    assert replay(GAME, json.loads(json.dumps(g.record()))).to_dict() == d
    # mid-game too, and the restored game plays on identically
    h = play(seed, players, moves=25)
    h2 = GAME.from_dict(json.loads(json.dumps(h.to_dict())))
    r1, r2 = Rng(5), Rng(5)
    for _ in range(20):
        if h.is_over:
            break
        p = h.to_act()[0]
        mv = BOTS["random"](h, p, r1)
        assert BOTS["random"](h2, p, r2) == mv
        assert h.apply(p, mv) == h2.apply(p, mv)
    assert h.to_dict() == h2.to_dict()


def test_damaged_saves_raise_badsave_only():
    g = play(7, moves=30)
    d = g.to_dict()
    bad = []
    for key in d:
        x = json.loads(json.dumps(d))
        x[key] = "garbage"
        bad.append(x)
        x = json.loads(json.dumps(d))
        del x[key]
        bad.append(x)
    x = json.loads(json.dumps(d))
    x["hands"][0].append(x["hands"][1][0])        # a card in two places
    bad.append(x)
    x = json.loads(json.dumps(d))
    x["draw"].pop()                               # a card missing
    bad.append(x)
    x = json.loads(json.dumps(d))
    x["table"]["cells"][0]["kind"] = "dragon"
    bad.append(x)
    bad += [None, [], "x", {"version": 2}]
    for b in bad:
        with pytest.raises(BadSave):
            GAME.from_dict(b)
    with pytest.raises(BadSave):
        GAME.load({"format": "pipes-and-ducks/state", "version": 1, "game": "aqueducks", "state": d})


def test_clone_is_independent_and_equal():
    g = play(11, moves=40)
    c = g.clone()
    assert c.to_dict() == g.to_dict()
    p = c.to_act()[0]
    c.apply(p, c.legal_moves(p)[0])
    assert c.to_dict() != g.to_dict()
    assert GAME.from_dict(g.to_dict()).to_dict() == g.to_dict()
    assert g.clone().legal_moves(p) == g.legal_moves(p)


def test_view_hides_other_hands_and_draw_order():
    g = play(12, moves=30)
    p = g.to_act()[0]
    other = 1 - p
    v = g.view(p)
    assert [c["id"] for c in v["hand"]] == g.hands[p]
    assert v["hand_sizes"] == [len(h) for h in g.hands]
    text = json.dumps(v)
    assert "draw\"" not in text.replace("draw_pile", "")
    shown = {c["id"] for c in v["cards"]} | {cc["id"] for c in v["cards"] for cc in c["covered"]}
    if v["discard_top"]:
        shown.add(v["discard_top"]["id"])
    assert not shown & set(g.hands[other])
    assert not shown & set(g.draw)
    spectator = g.view(None)
    assert spectator["hand"] is None
    # a view never changes when only hidden information changes
    h = g.clone()
    pool = h.hands[other] + h.draw
    Rng(3).shuffle(pool)
    h.hands[other], h.draw = pool[:len(h.hands[other])], pool[len(h.hands[other]):]
    assert h.view(p) == v and h.view(None) == spectator
    assert json.loads(json.dumps(v)) == v


def test_events_are_public():
    g = GAME.new({}, 21)
    rng = Rng(1)
    for _ in range(200):
        if g.is_over:
            break
        p = g.to_act()[0]
        before_hidden = {q: set(h) for q, h in enumerate(g.hands)}
        ev = g.apply(p, BOTS["random"](g, p, rng))
        nxt = g.to_act()[0] if not g.is_over else None
        drawn = set(g.hands[nxt]) - before_hidden[nxt] if nxt is not None else set()
        text = json.dumps(ev)
        for cid in drawn:
            assert f'"id": {cid},' not in text
        assert all("type" in e for e in ev)
        json.loads(text)


def test_view_shapes():
    g = play(5, players=4, moves=40)
    v = g.view(0)
    for key in ("table", "cards", "open_ends", "pipelines", "hand", "hand_sizes", "draw_pile",
                "discard_top", "discard_size", "turn", "to_act", "over", "result", "target"):
        assert key in v
    for c in v["cards"]:
        assert {"id", "kind", "shape", "x", "y", "owner", "turned", "openings", "leaky",
                "repaired", "plumber", "covered", "pipes"} <= set(c)
        assert 0 <= c["x"] < v["table"]["width"] and 0 <= c["y"] < v["table"]["height"]
