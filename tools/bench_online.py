"""Online play benchmark (`make bench`): two devices (browser contexts) on this machine, the
real PeerJS server on loopback, real WebRTC between them, the built site (dist/).

- Invitation to table: from opening the invitation link (navigation start) to the seats
  being shown (first visit), and to the game screen for a returning guest (seat key stored).
- Move latency: from a click on one device to the other device's log showing the move,
  median over the moves of discard-only Water Works turns, both directions (includes the
  host's engine).
- Bytes per move: every character the guest receives on its data channel while the moves
  are played (and a second after the last), divided by the moves, the heartbeat's pings
  apart, with what each kind of message adds; and what the pings add (every device pings
  every 1.5 s).

- Introducers and paths (issue 57): invitation link to the seats through each introducer
  alone (PeerJS with no brokers; the MQTT broker with PeerJS's address dead), the time to the
  "cannot reach each other directly" sentence when a firewall rule drops every packet between
  the browsers, and the time a guest whose network went (offline and no packets, until the
  host shows it away) takes to be back in its seat once the network returns.

Everything runs in a network namespace whose only interface is loopback
(tools/loopback_net.py): the WebRTC candidate pair it uses is printed, and loopback it must be.

Run: .venv/bin/python tools/bench_online.py [--moves 50] [--root dist]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from loopback_net import CHROMIUM_ARGS, PEERS, PERMISSIONS, SELECTED_PAIRS, LoopbackNet, is_loopback  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run", *CHROMIUM_ARGS]
# Each page: when its log grows (wall clock, shared by the contexts), and what its data
# channels receive.
PROBE = """
window.__logTimes = []; window.__bytes = 0; window.__pingBytes = 0; window.__kinds = {};
new MutationObserver(() => {
  const n = document.querySelectorAll('.frame-log-list li').length;
  while (window.__logTimes.length < n) window.__logTimes.push(performance.timeOrigin + performance.now());
}).observe(document, { childList: true, subtree: true });
// which method each call asked, so a reply's bytes are counted under it
const asked = new Map();
const send = RTCDataChannel.prototype.send;
RTCDataChannel.prototype.send = function (data) {
  try { const m = JSON.parse(data); if (m.t === 'call') asked.set(m.n, m.method); } catch {}
  return send.call(this, data);
};
const d = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, 'onmessage');
Object.defineProperty(RTCDataChannel.prototype, 'onmessage', { configurable: true, get() { return d.get.call(this); },
  set(fn) { d.set.call(this, fn && function (e) {
    const n = typeof e.data === 'string' ? e.data.length : 0;
    if (e.data === '{"t":"ping"}') window.__pingBytes += n;
    else {
      window.__bytes += n;
      let kind = '?';
      try { const m = JSON.parse(e.data); kind = m.t === 'reply' ? `${asked.get(m.n)} reply` : m.t; } catch {}
      const k = window.__kinds[kind] || (window.__kinds[kind] = [0, 0]);
      k[0] += 1; k[1] += n;
    }
    return fn.call(this, e); }); } });
