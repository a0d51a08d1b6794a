"""Motion benchmark (issue 16): frames drawn while the game screens animate, in headless
Chromium on the built site (dist/). For each run it plays, through the page, a Water Works
card travelling from the hand to its cell (with the bot's reply and the draws) and an
Aqueducks simultaneous reveal of three cities (with the duckats flying), at Normal speed, and
records every animation frame's length from a requestAnimationFrame loop until every motion
that started has finished. Reports frames, the median and the longest frame, and how many
frames took over 50 ms. The bots think in the engine's worker, not on the page's thread.

Run: .venv/bin/python tools/bench_motion.py [--runs N]   (make bench runs it)
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
from helpers_play import WW_HAND, aq_build, ww_turn  # noqa: E402

# frame lengths from a rAF loop, kept while window.__rec is on
RECORDER = """
window.__frames = []; window.__rec = false;
(() => { let last = 0; const tick = (t) => { if (window.__rec && last) window.__frames.push(t - last); last = t; requestAnimationFrame(tick); };
  requestAnimationFrame(tick); })();
"""
SETTLED = """() => { const d = (document.querySelector('[data-testid=motion]') || {dataset: {}}).dataset;
  const started = Object.keys(d).filter(k => k.endsWith('Started'));
  return started.length > 0 && started.every(k => d[k] === d[k.replace('Started', 'Finished')]); }"""


def record(page, act, settled_extra="true"):
    page.evaluate("() => { window.__frames = []; window.__rec = true; }")
    act()
    page.wait_for_function(f"() => ({SETTLED})() && ({settled_extra})", timeout=30_000)
    page.wait_for_timeout(100)
    return page.evaluate("() => { window.__rec = false; return window.__frames; }")


def ww_travel(page):
    start_from_menu(page, "waterworks", 2, ["human", "bot:greedy"], ["You", "Bo"], {"first_player": "1"}, "normal")
    page.wait_for_selector(WW_HAND, timeout=20_000)
    page.wait_for_timeout(600)

    def act():
        ww_turn(page)
        page.wait_for_selector(WW_HAND, timeout=20_000)
    return record(page, act)


def aq_reveal(page):
    start_from_menu(page, "aqueducks", 3, ["human", "bot:greedy", "bot:greedy"], None, None, "normal")
    page.wait_for_selector(".aq:not([data-turn=''])", timeout=30_000)
    page.wait_for_timeout(600)

    return record(page, lambda: aq_build(page), "+((document.querySelector('[data-testid=motion]') || {dataset: {}}).dataset.revealFinished || 0) >= 3")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=int(os.environ.get("BENCH_MOTION_RUNS", "5")))
    args = ap.parse_args()
    results = {"Water Works card travel (+ reply, draws)": [], "Aqueducks 3-city reveal": []}
    with site_browser() as (browser, url):
        for _ in range(args.runs):
            for name, scenario in zip(results, (ww_travel, aq_reveal)):
                ctx, page = open_ready(browser, url, 1440, 900, init_script=RECORDER)
                results[name].append(scenario(page))
                ctx.close()
    print(f"Motion frames at 1440x900, Normal speed, {args.runs} runs each (target: no frame over 50 ms):")
    for name, runs in results.items():
        frames = [f for run in runs for f in run]
        over = sum(f > 50 for f in frames)
        print(f"  {name + ':':44s}{len(frames):5d} frames, median {statistics.median(frames):5.1f} ms, "
              f"longest {max(frames):6.1f} ms, over 50 ms: {over}")


if __name__ == "__main__":
    main()
