"""Aqueducks benchmark: random full games per second, greedy vs random.

Run: .venv/bin/python tools/bench_aqueducks.py [--games N]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from aqueducks import BOTS, GAME  # noqa: E402
from gamecore import Rng  # noqa: E402


def play(players, seed, seats):
    g = GAME.new({"players": players}, seed)
    rng = Rng(seed * 7919 + 1)
    while not g.is_over:
        for p in g.to_act():
            g.apply(p, BOTS[seats[p]](g, p, rng))
            if g.is_over:
                break
    return g.result()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=60)
    args = ap.parse_args()
    n = args.games
    for players in (1, 4, 6):
        t = time.perf_counter()
        for s in range(n):
            play(players, s, ["random"] * players)
        dt = time.perf_counter() - t
        print(f"random, {players} player{'s' if players > 1 else ''}: {n / dt:.1f} games/s")
    for bot in ("random", "greedy"):
        t = time.perf_counter()
        scores = [play(1, s, [bot])["score"] for s in range(n)]
        print(f"solo {bot}: mean score {sum(scores) / n:.1f} duckats "
              f"(min {min(scores)}, max {max(scores)}; {n / (time.perf_counter() - t):.1f} games/s)")
    wins = 0.0
    for s in range(n):
        seat = s % 4
        seats = ["random"] * 4
        seats[seat] = "greedy"
        r = play(4, 10_000 + s, seats)
        if seat in r["winners"]:
            wins += 1 / len(r["winners"])
    print(f"4 players, greedy vs 3 random: greedy wins {100 * wins / n:.0f}% of {n} games (fair share 25%)")


if __name__ == "__main__":
    main()
