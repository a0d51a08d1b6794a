"""Take-backs and statistics benchmark: how long `undoable`, `undo` (a replay of the record
without the moves taken back) and `stats` (a replay of the record) take at the end of the
longest of a few greedy games, 4-player Water Works and 6-player Aqueducks; and `stats` and the
take-back tally (`gamecore.undo.tally`, what the score card and the verifier count) of that game
played with a take-back against bots every tenth move of seat 0 (each made again at once).

Run: .venv/bin/python tools/bench_takebacks.py [--games N]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

import aqueducks  # noqa: E402
import waterworks  # noqa: E402
from gamecore import Rng, undo  # noqa: E402


def longest(engine, players: int, games: int):
    best = None
    for seed in range(1, games + 1):
        g = engine.GAME.new({"players": players}, seed)
        rng = Rng(seed)
        while not g.is_over:
            p = g.to_act()[0]
            g.apply(p, engine.BOTS["greedy"](g, p, rng))
        if best is None or len(g.log) > len(best.log):
            best = g
    return best


def with_take_backs(g, every: int = 10):
    """``g``'s moves made again, seat 0 taking back its move (and the bots' replies after it)
    every ``every``-th of its moves, then making the same moves again."""
    h = g.beginning()
    bots = frozenset(range(1, g.num_players))
    own = 0
    for i, e in enumerate(g.log):
        h.apply(e["player"], e["move"])
        if e["player"] == 0:
            own += 1
            if own % every == 0 and not h.is_over:
                start = max(j for j, x in enumerate(h.log) if x["player"] == 0)
                again = list(h.log[start:])
                h, _ = undo.undo(h, 0, bots)
                for x in again:
                    h.apply(x["player"], x["move"])
    return h


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=5)
    args = ap.parse_args()
    for engine, players in ((waterworks, 4), (aqueducks, 6)):
        g = longest(engine, players, args.games)
        # seat 0's last move stands at the end of the log, the bots' replies after it
        last = max(i for i, e in enumerate(g.log) if e["player"] == 0)
        h = undo.rebuild(type(g), g.options, g.seed, g.log[:last + 1])
        bots = frozenset(range(1, players))
        reps = 200
        t = time.perf_counter()
        for _ in range(reps):
            undo.undoable(h, 0, bots)
        asked = (time.perf_counter() - t) / reps
        t = time.perf_counter()
        undo.undo(h, 0, bots)
        took = time.perf_counter() - t
        t = time.perf_counter()
        g.stats()
        stats = time.perf_counter() - t
        print(f"{engine.GAME.NAME}, {players} players, {len(g.log)} moves: undoable {asked * 1e6:.0f} µs, "
              f"undo {took * 1e3:.1f} ms, stats {stats * 1e3:.1f} ms")
        k = with_take_backs(g)
        made = sum(n for n, _ in undo.tally(k).values())
        t = time.perf_counter()
        k.stats()
        stats = time.perf_counter() - t
        t = time.perf_counter()
        undo.tally(k)
        counted = time.perf_counter() - t
        print(f"  with {made} take-back{'s' if made != 1 else ''}: stats {stats * 1e3:.1f} ms, tally {counted * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
