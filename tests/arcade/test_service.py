"""The JSON service the page talks to: envelopes, structured errors, unchanged state."""
import json

import pytest

from arcade.service import Service


@pytest.fixture
def svc():
    return Service()


def call(svc, method, **params):
    return json.loads(svc.dispatch_json(json.dumps({"method": method, "params": params})))


def test_ping_answers_without_importing_games(svc, monkeypatch):
    from arcade import registry
    monkeypatch.setattr(registry, "get", lambda name: (_ for _ in ()).throw(AssertionError("imported")))
    assert call(svc, "ping") == {"ok": True, "result": {"api": 1}}


def test_hello_lists_both_games_with_option_schemas(svc):
    res = call(svc, "hello")
    assert res["ok"]
    games = {g["name"]: g for g in res["result"]["games"]}
    assert set(games) == {"waterworks", "aqueducks"}
    for g in games.values():
        assert "players" in g["options"] and {"random", "greedy"} <= set(g["bots"])


@pytest.mark.parametrize("raw, code", [
    ("{not json", "bad_request"),
    ("[]", "bad_request"),
    ('{"method": "nope"}', "bad_request"),
    ('{"method": "state", "params": []}', "bad_request"),
    ('{"method": "state", "params": {"id": 3}}', "bad_request"),
    ('{"method": "newGame", "params": {"game": "chess", "seed": 1}}', "bad_request"),
    ('{"method": "newGame", "params": {"game": "waterworks"}}', "bad_request"),
])
def test_malformed_requests_get_structured_errors(svc, raw, code):
    res = json.loads(svc.dispatch_json(raw))
    assert res["ok"] is False and res["error"]["code"] == code
    assert "Traceback" not in res["error"]["message"]


@pytest.mark.parametrize("game, players", [("waterworks", 2), ("aqueducks", 4)])
def test_a_game_plays_through_the_service_with_bots(svc, game, players):
    gid = call(svc, "newGame", game=game, options={"players": players}, seed=21)["result"]["id"]
    for _ in range(30):
        snap = call(svc, "state", id=gid)["result"]
        if snap["over"]:
            break
        p = snap["toAct"][0]
        move = call(svc, "botMove", id=gid, player=p, level="greedy")["result"]["move"]
        res = call(svc, "play", id=gid, player=p, move=move, viewer=p)
        assert res["ok"], res
        assert isinstance(res["result"]["events"], list)
    record = call(svc, "record", id=gid)["result"]
    again = call(svc, "load", data=json.dumps(record))
    assert again["ok"]
    a = call(svc, "save", id=gid)["result"]
    b = call(svc, "save", id=again["result"]["id"])["result"]
    assert a == b


def test_illegal_move_is_refused_and_state_unchanged(svc):
    gid = call(svc, "newGame", game="waterworks", options={"players": 2}, seed=4)["result"]["id"]
    before = call(svc, "save", id=gid)["result"]
    snap = call(svc, "state", id=gid, player=0)["result"]
    p = snap["toAct"][0]
    res = call(svc, "play", id=gid, player=p, move={"type": "teleport"})
    assert res["ok"] is False and res["error"]["code"] in ("illegal_move", "bad_request")
    res = call(svc, "play", id=gid, player=1 - p, move={"type": "discard"})
    assert res["ok"] is False and res["error"]["code"] == "illegal_move"
    assert call(svc, "save", id=gid)["result"] == before


@pytest.mark.parametrize("data, needle", [
    ("{trunc", "not valid JSON"),
    ({"format": "pipes-and-ducks/record", "version": 1, "game": "monopoly"}, "not a game"),
    ({"format": "pipes-and-ducks/record", "version": 7, "game": "waterworks",
      "options": {}, "seed": 1, "moves": []}, "newer version"),
    ({"format": "x", "game": "waterworks"}, "not a Pipes & Ducks file"),
])
def test_bad_files_are_refused_and_other_games_untouched(svc, data, needle):
    gid = call(svc, "newGame", game="waterworks", options={"players": 2}, seed=4)["result"]["id"]
    before = call(svc, "save", id=gid)["result"]
    res = call(svc, "load", data=data)
    assert res["ok"] is False and res["error"]["code"] == "bad_save"
    assert needle in res["error"]["message"]
    assert call(svc, "save", id=gid)["result"] == before


def test_bot_move_is_deterministic_for_the_same_position(svc):
    ids = [call(svc, "newGame", game="waterworks", options={"players": 2}, seed=9)["result"]["id"]
           for _ in range(2)]
    moves = [call(svc, "botMove", id=i, player=call(svc, "state", id=i)["result"]["toAct"][0],
                  level="random")["result"]["move"] for i in ids]
    assert moves[0] == moves[1]


def test_internal_errors_become_a_plain_sentence(svc, monkeypatch, capsys):
    monkeypatch.setattr(svc, "_methods", {"boom": lambda params: 1 / 0})
    res = call(svc, "boom")
    assert res == {"ok": False, "error": {"code": "internal", "message":
                   "The engine hit an unexpected problem. Your game is unchanged."}}
    assert "ZeroDivisionError" in capsys.readouterr().err
