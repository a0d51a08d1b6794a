"""A seeded loop of random full games, checking invariants after every action."""
import pytest

import aq_helpers as H
from aqueducks import BOTS, GAME
from gamecore import Rng
from sampled import sampled

GAMES = 300
#: the parts make check runs (a few seconds each); make test runs all twelve
QUICK = {(1, 0), (2, 0)}


def play_checked(players, seed, bot="random", check_legal_every=25):
    g = GAME.new({"players": players}, seed)
    rng = Rng(seed ^ 0xABCDEF)
    H.check_invariants(g)
    n = 0
    while not g.is_over:
        acting = g.to_act()
        assert acting, "nobody to act in a running game"
        for p in acting:
            moves = g.legal_moves(p)
            assert moves
            for q in range(players):
                if q not in g.to_act():
                    assert g.legal_moves(q) == []
            mv = BOTS[bot](g, p, rng)
            assert mv in moves
            g.apply(p, mv)
            n += 1
            H.check_invariants(g)
            if g.is_over:
                break
    r = g.result()
    assert r and r["winners"]
    if players > 1:
        best = max((s["favour"], s["duckats"]) for s in r["scores"])
        assert all((r["scores"][w]["favour"], r["scores"][w]["duckats"]) == best for w in r["winners"])
    # every era built its districts: 1 start + protected carry-over + 5 new in era 4 at most
    for pl in g.players:
        assert sum(d is not None for d in pl["city"]) <= 12
    return g, n


@pytest.mark.parametrize("players, half",
                         sampled([(p, h) for p in range(1, 7) for h in (0, 1)], QUICK))
def test_three_hundred_random_games(players, half):
    """The 300 games (seed 1000 + i, 1 + i % 6 players), one player count and every other of
    its games per test so that make test's workers share them out (the five-player games alone
    took 292 s in one test at load 20, the run's longest tail); every count's games are whole
    games (at least 35 moves a player; they play 41-46)."""
    total = played = 0
    for i in range(players - 1 + 6 * half, GAMES, 12):
        g, n = play_checked(players, 1000 + i)
        total += n
        played += 1
    assert played == GAMES // 12
    assert total > played * 35 * players


@pytest.mark.slow
def test_greedy_games_every_player_count():
    for players in range(1, 7):
        play_checked(players, 50 + players, bot="greedy")
