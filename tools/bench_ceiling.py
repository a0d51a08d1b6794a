#!/usr/bin/env python3
"""How far more knowledge would take the hard bot (not part of `make bench`: hours).

The same rollout search as the hard bot (``waterworks.hard``, ``aqueducks.hard``: candidates,
playouts, cut-off heuristic, the same playout budget) is given, for measurement only, what no
fair bot may see, and plays the same seeds as the real one against the normal bot:

* ``plain``: the hard bot as it plays (deals sampled from its seat's view alone);
* ``read``: the hard bot reading the other hands, each dealt to fit its last move
  (``waterworks.reading``, off in play: ``hard.READ_HANDS``);
* ``hands``: every other hand as it is, only the draw pile's order unknown (shuffled per round);
* ``clairvoyant``: every hand and the draw pile's order as they are.

If knowing the hands wins little more than ``plain``, modelling the opponents' hands from what they
discarded and laid (the issue's first idea) has at most that little to win; what ``clairvoyant``
wins on top is the luck of the draw, which no bot that plays fair can see. Aqueducks
(``--game aqueducks``) plays ``plain`` and ``clairvoyant`` only: which of its many piles a
"hands" deal should keep is not one question, and its clairvoyant search also sees the others'
hidden simultaneous choices. Results: docs/bots.md ("How far knowing more would go").

Usage: python tools/bench_ceiling.py --players 2 --games 100 --first-seed 1310000 [--jobs 2]
       python tools/bench_ceiling.py --game aqueducks --players 4 --iterations 26 --games 50 --first-seed 1340000
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "py"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_bots import _engine, wilson  # noqa: E402
from gamecore import Rng  # noqa: E402
from gamecore.bot import decide  # noqa: E402

VARIANTS = {"waterworks": ("plain", "read", "hands", "clairvoyant"), "aqueducks": ("plain", "clairvoyant")}


def peeking(true_game, shuffle_draw: bool):
    """A ``hard.start`` whose every deal is ``true_game`` itself (Water Works' draw pile
    reshuffled when ``shuffle_draw``): a search that sees what the seat may not."""
    _mod, hard = _engine(true_game.NAME)

    def deal(_view, _player, rng):
        g = true_game.clone()
        g.rng = Rng(rng.next_u64())
        if shuffle_draw:
            g.rng.shuffle(g.draw)
        return g

    def start(game, player, rng, **kw):
        if true_game.NAME == "waterworks":
            kw["read"] = False
        search = hard.start(game, player, rng, **kw)
        search.determinize = deal
        return search
    return start


def play(job) -> tuple:
    name, variant, players, seed, iterations = job
    mod, hard = _engine(name)
    g = mod.GAME.new({"players": players}, seed)
    rng = Rng(seed ^ 0xB07)      # as tools/bench_bots.py's tables
    seat = seed % players
    t0 = time.process_time()
    while not g.is_over:
        p = g.to_act()[0]
        if p != seat:
            mv = mod.BOTS["greedy"](g, p, rng)
        elif variant == "plain":
            mv = hard.decide(g, p, rng, iterations=iterations)
        elif variant == "read":
            mv = hard.decide(g, p, rng, iterations=iterations, read=True)
        else:
            mv = decide(peeking(g, variant == "hands"), g, p, rng, iterations)
        g.apply(p, mv)
    return variant, seed, g.result()["winners"] == [seat], time.process_time() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", choices=sorted(VARIANTS), default="waterworks")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--first-seed", type=int, required=True, help="seeds never used before")
    ap.add_argument("--iterations", type=int, default=117, help="playouts a decision (the page's budget)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    a = ap.parse_args()
    seeds = range(a.first_seed, a.first_seed + a.games)
    variants = VARIANTS[a.game]
    jobs = [(a.game, v, a.players, s, a.iterations) for s in seeds for v in variants]
    with Pool(a.jobs) as pool:
        rows = pool.map(play, jobs, chunksize=1)
    won = {v: {s: w for vv, s, w, _c in rows if vv == v} for v in variants}
    title = {"waterworks": "Water Works", "aqueducks": "Aqueducks"}[a.game]
    for v in variants:
        k = sum(won[v].values())
        lo, hi = wilson(k, a.games)
        cpu = sum(c for vv, _s, _w, c in rows if vv == v) / a.games
        paired = ""
        if v != "plain":
            only_it = sum(won[v][s] and not won["plain"][s] for s in seeds)
            only_plain = sum(won["plain"][s] and not won[v][s] for s in seeds)
            paired = f"; only it won {only_it} seeds, only plain {only_plain}"
        print(f"{title} {a.players}p, {v}: won {k}/{a.games} = {100 * k / a.games:.1f}% "
              f"(Wilson 95% {100 * lo:.0f}-{100 * hi:.0f}%){paired}; {cpu:.1f} CPU s a game; "
              f"{a.iterations} playouts a decision, seeds {seeds[0]}..{seeds[-1]}", flush=True)


if __name__ == "__main__":
    main()
