"""A saved-game file from outside, read by the one reader the site's import and the command
line share (arcade.savefile): each way a file can be wrong is refused with its own sentence,
and a good file, wrapped or bare, replays to the same game."""
import json

import pytest

from arcade import savefile
from arcade.service import Service
from gamecore import BadSave
from positions import finished


@pytest.fixture(scope="module")
def game():
    return finished("waterworks", 2, 11)


def wrapped(record, **extra):
    return {"format": "pipes-and-ducks/saved-game", "version": 1, "id": "x", "game": record["game"],
            "seats": [{"name": "Ann"}, {"name": "Ben"}], "record": record, **extra}


def test_a_bare_record_and_a_saved_game_replay_to_the_same_game(game):
    record = game.record()
    bare = savefile.replay_file(json.dumps(record))
    wrapper = savefile.replay_file(json.dumps(wrapped(record)))
    assert bare.wrapper is None and wrapper.wrapper["seats"][0]["name"] == "Ann"
    assert bare.game.to_dict() == wrapper.game.to_dict() == game.to_dict()


def _tamper(game, change):
    data = wrapped(game.record())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("name, text, sentence", [
    ("empty", "   ", "That file is empty."),
    ("too large", "x" * 1_000_001, "That file is far too large to be a Pipes & Ducks saved game."),
    ("truncated", None, "That file is damaged or incomplete: it is not a whole saved game (invalid JSON)."),
    ("a list", "[1, 2]", "That file is not a Pipes & Ducks saved game."),
    ("foreign", '{"type": "FeatureCollection"}', "That file is not a Pipes & Ducks saved game."),
])
def test_a_file_that_is_no_saved_game_is_refused_with_its_sentence(game, name, text, sentence):
    if text is None:
        text = json.dumps(game.record())[:-40]
    with pytest.raises(BadSave) as err:
        savefile.replay_file(text)
    assert err.value.message == sentence


@pytest.mark.parametrize("change, sentence", [
    (lambda d: d.update(version=0), "That saved game is damaged: its version is missing or wrong."),
    (lambda d: d.update(version="1"), "That saved game is damaged: its version is missing or wrong."),
    (lambda d: d.update(version=2), "That saved game was made by a newer version of Pipes & Ducks (save format 2;"),
    (lambda d: d.update(record=None), "That file is not a Pipes & Ducks saved game."),
    (lambda d: (d["record"].update(game="chess"), d.update(game="chess")),
     "That saved game is for a game this version doesn't have (chess)."),
    (lambda d: d.update(game="aqueducks"), "That saved game is damaged: its parts disagree about which game it is."),
    (lambda d: d["record"].update(version=99), "That saved game can't be opened: The file is from a newer version"),
    (lambda d: d["record"]["moves"].__setitem__(3, {"player": 0, "move": {"type": "pass"}}),
     "That saved game can't be opened: Move 4 of the record is"),
])
def test_a_damaged_saved_game_is_refused_with_its_sentence(game, change, sentence):
    with pytest.raises(BadSave) as err:
        savefile.replay_file(_tamper(game, change))
    assert err.value.message.startswith(sentence), err.value.message


def test_read_file_answers_what_the_page_stores(game):
    res = Service().dispatch({"method": "readFile", "params": {"text": json.dumps(wrapped(game.record(), createdAt="2026-01-02T03:04:05Z"))}})
    assert res["ok"], res
    out = res["result"]
    assert out["game"] == "waterworks" and out["players"] == 2 and out["over"] is True
    assert out["moveCount"] == len(game.log) and out["result"] == game.result()
    assert out["record"] == game.record() and out["seats"][1]["name"] == "Ben"
    assert out["createdAt"] == "2026-01-02T03:04:05Z"


def test_read_file_refuses_with_the_sentence_and_opens_no_game(game):
    svc = Service()
    res = svc.dispatch({"method": "readFile", "params": {"text": "{"}})
    assert res == {"ok": False, "error": {"code": "bad_save", "message":
                   "That file is damaged or incomplete: it is not a whole saved game (invalid JSON)."}}
    assert svc.dispatch({"method": "openGames"})["result"]["count"] == 0
