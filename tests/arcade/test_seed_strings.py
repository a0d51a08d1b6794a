"""64-bit values never pass through JS numbers (issue 15, item 9): seeds and rng state leave
the service as decimal strings, and both strings and (old) integers are accepted on the way in.

The page parses every answer with JSON.parse, where each number is a double; ``through_js``
does the same to a response, so a value that only survives as a string is caught here."""
import json

import pytest

from arcade.service import Service
from service_calls import random_moves

NEAR_2_64 = [2 ** 64 - 1, 2 ** 64 - 2, 11343426241713690743, 2 ** 63 + 12345, 2 ** 53 + 1]
GAMES = ["waterworks", "aqueducks"]


def through_js(text: str):
    """JSON.parse in a browser: every number is a double (an integer above 2**53 is rounded)."""
    return json.loads(text, parse_int=lambda s: int(float(s)))


def call(svc, method, **params):
    """A call as the page makes it: JSON out, JSON.parse of the answer."""
    out = through_js(svc.dispatch_json(json.dumps({"method": method, "params": params})))
    assert out["ok"], out
    return out["result"]


def bot_moves(svc, gid, n):
    random_moves(svc, gid, n, through=call)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", NEAR_2_64)
def test_save_load_continue_through_js_equals_the_original(game, seed):
    svc = Service()
    created = call(svc, "newGame", game=game, options={"players": 2}, seed=str(seed))
    assert created["seed"] == str(seed)
    gid = created["id"]
    bot_moves(svc, gid, 5)
    save = call(svc, "save", id=gid)
    assert save["state"]["seed"] == str(seed) and isinstance(save["state"]["rng"], str)
    record = call(svc, "record", id=gid)
    assert record["seed"] == str(seed)
    from_save = call(svc, "load", data=json.dumps(save))
    from_record = call(svc, "load", data=record)
    assert from_save["seed"] == from_record["seed"] == str(seed)
    for other in (from_save["id"], from_record["id"]):
        assert call(svc, "save", id=other) == save
    for g in (gid, from_save["id"], from_record["id"]):
        bot_moves(svc, g, 12)
    final = call(svc, "save", id=gid)
    assert call(svc, "save", id=from_save["id"]) == final
    assert call(svc, "save", id=from_record["id"]) == final


@pytest.mark.parametrize("game", GAMES)
def test_a_string_seed_and_an_integer_seed_make_the_same_game(game):
    svc = Service()
    a = call(svc, "newGame", game=game, options={"players": 2}, seed=987654321)
    b = call(svc, "newGame", game=game, options={"players": 2}, seed="987654321")
    assert a["seed"] == b["seed"] == "987654321"
    assert call(svc, "save", id=a["id"]) == call(svc, "save", id=b["id"])


@pytest.mark.parametrize("game", GAMES)
def test_old_files_with_integer_seeds_still_load(game):
    svc = Service()
    gid = call(svc, "newGame", game=game, options={"players": 2}, seed=2 ** 64 - 5)["id"]
    bot_moves(svc, gid, 4)
    save = call(svc, "save", id=gid)
    record = call(svc, "record", id=gid)
    old_save = json.loads(json.dumps(save))
    old_save["state"]["seed"] = int(save["state"]["seed"])
    old_save["state"]["rng"] = int(save["state"]["rng"])
    old_record = dict(record, seed=int(record["seed"]))
    for data in (old_save, old_record):
        res = json.loads(Service.dispatch_json(svc, json.dumps({"method": "load", "params": {"data": data}})))
        assert res["ok"], res
        assert call(svc, "save", id=res["result"]["id"]) == save


@pytest.mark.parametrize("field", ["seed", "rng"])
@pytest.mark.parametrize("value", ["", "x", "-1", "1.5", "18446744073709551616", " 1", "0x1f", 1.5, -1,
                                   2 ** 64, None, True, [], "1" * 30])
@pytest.mark.parametrize("game", GAMES)
def test_a_bad_seed_or_random_state_in_a_save_is_refused(game, field, value):
    svc = Service()
    gid = call(svc, "newGame", game=game, options={"players": 2}, seed=3)["id"]
    save = call(svc, "save", id=gid)
    save["state"][field] = value
    res = json.loads(svc.dispatch_json(json.dumps({"method": "load", "params": {"data": save}})))
    assert res["ok"] is False and res["error"]["code"] == "bad_save", res


@pytest.mark.parametrize("value", ["", "x", "-1", "18446744073709551616", 1.5, None])
def test_a_bad_seed_in_a_record_is_refused(value):
    svc = Service()
    gid = call(svc, "newGame", game="waterworks", options={"players": 2}, seed=3)["id"]
    record = dict(call(svc, "record", id=gid), seed=value)
    res = json.loads(svc.dispatch_json(json.dumps({"method": "load", "params": {"data": record}})))
    assert res["ok"] is False and res["error"]["code"] == "bad_save", res
