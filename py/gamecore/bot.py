"""What every search bot shares (the search itself is ``gamecore.rollouts``): default hooks,
and the wrappers that turn a search into a bot.

A search is built by an engine's ``start(game, player, rng, **kw)`` from the seat's view only
and offers ``step(n)`` (a deterministic budget), ``run_for(seconds)`` (a time budget),
``best_move()``, ``trivial``, and the counters ``iterations`` and ``actions``; the service
(``arcade.service``) thinks with it for a time budget.
"""
from __future__ import annotations

from typing import Callable

from .rng import Rng


def uniform_rollout(game, player: int, rng: Rng) -> dict:
    return rng.choice(game.legal_moves(player))


def rewards(game, heuristic: Callable) -> list[float]:
    """Win shares at the end of a game, ``heuristic(game, p)`` before it."""
    n = game.num_players
    if game.is_over:
        winners = (game.result() or {}).get("winners") or []
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
    return [heuristic(game, p) for p in range(n)]


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


def search_bot(start: Callable, one_shot_iterations: int, from_view: Callable | None = None) -> Callable:
    """A ``fn(game, player, rng) -> move`` bot for an engine's BOTS table.

    Called at once (``botMove``) it searches a fixed number of iterations, so its choice is
    reproducible; ``bot.start`` lets the service think by time instead
    (``botMove`` with ``ms``), and ``bot.from_view`` (the same search built from the seat's
    view alone) lets other engines play shares of a decision (arcade.shares)."""
    def bot(game, player: int, rng: Rng) -> dict:
        return decide(start, game, player, rng, iterations=one_shot_iterations)

    bot.start = start
    bot.from_view = from_view
    return bot
