"""The "hard" Aqueducks bot: information-set MCTS (gamecore.ismcts) from the seat's view only.

Every iteration deals the unseen cards afresh (``search.determinize``) and gives the other
players' hidden simultaneous choices back to them, so the bot never reads other hands, decks or
choices. The tree holds only this bot's own decisions (``tree="self"``); the other players and
the playouts follow a cheap policy (``search.rollout``); playouts are cut off and scored by
``search.heuristic`` (win shares, or the solo score, at the end). The root considers the greedy
bot's best-rated builds only (progressive pruning), since a hand offers hundreds of builds.
"""
from __future__ import annotations

from gamecore import ismcts
from gamecore.ismcts import Search

from . import abilities as A
from . import city as C
from .bots import _preview_build, _res_value, card_value
from .game import CARD_OF
from .search import determinize, evaluate, heuristic, move_key, rollout

THINK_SECONDS = 0.3
ROLLOUT_DEPTH = 16
EXPLORATION = 0.4
TOP_K = 4
#: virtual visits favouring the greedy order at the root (progressive bias)
PRIOR_VISITS = 8


def candidates(k):
    def pick(game, player, legal, at_root=False):
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
        builds = [m for m in legal if m["type"] == "build"]
        if not at_root and len(builds) > 4 * k:   # deeper down, a cheap first cut by card value
            builds.sort(key=lambda m: -(card_value(CARD_OF[m["cards"][0]], game.solo)
                                        + card_value(CARD_OF[m["cards"][1]], game.solo)
                                        + 0.5 * m["storey"]))
            builds = builds[:4 * k]
        scored = sorted(((_preview_build(game, player, m), i) for i, m in enumerate(builds)), reverse=True)
        return [builds[i] for _s, i in scored[:k]]
    return pick


def start(game, player, rng, **kw) -> Search:
    """A resumable search for ``player``'s decision, built from ``game.view(player)`` only."""
    k = kw.get("top_k", TOP_K)
    return Search(game.view(player), player, rng, determinize=determinize, heuristic=heuristic,
                  rollout=kw.get("rollout", rollout), rollout_depth=kw.get("rollout_depth", ROLLOUT_DEPTH),
                  exploration=kw.get("exploration", EXPLORATION), key=move_key, evaluate=evaluate,
                  tree="self", candidates=candidates(k) if k else None,
                  prior_visits=kw.get("prior_visits", PRIOR_VISITS))


def decide(game, player, rng, iterations=None, seconds=THINK_SECONDS, **kw) -> dict:
    return ismcts.decide(start, game, player, rng, iterations, seconds, **kw)


#: the one-shot bot (``botMove``) uses a fixed iteration budget, so it is deterministic and a
#: game replays from its seed; the page thinks by time instead (``botStart``/``botThink``).
ONE_SHOT_ITERATIONS = 16


hard_bot = ismcts.search_bot(start, ONE_SHOT_ITERATIONS)
