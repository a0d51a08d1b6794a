"""What a move costs the page's main thread (issue 25's finding): the game screens draw again on
every snapshot and click, and a person's decision brings about ten of them. Plays, through the
built site (dist/) in headless Chromium at 1280x720 and Instant speed, the first decisions of a
seeded 4-player Aqueducks game (one person clicking, three cheap bots) and the person's turns
of a seeded 3-player Water Works game, and reads Chromium's own counters for the page's main
thread (DevTools' Performance.getMetrics: task, script, style and layout time, layouts) before
and after. Runs alternate between the two games; reports medians per decision and the spread.

Run: .venv/bin/python tools/bench_screen.py [--runs N] [--decisions N]   (make bench runs it)
SITE_ROOT=other/dist compares another build.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))
from site_browser import open_ready, site_browser  # noqa: E402
from helpers_menu import start_from_menu  # noqa: E402
from helpers_play import WW_HAND, aq_decide, aq_turn_or_over, ww_turn  # noqa: E402

METRICS = ("TaskDuration", "ScriptDuration", "RecalcStyleDuration", "LayoutDuration", "LayoutCount")
AQ_SEED, WW_SEED = 2026, 128  # the deals e2e's whole games play (test_aqueducks_game, test_waterworks_game)


def metrics(cdp) -> dict[str, float]:
    got = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return {k: got.get(k, 0.0) for k in METRICS}


def measured(page, ready, decide, decisions: int) -> dict[str, float]:
    """The main thread's counters over `decisions` of the person's decisions: ready(page) waits
    for the person's turn and says whether there is one (False: the game is over), decide(page)
    takes it. The counters are read once the answer to the last decision is drawn (the next
    turn, or the end)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    before, done = metrics(cdp), 0
    while done < decisions and ready(page):
        decide(page)
        done += 1
    if done == decisions:
        ready(page)
    after = metrics(cdp)
    return {k: (after[k] - before[k]) / max(1, done) for k in METRICS}


def aqueducks(page, decisions: int) -> dict[str, float]:
    start_from_menu(page, "aqueducks", 4, ["human", "bot:greedy", "bot:random", "bot:greedy"], speed="instant", seed=AQ_SEED)
    turn = []

    def ready(p) -> bool:
        turn[:] = [aq_turn_or_over(p)]
        return turn[0] != "over"
    return measured(page, ready, lambda p: aq_decide(p, turn[0]), decisions)


def waterworks(page, decisions: int) -> dict[str, float]:
    start_from_menu(page, "waterworks", 3, ["human", "bot:greedy", "bot:random"], ["Ann", "Bo", "Cleo"],
                    {"first_player": "1"}, "instant", seed=WW_SEED)

    def ready(p) -> bool:
        p.wait_for_selector(f"{WW_HAND}, dialog[data-testid=gameover][open]", timeout=30_000)
        return not p.locator("dialog[data-testid=gameover][open]").count()
    return measured(page, ready, ww_turn, decisions)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=int(os.environ.get("BENCH_SCREEN_RUNS", "3")))
    ap.add_argument("--decisions", type=int, default=20)
    args = ap.parse_args()
    results = {"Aqueducks, 4 players": [], "Water Works, 3 players": []}
    with site_browser() as (browser, url):
        for _ in range(args.runs):
            for name, game in zip(results, (aqueducks, waterworks)):
                ctx, page = open_ready(browser, url, 1280, 720)
                results[name].append(game(page, args.decisions))
                ctx.close()
    print(f"The page's main thread per decision of the person's (1280x720, Instant, {args.runs} runs each, "
          f"up to {args.decisions} decisions; median, min-max):")
    for name, runs in results.items():
        cols = []
        for k in METRICS:
            vals = [r[k] * (1 if k == "LayoutCount" else 1000) for r in runs]
            unit = "" if k == "LayoutCount" else " ms"
            cols.append(f"{k.replace('Duration', '').replace('Count', 's').lower()} {statistics.median(vals):.0f}{unit} "
                        f"({min(vals):.0f}-{max(vals):.0f})")
        print(f"  {name + ':':24s}" + ", ".join(cols))


if __name__ == "__main__":
    main()
