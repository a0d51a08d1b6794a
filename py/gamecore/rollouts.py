"""Determinized policy rollouts with common random numbers: the search behind the hard bots.

A rollout bot improves on a base policy (the greedy bot) by trying its best few moves and
playing each one on with the base policy for every player (Tesauro and Galperin 1996;
Bertsekas' rollout algorithm). It sees only its seat's *view*: every round samples one full
state consistent with the view (a *determinization*, as in information-set MCTS),
and every candidate move is played from that same state with the same playout random numbers.
Comparing the candidates on common samples cancels most of the luck of the draw that would
otherwise swamp the differences between them, which is what lets a few hundred playouts tell
good moves apart in luck-heavy games with three opponents.

An engine provides, as plain functions: ``determinize(view, player, rng) -> Game``, a full
state consistent with the view (cloned for each candidate of a round);
``heuristic(game, player) -> float`` in [0, 1] for playouts cut off before the end; a playout
``rollout(game, player, rng) -> move`` policy;
``candidates(game, player, legal) -> moves`` choosing the moves to try, best first by the
base policy; optionally ``evaluate(game) -> [reward per player]`` to replace the default
scoring (win shares at the end, the heuristic before it). Other
players' hidden simultaneous choices are not in the view (``determinize`` hands them back), so
a choice never depends on them.

With a ``margin``, the search plays another candidate than the base policy's first choice only
when the paired rounds show it better by more than ``margin`` standard errors of the paired
(same-round) difference (``pick``): a few dozen rounds cannot tell most candidates apart, and
the base policy's choice is a sound default. Without one, the best mean wins.

With ``prune`` (racing), a candidate stops being played once, after ``prune_after`` rounds,
its paired gain over the first choice plus ``prune`` standard errors is not above zero: under
the margin rule it could only be played with a gain of ``margin`` standard errors, so its
playouts go to more rounds for the candidates still in the race. A candidate's mean is then the
first choice's mean over all rounds plus its paired gain over the rounds it played (``mean``).

The unit of work is one playout (``iterations`` counts playouts), so the page's time slices
stay short; candidates are compared over complete rounds only, so every mean is over the same
determinizations.
"""
from __future__ import annotations

import time
from typing import Callable

from .bot import rewards, uniform_rollout
from .rng import Rng

#: mixed into a round's seed for its playouts, so they do not replay the determinization's draws
_PLAYOUT_SALT = 0x5BD1E995


def pick(totals: list, squares: list, rounds: int, margin: float) -> int:
    """The candidate to play: 0 (the base policy's first choice) unless another one's mean
    reward over the ``rounds`` complete rounds beats it by more than ``margin`` standard errors
    of the paired difference (``squares[i]``: the sum over rounds of (reward i - reward 0)
    squared); of those, the largest gain."""
    return pick_paired([t - totals[0] for t in totals], squares, [rounds] * len(totals), margin)


def _gain_se(diff: float, square: float, n: int) -> tuple[float, float]:
    """Mean paired gain over ``n`` rounds and its standard error."""
    gain = diff / n
    return gain, (max(square / n - gain * gain, 0.0) / n) ** 0.5


def pick_paired(diffs: list, squares: list, counts: list, margin: float) -> int:
    """``pick`` when candidates played different numbers of rounds (``counts[i]``, every one
    of them a round candidate 0 also played): ``diffs[i]`` sums reward i - reward 0 over
    them and ``squares[i]`` its square."""
    best, chosen = 0.0, 0
    for i in range(1, len(diffs)):
        if counts[i] < 2:
            continue
        gain, se = _gain_se(diffs[i], squares[i], counts[i])
        if gain > margin * se and gain > best:
            best, chosen = gain, i
    return chosen


