"""The "hard" Aqueducks bot: determinized rollouts (gamecore.rollouts) from the seat's view only.

Every round deals the unseen cards afresh (``search.determinize``) and gives the other players'
hidden simultaneous choices back to them, so the bot never reads other hands, decks or choices,
and its own choice in a simultaneous action never depends on theirs. It tries a few candidate
moves (the greedy bot's best-rated builds, since a hand offers hundreds; the best picks,
donations and protections by the greedy bot's measures) and plays each one on with a cheap
policy for every seat (``search.rollout``), cut off and scored by ``search.heuristic`` (win
shares, or the solo score, at the end). All candidates meet the same deals and playout dice, so
the luck of the draw cancels out of the comparison.
"""
from __future__ import annotations

from gamecore.bot import decide as _decide, search_bot
from gamecore.rollouts import RolloutSearch

from . import abilities as A
from . import city as C
from .bots import _preview_build, _res_value, card_value, cheapest_bridges
from .cards import CARD_OF
from .search import determinize, evaluate, heuristic, rollout

THINK_SECONDS = 0.3
#: moves per playout before the heuristic judges it. At four players 32 moves are about half
#: an era of builds and donations, so most playouts reach a Publican visit or the era's end,
#: where Favour and duckats are actually won; at 16 few did, and hard won 42.5% of 80 games
#: against 58.8% at 32 (100 playouts each; docs/bots.md)
ROLLOUT_DEPTH = 32
#: builds tried: the greedy preview's best few
TOP_K = 4
#: picks, donations and protections tried: the best few by the greedy bot's measures. Four,
#: not eight: the page's default think buys about 26 playouts per decision (docs/bots.md), and
#: eight candidates would get three rounds each, too few for their means to say anything
MAX_CANDIDATES = 4


def candidates(k=TOP_K, most=MAX_CANDIDATES):
    """The moves a decision tries, best first by the greedy bot's measures."""
    def rank(game, player, legal):
        return _ranked(game, player, legal, k)[:most]
    return rank


def _ranked(game, player, legal, k):
    t = legal[0]["type"]
    if t == "pick":
        return sorted(legal, key=lambda m: -card_value(CARD_OF[m["card"]], game.solo))
    if t == "donate":       # dearest row first (most Favour), passing last
        return sorted(legal, key=lambda m: m.get("space", ""), reverse=True)
    if t == "protect":     # the greedy bot's measure: resources of what would be kept
        pl = game.players[player]

        def kept_value(m):
            kept = [d if d is not None and (d["protected"] or d["id"] in m["districts"]) else None
                    for d in pl["city"]]
            return _res_value(A.compute_resources(kept, C.compute_activity(kept), CARD_OF), game.solo)
        return sorted(legal, key=kept_value, reverse=True)
    if t != "build":
        return legal
    # the greedy bot's own choice of bridge: candidates that differ only in the card spent as
    # a bridge would fill the list with near-copies of one build
    builds = cheapest_bridges([m for m in legal if m["type"] == "build"])
    scored = sorted(((_preview_build(game, player, m), i) for i, m in enumerate(builds)), reverse=True)
    return [builds[i] for _s, i in scored[:k]]


def start(game, player, rng, **kw) -> RolloutSearch:
    """A resumable search for ``player``'s decision, built from ``game.view(player)`` only."""
    return from_view(game.view(player), player, rng, **kw)


def from_view(view, player, rng, **kw) -> RolloutSearch:
    """The same search from the seat's view alone: what a share of the decision runs in another
    engine (arcade.shares)."""
    return RolloutSearch(view, player, rng, determinize=determinize,
                         heuristic=heuristic, evaluate=evaluate,
                         candidates=candidates(kw.get("top_k", TOP_K), kw.get("most", MAX_CANDIDATES)),
                         rollout=kw.get("rollout", rollout),
                         rollout_depth=kw.get("rollout_depth", ROLLOUT_DEPTH))


def decide(game, player, rng, iterations=None, seconds=THINK_SECONDS, **kw) -> dict:
    return _decide(start, game, player, rng, iterations, seconds, **kw)


#: the one-shot bot (``botMove``) uses a fixed playout budget, so it is deterministic and a
#: game replays from its seed; the page thinks by time instead (``botMove`` with ``ms``).
ONE_SHOT_ITERATIONS = 24


hard_bot = search_bot(start, ONE_SHOT_ITERATIONS, from_view)
