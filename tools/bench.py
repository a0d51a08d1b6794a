"""`make bench`: page start-up in headless Chromium, then each engine's own benchmark.

`python tools/bench.py startup` times the start-up alone; BENCH_RUNS sets the runs (25), and
BENCH_DIST another built site to time the same way (an earlier build, to compare in the same
hour: the machine's speed changes by the hour). Start-up is measured on an idle machine: the
first line gives the load average.

Start-up, in two parts, each interleaving our page (the built site, dist/) with two anchors
served from the same vendored files: a bare `loadPyodide()` page (tools/bench-bare.html) and a
PyScript hello-world named worker (tools/bench-pyscript-hello.*), the floor of the specified
stack:

- Warm loads (one persistent browser context per path, so the HTTP cache is warm; service
  workers blocked so the pages load over HTTP alike): our page as a returning visitor sees
  it (Python restored from the start-up snapshot) and on the first-visit path (no snapshot
  stored yet). For each: time to ready and its ratio to the bare page and to the PyScript
  hello page, when each stage of the start was reached (web/engine.js, web/interpreter.mjs),
  and what the page's main thread did until ready: total blocking time (the sum of every
  task's time over 50 ms), the longest task, and how long a click made during the boot
  waited before it was handled.
- Cold first visits (a new browser context each run: empty HTTP cache, the service worker
  allowed to install as on GitHub Pages): time to ready against a cold bare page, and the
  bytes the server sent before ready and in all (the precache included, counted at the
  server for the page, its engine worker and its service worker alike).
"""
from __future__ import annotations

import os
import re
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
from chromium_exe import desktop_chromium  # noqa: E402

RUNS = int(os.environ.get("BENCH_RUNS", "25"))
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-quic", "--no-first-run", "--disable-sync"]


# Registered before any script of the page: its long tasks and how late its clicks were handled.
PROBES = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({ type: 'longtask', buffered: true });
window.__inputDelays = [];
addEventListener('pointerdown', (e) => window.__inputDelays.push(performance.now() - e.timeStamp), true);
"""


def time_page(page, url: str, clicks: bool = False) -> dict:
    """Load ``url`` until ready: {ready, hello, menu, tbt, longest, input} (ms)."""
    page.goto(url, wait_until="commit")
    if clicks:  # click an empty spot every 100 ms while the page boots
        while not page.evaluate("document.documentElement.dataset.engine === 'ready'"):
            page.mouse.click(5, 300)
            page.wait_for_timeout(100)
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
    return {"clicked": clicks, **page.evaluate("""() => {
        const ready = window.__pndReadyAt;
        const tasks = (window.__longTasks || []).filter(([t]) => t < ready);
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        return {ready, hello: window.__pndHelloAt || null,
                menu: document.querySelector('#setup .seat') && fcp ? fcp.startTime : null,
                stages: {...(window.__pndStages || {})},
                tbt: tasks.reduce((n, [, d]) => n + Math.max(0, d - 50), 0),
                longest: Math.max(0, ...tasks.map(([, d]) => d)),
                input: Math.max(0, ...(window.__inputDelays || []))};
    }""")}


HELLO = ["bench-pyscript-hello.html", "bench-pyscript-hello.toml", "bench-pyscript-hello.py"]


def site_with_anchors(dist: Path, tmp: Path) -> Path:
    """A folder serving dist/ plus the two anchor pages in tools/, without writing into dist/:
    the bare page as it is, the PyScript hello page pointed at the built runtime's folders.
    Both start on Pyodide's own standard-library archive, which the site does not ship (it
    starts on web/vendor/stdlib/): it is served beside the runtime here, as Pyodide expects."""
    shutil.copytree(dist, tmp, symlinks=True, copy_function=os.symlink, dirs_exist_ok=True)
    for runtime_dir in (tmp / "web" / "vendor").glob("pyodide-*/"):
        if not (runtime_dir / "python_stdlib.zip").exists():
            (runtime_dir / "python_stdlib.zip").symlink_to(ROOT / "web" / "vendor" / "pyodide" / "python_stdlib.zip")
    (tmp / "tools").mkdir()
    (tmp / "tools" / "bench-bare.html").symlink_to(ROOT / "tools" / "bench-bare.html")
    runtime = (dist / "web" / "vendor" / "runtime.mjs").read_text()
    folders = {k: re.search(rf"{k}: '([^']+)'", runtime).group(1) for k in ("pyodide", "pyscript")}
    for name in HELLO:
        text = (ROOT / "tools" / name).read_text()
        (tmp / "tools" / name).write_text(text.replace("{pyodide}", folders["pyodide"])
                                          .replace("{pyscript}", folders["pyscript"]))
    return tmp


def load_average() -> str:
    """Start-up is measured on an idle machine: the bench says how idle it was."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