"""
TURN = ".ww-hand:not(.inactive) .ww-card[data-card-id]"
DISCARD = """() => { const c = document.querySelector('.ww-hand:not(.inactive) .ww-card[data-card-id]');
  c.click(); const t = performance.timeOrigin + performance.now();
  document.querySelector('[data-testid=act-discard]').click(); return t; }"""


def open_table(host) -> str:
    """A 2-player Water Works table opened for a friend from the menu; its invitation link."""
    host.click(".game-pick[data-game=waterworks]")
    host.click("#player-count button[data-players='2']")
    host.select_option("#seats .seat:nth-child(2) select", "human")
    host.click("#online-host")
    # the first time, a notice names the introducers before the page contacts them
    host.wait_for_selector("#online-notice[open], #online-invite[open]")
    if host.locator("#online-notice[open]").count():
        host.click("[data-testid=online-notice-go]")
    host.wait_for_selector("#online-invite[open]")
    link = host.input_value("[data-testid=online-link]")
    host.click("#online-invite [data-act=close]")
    return link


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=50)
    ap.add_argument("--root", default=str(ROOT / "dist"), help="the site served (dist/, or the source tree)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    with LoopbackNet() as net:
        base = net.site(Path(args.root))
        signaling = net.signaling()
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=net.chromium(), args=ARGS)
            contexts = []

            def open_ctx(url, wait_ready=True):
                ctx = browser.new_context(service_workers="block", permissions=PERMISSIONS)
                ctx.add_init_script(PROBE + PEERS)
                contexts.append(ctx)
                page = ctx.new_page()
                page.goto(url)
                if wait_ready:
                    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=60_000)
                return page

            host = open_ctx(base)
            host.evaluate("(u) => localStorage.setItem('pnd.online.settings.v1', JSON.stringify({signaling: u, iceServers: []}))", signaling)
            link = open_table(host)
            guest = open_ctx(link, wait_ready=False)
            guest.wait_for_selector("[data-testid=online-seat-1]")
            first = guest.evaluate("() => performance.getEntriesByName('pnd:online-table')[0].startTime")
            guest.click("[data-testid=online-seat-1]")
            guest.wait_for_selector("#game [data-testid=waterworks]")
            pairs = guest.evaluate(SELECTED_PAIRS)
            if not pairs or not all(is_loopback(a) for pair in pairs for a in pair):
                sys.exit(f"WebRTC left loopback: {pairs}")
            guest.reload()
            guest.wait_for_function("() => performance.getEntriesByName('pnd:online-screen').length > 0", timeout=30_000)
            back = guest.evaluate("() => performance.getEntriesByName('pnd:online-screen')[0].startTime")
            latencies = []
            moves = 0
            ping0, t_start = guest.evaluate("() => window.__pingBytes"), time.time()
            bytes0, kinds0 = guest.evaluate("() => [window.__bytes, structuredClone(window.__kinds)]")
            while moves < args.moves:
                mover = None
                for _ in range(400):
                    for page, other in ((host, guest), (guest, host)):
                        if page.locator(TURN).count() and not page.locator("dialog[data-testid=gameover][open]").count():
                            mover = (page, other)
                    if mover or host.locator("dialog[data-testid=gameover][open]").count():
                        break
                    host.wait_for_timeout(20)
                if not mover:
                    break  # the game ended: enough moves were usually made
                page, other = mover
                seen = other.evaluate("() => window.__logTimes.length")
                t0 = page.evaluate(DISCARD)
                other.wait_for_function(f"() => window.__logTimes.length > {seen}", timeout=20_000)
                latencies.append(other.evaluate(f"() => window.__logTimes[{seen}]") - t0)
                moves += 1
            guest.wait_for_timeout(1000)  # the calls a move sets off on the guest's screen
            total, kinds = guest.evaluate("() => [window.__bytes, window.__kinds]")
            total -= bytes0
            kinds = {k: (c - kinds0.get(k, [0, 0])[0], b - kinds0.get(k, [0, 0])[1]) for k, (c, b) in kinds.items()}
            pings = guest.evaluate("() => window.__pingBytes") - ping0
            elapsed = time.time() - t_start
            for ctx in contexts:
                ctx.close()
            browser.close()
    print("online play (two browser contexts, PeerJS and WebRTC on a namespace's loopback):")
    print(f"  {'selected candidate pair (local, remote):':48s}{' '.join(map(str, pairs[0]))}")
    print(f"  {'invitation link to the seats (first visit):':48s}{first:7.0f} ms")
    print(f"  {'invitation link to the table (seat kept):':48s}{back:7.0f} ms")
    print(f"  {f'move latency, device to device (median of {len(latencies)}):':48s}{statistics.median(latencies):7.1f} ms")
    print(f"  {f'bytes the guest receives per move ({moves} moves):':48s}{total / moves:7.0f}")
    for kind, (count, size) in sorted(kinds.items(), key=lambda kv: -kv[1][1]):
        if count:
            print(f"    {kind + ':':44s}{size / moves:7.0f}  ({count / moves:.1f} a move, {size / count:.0f} each)")
    print(f"  {'heartbeat pings the guest receives:':48s}{pings / elapsed:7.1f} bytes/s"
          f" ({pings} bytes in {elapsed:.1f} s, {pings / max(1, moves):.1f} per move)")


    paths(Path(args.root))


DEAD = "http://127.0.0.1:9002/"  # nothing listens there
CANNOT_MEET = "cannot reach each other directly"


def paths(root: Path) -> None:
    """Join time through each introducer alone, the cannot-meet sentence, a dropped guest's return."""
    if not (root / "web" / "vendor" / "trystero" / "mqtt.mjs").exists():
        print("introducers and paths: skipped (the site has no web/vendor/trystero: make vendor, or build)")
        return
    from playwright.sync_api import sync_playwright
    out = {}
    with LoopbackNet() as net:
        base = net.site(root)
        signaling, broker = net.signaling(), net.broker()
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=net.chromium(), args=ARGS)

            def device(url, settings=None):
                ctx = browser.new_context(service_workers="block", permissions=PERMISSIONS)
                ctx.add_init_script(PEERS)
                if settings:
                    ctx.add_init_script(f"localStorage.setItem('pnd.online.settings.v1', '{json.dumps(settings)}')")
                page = ctx.new_page()
                page.goto(url)
                return page

            def table(settings):
                host = device(base, settings)
                host.wait_for_selector("html[data-engine=ready]", state="attached", timeout=60_000)
                return host, open_table(host)

            for name, settings in (("PeerJS alone", {"signaling": signaling, "brokers": [], "iceServers": []}),
                                   ("MQTT broker alone", {"signaling": DEAD, "brokers": [broker], "iceServers": []})):
                host, link = table(settings)
                guest = device(link)
                guest.wait_for_selector("[data-testid=online-seat-1]", timeout=60_000)
                out[f"invitation link to the seats, {name}:"] = guest.evaluate(
                    "() => performance.getEntriesByName('pnd:online-table')[0].startTime")
                if name == "PeerJS alone":
                    guest.click("[data-testid=online-seat-1]")
                    guest.wait_for_selector("#game [data-testid=waterworks]")
                    gone = time.time()
                    guest.context.set_offline(True)
                    net.block_direct()
                    host.wait_for_selector("#online-bar li[data-seat='1'][data-away=true]", timeout=30_000)
                    away = time.time() - gone
                    net.allow_direct()
                    guest.context.set_offline(False)
                    back = time.time()
                    host.wait_for_selector("#online-bar li[data-seat='1'][data-away=false]", timeout=60_000)
                    out[f"a dropped guest back in its seat (away {away:.1f} s):"] = (time.time() - back) * 1000
                    net.block_direct()
                    late = device(link)
                    late.wait_for_selector(f".online-join-status:has-text('{CANNOT_MEET}')", timeout=60_000)
                    out["invitation link to the cannot-meet sentence:"] = late.evaluate("() => performance.now()")
                    net.allow_direct()
                for page in (host, guest):
                    page.context.close()
            browser.close()
    print("introducers and paths (the same namespace; each introducer alone, the other down):")
    for label, ms in out.items():
        print(f"  {label:48s}{ms:7.0f} ms")


if __name__ == "__main__":
    main()
