"""game.build_space: the legal builds in legal_moves order, made one at a time."""
import pytest

from gamecore import Rng
import aqueducks


def _games(count=12):
    """Build-action states from seeded games of several sizes, each a few builds in."""
    out = []
    for seed in range(count):
        g = aqueducks.GAME.new({"players": 1 + seed % 4}, 900 + seed)
        rng = Rng(seed)
        for _ in range(seed % 9):
            for p in g.to_act():
                g.apply(p, aqueducks.BOTS["random"](g, p, rng))
            if g.is_over:
                break
        if not g.is_over and g.action == "build":
            out.append(g)
    return out


def test_build_space_lists_exactly_the_legal_builds_in_order():
    games = _games()
    assert games
    for g in games:
        for p in g.to_act():
            builds = [m for m in g.legal_moves(p) if m["type"] == "build"]
            space = g.build_space(p)
            assert len(space) == len(builds)
            assert [space[i] for i in range(len(space))] == builds


def test_build_space_refuses_an_index_outside_it():
    g = _games()[0]
    p = g.to_act()[0]
    space = g.build_space(p)
    with pytest.raises(IndexError):
        space[len(space)]
    with pytest.raises(IndexError):
        space[-1]