LOAD_BEFORE = load_average()


def bench_startup() -> None:
    dist = Path(os.environ.get("BENCH_DIST", ROOT / "dist"))   # another build, to compare
    if not (dist / "index.html").exists():
        sys.exit("dist/ is missing: run `make build` first (`make bench` does).")
    with tempfile.TemporaryDirectory() as tmp:
        measure_startup(site_with_anchors(dist, Path(tmp)))


# The start-up snapshot's folder in the origin private file system (web/snapshot.mjs), or the
# Cache Storage cache a build before it kept the snapshot in (BENCH_DIST may be one): whether
# one is stored whole, and forgetting it.
SNAPSHOTS = """(async () => {
    try {
        const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('pnd-pyodide-snapshot');
        for await (const name of folder.keys()) if (!name.includes('.part')) return 1;
    } catch {}
    return (await caches.keys()).includes('pnd-pyodide-snapshot')
        ? (await (await caches.open('pnd-pyodide-snapshot')).keys()).length : 0; })()"""
FORGET_SNAPSHOT = """(async () => {
    await navigator.storage.getDirectory()
        .then((root) => root.removeEntry('pnd-pyodide-snapshot', {recursive: true})).catch(() => {});
    await caches.delete('pnd-pyodide-snapshot'); })()"""


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


def median(rows, key):
    values = [r[key] for r in rows if r[key] is not None]
    return statistics.median(values) if values else float("nan")


def ratio_line(label, rows, bare, target, anchor="bare"):
    mo, mb = median(rows, "ready"), statistics.median(bare)
    # Each run loads every page back to back, so a run's own ratio cancels slow spells of a
    # shared machine; the spread of those ratios says how far to trust the median.
    pairs = sorted(r["ready"] / b for r, b in zip(rows, bare))
    q1, _, q3 = statistics.quantiles(pairs, n=4)
    goal = f"target <= {target}" if target else "no target"
    print(f"  {label:40s}{mo:7.0f} ms   / {anchor} {mo / mb:.2f} ({goal}); per-run ratios: "
          f"median {statistics.median(pairs):.2f}, quartiles {q1:.2f}-{q3:.2f}")


STAGES = ["pyscript", "interpreter", "python", "micropip", "installed", "worker", "ready", "hello"]


def stages_line(label, rows):
    """The median moment of each stage of the start, and the time spent since the one before."""
    parts, before = [], 0.0
    for name in STAGES:
        values = [r["stages"][name] for r in rows if name in r.get("stages", {})]
        if values:
            at = statistics.median(values)
            parts.append(f"{name} {at:.0f} (+{at - before:.0f})")
            before = at
    print(f"  {label:40s}" + ", ".join(parts))


def blocking_line(label, rows, target):
    clicked = [r["input"] for r in rows if r["clicked"]] or [float("nan")]
    print(f"  {label:40s}blocking {median(rows, 'tbt'):5.0f} ms (target <= {target}; max "
          f"{max(r['tbt'] for r in rows):.0f}), longest task {median(rows, 'longest'):4.0f} ms "
          f"(max {max(r['longest'] for r in rows):.0f}), a click during boot waited "
          f"{statistics.median(clicked):4.0f} ms (max {max(clicked):.0f})")


