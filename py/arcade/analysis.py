"""The post-game analysis: every decision of a finished game judged by the hard bot's search
from what the deciding seat knew then (its view at that moment, never the hands it learnt of
later).

A decision is a move by a seat that had more than one legal move. For each, the search tries
its candidates and the move played (``include``) on the same deals; ``bestChance`` is the
chance of the move the search prefers (also ``before``: what the seat could still make of the
position), ``after`` the chance of the move played. The chart has a row per position (the deal,
then after each move) and a value per seat: each seat's latest estimate, from its own
decisions, ending at the result (win shares; solo, the final duckats). The *turning points*
are read off that same series: the moves after which the seat's line falls most (the largest
falls, whatever their size), each said in words (``arcade.advice_text``): at the seat's own
decision, what it played and what was better and why, in words that tell the two apart; at
another seat's move, what that move did and what the seat could have done better before it.

The work is cut into playouts, so the service can think a slice at a time (``work``) and the
page stays free between slices; a finished analysis is kept on the game
(``gamecore.annotations``), so its save and its replay link carry it and it is worked out once.
Every decision's search has a seed of its own (from the game's seed and the decision's place),
so an analysis can also be cut into *parts*, every ``of``-th decision from ``part``, worked out
by several engines at once and put together (``arcade.analysis_shares``): the same rows.
"""
from __future__ import annotations

import time

from . import advice, advice_text as say, registry

#: a fall smaller than this is no fall (rounding of the chances)
NOISE = 0.0005
#: turning points listed: the largest falls of the seat's line on the chart
TURNING_POINTS = 3


def default_iterations(game) -> int:
    """Playouts per decision when the caller gives none (the page's budget; docs/bots.md): the
    game's own (its ``plugin.ANALYSIS_ITERATIONS``)."""
    return registry.part(game.NAME, "plugin").ANALYSIS_ITERATIONS


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
    rows = {k: (before, after, best) for k, before, after, best, _c in data["decisions"]}
    series = chart(game, data)
    line = [row[player] for row in series]
    falls = sorted(((line[j - 1] - line[j], j) for j in range(1, len(line)) if line[j - 1] - line[j] > NOISE),
                   key=lambda f: (-f[0], f[1]))[:TURNING_POINTS]
    turning = sorted(j for _f, j in falls)
    mine = [k for k in rows if log[k]["player"] == player]
    # the positions the words are read from: before each of the seat's decisions and each turning point
    wanted = set(mine) | {j - 1 for j in turning}
    at = _positions(game, wanted)
    decisions = []
    said = {}
    for k in mine:
        before, after, best = rows[k]
        d = {"move": k + 1, "played": log[k]["move"], "before": before, "after": after,
             "best": best, "bestChance": before}
        d.update(_contrast(at[k], player, log[k]["move"], best, data["measure"]))
        said[k] = d
        decisions.append(d)
    points = [_turning_point(at[j - 1], game, player, j, line, said, mine) for j in
              sorted(turning, key=lambda j: (-(line[j - 1] - line[j]), j))]
    return {"decisions": decisions, "turningPoints": points, "chart": series,
            "measure": data["measure"], "iterations": data["iterations"],
            "complete": True, "progress": {"done": len(log), "of": len(log)}}


def _positions(game, wanted: set) -> dict:
    """{log index: a copy of the table before that move}, replaying the record once."""
    out = {}
    position = game.beginning()
    for k, entry in enumerate(game.log):
        if k in wanted:
            out[k] = position.clone()
        position.apply(entry["player"], entry["move"])
    return out


def _contrast(position, player: int, played: dict, best: dict, measure: str) -> dict:
    """The move played and the one preferred, in words that differ, and why the preferred one."""
    p = say.said(position, player, played, player)
    if played == best:
        return {"playedText": say.text(p), "bestText": say.text(p), "why": "", "playedDid": ""}
    b = say.said(position, player, best, player)
    best_text, played_text = say.apart(b, p)
    return {"playedText": played_text, "bestText": best_text,
            "why": say.joined(say.reasons(b, p) or [say.unsaid(measure)]),
            "playedDid": say.joined(say.differences(p, b))}


def _turning_point(position, game, player: int, j: int, line: list, said: dict, mine: list) -> dict:
    """Move ``j`` (1-based), after which ``player``'s line on the chart fell."""
    k = j - 1
    entry = game.log[k]
    point = {"move": j, "player": entry["player"], "from": line[k], "to": line[j]}
    d = said.get(k)
    if d is not None:
        better = d["best"] != d["played"]
        point.update(own=True, playedText=d["playedText"],
                     better=({"move": j, "text": d["bestText"], "why": d["why"], "instead": d["playedDid"]}
                             if better else None))
        return point
    # another seat's move (or a forced one): what it did to this seat, and what was better before it
    them = say.said(position, entry["player"], entry["move"], player)
    point.update(own=entry["player"] == player, playedText=say.text(them), did=say.joined(list(them.effects[:2])))
    earlier = [m for m in mine if m < k]
    point["better"] = None
    if earlier:
        d = said[earlier[-1]]
        point["lastDecision"] = earlier[-1] + 1
        if d["best"] != d["played"]:
            point["better"] = {"move": earlier[-1] + 1, "text": d["bestText"], "played": d["playedText"],
                               "why": d["why"], "instead": d["playedDid"]}
    return point


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
