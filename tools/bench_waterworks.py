#!/usr/bin/env python3
"""Water Works benchmark: random-vs-random full games per second (2 and 4 players) and the
greedy bot's win rate against random over 500 seeded games.

Usage: python tools/bench_waterworks.py [--games N] [--greedy-games N]
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "py"))

from gamecore import Rng  # noqa: E402
from waterworks import BOTS, GAME  # noqa: E402


def play(options, seed, seats):
    g = GAME.new(options, seed)
    rng = Rng(seed ^ 0x5EED)
    moves = 0
    while not g.is_over:
        p = g.to_act()[0]
        g.apply(p, BOTS[seats[p]](g, p, rng))
        moves += 1
    return g, moves


def speed(players, games):
    t0 = time.perf_counter()
    moves = 0
    for seed in range(games):
        _g, m = play({"players": players}, seed, ["random"] * players)
        moves += m
    dt = time.perf_counter() - t0
    return games / dt, moves / dt


def greedy_rate(players, games):
    wins = draws = 0
    for seed in range(games):
        seat = seed % players
        seats = ["random"] * players
        seats[seat] = "greedy"
        g, _m = play({"players": players}, 100_000 + seed, seats)
        w = g.result()["winners"]
        wins += w == [seat]
        draws += not w
    return wins / games, draws / games


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--greedy-games", type=int, default=500)
    a = ap.parse_args()
    print(f"Water Works bench ({sys.implementation.name} {sys.version.split()[0]})")
    for n in (2, 4):
        gps, mps = speed(n, a.games)
        print(f"random vs random, {n} players: {gps:8.1f} games/s  ({mps:,.0f} moves/s, {a.games} games)")
    rate, draws = greedy_rate(2, a.greedy_games)
    print(f"greedy vs random, 2 players, {a.greedy_games} seeded games: greedy wins {rate:.1%} "
          f"(no winner {draws:.1%})")
    for n in (3, 4):
        rate, draws = greedy_rate(n, a.greedy_games // 2)
        print(f"greedy vs {n - 1} randoms, {a.greedy_games // 2} games: greedy wins {rate:.1%} "
              f"(no winner {draws:.1%})")


if __name__ == "__main__":
    main()
