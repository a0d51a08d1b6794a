"""Requests and imported files are bounded before they are parsed (issue 15, item 8): size and
nesting depth, no NaN or Infinity, a method name that is not a string, and error messages that
echo at most a short prefix of what was sent."""
import json

import pytest

from arcade.service import Service

SHORT = 200    # no refusal message is longer than this, whatever was sent


@pytest.fixture
def svc():
    return Service()


def raw(svc, text):
    out = json.loads(svc.dispatch_json(text))
    assert out["ok"] is False, out
    assert out["error"]["code"] != "internal", out
    assert len(out["error"]["message"]) <= SHORT, out["error"]["message"][:300]
    return out["error"]


def call(svc, method, **params):
    return json.loads(svc.dispatch_json(json.dumps({"method": method, "params": params})))


def a_save(svc):
    gid = call(svc, "newGame", game="waterworks", options={"players": 2}, seed=3)["result"]["id"]
    return gid, call(svc, "save", id=gid)["result"]


@pytest.mark.parametrize("depth", [5000, 100_000])
def test_deep_nesting_in_a_request_is_refused_before_parsing(svc, depth):
    for text in ('{"method": "ping", "params": {"x": ' + "[" * depth + "]" * depth + "}}",
                 "[" * depth,
                 '{"method": "state", "params": ' + '{"a":' * depth + "1" + "}" * depth + "}"):
        assert raw(svc, text)["code"] == "bad_request"


def test_deep_nesting_in_an_imported_file_is_refused(svc):
    gid, before = a_save(svc)
    data = '{"format": "pipes-and-ducks/record", "moves": ' + "[" * 5000 + "]" * 5000 + "}"
    err = raw(svc, json.dumps({"method": "load", "params": {"data": data}}))
    assert err["code"] == "bad_save" and "nested" in err["message"]
    assert call(svc, "save", id=gid)["result"] == before


def test_ordinary_nesting_still_parses(svc):
    gid, save = a_save(svc)
    assert call(svc, "load", data=json.dumps(save))["ok"]
    assert call(svc, "ping", x=json.loads("[" * 16 + "1" + "]" * 16))["ok"]
    # brackets inside strings are text, not nesting
    assert call(svc, "ping", x="[" * 10000)["ok"]


def test_an_oversized_request_or_file_is_refused(svc):
    err = raw(svc, '{"method": "ping", "params": {"x": "' + "a" * 5_000_000 + '"}}')
    assert err["code"] == "bad_request" and "too large" in err["message"]
    err = raw(svc, json.dumps({"method": "load", "params": {"data": " " * 1_500_000 + "{}"}}))
    assert err["code"] == "bad_save" and "too large" in err["message"]


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity", "1e400", "-1e999"])
def test_nan_and_infinity_are_refused(svc, token):
    err = raw(svc, '{"method": "ping", "params": {"x": %s}}' % token)
    assert err["code"] == "bad_request"
    gid, save = a_save(svc)
    record = call(svc, "record", id=gid)["result"]
    p = call(svc, "state", id=gid)["result"]["toAct"][0]
    move = call(svc, "state", id=gid, player=p)["result"]["legal"][0]
    record["moves"] = [{"player": p, "move": dict(move, extra="@")}]
    text = json.dumps(record).replace('"@"', token)
    err = raw(svc, json.dumps({"method": "load", "params": {"data": text}}))
    assert err["code"] == "bad_save"
    err = raw(svc, '{"method": "play", "params": {"id": "%s", "player": %d, "move": %s}}'
              % (gid, p, json.dumps(dict(move, extra="@")).replace('"@"', token)))
    assert err["code"] == "bad_request"
    assert call(svc, "save", id=gid)["result"] == save


@pytest.mark.parametrize("method", ["[]", "{}", "1", "null", "true", '["ping"]'])
def test_a_method_name_that_is_not_a_string_is_a_bad_request(svc, method):
    assert raw(svc, '{"method": %s}' % method)["code"] == "bad_request"


HUGE = "x" * 1_000_025


@pytest.mark.parametrize("method, params", [pytest.param(m, p, id=f"{i}-{m[:10]}") for i, (m, p) in enumerate([
    (HUGE, {}),
    ("state", {"id": HUGE}),
    ("save", {"id": HUGE}),
    ("newGame", {"game": HUGE, "seed": 1}),
    ("newGame", {"game": "waterworks", "seed": 1, "options": {HUGE: 1}}),
    ("newGame", {"game": "waterworks", "seed": 1, "options": {"table": HUGE}}),
    ("newGame", {"game": "aqueducks", "seed": 1, "options": {"factions": [HUGE]}}),
    ("botMove", {"id": "g1", "player": 0, "level": HUGE}),
    ("play", {"id": "g1", "player": 0, "move": {"type": HUGE}}),
    ("load", {"data": {"format": "pipes-and-ducks/record", "version": 1, "game": "waterworks",
                       "options": {"players": 2}, "seed": 1, "moves": [{"player": 0, "move": {"type": HUGE}}]}}),
    ("load", {"data": {"format": "pipes-and-ducks/record", "version": 1, "game": "waterworks",
                       "options": {"players": 2}, "seed": 1, "moves": [{"player": HUGE, "move": {"type": "x"}}]}}),
])])
def test_refusals_echo_only_a_short_prefix(svc, method, params):
    call(svc, "newGame", game="waterworks", options={"players": 2}, seed=3)
    call(svc, "newGame", game="aqueducks", options={"players": 2}, seed=3)
    err = raw(svc, json.dumps({"method": method, "params": params}))
    assert "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" not in err["message"]