class RolloutSearch:
    def __init__(self, view: dict, player: int, rng: Rng, *, determinize: Callable,
                 heuristic: Callable, candidates: Callable, rollout: Callable = uniform_rollout,
                 rollout_depth: int = 16, evaluate: Callable | None = None,
                 margin: float | None = None, prune: float | None = None, prune_after: int = 4):
        self.view = view
        self.player = player
        self.rng = rng
        self.determinize = determinize
        self.rank = candidates
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.evaluate = evaluate or (lambda g: rewards(g, heuristic))
        self.margin = margin
        self.prune = prune
        self.prune_after = prune_after
        self.iterations = 0      # playouts run
        self.actions = 0         # simulated actions applied, for benchmarks
        self.rounds = 0          # complete rounds (one playout of every candidate)
        self.moves: list | None = None    # candidates, best first by the base policy
        self.totals: list[float] = []     # reward summed over the rounds it played, per candidate
        self.diffs: list[float] = []      # (reward - candidate 0's reward) summed likewise
        self.squares: list[float] = []    # (reward - candidate 0's reward)^2 summed likewise
        self.counts: list[int] = []       # complete rounds each candidate played
        self.active: list[int] = []       # candidates still played, by index; 0 always
        self._round: list[float] = []    # rewards so far in the round under way, by active slot
        self._seed = 0
        self._deal = None                 # the round's determinization, cloned per candidate
        self._include = None              # a move to try besides the ranked ones (include)

    # ----- one playout ----------------------------------------------------------
    def _setup(self) -> None:
        game = self.determinize(self.view, self.player, Rng(self.rng.next_u64()))
        legal = game.legal_moves(self.player)
        self.moves = self.rank(game, self.player, legal) if len(legal) > 1 else legal
        if self._include in legal and self._include not in self.moves:
            self.moves = self.moves + [self._include]
        k = len(self.moves)
        self.totals, self.diffs, self.squares = [0.0] * k, [0.0] * k, [0.0] * k
        self.counts = [0] * k
        self.active = list(range(k))

    def include(self, move: dict) -> None:
        """Try ``move`` too (if legal), after the ranked candidates, without changing their
        order; call before the search runs. The post-game analysis (``arcade.analysis``)
        needs the chance of the move that was played, whatever the ranking thinks of it."""
        self._include = move

    def iterate(self) -> None:
        if self.moves is None:
            self._setup()
        if self.trivial:
            return
        if not self._round:     # a new round: one deal for all its candidates
            self._seed = self.rng.next_u64()
            self._deal = self.determinize(self.view, self.player, Rng(self._seed))
        game = self._deal.clone()
        rng = Rng(self._seed ^ _PLAYOUT_SALT)
        game.apply(self.player, self.moves[self.active[len(self._round)]])
        acts, depth, rollout = 1, 0, self.rollout
        while depth < self.rollout_depth and not game.is_over:
            actor = game.to_act()[0]
            game.apply(actor, rollout(game, actor, rng))
            acts += 1
            depth += 1
        self.actions += acts
        self.iterations += 1
        self._round.append(self.evaluate(game)[self.player])
        if len(self._round) == len(self.active):     # a complete round: count it
            first = self._round[0]
            for i, r in zip(self.active, self._round):
                self.totals[i] += r
                self.diffs[i] += r - first
                self.squares[i] += (r - first) * (r - first)
                self.counts[i] += 1
            self._round = []
            self.rounds += 1
            if self.prune is not None and self.rounds >= self.prune_after:
                self._drop_losers()

    def _drop_losers(self) -> None:
        """Racing: stop playing a candidate whose paired gain over the base policy's first
        choice is not above zero even when ``prune`` standard errors are added to it. Under the
        margin rule it would need a gain of ``margin`` standard errors to be played, so a clear
        loser's playouts are better spent on the rounds that decide between the others (a
        candidate whose every playout so far matched the first's has a gain and error of 0 and
        goes too: it plays out the same). The first choice is always played: the others are
        measured against it."""
        keep = [0]
        for i in self.active[1:]:
            gain, se = _gain_se(self.diffs[i], self.squares[i], self.counts[i])
            if gain + self.prune * se > 0:
                keep.append(i)
        self.active = keep

    # ----- one decision in shares (arcade.shares) --------------------------------
    def prepare(self) -> list:
        """The candidates, ranked now (one determinization) if they are not yet: what every
        share of this decision plays."""
        if self.moves is None:
            self._setup()
        return self.moves

    def adopt(self, moves: list) -> None:
        """Play these candidates (ranked by the search this one is a share of) instead of
        ranking its own."""
        if self.prune is not None:
            raise ValueError("a racing search cannot be shared: its candidates drop out by round")
        k = len(moves)
        self.moves = list(moves)
        self.totals, self.diffs, self.squares = [0.0] * k, [0.0] * k, [0.0] * k
        self.counts = [0] * k
        self.active = list(range(k))

    def tally(self) -> dict:
        """This search's complete rounds as sums, for the search it is a share of (``absorb``)."""
        return {"rounds": self.rounds, "totals": self.totals, "diffs": self.diffs,
                "squares": self.squares, "iterations": self.iterations, "actions": self.actions}

    def absorb(self, tally: dict) -> None:
        """Add another share's complete rounds: the same candidates played on determinizations
        of its own, so every candidate's sums simply add (no racing: every candidate played
        every round)."""
        n = tally["rounds"]
        for i in range(len(self.moves or [])):
            self.totals[i] += tally["totals"][i]
            self.diffs[i] += tally["diffs"][i]
            self.squares[i] += tally["squares"][i]
            self.counts[i] += n
        self.rounds += n
        self.iterations += tally["iterations"]
        self.actions += tally["actions"]

    def _merit(self, i: int) -> tuple:
        # ties go to the base policy's order
        return (self.mean(i), -i)

    # ----- budgets --------------------------------------------------------------
    @property
    def round_open(self) -> bool:
        """True while a round is under way (some of its candidates not yet played)."""
        return bool(self._round)

    @property
    def trivial(self) -> bool:
        """True when the observer has at most one legal move: no need to think."""
        return self.moves is not None and len(self.moves) <= 1

    def step(self, iterations: int) -> None:
        for _ in range(iterations):
            self.iterate()
            if self.trivial:
                return

    def run_for(self, seconds: float, clock: Callable[[], float] = time.perf_counter,
                min_iterations: int = 1, max_iterations: int | None = None) -> None:
        """Play out until ``seconds`` have passed on ``clock`` (at least ``min_iterations``
        playouts in all, at most ``max_iterations`` in all)."""
        end = clock() + seconds
        while self.iterations < min_iterations or clock() < end:
            if max_iterations is not None and self.iterations >= max_iterations:
                return
            self.iterate()
            if self.trivial:
                return

    def best_move(self) -> dict:
        if self.moves is None:
            raise ValueError("search has not run")
        if self.trivial or not self.rounds:
            return self.moves[0]       # no complete round yet: the base policy's choice
        if self.margin is not None:
            return self.moves[pick_paired(self.diffs, self.squares, self.counts, self.margin)]
        return self.moves[max(range(len(self.moves)), key=self._merit)]

    def mean(self, i: int) -> float:
        """Candidate ``i``'s mean reward: the first choice's mean over all complete rounds plus
        ``i``'s paired mean gain over the rounds it played (its own mean when it played them
        all, as every candidate does unless the search prunes)."""
        if not self.rounds:
            return 0.0
        if self.counts[i] == self.rounds:
            return self.totals[i] / self.rounds
        return self.totals[0] / self.rounds + (self.diffs[i] / self.counts[i] if self.counts[i] else 0.0)

    def stats(self) -> list[dict]:
        """Candidates, best first by mean reward (``mean``)."""
        rows = [{"move": m, "mean": self.mean(i)} for i, m in enumerate(self.moves or [])]
        return sorted(rows, key=lambda r: -r["mean"])
