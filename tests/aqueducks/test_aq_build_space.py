"""game.build_space: the legal builds in legal_moves order, made one at a time."""
import pytest

from gamecore import Rng
from sampled import sampled
import aqueducks


def _game(seed):
    """A build-action state from a seeded game (1 + seed % 4 players, seed % 9 rounds of random
    moves in), or None when that game is not at a build."""
    g = aqueducks.GAME.new({"players": 1 + seed % 4}, 900 + seed)
    rng = Rng(seed)
    for _ in range(seed % 9):
        for p in g.to_act():
            g.apply(p, aqueducks.BOTS["random"](g, p, rng))
        if g.is_over:
            break
    return g if not g.is_over and g.action == "build" else None


#: the seeds of range(12) whose game is at a build (3 and 8 are not)
BUILD_SEEDS = [0, 1, 2, 4, 5, 6, 7, 9, 10, 11]
#: the seeds make check draws from (a one- and a three-player game); make test draws from all
QUICK_SEEDS = [4, 6]


def _games(count=12):
    """Build-action states from seeded games of several sizes, each a few builds in."""
    out = [g for g in map(_game, range(count)) if g is not None]
    assert len(out) == len(BUILD_SEEDS)
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


@pytest.mark.parametrize("seed", sampled(BUILD_SEEDS, QUICK_SEEDS))
def test_a_random_build_is_a_legal_one_and_every_legal_one_can_come(seed):
    # game.random_build draws from build_space without listing it (the playouts' builds); a
    # game a test, so that make test's workers share the 10 games (228 s as one test at load 20)
    g = _game(seed)
    assert g is not None
    for p in g.to_act():
        space = g.build_space(p)
        legal = [space[i] for i in range(len(space))]
        rng = Rng(p + 1)
        drawn = [g.random_build(p, rng, tries=10_000) for _ in range(40 * max(len(legal), 1))]
        if not legal:
            assert drawn == [None] * len(drawn)
            continue
        assert all(m in legal for m in drawn)
        # uniform over (space, cards, bridge): with 40 draws a build, all of them turn up
        # unless there are hundreds (then most do)
        seen = {repr(m) for m in drawn}
        assert len(seen) >= 0.9 * len(legal)


def test_a_random_build_gives_up_when_its_draws_miss():
    g = _games()[0]
    p = g.to_act()[0]
    assert g.random_build(p, Rng(1), tries=0) is None


@pytest.mark.slow
def test_open_spaces_are_the_supported_empty_ones_within_the_extent():
    # city.open_slots inlines supports_ok and within_extent: the same spaces as the definition
    from aqueducks import city as C
    checked = 0
    for seed in range(4):
        g = aqueducks.GAME.new({"players": 4}, 950 + seed)
        rng = Rng(seed)
        while not g.is_over:
            for pl in g.players:
                cty = pl["city"]
                box = C.ground_box(cty)
                assert C.open_slots(cty) == [i for i in range(C.NSLOTS) if cty[i] is None
                                             and C.supports_ok(cty, i) and C.within_extent(box, i)]
                checked += 1
            p = g.to_act()[0]
            g.apply(p, aqueducks.BOTS["greedy"](g, p, rng))
    assert checked > 100
