"""A move carries only its type's fields (issue 15, item 10): ``"rotation": 90`` on a lay or
``"and_spout"`` on a discard is refused, not accepted and logged."""
import json

import pytest

import aqueducks
import waterworks
from gamecore import BadRequest, Rng


def positions(engine, seed, n=40):
    """Games at successive positions, with every legal move type met along the way."""
    game = engine.GAME.new({"players": 3}, seed)
    rng = Rng(seed)
    for _ in range(n):
        if game.is_over:
            return
        yield game
        p = game.to_act()[0]
        game.apply(p, engine.BOTS["random"](game, p, rng))


@pytest.mark.parametrize("engine", [waterworks, aqueducks])
@pytest.mark.parametrize("extra", [{"rotation": 90}, {"and_spout": True}, {"and_spout": False},
                                   {"Card": 1}, {"": None}, {"type2": "lay"}])
def test_a_field_the_move_type_does_not_have_is_refused(engine, extra):
    types = set()
    for game in positions(engine, 5):
        before = json.dumps(game.save())
        for p in game.to_act():
            for move in a_few_of_each_type(game.legal_moves(p)):
                if "and_spout" in extra and move["type"] in ("lay", "cover", "plumber"):
                    continue        # there and_spout is the move's own field
                types.add(move["type"])
                with pytest.raises(BadRequest, match="field"):
                    game.apply(p, dict(move, **extra))
                assert json.dumps(game.save()) == before
    assert len(types) >= 2


def a_few_of_each_type(moves, n=3):
    """The first n legal moves of each type: the field check depends on the type, and an
    Aqueducks build has hundreds of placements that would only repeat it."""
    seen = {}
    for move in moves:
        seen[move["type"]] = seen.get(move["type"], 0) + 1
        if seen[move["type"]] <= n:
            yield move


@pytest.mark.parametrize("engine", [waterworks, aqueducks])
def test_every_legal_move_has_only_known_fields(engine):
    """The enumerations and the field lists agree: each listed move applies as it is."""
    for game in positions(engine, 9, 60):
        for p in game.to_act():
            for move in game.legal_moves(p)[:25]:
                game.clone().apply(p, move)
