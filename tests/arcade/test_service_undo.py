"""The service's take-back and statistics methods: envelopes, what counts as seen, bots."""
import json

import pytest

from arcade.service import Service
from service_calls import call, ok


@pytest.fixture
def svc():
    return Service()


def ww(svc, seed=7, players=2):
    return ok(svc, "newGame", game="waterworks", options={"players": players, "first_player": "1"}, seed=seed)["id"]


def human_then_bot(svc, gid):
    snap = ok(svc, "state", id=gid, player=0)
    return ok(svc, "play", id=gid, player=0, move=snap["legal"][3], viewer=0)


def test_undo_returns_the_players_snapshot_with_a_took_back_event(svc):
    gid = ww(svc)
    before = ok(svc, "state", id=gid, player=0)
    human_then_bot(svc, gid)
    assert ok(svc, "undoable", id=gid, player=0, bots=[1]) == {"moves": 1}
    res = ok(svc, "undo", id=gid, player=0, bots=[1])
    assert res["events"] == [{"type": "undo", "player": 0, "moves": 1,
                              "text": "Player 1 took back 1 move."}]
    assert {k: res[k] for k in before} == before
    rec = ok(svc, "record", id=gid)
    assert rec["moves"][-1] == {"player": 0, "undo": 1, "bots": [1]}


def test_a_view_handed_to_the_page_is_what_stops_a_take_back_between_persons(svc):
    gid = ww(svc)
    human_then_bot(svc, gid)                              # its draw goes to seat 2
    assert ok(svc, "undoable", id=gid, player=0) == {"moves": 1}
    ok(svc, "state", id=gid)                              # a spectator's view shows no hand
    assert ok(svc, "undoable", id=gid, player=0) == {"moves": 1}
    ok(svc, "state", id=gid, player=1)                    # the other person sees the new card
    res = ok(svc, "undoable", id=gid, player=0)
    assert res["moves"] == 0 and "shown a card just drawn" in res["reason"]
    res = call(svc, "undo", id=gid, player=0)
    assert res["error"]["code"] == "illegal_move" and "shown a card just drawn" in res["error"]["message"]


def test_against_a_bot_the_play_goes_back_after_its_reply_was_shown(svc):
    """docs/rulings/take-backs.md T1: the bot's reply dealt the person a card, which the page
    showed; the play and the reply go back together, and the take-back says so."""
    gid = ww(svc)
    before = ok(svc, "state", id=gid, player=0)
    human_then_bot(svc, gid)
    move = ok(svc, "botMove", id=gid, player=1, level="greedy")["move"]
    ok(svc, "play", id=gid, player=1, move=move, viewer=0)  # the person sees the new card
    assert ok(svc, "undoable", id=gid, player=0, bots=[1]) == {"moves": 2, "revealed": True}
    res = ok(svc, "undo", id=gid, player=0, bots=[1], moves=2)
    assert res["events"][0]["revealed"] and res["legal"] == before["legal"]
    st = ok(svc, "stats", id=gid)
    assert st["players"][0]["takebacks"] == 1


def test_after_an_undo_the_bot_decides_as_in_the_game_that_never_made_the_move(svc):
    gid = ww(svc, seed=31)
    never = ww(svc, seed=31)
    human_then_bot(svc, gid)
    ok(svc, "undo", id=gid, player=0, bots=[1])
    snap = ok(svc, "state", id=never, player=0)
    for g in (gid, never):
        ok(svc, "play", id=g, player=0, move=snap["legal"][5], viewer=0)
    for level in ("random", "greedy"):
        a = ok(svc, "botMove", id=gid, player=1, level=level)
        b = ok(svc, "botMove", id=never, player=1, level=level)
        assert a == b
    assert ok(svc, "save", id=gid) == ok(svc, "save", id=never)


@pytest.mark.parametrize("params, needle", [
    ({"bots": "1"}, "'bots'"),
    ({"bots": [1, 1]}, "distinct"),
    ({"bots": [5]}, "no player 5"),
    ({"bots": [0]}, "A bot does not take back"),
    ({"player": 9}, "no player 9"),
    ({"player": "0"}, "wrong type"),
])
def test_bad_take_back_parameters_are_refused(svc, params, needle):
    gid = ww(svc)
    human_then_bot(svc, gid)
    before = ok(svc, "save", id=gid)
    for method in ("undoable", "undo"):
        res = call(svc, method, **{"id": gid, "player": 0, **params})
        assert res["error"]["code"] == "bad_request" and needle in res["error"]["message"]
    assert ok(svc, "save", id=gid) == before


def test_a_loaded_record_with_take_backs_replays_and_counts_as_seen(svc):
    gid = ww(svc)
    human_then_bot(svc, gid)
    ok(svc, "undo", id=gid, player=0, bots=[1])
    human_then_bot(svc, gid)
    rec = ok(svc, "record", id=gid)
    loaded = ok(svc, "load", data=json.dumps(rec))["id"]
    assert ok(svc, "save", id=loaded) == ok(svc, "save", id=gid)
    assert ok(svc, "record", id=loaded) == rec
    # the draw went to the bot, so against it the play can still be taken back
    assert ok(svc, "undoable", id=loaded, player=0, bots=[1]) == {"moves": 1}
    # with everyone a person, the loaded table counts as seen by player 2
    assert ok(svc, "undoable", id=loaded, player=0)["moves"] == 0


def test_aqueducks_build_changed_before_the_reveal_through_the_service(svc):
    gid = ok(svc, "newGame", game="aqueducks", options={"players": 2}, seed=3)["id"]
    snap = ok(svc, "state", id=gid, player=0)
    assert snap["view"]["action"] == "build"
    ok(svc, "play", id=gid, player=0, move=snap["legal"][0], viewer=0)
    assert ok(svc, "undoable", id=gid, player=0) == {"moves": 1}
    res = ok(svc, "undo", id=gid, player=0)
    assert res["events"][0]["text"].endswith("took back 1 move.")
    assert res["toAct"] == [0, 1] and res["view"]["my_choice"] is None
    assert res["legal"] == snap["legal"]


def test_stats_for_both_games(svc):
    gid = ww(svc)
    human_then_bot(svc, gid)
    st = ok(svc, "stats", id=gid)
    assert st["game"] == "waterworks" and st["moves"] == 1 and not st["over"]
    assert [len(p["line"]) for p in st["players"]] == [2, 2] and st["players"][1]["line"] == [0, 0]
    aq = ok(svc, "newGame", game="aqueducks", options={"players": 3}, seed=3)["id"]
    st = ok(svc, "stats", id=aq)
    assert st["game"] == "aqueducks" and st["cities"] is None and st["visits"] == []
    assert call(svc, "stats", id="nope")["error"]["code"] == "bad_request"


def test_undo_with_the_count_it_was_offered_refuses_a_bigger_take_back(svc):
    gid = ww(svc)
    human_then_bot(svc, gid)
    assert ok(svc, "undoable", id=gid, player=0, bots=[1]) == {"moves": 1}
    move = ok(svc, "botMove", id=gid, player=1, level="random")["move"]
    ok(svc, "play", id=gid, player=1, move=move)   # the bot replied meanwhile (not yet shown)
    before = ok(svc, "save", id=gid)
    res = call(svc, "undo", id=gid, player=0, bots=[1], moves=1)
    assert res["error"]["code"] == "illegal_move" and "not 1" in res["error"]["message"]
    assert ok(svc, "save", id=gid) == before
    assert ok(svc, "undo", id=gid, player=0, bots=[1], moves=2)["moveCount"] == 0
