"""The shared protocol: envelopes, option checking and replay, shown on Water Works."""
import json

import pytest

from gamecore import BadRequest, BadSave, IllegalMove, replay
from waterworks import BOTS, GAME


def play_some(game, n, seed=5):
    from gamecore import Rng
    rng = Rng(seed)
    for _ in range(n):
        if game.is_over:
            break
        p = game.to_act()[0]
        game.apply(p, BOTS["random"](game, p, rng))
    return game


def test_unknown_option_and_bad_value_are_refused():
    with pytest.raises(BadRequest):
        GAME.new({"colour": "red"}, 1)
    with pytest.raises(BadRequest):
        GAME.new({"players": 9}, 1)
    with pytest.raises(BadRequest):
        GAME.new({"players": "2"}, 1)


def test_bad_seed_is_refused():
    for seed in (-1, 2 ** 64, 1.5, "-7", "7.0", "x", "", str(2 ** 64), True, None):
        with pytest.raises(BadRequest):
            GAME.new({}, seed)


def test_a_seed_may_be_its_decimal_string():
    assert GAME.new({}, "7").to_dict() == GAME.new({}, 7).to_dict()


def test_apply_refuses_malformed_moves_and_wrong_player():
    game = GAME.new({"players": 2}, 3)
    before = json.dumps(game.to_dict(), sort_keys=True)
    with pytest.raises(BadRequest):
        game.apply(0, "discard")
    with pytest.raises(BadRequest):
        game.apply(5, {"type": "discard"})
    other = 1 - game.to_act()[0]
    with pytest.raises(IllegalMove):
        game.apply(other, game.legal_moves(game.to_act()[0])[0])
    assert json.dumps(game.to_dict(), sort_keys=True) == before


def test_save_and_record_round_trip():
    game = play_some(GAME.new({"players": 3}, 11), 40)
    again = GAME.load(json.loads(json.dumps(game.save())))
    assert again.to_dict() == game.to_dict()
    replayed = replay(GAME, json.loads(json.dumps(game.record())))
    assert replayed.to_dict() == game.to_dict()


@pytest.mark.parametrize("mutate, needle", [
    (lambda r: r.update(format="something else"), "not a Pipes & Ducks file"),
    (lambda r: r.update(version=99), "newer version"),
    (lambda r: r.update(game="aqueducks"), "not 'waterworks'"),
    (lambda r: r.update(moves="x"), "no move list"),
    (lambda r: r["moves"].__setitem__(0, {"player": 1, "move": {"type": "discard", "card": -4}}), "not legal"),
    (lambda r: r.update(seed=-3), "setup is invalid"),
])
def test_tampered_records_are_refused_with_a_reason(mutate, needle):
    record = play_some(GAME.new({"players": 2}, 8), 10).record()
    mutate(record)
    with pytest.raises(BadSave, match=needle):
        replay(GAME, record)


def test_tampered_save_raises_bad_save_only():
    save = play_some(GAME.new({"players": 2}, 8), 10).save()
    save["state"] = {"nonsense": True}
    with pytest.raises(BadSave):
        GAME.load(save)
