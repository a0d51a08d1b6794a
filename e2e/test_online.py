"""Online play between devices: a host and guests in separate browser contexts (separate
devices as far as the page can tell), the real PeerJS signaling server on loopback
(conftest.peer_server) and real WebRTC data channels between the contexts.

Every message a guest's page receives over its data channel is recorded (an init script
wraps RTCDataChannel's message handler), so the test can say what a guest was never sent.
"""
from __future__ import annotations

import json
import os
import shutil
import time

import pytest
from conftest import CHROMIUM_ARGS, open_in_context, playwright_api
from helpers_menu import start_from_menu
from test_waterworks_game import GAMEOVER, HAND_READY, play_simple_turn

# Test-only: let WebRTC offer plain host candidates, loopback included, so two contexts on
# one machine connect with no STUN server (the product ships no such flag).
WEBRTC_ARGS = ["--disable-features=WebRtcHideLocalIpsWithMdns", "--allow-loopback-in-peer-connection"]

RECORD = """
(() => {
  window.__received = [];
  const proto = RTCDataChannel.prototype;
  const d = Object.getOwnPropertyDescriptor(proto, 'onmessage');
  Object.defineProperty(proto, 'onmessage', {
    configurable: true,
    get() { return d.get.call(this); },
    set(fn) {
      d.set.call(this, fn && function (e) {
        window.__received.push(typeof e.data === 'string' ? e.data : '[binary ' + (e.data.byteLength || e.data.size) + ']');
        return fn.call(this, e);
      });
    },
  });
})();
"""


@pytest.fixture(scope="module")
def rtc_browser():
    exe = os.environ.get("CHROMIUM") or shutil.which("chromium") or None
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS + WEBRTC_ARGS)
        yield b
        b.close()


@pytest.fixture
def device(rtc_browser, base_url):
    """device(url=None) -> (page, probe): a new browser context, i.e. another person's device."""
    contexts = []

    def _open(url=None, wait_ready=True):
        return open_in_context(rtc_browser, contexts, url or base_url, wait_ready=wait_ready,
                               service_workers="block", init_script=RECORD)

    yield _open
    for ctx in contexts:
        ctx.close()


def set_signaling(page, url):
    page.click("#online-settings-open")
    page.fill("#online-signaling", url)
    page.click("#online-settings [data-act=save]")


def host_game(page, peer_server, game, players, controllers, rules=None):
    set_signaling(page, peer_server)
    start_from_menu(page, game, players, controllers, rules=rules, speed=None, button="#online-host")
    page.wait_for_selector("#online-invite[open]")
    link = page.input_value("[data-testid=online-link]")
    assert page.locator("[data-testid=online-qr] svg").count() == 1
    page.click("#online-invite [data-act=close]")
    page.select_option("#frame-speed", "fast")
    return link


def join(device, link, seat, name):
    page, probe = device(link, wait_ready=False)
    page.wait_for_selector(f"[data-testid=online-seat-{seat}]", timeout=20_000)
    page.fill("[data-testid=online-name]", name)
    page.click(f"[data-testid=online-seat-{seat}]")
    page.wait_for_selector("#game [data-testid=waterworks], #game [data-testid=aqueducks]", timeout=20_000)
    return page, probe


def received(page):
    return [json.loads(m) for m in page.evaluate("window.__received")]


def play_until_over(pages, limit_s=200):
    t0 = time.time()
    turns = 0
    while not all(p.locator(GAMEOVER).count() for p in pages):
        moved = False
        for p in pages:
            if p.locator(GAMEOVER).count() == 0 and p.locator(HAND_READY).count():
                play_simple_turn(p)
                turns += 1
                moved = True
        if not moved:
            pages[0].wait_for_timeout(60)
        if time.time() - t0 > limit_s:
            for i, p in enumerate(pages):
                p.screenshot(path=f"e2e/artifacts/online-stuck-{i}.png")
            print("RECEIVED", pages[1].evaluate("window.__received.map(m => m.slice(0, 300))"))
            raise AssertionError(f"the game should end ({turns} turns): "
                                 + " | ".join(p.text_content("[data-testid=status]") or "" for p in pages))
    return turns


def test_waterworks_between_two_devices_and_a_bot(device, peer_server):
    host, host_probe = device()
    link = host_game(host, peer_server, "waterworks", 3, ["human", "human", "bot:greedy"],
                     rules={"first_player": "1"})
    assert "#join=pnd-" in link
    guest, guest_probe = join(device, link, 1, "Gus")
    host.wait_for_selector("#online-bar li[data-seat='1']:has-text('Gus')")
    turns = play_until_over([host, guest], limit_s=float(os.environ.get('ONLINE_LIMIT', 200)))
    assert turns > 4
    for p in (host, guest):
        title = p.text_content(f"{GAMEOVER} h2")
        assert "win" in title or "ran dry" in title, title
    # the guest was never sent a save, the seed or another seat's hand
    msgs = received(guest)
    assert msgs, "the guest received the table over its data channel"
    text = json.dumps(msgs)
    assert '"seed"' not in text and '"rng"' not in text
    for m in msgs:
        if m.get("t") == "moved":
            assert m["player"] != 1
    assert host_probe.errors == [] and guest_probe.errors == [], (host_probe.errors, guest_probe.errors)
