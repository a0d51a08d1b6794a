"""The hard Water Works bot keeps the greedy bot's first choice unless the paired rollout rounds
show another candidate better by more than MARGIN_SE standard errors (issue 15 item 21: keep
hard ahead of the stronger normal bot; measured in docs/bots.md)."""
from gamecore import Rng
from gamecore.rollouts import RolloutSearch, pick as _pick

from waterworks import BOTS, hard
from waterworks.search import determinize, heuristic
from positions import ww_midgame


def pick(totals, squares, rounds, margin=hard.MARGIN_SE):
    return _pick(totals, squares, rounds, margin)


def test_a_steady_gain_replaces_the_first_choice():
    # candidate 1 beats candidate 0 by 0.1 in each of 10 rounds (no spread): a real gain
    assert pick([5.0, 6.0], [0.0, 10 * 0.1 ** 2], 10) == 1


def test_a_gain_within_the_noise_keeps_the_first_choice():
    # the same mean gain (0.1), but the per-round differences swing by +-0.5
    squares = 10 * 0.5 ** 2
    assert pick([5.0, 6.0], [0.0, squares], 10) == 0
    # with no margin at all the higher mean wins, as in the plain rollout search
    assert pick([5.0, 6.0], [0.0, squares], 10, margin=0.0) == 1


def test_of_several_clear_gains_the_largest_is_played():
    assert pick([5.0, 6.0, 7.0, 5.5], [0.0, 0.1, 0.4, 0.05], 10) == 2


def test_no_gain_and_too_few_rounds_keep_the_first_choice():
    assert pick([5.0, 4.0, 5.0], [0.0, 0.1, 0.0], 10) == 0
    assert pick([0.5, 0.9], [0.0, 0.16], 1) == 0


def midgame(seed, moves=14):
    return ww_midgame(seed, moves)


def plain(g, p, rng):
    return RolloutSearch(g.view(p), p, rng, determinize=determinize, heuristic=heuristic,
                         rollout=BOTS["greedy"], candidates=hard.candidates(),
                         rollout_depth=hard.ROLLOUT_DEPTH)


def test_the_squares_are_the_paired_differences_of_the_rounds():
    g = midgame(3)
    p = g.to_act()[0]
    s = hard.start(g, p, Rng(2))
    s.step(4 * 8)
    assert s.rounds >= 4 and len(s.squares) == len(s.moves) and s.squares[0] == 0.0
    # the same rounds replayed one by one give the same sums
    t = hard.start(g, p, Rng(2))
    sq = [0.0] * len(s.moves)
    while t.rounds < s.rounds:
        before = list(t.totals) or [0.0] * len(s.moves)
        t.step(len(s.moves))
        got = [a - b for a, b in zip(t.totals, before)]
        sq = [q + (r - got[0]) ** 2 for q, r in zip(sq, got)]
    assert all(abs(a - b) < 1e-9 for a, b in zip(sq, s.squares)) and t.squares == s.squares


def test_without_a_margin_it_is_the_plain_rollout_search_and_with_one_it_deviates_less():
    same = kept = deviated_plain = 0
    for seed in range(6):
        g = midgame(seed)
        p = g.to_act()[0]
        if len(g.legal_moves(p)) < 2:
            continue
        a = plain(g, p, Rng(seed))
        a.step(48)
        # (the reading of the other hands off, so all three meet the same deals)
        b = hard.start(g, p, Rng(seed), margin=0.0, read=False)
        b.step(48)
        c = hard.start(g, p, Rng(seed), read=False)
        c.step(48)
        same += a.best_move() == b.best_move()
        deviated_plain += a.best_move() != a.moves[0]
        kept += c.best_move() == c.moves[0] != a.best_move()
        # what the margin leaves standing is still a candidate the rounds favour over the first
        if c.best_move() != c.moves[0]:
            i = c.moves.index(c.best_move())
            assert c.totals[i] > c.totals[0]
    assert same == 6
    assert deviated_plain > 0 and kept > 0


def test_hard_decisions_are_reproducible_from_the_seed():
    g = midgame(5)
    p = g.to_act()[0]
    assert hard.decide(g, p, Rng(9), iterations=40) == hard.decide(g, p, Rng(9), iterations=40)
