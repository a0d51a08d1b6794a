"""Racing in the rollout search (gamecore.rollouts, ``prune``): once a few rounds show a
candidate clearly no better than the base policy's first choice, it stops being played and the
rest of the budget goes to the candidates still in the race. Deterministic: fixed seeds and
playout budgets."""
from gamecore import Rng
from gamecore.rollouts import pick_paired

from waterworks import hard
from positions import ww_midgame


def search(seed, moves, prune, playouts=60, rng=1):
    g = ww_midgame(seed, moves)
    s = hard.start(g, g.to_act()[0], Rng(rng), prune=prune)
    s.step(playouts)
    return s


def test_without_racing_every_candidate_plays_every_round():
    s = search(5, 14, None)
    assert s.counts == [s.rounds] * len(s.moves) and s.active == list(range(len(s.moves)))
    assert s.rounds == 60 // len(s.moves)


def test_racing_stops_playing_clear_losers_and_gives_the_rest_more_rounds():
    plain, raced = search(5, 14, None), search(5, 14, 1.0)
    assert plain.moves == raced.moves           # the same candidates, in the same order
    dropped = [i for i in range(len(raced.moves)) if i not in raced.active]
    assert dropped, "some candidate was clearly worse on this position"
    # the first choice is the yardstick: it plays every round
    assert raced.active[0] == 0 and raced.counts[0] == raced.rounds
    for i in dropped:
        assert hard.PRUNE_AFTER <= raced.counts[i] < raced.rounds
    for i in raced.active:
        assert raced.counts[i] == raced.rounds
    # the same 60 playouts buy more rounds for the candidates still in the race
    assert raced.iterations == plain.iterations == 60 and raced.rounds > plain.rounds


def test_no_candidate_is_dropped_before_prune_after_rounds():
    s = search(5, 14, 1.0, playouts=3 * (hard.PRUNE_AFTER - 1))
    assert s.rounds == hard.PRUNE_AFTER - 1 and s.active == list(range(len(s.moves)))


def test_a_candidate_ahead_of_the_first_choice_stays_in_the_race():
    s = search(4, 12, 1.0)
    s.diffs, s.squares, s.counts = [0.0, 0.5, -1.0], [0.0, 0.5, 0.3], [10, 10, 10]
    s.active = [0, 1, 2]
    s._drop_losers()
    # candidate 1 gains 0.05 a round; candidate 2 loses 0.1 a round with little spread
    assert s.active == [0, 1]


def test_a_candidate_behind_but_within_the_noise_stays_in_the_race():
    s = search(4, 12, 1.0)
    # a mean loss of 0.02 a round whose per-round differences swing by +-0.5
    s.diffs, s.squares, s.counts, s.active = [0.0, -0.2], [0.0, 2.5], [10, 10], [0, 1]
    s._drop_losers()
    assert s.active == [0, 1]


def test_pick_judges_each_candidate_on_the_rounds_it_played():
    # candidate 1 gained 0.1 in each of its 4 rounds; candidate 2 lost in its 10
    assert pick_paired([0.0, 0.4, -1.0], [0.0, 0.04, 0.2], [10, 4, 10], 2.0) == 1
    # one round is never enough to overrule the first choice
    assert pick_paired([0.0, 0.4], [0.0, 0.16], [10, 1], 2.0) == 0


def test_raced_means_are_the_first_choices_plus_the_paired_gain():
    s = search(5, 14, 1.0)
    rows = {str(r["move"]): r["mean"] for r in s.stats()}
    first = s.totals[0] / s.rounds
    for i, m in enumerate(s.moves):
        assert abs(rows[str(m)] - (first + s.diffs[i] / s.counts[i])) < 1e-12


def test_a_raced_search_is_deterministic_and_resumable():
    a = search(7, 16, 1.0, playouts=50, rng=3)
    g = ww_midgame(7, 16)
    b = hard.start(g, g.to_act()[0], Rng(3), prune=1.0)
    for _ in range(10):
        b.step(5)
    assert (a.best_move(), a.stats(), a.counts) == (b.best_move(), b.stats(), b.counts)


def test_round_open_says_when_a_round_is_under_way():
    s = search(5, 14, 1.0, playouts=0)
    assert not s.round_open
    s.step(1)
    assert s.round_open
    while s.round_open:
        s.step(1)
    assert s.rounds == 1
