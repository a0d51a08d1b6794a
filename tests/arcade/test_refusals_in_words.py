"""Every refusal is a sentence for people (issue 26, item 12): whatever a caller sends, a
refused call says what is wrong in words, never a Python exception's name or text ("TypeError:
'NoneType' object is not iterable" reached the page from a save whose table ends were null).

A property test over the service's JSON transport: each method is called with its valid
parameters, some left out, some replaced by any JSON value; saves and records (``load``) are
also tampered at any path. Every answer is a result or a refusal coded ``bad_request``,
``illegal_move`` or ``bad_save`` whose message is a sentence free of Python's words."""
import copy
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sampled import sampled
from tamper import paths, set_at
from test_service_params import SPEC, call, setting

PYTHON_WORDS = re.compile(
    r"[A-Z][a-z]+(Error|Exception)\b|NoneType|object is not|not subscriptable|unhashable|"
    r"has no attribute|Traceback|takes \d+ positional|unexpected keyword|\((?:[A-Z][a-z]+){2,}\)|"
    r"invalid literal|list index|out of range$|^'.*'$|^\d+$|^$")


def assert_a_sentence(error: dict) -> None:
    message = error["message"]
    assert isinstance(message, str) and message, error
    assert not PYTHON_WORDS.search(message), f"Python's text in a refusal: {message!r}"
    assert message[0].isupper() or message[0] in "'\"", message
    assert message.rstrip(")'\"").endswith((".", "?", "!")) or message.endswith(".)"), message
    assert len(message) <= 200, message


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12) | st.sampled_from(["", "0", "g1", "g2", "waterworks", "aqueducks", "discard"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["type", "card", "player", "move", "x", "y", "rotation", "id", "format"]) | st.text(max_size=6),
        inner, max_size=4),
    max_leaves=12)

_SETTINGS = {game: setting(game) for game in ("waterworks", "aqueducks")}


@st.composite
def calls(draw, game):
    """(method, params): the valid call of a method with some parameters left out or changed."""
    _, valid = _SETTINGS[game]
    method = draw(st.sampled_from(sorted(m for m in SPEC if m in valid)))
    params = copy.deepcopy(valid[method])
    for name in sorted(set(params) | set(SPEC[method])):
        how = draw(st.sampled_from(["keep", "keep", "drop", "any"]))
        if how == "drop":
            params.pop(name, None)
        elif how == "any":
            params[name] = draw(JSON.filter(lambda v: not (name in BUDGETS and _thinks(v))))
    return method, params


#: a budget in range is no refusal, only thinking (up to 10 s or 100,000 playouts a call):
#: its bad values are tried in test_service_params, so here it keeps its valid value or goes bad
BUDGETS = ("ms", "iterations")


def _thinks(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 1 <= value <= 100_000


@st.composite
def tampered_files(draw, game):
    """A save or a record of the game in play with one to three values changed anywhere."""
    svc, valid = _SETTINGS[game]
    kind = draw(st.sampled_from(["save", "record"]))
    data = call(svc, kind, {"id": valid["save"]["id"]})["result"]
    where = list(paths(data)) + [("moves",), ("log",)]
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(where))
        set_at(data, path, draw(JSON))
    return data


def answered_in_words(res: dict) -> None:
    assert set(res) <= {"ok", "result", "error"}, res
    if res["ok"]:
        return
    assert res["error"]["code"] in ("bad_request", "illegal_move", "bad_save"), res
    assert_a_sentence(res["error"])


GAMES = pytest.mark.parametrize("game", ["waterworks", "aqueducks"])
FUZZ = settings(deadline=None, max_examples=250, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("game", sampled(["waterworks", "aqueducks"], quick=["waterworks"]))
@FUZZ
@given(data=st.data())
def test_a_malformed_call_is_refused_in_words(game, data):
    method, params = data.draw(calls(game))
    svc, _ = setting(game)    # a fresh service: the valid ids are handed out in the same order
    answered_in_words(call(svc, method, params))


@GAMES
@FUZZ
@given(data=st.data())
def test_a_tampered_file_is_refused_in_words(game, data):
    file = data.draw(tampered_files(game))
    svc = _SETTINGS[game][0]
    res = call(svc, "load", {"data": json.dumps(file)})
    answered_in_words(res)
    if res["ok"]:
        call(svc, "close", {"id": res["result"]["id"]})


@pytest.mark.parametrize("part, value", [(("table", "ends"), None), (("table", "cells"), None),
                                         (("table", "ends"), [[1]]), (("outcome",), {"reason": "spout"}),
                                         (("table", "cells"), [{"cell": 3}])])
def test_a_water_works_save_damaged_in_its_table_is_refused_in_words(part, value):
    """The reported case: table ends null gave "TypeError: 'NoneType' object is not iterable"."""
    svc, valid = _SETTINGS["waterworks"]
    save = call(svc, "save", {"id": valid["save"]["id"]})["result"]
    set_at(save["state"], part, value)
    res = call(svc, "load", {"data": save})
    assert res["error"]["code"] == "bad_save"
    assert_a_sentence(res["error"])
