"""The searches' budgets: an exact iteration (playout) count, and a time budget read from an injected clock
(never a real timer)."""
from gamecore import Rng
from waterworks import hard
from positions import ww_midgame


def midgame(seed=4, moves=12):
    return ww_midgame(seed, moves)


class FakeClock:
    def __init__(self, tick):
        self.t, self.tick, self.calls = 0.0, tick, 0

    def __call__(self):
        self.calls += 1
        self.t += self.tick
        return self.t


def test_iteration_budget_is_exact():
    g = midgame()
    p = g.to_act()[0]
    s = hard.start(g, p, Rng(1))
    s.step(7)
    assert s.iterations == 7
    s.step(5)
    assert s.iterations == 12
    # a round plays every candidate once; only complete rounds count towards the means
    assert s.rounds == 12 // len(s.moves)
    assert s.actions >= 12


def test_time_budget_uses_the_clock():
    g = midgame()
    p = g.to_act()[0]
    s = hard.start(g, p, Rng(1))
    clock = FakeClock(0.01)          # every reading is 10 ms after the last
    s.run_for(0.05, clock=clock)     # one iteration, then one per reading before the deadline
    assert s.iterations == 5 and clock.calls == 6
    s.run_for(0.05, clock=FakeClock(1.0), min_iterations=6)   # deadline passes at once
    assert s.iterations == 6
    s.run_for(10.0, clock=FakeClock(0.0), max_iterations=9)   # a frozen clock: the cap stops it
    assert s.iterations == 9


def test_resumed_search_equals_one_run():
    g = midgame(7, 16)
    p = g.to_act()[0]
    a = hard.start(g, p, Rng(3))
    a.step(20)
    b = hard.start(g, p, Rng(3))
    for _ in range(4):
        b.step(5)
    assert a.best_move() == b.best_move()
    assert a.stats() == b.stats()


def test_rounds_compare_candidates_on_the_same_deals():
    """Every candidate of a round starts from the same determinization (common random numbers):
    with a heuristic that reads only the deal, all candidates score alike in every round."""
    from gamecore.rollouts import RolloutSearch
    from waterworks.search import determinize
    g = midgame()
    p = g.to_act()[0]
    deal_score = lambda game, q: (len(game.draw) and game.cards[game.draw[0]].id % 7) / 7
    s = RolloutSearch(g.view(p), p, Rng(5), determinize=determinize, heuristic=deal_score,
                      candidates=hard.candidates(), rollout_depth=0)
    s.step(len(hard.candidates()(g, p, g.legal_moves(p))) * 6)
    assert s.rounds == 6
    assert len(set(s.totals)) == 1 and s.totals[0] > 0


def test_best_move_before_a_round_is_the_base_policys():
    g = midgame()
    p = g.to_act()[0]
    s = hard.start(g, p, Rng(2))
    s.step(1)
    assert s.rounds == 0 and s.best_move() == s.moves[0]