def measure_startup(site: Path) -> None:
    from playwright.sync_api import sync_playwright

    sent = []  # (time, path, bytes) of every file body the server sent
    server = make_server(str(site), 0, on_sent=lambda path, n: sent.append((time.time() * 1000, path, n)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://localhost:{server.server_address[1]}/"
    bare_url = base + "tools/bench-bare.html"
    hello_url = base + "tools/bench-pyscript-hello.html"
    exe = desktop_chromium()
    profiles = tempfile.TemporaryDirectory()
    opened = []

    def profile(**kw):
        """A page in a browser profile of its own on disk: a real browser's HTTP cache (an
        in-memory context's cache is too small to keep the 9.6 MB wasm, docs/startup.md)."""
        ctx = p.chromium.launch_persistent_context(tempfile.mkdtemp(dir=profiles.name), executable_path=exe,
                                                   args=ARGS, **kw)
        ctx.add_init_script(PROBES)
        opened.append(ctx)
        return ctx.pages[0] if ctx.pages else ctx.new_page()

    with sync_playwright() as p:
        page = profile(service_workers="block")       # returning visitor
        first = profile(service_workers="block")      # first-visit path
        time_page(page, base)  # warm the HTTP cache for both pages, and store the snapshot
        wait_for_snapshot(page)
        time_page(page, bare_url)
        time_page(page, hello_url)
        time_page(first, base)
        park(first, base)
        bare, hello, ours, fresh = [], [], [], []
        for k in range(RUNS):  # interleaved, so drift affects all four alike
            bare.append(time_page(page, bare_url)["ready"])
            hello.append(time_page(page, hello_url)["ready"])
            ours.append(time_page(page, base, clicks=k % 2 == 1))
            assert page.get_attribute("html", "data-engine-boot") == "snapshot"
            fresh.append(time_page(first, base, clicks=k % 2 == 1))
            assert first.get_attribute("html", "data-engine-boot") == "fresh"
            park(first, base)

        cold_bare, cold = [], []
        for _ in range(max(3, RUNS // 3)):
            bp = profile()
            cold_bare.append(time_page(bp, bare_url)["ready"])
            bp.context.close()
            cp = profile(service_workers="allow")
            sent.clear()
            row = time_page(cp, base)
            at = cp.evaluate("performance.timeOrigin + window.__pndReadyAt")
            cp.evaluate("navigator.serviceWorker.ready")   # the precache is complete
            row["before"] = sum(n for t, path, n in sent if t <= at)
            row["total"] = sum(n for t, path, n in sent if "snapshot" not in path)
            seen = set()   # each byte once: what was sent again for a file already sent
            row["twice"] = 0
            for t, path, n in sent:
                row["twice"] += n if path in seen else 0
                seen.add(path)
            cold.append(row)
            cp.context.close()
        for ctx in opened:
            try:
                ctx.close()
            except Exception:  # already closed
                pass
    profiles.cleanup()
    server.shutdown()
    print(f"start-up in headless Chromium ({os.cpu_count()} cores), the built site (dist/) against a bare "
          f"loadPyodide() page from the same files; load average before: {LOAD_BEFORE}, after: "
          f"{load_average()}")
    print(f"  warm loads, median of {RUNS} each (service workers blocked):")
    print(f"  {'bare loadPyodide():':40s}{statistics.median(bare):7.0f} ms")
    print(f"  {'PyScript hello-world named worker:':40s}{statistics.median(hello):7.0f} ms   / bare "
          f"{statistics.median(hello) / statistics.median(bare):.2f}")
    # targets: issue 43's, for an idle machine
    ratio_line("ours, snapshot restored (return visit):", ours, bare, 0.35)
    ratio_line("ours, return visit, against the hello:", ours, hello, None, anchor="hello")
    ratio_line("ours, no snapshot stored (first visit):", fresh, bare, 1.10)
    ratio_line("ours, first visit, against the hello:", fresh, hello, 1.00, anchor="hello")
    stages_line("stages (ms), first visit:", fresh)
    stages_line("stages (ms), return visit:", ours)
    blocking_line("  return visit, main thread:", ours, 50)
    blocking_line("  first visit, main thread:", fresh, 100)
    print(f"  {'both engines imported (return visit):':40s}{median(ours, 'hello'):7.0f} ms")
    print(f"  {'menu first painted (return visit):':40s}{median(ours, 'menu'):7.0f} ms")
    print(f"  cold first visits (empty cache, service worker installing), median of {len(cold)}:")
    print(f"  {'bare loadPyodide(), cold:':40s}{statistics.median(cold_bare):7.0f} ms")
    ratio_line("ours, cold:", cold, cold_bare, 1.15)
    mb = 1024 * 1024
    print(f"  {'bytes before ready:':40s}{median(cold, 'before') / mb:7.1f} MiB (target <= 13.4); "
          f"in all, with the precache (not counting the start-up snapshot stored for the next "
          f"visit): {median(cold, 'total') / mb:.1f} MiB; sent twice: {median(cold, 'twice') / 1024:.0f} KiB "
          f"(target 0)")
    blocking_line("  cold first visit, main thread:", cold, 100)


if __name__ == "__main__":
    # `python tools/bench.py startup` times the start-up alone (the inner loop of start-up work)
    bench_startup()
    if sys.argv[1:] == ["startup"]:
        sys.exit(0)
    for name in ("bench_worker.py", "bench_waterworks.py", "bench_aqueducks.py", "bench_bots.py",
                 "bench_takebacks.py", "bench_online.py", "bench_motion.py", "bench_screen.py"):
        path = ROOT / "tools" / name
        if path.exists():
            print(f"\n== {name} ==", flush=True)
            sys.path.insert(0, str(ROOT / "py"))
            runpy.run_path(str(path), run_name="__main__")
