#!/usr/bin/env python3
"""Bot benchmark (part of `make bench`): the Water Works normal bot against random (wins, turns
to win, longest run of discards), the hard (rollout search) bots against greedy and
random, with a deterministic playout budget per decision, and decision times at the page's default time
budget on CPython and, with --page, in Pyodide in headless Chromium.

Every figure printed says how many seeded games were played and with what budget. Games run in
parallel worker processes (--jobs). Seeds are fixed, so a run is reproducible.

The search's playouts per second with fixed budgets (``speed``) are measured on CPython and in
the vendored Pyodide under Node (tools/bench_search.py, tools/bench_search_node.mjs).

Usage: python tools/bench_bots.py [--only wwn,ww2,ww2r,ww4,aq4,aq1,speed,time,page,analysis] [--games-ww2 N] ...
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from contextlib import contextmanager
from multiprocessing import Pool

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "py"))

from gamecore import Rng  # noqa: E402


def _engine(name):
    import aqueducks
    import waterworks
    return {"waterworks": (waterworks, waterworks.hard), "aqueducks": (aqueducks, aqueducks.hard)}[name]


def play_one(args):
    """One seeded game: seat ``seat`` is hard (iteration budget ``it``), the rest ``opp``."""
    game, players, seed, seat, opp, it = args
    mod, hard = _engine(game)
    g = mod.GAME.new({"players": players}, seed)
    rng = Rng(seed ^ 0xB07)
    while not g.is_over:
        p = g.to_act()[0]
        if p == seat:
            mv = hard.decide(g, p, rng, iterations=it)
        else:
            mv = mod.BOTS[opp](g, p, rng)
        g.apply(p, mv)
    res = g.result()
    score = res.get("score")
    return seat in res["winners"] and len(res["winners"]) == 1, not res["winners"] or len(res["winners"]) > 1, score


def normal_one(seed):
    """One seeded 2-player Water Works game, the normal bot (engine name ``greedy``) against
    random, seats rotated by seed: (normal won, its own turns, its longest run of discards)."""
    import waterworks
    g = waterworks.GAME.new({"players": 2}, seed)
    rng = Rng(seed ^ 0xB07)
    seat = seed % 2
    turns = run = longest = 0
    while not g.is_over:
        p = g.to_act()[0]
        if p == seat:
            mv = waterworks.BOTS["greedy"](g, p, rng)
            turns += 1
            run = run + 1 if mv["type"] == "discard" else 0
            longest = max(longest, run)
        else:
            mv = waterworks.BOTS["random"](g, p, rng)
        g.apply(p, mv)
    return g.result()["winners"] == [seat], turns, longest


def normal_vs_random(pool, games, base):
    t0 = time.time()
    out = pool.map(_worker().normal_one, [base + s for s in range(games)], chunksize=4)
    won = [o for o in out if o[0]]
    print(f"Water Works 2p, normal vs random, {games} games (seeds {base}..{base + games - 1}, seats "
          f"rotated): normal won {len(won)}/{games} = {100 * len(won) / games:.1f}%; own turns to win "
          f"mean {statistics.mean(t for _w, t, _l in won):.2f}, median {statistics.median(t for _w, t, _l in won)}"
          f" (all games {statistics.mean(t for _w, t, _l in out):.2f}); longest run of discards: "
          f"mean {statistics.mean(l for _w, _t, l in out):.2f}, in won games at most "
          f"{max(l for _w, _t, l in won)}, in any game {max(l for _w, _t, l in out)}"
          f" [{time.time() - t0:.0f} s]", flush=True)


def solo_greedy(seed):
    import aqueducks
    g = aqueducks.GAME.new({"players": 1}, seed)
    rng = Rng(seed ^ 0xB07)
    while not g.is_over:
        g.apply(0, aqueducks.BOTS["greedy"](g, 0, rng))
    return g.result()["score"]


def wilson(k, n, z=1.96):
    """Wilson score interval of a proportion k/n (95% by default)."""
    p, d = k / n, 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / d
    return c - h, c + h


def table(pool, label, game, players, games, opp, it, base):
    t0 = time.time()
    jobs = [(game, players, base + s, s % players, opp, it) for s in range(games)]
    out = pool.map(_worker().play_one, jobs, chunksize=1)
    wins = sum(w for w, _d, _s in out)
    draws = sum(d for _w, d, _s in out)
    lo, hi = wilson(wins, games)
    print(f"{label}: hard won {wins}/{games} = {100 * wins / games:.1f}% (Wilson 95% {100 * lo:.0f}-{100 * hi:.0f}%)"
          f" (no sole winner in {draws}); {it} playouts per decision, seats rotated, seeds"
          f" {base}..{base + games - 1} [{time.time() - t0:.0f} s]", flush=True)
    return out


def solo(pool, games, it, base):
    t0 = time.time()
    out = pool.map(_worker().play_one, [("aqueducks", 1, base + s, 0, "greedy", it) for s in range(games)], chunksize=1)
    hard = [s for _w, _d, s in out]
    greedy = pool.map(_worker().solo_greedy, [base + s for s in range(games)])
    print(f"Aqueducks solo, {games} seeds ({base}..{base + games - 1}): hard mean score "
          f"{statistics.mean(hard):.1f} vs greedy mean {statistics.mean(greedy):.1f}; hard better on "
          f"{sum(h > g for h, g in zip(hard, greedy))}, equal on {sum(h == g for h, g in zip(hard, greedy))}; "
          f"{it} playouts per decision [{time.time() - t0:.0f} s]", flush=True)


def _worker():
    """This file as an importable module, so worker processes can find its functions even when
    tools/bench.py runs it through runpy as __main__."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bench_bots
    return bench_bots


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def decision_times(game, players, decisions, seconds):
    """Hard decisions at the page's time budget on CPython (one process): wall time, iterations
    and simulated actions per decision."""
    mod, hard = _engine(game)
    times, iters, acts = [], [], []
    seed = 500
    while len(times) < decisions:
        g = mod.GAME.new({"players": players}, seed)
        rng = Rng(seed)
        seed += 1
        while not g.is_over and len(times) < decisions:
            p = g.to_act()[0]
            if p == 0 and len(g.legal_moves(p)) > 1:
                t = time.perf_counter()
                s = hard.start(g, p, rng)
                s.run_for(seconds)
                mv = s.best_move()
                times.append((time.perf_counter() - t) * 1000)
                iters.append(s.iterations)
                acts.append(s.actions)
            else:
                mv = mod.BOTS["greedy"](g, p, rng)
            g.apply(p, mv)
    print(f"CPython {game} {players}p, {decisions} hard decisions at {seconds * 1000:.0f} ms: "
          f"mean {statistics.mean(times):.0f} ms, p95 {pct(times, 0.95):.0f} ms; per decision "
          f"{statistics.mean(iters):.0f} playouts, {statistics.mean(acts):.0f} simulated actions "
          f"(min {min(acts)})", flush=True)


