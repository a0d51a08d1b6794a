"""Game.apply keeps its own copy of the move: a caller editing its dict afterwards must not
change the log, save() or record() (issue 15, item 11)."""
import json

import pytest

import aqueducks
import waterworks
from gamecore import Rng, replay


@pytest.mark.parametrize("engine", [waterworks, aqueducks])
def test_editing_a_played_move_dict_changes_nothing(engine):
    game = engine.GAME.new({"players": 2}, 31)
    rng = Rng(3)
    played = []
    for _ in range(6):
        p = game.to_act()[0]
        move = engine.BOTS["random"](game, p, rng)
        game.apply(p, move)
        played.append(move)
    save, record = json.dumps(game.save()), json.dumps(game.record())
    for move in played:
        for key in list(move):
            if key != "type":
                move[key] = [move[key], "edited"]
        move["extra"] = {"nested": [1, 2]}
    assert json.dumps(game.save()) == save
    assert json.dumps(game.record()) == record
    again = replay(engine.GAME, json.loads(record))
    assert json.dumps(again.save()) == save


def test_nested_values_in_a_move_are_copied_too():
    """Deep enough: a list inside the move is the log's own, not the caller's."""
    game = aqueducks.GAME.new({"players": 2}, 8)
    p = game.to_act()[0]
    move = next(m for m in game.legal_moves(p) if any(isinstance(v, list) for v in m.values()))
    game.apply(p, move)
    for v in move.values():
        if isinstance(v, list):
            v.append("edited")
        elif isinstance(v, dict):
            v["edited"] = True
    assert "edited" not in json.dumps(game.log)
