"""The "hard" Water Works bot: determinized greedy rollouts (gamecore.rollouts) from what the
seat saw.

Every round deals the unseen cards afresh (``search.determinize``), so the bot never reads other
hands or the draw order (with ``read=True`` each opponent's hand is dealt to fit the move it last
made, ``reading``: measured in docs/bots.md, not shown to help, so off). It tries a few
candidate moves and plays each one on with the greedy bot for every seat, cut off after a few
rounds and scored by ``search.heuristic``; all candidates meet the same deals and playout dice,
so the luck of the draw cancels out of the comparison.

Candidates: the greedy bot's best few moves, plus the greedy bot's best move of every *other*
kind (a leak on each opponent, a discard, a plumber, a cap...). The greedy scores rank moves
within a kind well but trade kinds off poorly (it rarely leaks a runaway leader, for one);
letting the rollouts judge across kinds is where the search gains most (measured in
docs/bots.md: 42% -> 49.5% of 4-player games).

It plays another candidate than the greedy bot's first choice only when the paired rounds show
it better by more than ``MARGIN_SE`` standard errors of the paired difference (``gamecore.rollouts.pick``). The
greedy bot got stronger (issue 15 item 21), and the few dozen rounds a decision buys cannot
tell most candidates apart: taking whichever mean came out highest replaced its now sound
choice by noise in about a third of the decisions (measured in docs/bots.md).
"""
from __future__ import annotations

from gamecore.bot import search_bot, decide as _decide
from gamecore.rollouts import RolloutSearch

from .bots import _score, greedy_bot
from .search import determinize, heuristic

#: defaults for a decision: the page thinks for THINK_SECONDS; tests and benchmarks pass iterations
THINK_SECONDS = 0.3
#: playouts are cut off after this many moves (four rounds at four players)
ROLLOUT_DEPTH = 16
#: the greedy bot's best moves overall ...
TOP_K = 3
#: ... then its best move of each other kind, up to this many candidates in all
MAX_CANDIDATES = 8
#: another candidate replaces the greedy bot's first choice only when its mean reward is higher
#: by more than this many standard errors of the paired (same-round) difference
MARGIN_SE = 2.0
#: racing: after PRUNE_AFTER rounds a candidate stops being played once its paired gain plus
#: this many standard errors is not above zero (gamecore.rollouts; None plays every round)
PRUNE_SE = None
PRUNE_AFTER = 4
#: deal the other hands to fit their last moves (``reading``): not shown to help (docs/bots.md), off
READ_HANDS = False


def _kind(m: dict) -> tuple:
    return (m["type"], m.get("target"))


def candidates(top_k: int = TOP_K, most: int = MAX_CANDIDATES):
    def rank(game, player, legal):
        if len(legal) <= top_k:
            return legal
        scored = sorted(((_score(game, player, m), i) for i, m in enumerate(legal)), reverse=True)
        chosen = [i for _s, i in scored[:top_k]]
        kinds = {_kind(legal[i]) for i in chosen}
        for _s, i in scored[top_k:]:
            if len(chosen) >= most:
                break
            k = _kind(legal[i])
            if k not in kinds:
                kinds.add(k)
                chosen.append(i)
        return [legal[i] for i in chosen]
    return rank


def start(game, player, rng, **kw) -> RolloutSearch:
    """A resumable search for ``player``'s decision, built from ``game.view(player)`` and, when
    reading, the views the seat had before each opponent's last move."""
    deal = determinize
    if kw.get("read", READ_HANDS):
        from .reading import Reader     # off in play: not imported at the page's start
        deal = Reader(game, player, rng).determinize
    return from_view(game.view(player), player, rng, deal=deal, **kw)


def from_view(view, player, rng, deal=determinize, **kw) -> RolloutSearch:
    """The search from the seat's view alone (``deal`` aside): what a share of the decision
    runs in another engine (arcade.shares), which never reads hands."""
    return RolloutSearch(view, player, rng, determinize=deal,
                         heuristic=heuristic, rollout=kw.get("rollout", greedy_bot),
                         candidates=candidates(kw.get("top_k", TOP_K), kw.get("most", MAX_CANDIDATES)),
                         rollout_depth=kw.get("rollout_depth", ROLLOUT_DEPTH),
                         margin=kw.get("margin", MARGIN_SE), prune=kw.get("prune", PRUNE_SE),
                         prune_after=kw.get("prune_after", PRUNE_AFTER))


def decide(game, player, rng, iterations=None, seconds=THINK_SECONDS, **kw) -> dict:
    return _decide(start, game, player, rng, iterations, seconds, **kw)


#: the one-shot bot (``botMove``) uses a fixed playout budget, so it is deterministic and a
#: game replays from its seed; the page thinks by time instead (``botMove`` with ``ms``).
ONE_SHOT_ITERATIONS = 64


hard_bot = search_bot(start, ONE_SHOT_ITERATIONS, from_view)