PAGE_JS = r"""
async ({game, players, decisions, budget, iterations}) => {
  // Hard decisions think in the engine worker (and its search helper, when the page has one)
  // for `budget` ms or exactly `iterations` playouts each, while the page draws frames: the
  // gaps between animation frames and the main thread's long tasks are recorded.
  const E = window.PipesAndDucks;
  const times = [], acts = [], iters = [], frames = [], longTasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push(e.duration);
  });
  observer.observe({ type: 'longtask' });
  let thinking = false, last = performance.now(), running = true;
  const frame = (t) => { if (thinking) frames.push(t - last); last = t; if (running) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  let seed = 700;
  const ask = iterations ? {iterations} : {ms: budget};
  while (times.length < decisions) {
    const g = (await E.newGame({game, seed: String(seed++), options: {players}})).result.id;
    for (;;) {
      const st = (await E.state({id: g})).result;
      if (st.over || times.length >= decisions) break;
      const p = st.toAct[0];
      let move;
      if (p === 0) {
        const t0 = performance.now();
        thinking = true; last = t0;
        const f = (await E.botMove({id: g, player: p, level: 'hard', ...ask})).result;
        thinking = false;
        if (f.iterations) { times.push(performance.now() - t0); acts.push(f.actions); iters.push(f.iterations); }
        move = f.move;
      } else {
        move = (await E.botMove({id: g, player: p, level: 'greedy'})).result.move;
      }
      const r = (await E.play({id: g, player: p, move}));
      if (!r.ok) throw new Error(r.error.message);
    }
    await E.close({id: g});
  }
  running = false;
  observer.disconnect();
  return {times, acts, iters, frames, longTasks};
}
"""

