"""`make bench`: page start-up in headless Chromium, then each engine's own benchmark.

Start-up: from one browser session (warm HTTP cache after a first visit), the median time
from navigation to `data-engine="ready"` for our page and for a bare `loadPyodide()` page
built from the same vendored files, their ratio, and when the menu was first painted.
Our page is the built site (dist/, what GitHub Pages serves), with service workers blocked so
both pages load over HTTP alike; the bare page is served next to it from the same files.
Our page is timed twice: as a returning visitor sees it (Python restored from the start-up
snapshot the first visit stored, web/snapshot.mjs), and on the first-visit path (no snapshot
stored yet, so Python starts as on the bare page), each in its own browser context.
"""
from __future__ import annotations

import os
import runpy
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from serve import make_server  # noqa: E402

RUNS = int(os.environ.get("BENCH_RUNS", "25"))
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-quic", "--no-first-run", "--disable-sync"]


def time_page(page, url: str) -> tuple[float, float | None, float | None]:
    page.goto(url)
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
    ready = page.evaluate("window.__pndReadyAt")
    hello = page.evaluate("window.__pndHelloAt || null")
    menu = page.evaluate("""() => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        return document.querySelector('#setup .seat') && fcp ? fcp.startTime : null; }""")
    return ready, menu, hello


def site_with_bare_page(dist: Path, tmp: Path) -> Path:
    """A folder serving dist/ plus tools/bench-bare.html, without writing into dist/."""
    for entry in dist.iterdir():
        (tmp / entry.name).symlink_to(entry, entry.is_dir())
    (tmp / "tools").mkdir()
    (tmp / "tools" / "bench-bare.html").symlink_to(ROOT / "tools" / "bench-bare.html")
    return tmp


def bench_startup() -> None:
    dist = ROOT / "dist"
    if not (dist / "index.html").exists():
        sys.exit("dist/ is missing: run `make build` first (`make bench` does).")
    with tempfile.TemporaryDirectory() as tmp:
        measure_startup(site_with_bare_page(dist, Path(tmp)))


SNAPSHOTS = "caches.open('pnd-pyodide-snapshot').then((c) => c.keys()).then((k) => k.length)"
FORGET_SNAPSHOT = "caches.delete('pnd-pyodide-snapshot')"


def wait_for_snapshot(page, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while not page.evaluate(SNAPSHOTS):
        if time.monotonic() > end:
            sys.exit("the page did not store its start-up snapshot")
        page.wait_for_timeout(100)


def park(page, base: str) -> None:
    """Leave our page before it stores a snapshot, on a small page of the same origin, and drop
    any snapshot stored, so that the next load of our page starts Python afresh."""
    page.goto(base + "web/icons/icon.svg")
    page.evaluate(FORGET_SNAPSHOT)


def measure_startup(site: Path) -> None:
    from playwright.sync_api import sync_playwright

    server = make_server(str(site), 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://localhost:{server.server_address[1]}/"
    bare_url = base + "tools/bench-bare.html"
    exe = os.environ.get("CHROMIUM") or shutil.which("chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, args=ARGS)
        page = browser.new_context(service_workers="block").new_page()       # returning visitor
        first = browser.new_context(service_workers="block").new_page()      # first-visit path
        time_page(page, base)  # warm the HTTP cache for both pages, and store the snapshot
        wait_for_snapshot(page)
        time_page(page, bare_url)
        time_page(first, base)
        park(first, base)
        bare, ours, fresh, menu, hello = [], [], [], [], []
        for _ in range(RUNS):  # interleaved, so drift affects all three alike
            bare.append(time_page(page, bare_url)[0])
            r, m, h = time_page(page, base)
            assert page.get_attribute("html", "data-engine-boot") == "snapshot"
            ours.append(r)
            menu.append(m)
            hello.append(h)
            fresh.append(time_page(first, base)[0])
            assert first.get_attribute("html", "data-engine-boot") == "fresh"
            park(first, base)
        browser.close()
    server.shutdown()
    mb = statistics.median(bare)
    print(f"start-up, median of {RUNS} warm loads of each page in headless Chromium ({os.cpu_count()} cores),")
    print("  our page as built in dist/ (service workers blocked), the bare page from the same files:")
    print(f"  {'bare loadPyodide():':42s}{mb:7.0f} ms")
    for label, times in (("Pipes & Ducks, snapshot restored:", ours),
                         ("Pipes & Ducks, no snapshot stored yet:", fresh)):
        mo = statistics.median(times)
        # Each run loads every page back to back, so a run's own ratio cancels slow spells of a
        # shared machine; the spread of those ratios says how far to trust the median.
        pairs = sorted(o / b for o, b in zip(times, bare))
        q1, _, q3 = statistics.quantiles(pairs, n=4)
        print(f"  {label:42s}{mo:7.0f} ms   ratio {mo / mb:.2f} (target <= 1.15); per-run ratios: "
              f"median {statistics.median(pairs):.2f}, quartiles {q1:.2f}-{q3:.2f}")
    print(f"  {'both engines imported (snapshot restored):':42s}{statistics.median(hello):7.0f} ms"
          "   (menu's house rules filled in)")
    print(f"  {'menu first painted (snapshot restored):':42s}"
          f"{statistics.median(m for m in menu if m is not None):7.0f} ms   (target <= 300)")


if __name__ == "__main__":
    bench_startup()
    for name in ("bench_waterworks.py", "bench_aqueducks.py", "bench_bots.py", "bench_takebacks.py"):
        path = ROOT / "tools" / name
        if path.exists():
            print(f"\n== {name} ==", flush=True)
            sys.path.insert(0, str(ROOT / "py"))
            runpy.run_path(str(path), run_name="__main__")
