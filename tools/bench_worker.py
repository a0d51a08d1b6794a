"""`make bench`: the engine in the page's worker against CPython on the same seeded workload.

Whole games of greedy bots are played through the service, one request per step exactly as
the page makes them (state, botMove, play), on CPython (``Service.dispatch_json``) and in
headless Chromium through ``window.PipesAndDucks`` (the engine worker, so the figure includes
the messages to and from the worker). Runs alternate between the two; the medians and their
ratio (worker speed / CPython speed) are printed.
"""
from __future__ import annotations

import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))
from arcade.service import Service  # noqa: E402
from serve import make_server  # noqa: E402
from chromium_exe import desktop_chromium  # noqa: E402

WORKLOAD = [("waterworks", 3, 101), ("waterworks", 4, 102), ("aqueducks", 4, 103)]
RUNS = int(os.environ.get("BENCH_WORKER_RUNS", "5"))
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-quic", "--no-first-run", "--disable-sync"]

PAGE_JS = """async (workload) => {
  const E = window.PipesAndDucks;
  const t0 = performance.now();
  let calls = 0;
  for (const [game, players, seed] of workload) {
    const id = (await E.newGame({game, seed: String(seed), options: {players}})).result.id;
    for (;;) {
      const st = (await E.state({id})).result; calls += 1;
      if (st.over) break;
      const player = st.toAct[0];
      const {move} = (await E.botMove({id, player, level: 'greedy'})).result;
      const r = await E.play({id, player, move}); calls += 2;
      if (!r.ok) throw new Error(r.error.message);
    }
    await E.close({id});
  }
  return {ms: performance.now() - t0, calls};
}"""


def cpython_run() -> tuple[float, int]:
    svc = Service()
    call = lambda method, **params: json.loads(svc.dispatch_json(json.dumps({"method": method, "params": params})))  # noqa: E731
    t0 = time.perf_counter()
    calls = 0
    for game, players, seed in WORKLOAD:
        gid = call("newGame", game=game, seed=str(seed), options={"players": players})["result"]["id"]
        while True:
            st = call("state", id=gid)["result"]
            calls += 1
            if st["over"]:
                break
            player = st["toAct"][0]
            move = call("botMove", id=gid, player=player, level="greedy")["result"]["move"]
            assert call("play", id=gid, player=player, move=move)["ok"]
            calls += 2
        call("close", id=gid)
    return (time.perf_counter() - t0) * 1000, calls


def main() -> None:
    from playwright.sync_api import sync_playwright
    site = ROOT / "dist"
    if not (site / "index.html").exists():
        sys.exit("dist/ is missing: run `make build` first (`make bench` does).")
    server = make_server(str(site), 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://localhost:{server.server_address[1]}/"
    exe = desktop_chromium()
    page_ms, py_ms = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, args=ARGS)
        page = browser.new_context(service_workers="block").new_page()
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
        page.evaluate(PAGE_JS, WORKLOAD[:1])       # warm: the engines' first imports and caches
        cpython_run()
        for _ in range(RUNS):
            r = page.evaluate(PAGE_JS, WORKLOAD)
            page_ms.append(r["ms"])
            ms, calls = cpython_run()
            py_ms.append(ms)
            assert calls == r["calls"], "the same workload on both sides"
        browser.close()
    server.shutdown()
    mp, mc = statistics.median(page_ms), statistics.median(py_ms)
    pairs = sorted(c / p for p, c in zip(page_ms, py_ms))
    print(f"greedy games through the service ({len(WORKLOAD)} games, {calls} calls), median of {RUNS}:")
    print(f"  CPython {sys.version.split()[0]}: {mc:7.0f} ms    worker (Pyodide): {mp:7.0f} ms    "
          f"worker speed / CPython speed: {mc / mp:.2f} (per-run {pairs[0]:.2f}-{pairs[-1]:.2f})")


if __name__ == "__main__":
    main()