ANALYSIS_JS = r"""
async ({game, players, seed}) => {
  // A game of greedy bots (the same every time from its seed), then its whole analysis at the
  // page's default budget, a slice at a time as the analysis dialog asks (web/shell/analysis.js).
  const E = window.PipesAndDucks;
  const g = (await E.newGame({game, seed: String(seed), options: {players}})).result.id;
  for (;;) {
    const st = (await E.state({id: g})).result;
    if (st.over) break;
    const p = st.toAct[0];
    await E.play({id: g, player: p, move: (await E.botMove({id: g, player: p, level: 'greedy'})).result.move});
  }
  const longTasks = [];
  const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push(e.duration); });
  observer.observe({ type: 'longtask' });
  const t0 = performance.now();
  let res, slices = 0;
  do {
    res = (await E.analyse({id: g, player: 0, ms: 150})).result;
    slices += 1;
  } while (!res.complete);
  const ms = performance.now() - t0;
  observer.disconnect();
  await E.close({id: g});
  return {ms, slices, moves: res.chart.length - 1, iterations: res.iterations, longTasks};
}
"""

#: the fixed budgets the issue timed a decision with (300 Water Works, 60 Aqueducks playouts)
FIXED_PLAYOUTS = {"waterworks": 300, "aqueducks": 60}
#: the page with the search helper (a second engine worker) and without it (web/engine/helper.js)
PAGE_MODES = {"engine alone": "?helper=off", "engine + helper": ""}


def _open_page(browser, url):
    page = browser.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=180_000)
    # one search starts the helper where the page has one; wait until it answers
    page.evaluate("""async () => {
        const E = window.PipesAndDucks;
        const g = (await E.newGame({game: 'waterworks', seed: '1', options: {players: 2}})).result.id;
        await E.botMove({id: g, player: 0, level: 'hard', iterations: 2});
        await E.close({id: g});
    }""")
    page.wait_for_function("() => ['ready', 'off', 'failed'].includes(document.documentElement.dataset.searchHelper)",
                           timeout=180_000)
    return page, page.evaluate("() => document.documentElement.dataset.searchHelper")


@contextmanager
def _pages():
    """The built site served on loopback, one Chromium, and a page per mode (PAGE_MODES), each
    with its helper started where it has one: {mode: (page, helper state)}."""
    import threading
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from playwright.sync_api import sync_playwright
    from chromium_exe import desktop_chromium
    from serve import make_server
    server = make_server(ROOT, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://localhost:{server.server_address[1]}/"
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=desktop_chromium(), args=[
                "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"])
            yield {mode: _open_page(browser, url + query) for mode, query in PAGE_MODES.items()}
            browser.close()
    finally:
        server.shutdown()


