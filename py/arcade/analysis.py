"""The post-game analysis: every decision of a finished game judged by the hard bot's search
from what the deciding seat knew then (its view at that moment, never the hands it learnt of
later).

A decision is a move by a seat that had more than one legal move. For each, the search tries
its candidates and the move played (``include``) on the same deals; ``bestChance`` is the
chance of the move the search prefers (also ``before``: what the seat could still make of the
position), ``after`` the chance of the move played; the three biggest drops are the mistakes.
The chart has a row per position (the deal, then after each move) and a value per seat: each
seat's latest estimate, from its own decisions, ending at the result (win shares; solo, the
final duckats).

The work is cut into playouts, so the service can think a slice at a time (``work``) and the
page stays free between slices; a finished analysis is kept on the game
(``gamecore.annotations``), so its save and its replay link carry it and it is worked out once.
Every decision's search has a seed of its own (from the game's seed and the decision's place),
so an analysis can also be cut into *parts*, every ``of``-th decision from ``part``, worked out
by several engines at once and put together (``arcade.analysis_shares``): the same rows.
"""
from __future__ import annotations

import time

from . import advice
from .move_words import words

#: playouts per decision when the caller gives none (the page's budget; docs/bots.md)
DEFAULT_ITERATIONS = {"waterworks": 32, "aqueducks": 12}
#: a drop smaller than this is no mistake (rounding of the chances)
NOISE = 0.0005


class Analysis:
    """One finished game's analysis for a budget of ``iterations`` playouts per decision,
    worked out a playout at a time; with ``of`` > 1, only its ``part`` of the decisions (every
    ``of``-th, counted from 0), and the game's analysis is left to whoever puts the parts together."""

    def __init__(self, game, iterations: int, part: int = 0, of: int = 1):
        self.game = game
        self.iterations = iterations
        self.part, self.of = part, of
        self.decision = 0                   # decisions met so far, this part's or not
        self.measure = advice.Measure(game)
        self.moves = len(game.log)
        self.position = game.beginning()   # the table before move ``self.k``
        self.k = 0
        self.rows: list[list] = []          # [k, before, after, best, bestChance] per decision
        self.search = None                  # the decision under way

    @property
    def complete(self) -> bool:
        return self.k >= self.moves

    def progress(self) -> dict:
        part = self.search.iterations / self.iterations if self.search is not None else 0.0
        return {"done": round(self.k + min(part, 0.99), 2), "of": self.moves}

    def work(self, seconds: float | None = None, clock=time.perf_counter) -> bool:
        """Think until done or ``seconds`` have passed on ``clock``; True once complete."""
        end = None if seconds is None else clock() + seconds
        while not self.complete:
            entry = self.game.log[self.k]
            if self.search is None:
                player = entry["player"]
                if len(self.position.legal_moves(player)) <= 1:
                    self._advance()      # a forced move is no decision
                    continue
                self.decision += 1
                if (self.decision - 1) % self.of != self.part:
                    self._advance()      # another part's decision
                    continue
                rng = advice.rng_for(self.game, self.k, player, advice.ANALYSIS_SALT)
                self.search = advice.search(self.position, player, rng, self.measure)
                self.search.include(entry["move"])
            self.search.step(1)
            if self.search.iterations >= self.iterations or self.search.trivial:
                self._judge(entry["move"])
            if end is not None and clock() >= end:
                break
        if self.complete and self.of == 1:
            self.game.analysis = {"iterations": self.iterations, "measure": self.measure.name,
                                  "decisions": self.rows}
        return self.complete

    def _judge(self, played: dict) -> None:
        advice.finish_round(self.search)
        rows = advice.candidates(self.search, self.measure)
        best = self.search.best_move()
        best_chance = next(r["chance"] for r in rows if r["move"] == best)
        # the move played is a candidate (include); were it ever missing, it counts as no drop
        after = next((r["chance"] for r in rows if r["move"] == played), best_chance)
        self.rows.append([self.k, best_chance, after, best, best_chance])
        self.search = None
        self._advance()

    def _advance(self) -> None:
        entry = self.game.log[self.k]
        self.position.apply(entry["player"], entry["move"])
        self.k += 1


def answer(game, player: int) -> dict:
    """``analyse``'s answer for ``player`` from the game's finished analysis."""
    data = game.analysis
    log = game.log
    decisions = [{"move": k + 1, "played": log[k]["move"], "before": before, "after": after,
                  "best": best, "bestChance": best_chance,
                  "playedText": words(game, log[k]["move"]), "bestText": words(game, best)}
                 for k, before, after, best, best_chance in data["decisions"] if log[k]["player"] == player]
    drops = sorted((d for d in decisions if d["before"] - d["after"] > NOISE),
                   key=lambda d: (-(d["before"] - d["after"]), d["move"]))
    return {"decisions": decisions, "mistakes": [d["move"] for d in drops[:3]],
            "chart": chart(game, data), "measure": data["measure"], "iterations": data["iterations"],
            "complete": True, "progress": {"done": len(log), "of": len(log)}}


def chart(game, data: dict) -> list[list[float]]:
    """A row per position (the deal, then after each move), each seat's latest estimate."""
    n, log = game.num_players, game.log
    solo = data["measure"] == "score"
    rows = data["decisions"]
    befores = {k: before for k, before, *_ in rows}
    afters = {k: after for k, _b, after, *_ in rows}
    first = rows[0][1] if rows else 0.0
    cur = [first if solo else round(1.0 / n, 4)] * n
    out = []
    for j in range(len(log) + 1):
        if j - 1 in afters:
            cur[log[j - 1]["player"]] = afters[j - 1]
        if j in befores:
            cur[log[j]["player"]] = befores[j]
        out.append(list(cur))
    out[-1] = _outcome(game, solo)
    return out


def _outcome(game, solo: bool) -> list[float]:
    res = game.result() or {}
    if solo:
        return [float(res["scores"][0]["duckats"])]
    winners = res.get("winners") or []
    return [round(1.0 / len(winners), 4) if p in winners else 0.0 for p in range(game.num_players)]
