"""The "hard" Water Works bot: information-set MCTS (gamecore.ismcts) from the seat's view only.

Every iteration deals the unseen cards afresh (``search.determinize``), so the bot never reads
other hands or the draw order. Playouts follow the greedy bot most of the time (a random legal
move otherwise), are cut off after a few turns and scored by ``search.heuristic``.
"""
from __future__ import annotations

from gamecore import ismcts
from gamecore.ismcts import Search

from .bots import _score, greedy_bot
from .search import determinize, heuristic

#: defaults for a decision: the page thinks for THINK_SECONDS; tests and benchmarks pass iterations
THINK_SECONDS = 0.3
ROLLOUT_DEPTH = 6
EPSILON = 0.2
EXPLORATION = 0.5
#: tree nodes consider only this many of the greedy bot's best-scored moves
TOP_K = 5
#: virtual visits favouring the greedy order at the root (progressive bias)
PRIOR_VISITS = 6


def move_key(m: dict) -> tuple:
    g = m.get
    return (m["type"], g("card"), g("x"), g("y"), g("turned"), g("target"), g("discard"),
            g("and_spout"))


def rollout(game, player, rng):
    if rng.random() < EPSILON:
        return rng.choice(game.legal_moves(player))
    return greedy_bot(game, player, rng)


def top_moves(k):
    def candidates(game, player, legal, at_root=False):
        if len(legal) <= k:
            return legal
        scored = sorted(((_score(game, player, m), i) for i, m in enumerate(legal)), reverse=True)
        return [legal[i] for _s, i in scored[:k]]
    return candidates


def start(game, player, rng, **kw) -> Search:
    """A resumable search for ``player``'s decision, built from ``game.view(player)`` only."""
    return Search(game.view(player), player, rng, determinize=determinize, heuristic=heuristic,
                  rollout=kw.get("rollout", rollout), rollout_depth=kw.get("rollout_depth", ROLLOUT_DEPTH),
                  exploration=kw.get("exploration", EXPLORATION), key=move_key, tree="all",
                  candidates=top_moves(kw.get("top_k", TOP_K)) if kw.get("top_k", TOP_K) else None,
                  prior_visits=kw.get("prior_visits", PRIOR_VISITS))


def decide(game, player, rng, iterations=None, seconds=THINK_SECONDS, **kw) -> dict:
    return ismcts.decide(start, game, player, rng, iterations, seconds, **kw)


#: the one-shot bot (``botMove``) uses a fixed iteration budget, so it is deterministic and a
#: game replays from its seed; the page thinks by time instead (``botStart``/``botThink``).
ONE_SHOT_ITERATIONS = 40


hard_bot = ismcts.search_bot(start, ONE_SHOT_ITERATIONS)