def page_times(decisions, budget_ms, rounds=3):
    """Hard decisions in the page, the engine alone against the engine with its helper, the
    two pages interleaved round by round (medians over the rounds, and their spread): by the
    page's default think (playouts bought, frame rate meanwhile) and by a fixed budget (the
    wall time of a decision, set beside CPython's for the same playouts, `cpython_fixed`)."""
    cpy = cpython_fixed(max(decisions // 4, 5))
    with _pages() as pages:
        for game, players in (("waterworks", 2), ("aqueducks", 4)):
            for label, args in ((f"{budget_ms} ms", {"budget": budget_ms, "iterations": None, "decisions": decisions}),
                                (f"{FIXED_PLAYOUTS[game]} playouts",
                                 {"budget": None, "iterations": FIXED_PLAYOUTS[game], "decisions": max(decisions // 4, 5)})):
                runs = _interleaved(pages, rounds, PAGE_JS, {"game": game, "players": players, **args})
                for mode, rs in runs.items():
                    _report_page(game, players, label, mode, pages[mode][1], rs,
                                 cpy.get(game) if args["iterations"] else None)


def page_analysis(rounds=3):
    """A whole post-game analysis in the page (the same game each time, at the page's default
    budget, in 150 ms slices), the engine alone against the engine and its helper in two
    shares, interleaved round by round: its wall time, median and spread."""
    with _pages() as pages:
        for game, players in (("waterworks", 2), ("aqueducks", 2)):
            runs = _interleaved(pages, rounds, ANALYSIS_JS, {"game": game, "players": players, "seed": 7})
            for mode, rs in runs.items():
                secs = [r["ms"] / 1000 for r in rs]
                print(f"Pyodide page, {mode} (helper {pages[mode][1]}), {game} {players}p, a whole analysis "
                      f"({rs[0]['moves']} moves, greedy bots, seed 7, {rs[0]['iterations']} playouts a decision, "
                      f"slices of 150 ms): median {statistics.median(secs):.1f} s (runs {min(secs):.1f}-{max(secs):.1f}), "
                      f"{statistics.median([r['slices'] for r in rs]):.0f} slices; main-thread tasks over 50 ms: "
                      f"{sum(len(r['longTasks']) for r in rs)}", flush=True)


def _interleaved(pages, rounds, script, args):
    """``script`` run in each page in turn, ``rounds`` times: {mode: [result per round]}."""
    runs = {mode: [] for mode in pages}
    for _ in range(rounds):
        for mode, (page, _helper) in pages.items():
            page.bring_to_front()
            runs[mode].append(page.evaluate(script, args))
    return runs


def _report_page(game, players, label, mode, helper, rs, cpython_ms):
    means = [statistics.mean(r["times"]) for r in rs]
    playouts = [statistics.mean(r["iters"]) for r in rs]
    frames = [f for r in rs for f in r["frames"]]
    long_tasks = [t for r in rs for t in r["longTasks"]]
    fps = 1000 / statistics.mean(frames) if frames else 0.0
    slow = sum(1 for x in frames if x > 20) / len(frames) if frames else 0.0
    line = (f"Pyodide page, {mode} (helper {helper}), {game} {players}p, hard decisions at {label}: "
            f"median {statistics.median(means):.0f} ms a decision (runs {min(means):.0f}-{max(means):.0f}), "
            f"{statistics.median(playouts):.0f} playouts a decision (runs {min(playouts):.0f}-{max(playouts):.0f}); "
            f"page meanwhile {fps:.1f} frames/s, {100 * slow:.1f}% of {len(frames)} frames over 20 ms, "
            f"main-thread tasks over 50 ms: {len(long_tasks)}")
    if cpython_ms:
        line += f"; CPython {cpython_ms:.0f} ms for the same playouts: page speed {cpython_ms / statistics.median(means):.2f}x"
    print(line, flush=True)


def cpython_fixed(decisions):
    """CPython's wall time for the page's fixed-budget decisions (same seeds, same seats: the
    hard seat 0 against greedy), by game."""
    from arcade.service import Service
    out = {}
    for game, players in (("waterworks", 2), ("aqueducks", 4)):
        svc, times, seed = Service(), [], 700
        while len(times) < decisions:
            gid = svc.dispatch({"method": "newGame", "params": {"game": game, "seed": str(seed), "options": {"players": players}}})["result"]["id"]
            seed += 1
            while len(times) < decisions:
                st = svc.dispatch({"method": "state", "params": {"id": gid}})["result"]
                if st["over"]:
                    break
                p = st["toAct"][0]
                ask = {"id": gid, "player": p, "level": "greedy"}
                if p == 0:
                    ask.update(level="hard", iterations=FIXED_PLAYOUTS[game])
                t0 = time.perf_counter()
                r = svc.dispatch({"method": "botMove", "params": ask})["result"]
                if p == 0 and r["iterations"]:
                    times.append((time.perf_counter() - t0) * 1000)
                svc.dispatch({"method": "play", "params": {"id": gid, "player": p, "move": r["move"]}})
        out[game] = statistics.median(times)
    return out


def search_speed(rounds=2):
    """Playouts per second of the hard search with fixed budgets (tools/bench_search.py), the
    same workload on CPython and in Pyodide under Node (the worker's interpreter; CPU time on
    both sides, so load does not move the ratio)."""
    import json
    import shutil
    import subprocess
    script = os.path.join(ROOT, "tools", "bench_search.py")
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "py"))
    cpy = json.loads(subprocess.run([sys.executable, script], env=env, capture_output=True, text=True,
                                    check=True).stdout.strip().splitlines()[-1])
    node = shutil.which("node")
    pyo = None
    if node:
        r = subprocess.run([node, os.path.join(ROOT, "tools", "bench_search_node.mjs"), str(rounds)],
                           capture_output=True, text=True)
        lines = [ln for ln in r.stdout.splitlines() if ln.startswith("{")]
        pyo = json.loads(lines[-1]) if r.returncode == 0 and lines else None
    for name in (k for k in cpy if k != "python"):
        c = cpy[name]
        line = (f"search speed, {name}, {c['decisions']} decisions of {c['playouts']} playouts (CPU time): "
                f"CPython {cpy['python']} {c['playouts_per_s']:.0f} playouts/s ({c['ms_per_decision']:.0f} ms a decision)")
        if pyo:
            q = pyo[name]
            line += (f"; Pyodide {pyo['python']} in Node {q['playouts_per_s']:.0f} playouts/s "
                     f"({q['ms_per_decision']:.0f} ms); Pyodide / CPython {q['playouts_per_s'] / c['playouts_per_s']:.2f}x")
        else:
            line += "; Pyodide not measured (no node, or no vendored Pyodide in web/vendor)"
        print(line, flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="wwn,ww2,ww2r,ww4,aq4,aq1,speed,time,page,analysis")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--games-wwn", type=int, default=1000)
    ap.add_argument("--games-ww2", type=int, default=200)
    ap.add_argument("--games-ww2r", type=int, default=100)
    ap.add_argument("--games-ww4", type=int, default=200)
    ap.add_argument("--games-aq4", type=int, default=80)
    ap.add_argument("--games-aq1", type=int, default=100)
    # what the page's default think (600 ms) buys in the engine worker and its search helper on
    # an idle 2-core machine (docs/bots.md, "Budgets": 192 / 51 on the loaded machine of the
    # issue's week, 117 / 26 there for the engine alone)
    ap.add_argument("--it-ww", type=int, default=490, help="playouts per Water Works decision")
    ap.add_argument("--it-aq", type=int, default=136, help="playouts per Aqueducks decision")
    ap.add_argument("--seed-offset", type=int, default=0,
                    help="added to every table's first seed: fresh seeds for a new measurement")
    ap.add_argument("--decisions", type=int, default=40, help="timed decisions per game")
    ap.add_argument("--budget-ms", type=int, default=600)
    a = ap.parse_args()
    only = set(a.only.split(","))
    print(f"bots benchmark ({os.cpu_count()} cores, {a.jobs} worker processes)", flush=True)
    with Pool(a.jobs) as pool:
        if "wwn" in only:
            normal_vs_random(pool, a.games_wwn, 70_000 + a.seed_offset)
        if "ww2" in only:
            table(pool, f"Water Works 2p, hard vs greedy, {a.games_ww2} games", "waterworks", 2,
                  a.games_ww2, "greedy", a.it_ww, 10_000 + a.seed_offset)
        if "ww2r" in only:
            table(pool, f"Water Works 2p, hard vs random, {a.games_ww2r} games", "waterworks", 2,
                  a.games_ww2r, "random", a.it_ww, 20_000 + a.seed_offset)
        if "ww4" in only:
            table(pool, f"Water Works 4p, hard + 3 greedy, {a.games_ww4} games (fair share 25%)",
                  "waterworks", 4, a.games_ww4, "greedy", a.it_ww, 30_000 + a.seed_offset)
        if "aq4" in only:
            table(pool, f"Aqueducks 4p, hard + 3 greedy, {a.games_aq4} games (fair share 25%)",
                  "aqueducks", 4, a.games_aq4, "greedy", a.it_aq, 40_000 + a.seed_offset)
        if "aq1" in only:
            solo(pool, a.games_aq1, a.it_aq, 50_000 + a.seed_offset)
    if "speed" in only:
        search_speed()
    if "time" in only:
        decision_times("waterworks", 2, a.decisions, a.budget_ms / 1000)
        decision_times("aqueducks", 4, a.decisions, a.budget_ms / 1000)
    if "page" in only:
        page_times(a.decisions, a.budget_ms)
    if "analysis" in only:
        page_analysis()


if __name__ == "__main__":
    main()
