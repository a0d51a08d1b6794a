"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

The search sees only what its seat may see: it is given that seat's *view*, never the true
state, and every iteration plays in a fresh *determinization*, a full state sampled to be
consistent with the view. Moves are keyed (by default by their JSON form; engines pass a
faster ``key``), so a node's children are the moves seen in any determinization; UCB
selection counts how often each child was *available* (the ISMCTS correction for moves that
exist only in some determinizations).

What an engine provides (as plain functions, so they can live in their own modules):
  ``determinize(view, player, rng) -> Game``  a full state consistent with ``view``;
      other players' pending hidden choices are *not* in the view, so a bot's choice in a
      simultaneous action can never depend on them;
  ``heuristic(game, player) -> float`` in [0, 1], how well ``player`` stands, used where a
      playout is cut off before the end;
  a rollout policy ``fn(game, player, rng) -> move`` (defaults to uniform random);
  optionally ``candidates(game, actor, legal, at_root) -> subset`` to prune the moves a tree node
  considers (progressive pruning by a cheap policy, best first; with ``prior_visits`` the
  root's candidates also start with virtual visits favouring that order), and ``evaluate(game) -> [reward per player]`` to replace the default scoring
  (win shares at the end, the heuristic before it), e.g. for a solo score.

``tree="all"`` grows tree nodes for every player's decisions (opponents choose by UCB on their
own rewards); ``tree="self"`` grows them only for the observer and plays the others by the
rollout policy, the sound choice when the others' moves are simultaneous and hidden (they
then never "see" the observer's choice inside the tree).

