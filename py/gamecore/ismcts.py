"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

The search sees only what its seat may see: it is given that seat's *view*, never the true
state, and every iteration plays in a fresh *determinization*, a full state sampled to be
consistent with the view (``Game.from_view``). Moves are keyed by their JSON form, so a
node's children are the moves seen in any determinization; UCB selection counts how often
each child was *available* (the ISMCTS correction for moves that exist only in some
determinizations).

What an engine provides (as plain functions, so they can live in their own modules):
  ``determinize(view, player, rng) -> Game``  a full state consistent with ``view``;
      other players' pending hidden choices are *not* in the view, so a bot's choice in a
      simultaneous action can never depend on them;
  ``heuristic(game, player) -> float`` in [0, 1], how well ``player`` stands, used where a
      playout is cut off before the end;
  a rollout policy ``fn(game, player, rng) -> move`` (defaults to uniform random).

The search is resumable (``step``), so the page can think in slices and yield to the
browser between them; ``iterations`` is deterministic for tests and benchmarks.
"""
from __future__ import annotations

import json
import math
import time
from typing import Callable

from .rng import Rng


def _key(move: dict) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


class Node:
    __slots__ = ("move", "actor", "children", "visits", "reward", "avail")

    def __init__(self, move: dict | None, actor: int | None):
        self.move = move
        self.actor = actor
        self.children: dict[str, Node] = {}
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
                 rollout_depth: int = 40, exploration: float = 0.7):
        self.determinize = determinize
        self.heuristic = heuristic
        self.view = view
        self.player = player
        self.rng = rng
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.c = exploration
        self.root = Node(None, None)
        self.iterations = 0
        self.actions = 0  # simulated actions applied (tree + playout), for benchmarks

    # ----- one iteration --------------------------------------------------------
    def _actor(self, game, node: Node) -> int:
        return self.player if node is self.root else game.to_act()[0]

    def iterate(self) -> None:
        game = self.determinize(self.view, self.player, self.rng)
        node, path = self.root, [self.root]
        # Selection and expansion, inside this determinization.
        while not game.is_over:
            actor = self._actor(game, node)
            legal = game.legal_moves(actor)
            if not legal:
                break
            keyed = [(_key(m), m) for m in legal]
            for k, _ in keyed:
                child = node.children.get(k)
                if child is not None:
                    child.avail += 1
            untried = [(k, m) for k, m in keyed if k not in node.children]
            if untried:
                k, move = untried[self.rng.below(len(untried))]
                child = node.children[k] = Node(move, actor)
                child.avail = 1
                game.apply(actor, move)
                self.actions += 1
                path.append(child)
                break
            node = self._select(node, [k for k, _ in keyed])
            game.apply(actor, node.move)
            self.actions += 1
            path.append(node)
        # Playout, cut off at rollout_depth and scored by the heuristic.
        depth = 0
        while not game.is_over and depth < self.rollout_depth:
            actor = game.to_act()[0]
            game.apply(actor, self.rollout(game, actor, self.rng))
            self.actions += 1
            depth += 1
        scores = rewards(game, self.heuristic)
        for n in path:
            n.visits += 1
            if n.actor is not None:
                n.reward += scores[n.actor]
        self.iterations += 1

    def _select(self, node: Node, available: list[str]) -> Node:
        best, best_score = None, -1.0
        for k in available:
            child = node.children[k]
            score = child.reward / child.visits + self.c * math.sqrt(
                math.log(max(child.avail, 1)) / child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    # ----- budgets --------------------------------------------------------------
    def step(self, iterations: int) -> None:
        for _ in range(iterations):
            self.iterate()

    def run_for(self, seconds: float, clock: Callable[[], float] = time.perf_counter,
                min_iterations: int = 1) -> None:
        end = clock() + seconds
        while self.iterations < min_iterations or clock() < end:
            self.iterate()

    def best_move(self) -> dict:
        if not self.root.children:
            raise ValueError("search has not run")
        # Most visited, ties by mean reward then by key, so the choice is deterministic.
        best = max(self.root.children.items(),
                   key=lambda kv: (kv[1].visits, kv[1].reward / max(kv[1].visits, 1), kv[0]))
        return best[1].move
