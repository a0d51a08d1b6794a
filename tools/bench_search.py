"""`make bench`: playouts per second of the hard bots' search with fixed budgets, the same
workload on CPython and in Pyodide (tools/bench_search_node.mjs runs this file in the vendored
Pyodide under Node, the engine worker's interpreter without the page around it).

Decisions are taken from greedy self-play (seeded), every 4th decision with a choice; each is
searched for a fixed number of playouts. Time is the process's CPU time (Node passes its own
clock as CLOCK), so the machine's load slows neither side. Prints one JSON line.
"""
import json
import sys
import time

try:
    CLOCK  # noqa: B018  (Node's process CPU time, set by bench_search_node.mjs)
except NameError:
    CLOCK = time.process_time

from gamecore import Rng  # noqa: E402
import aqueducks  # noqa: E402
import waterworks  # noqa: E402

#: (name, engine, players, seeds, decisions per seed, playouts per decision)
WORKLOAD = [("waterworks 2p", waterworks, 2, [11], 6, 300), ("aqueducks 4p", aqueducks, 4, [21], 6, 60)]


def positions(mod, players, seeds, per_seed, every=4):
    out = []
    for seed in seeds:
        g = mod.GAME.new({"players": players}, seed)
        rng = Rng(seed)
        k = taken = 0
        while not g.is_over and taken < per_seed:
            p = g.to_act()[0]
            if len(g.legal_moves(p)) > 1:
                k += 1
                if k % every == 0:
                    out.append((g.clone(), p))
                    taken += 1
            g.apply(p, mod.BOTS["greedy"](g, p, rng))
    return out


def measure(rounds=1):
    out = {"python": sys.version.split()[0]}
    for name, mod, players, seeds, per_seed, playouts in WORKLOAD:
        pos = positions(mod, players, seeds, per_seed)
        best = None
        for _ in range(rounds):     # the best of a few: the first run also warms the runtime up
            t = CLOCK()
            for i, (g, p) in enumerate(pos):
                mod.hard.start(g, p, Rng(i)).step(playouts)
            dt = CLOCK() - t
            best = dt if best is None else min(best, dt)
        out[name] = {"decisions": len(pos), "playouts": playouts,
                     "ms_per_decision": round(1000 * best / len(pos), 1),
                     "playouts_per_s": round(len(pos) * playouts / best, 1)}
    return out


print(json.dumps(measure(int(globals().get("ROUNDS", 2)))))