The search is resumable (``step``), so the page can think in slices and yield to the
browser between them; ``iterations`` is deterministic for tests and benchmarks.
"""
from __future__ import annotations

import json
import math
import time
from typing import Callable

from .rng import Rng


def json_key(move: dict) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


_key = json_key  # the old name


class Node:
    __slots__ = ("move", "actor", "children", "visits", "reward", "avail")

    def __init__(self, move: dict | None, actor: int | None):
        self.move = move
        self.actor = actor
        self.children: dict = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0


def uniform_rollout(game, player: int, rng: Rng) -> dict:
    return rng.choice(game.legal_moves(player))


def rewards(game, heuristic: Callable) -> list[float]:
    n = game.num_players
    if game.is_over:
        winners = (game.result() or {}).get("winners") or []
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
    return [heuristic(game, p) for p in range(n)]


class Search:
    def __init__(self, view: dict, player: int, rng: Rng, *, determinize: Callable,
                 heuristic: Callable, rollout: Callable = uniform_rollout,
                 rollout_depth: int = 40, exploration: float = 0.7,
                 key: Callable = json_key, evaluate: Callable | None = None,
                 tree: str = "all", candidates: Callable | None = None,
                 prior_visits: float = 0.0):
        if tree not in ("all", "self"):
            raise ValueError("tree must be 'all' or 'self'")
        self.determinize = determinize
        self.heuristic = heuristic
        self.view = view
        self.player = player
        self.rng = rng
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.c = exploration
        self.key = key
        self.evaluate = evaluate or (lambda g: rewards(g, heuristic))
        self.self_only = tree == "self"
        self.candidates = candidates
        self.prior_visits = prior_visits
        self.root = Node(None, None)
        self.iterations = 0
        self.actions = 0  # simulated actions applied (tree + playout), for benchmarks
        self._root_moves: list | None = None
        self._root_cands: list | None = None

    # ----- one iteration --------------------------------------------------------
    def iterate(self) -> None:
        game = self.determinize(self.view, self.player, self.rng)
        node, path = self.root, [self.root]
        rng, key, me = self.rng, self.key, self.player
        # Selection and expansion, inside this determinization.
        while not game.is_over:
            actor = me if node is self.root else game.to_act()[0]
            if self.self_only and actor != me:
                game.apply(actor, self.rollout(game, actor, rng))
                self.actions += 1
                continue
            legal = game.legal_moves(actor)
            if not legal:
                break
            if self.candidates is not None and len(legal) > 1:
                if node is self.root:   # the observer's own moves: the same in every determinization
                    if self._root_cands is None:
                        self._root_cands = self.candidates(game, actor, legal, True)
                        if self.prior_visits > 0:
                            self._seed_root(self._root_cands)
                    legal = self._root_cands
                else:
                    legal = self.candidates(game, actor, legal, False)
            if node is self.root and self._root_moves is None:
                self._root_moves = legal
            children = node.children
            untried = []
            avail = []
            for m in legal:
                k = key(m)
                child = children.get(k)
                if child is None:
                    untried.append((k, m))
                else:
                    child.avail += 1
                    avail.append(child)
            if untried:
                k, move = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                child = children[k] = Node(move, actor)
                child.avail = 1
                game.apply(actor, move)
                self.actions += 1
                path.append(child)
                break
            node = self._select(avail)
            game.apply(actor, node.move)
            self.actions += 1
            path.append(node)
        # Playout, cut off at rollout_depth and scored by the heuristic.
        depth = 0
        rollout = self.rollout
        while depth < self.rollout_depth and not game.is_over:
            actor = game.to_act()[0]
            game.apply(actor, rollout(game, actor, rng))
            self.actions += 1
            depth += 1
        scores = self.evaluate(game)
        for n in path:
            n.visits += 1
            if n.actor is not None:
                n.reward += scores[n.actor]
        self.iterations += 1

    def _seed_root(self, ranked: list) -> None:
        """Progressive bias: the candidates come best first (by the engine's cheap policy); each
        starts with ``prior_visits`` virtual visits worth a little more the better it ranks, so
        the search departs from the policy's order only on evidence."""
        k = len(ranked)
        w = self.prior_visits
        for i, m in enumerate(ranked):
            child = self.root.children[self.key(m)] = Node(m, self.player)
            child.visits = w
            child.reward = w * (0.5 + 0.1 * (k - 1 - i) / max(k - 1, 1))
            child.avail = 1

    def _select(self, available: list) -> Node:
        best, best_score = None, -1.0
        c, log, sqrt = self.c, math.log, math.sqrt
        for child in available:
            v = child.visits
            score = child.reward / v + c * sqrt(log(child.avail) / v) if child.avail > 1 \
                else child.reward / v
            if score > best_score:
                best, best_score = child, score
        return best

    # ----- budgets --------------------------------------------------------------
    @property
    def trivial(self) -> bool:
        """True when the observer has at most one legal move: no need to think."""
        return self._root_moves is not None and len(self._root_moves) <= 1

    def step(self, iterations: int) -> None:
        for _ in range(iterations):
            self.iterate()
            if self.trivial:
                return

    def run_for(self, seconds: float, clock: Callable[[], float] = time.perf_counter,
                min_iterations: int = 1, max_iterations: int | None = None) -> None:
        """Iterate until ``seconds`` have passed on ``clock`` (at least ``min_iterations``
        in all, at most ``max_iterations`` in all)."""
        end = clock() + seconds
        while self.iterations < min_iterations or clock() < end:
            if max_iterations is not None and self.iterations >= max_iterations:
                return
            self.iterate()
            if self.trivial:
                return

    def best_move(self) -> dict:
        if not self.root.children:
            raise ValueError("search has not run")
        # Most visited, ties by mean reward then by key, so the choice is deterministic.
        best = max(self.root.children.items(),
                   key=lambda kv: (kv[1].visits, kv[1].reward / max(kv[1].visits, 1), str(kv[0])))
        return best[1].move

    def stats(self) -> list[dict]:
        """Root children, most visited first: move, visits, mean reward (for debugging)."""
        kids = sorted(self.root.children.values(), key=lambda n: -n.visits)
        return [{"move": n.move, "visits": n.visits, "mean": n.reward / max(n.visits, 1)} for n in kids]


def decide(start: Callable, game, player: int, rng: Rng, iterations: int | None = None,
           seconds: float = 0.3, **kw) -> dict:
    """One decision with a search built by ``start(game, player, rng, **kw)``: a fixed
    iteration budget when given (deterministic), else a time budget."""
    moves = game.legal_moves(player)
    if len(moves) == 1:
        return moves[0]
    search = start(game, player, rng, **kw)
    if iterations is not None:
        search.step(iterations)
    else:
        search.run_for(seconds)
    return search.best_move()


def search_bot(start: Callable, one_shot_iterations: int) -> Callable:
    """A ``fn(game, player, rng) -> move`` bot for an engine's BOTS table.

    Called at once (``botMove``) it searches a fixed number of iterations, so its choice is
    reproducible; ``bot.start`` lets the service think by time in slices instead
    (``botStart``/``botThink``/``botFinish``)."""
    def bot(game, player: int, rng: Rng) -> dict:
        return decide(start, game, player, rng, iterations=one_shot_iterations)

    bot.start = start
    return bot

