"""Two independent introducers, raced (issue 57): a PeerJS server and trystero's MQTT brokers
(web/online/mesh.js), with real servers inside the online tests' namespace: the PeerJS server
(npm `peer`), an MQTT broker over WebSocket (npm `aedes`), a server that takes connections and
never answers, and addresses nothing listens on. The host names both in Online settings; the
invitation link names both; a guest who set nothing tries both and the first that connects
wins. Either one down, or PeerJS accepting and never answering, still lets the pair play a
whole game."""
from __future__ import annotations

import time

import pytest
from test_online import (SHORT_GAME, assert_only_own_secrets, device, loopback_pairs,  # noqa: F401 (fixtures)
                         play_until_over, received, rtc_browser)
from helpers_menu import start_from_menu
from helpers_play import log_lines
from test_waterworks_game import GAMEOVER

DEAD = "http://127.0.0.1:9002/"  # nothing listens there
DEAD_BROKER = "ws://127.0.0.1:9004/"


def set_introducers(page, signaling, brokers):
    page.click("#online-settings-open")
    page.fill("#online-signaling", signaling)
    page.fill("#online-brokers", "\n".join(brokers))
    page.click("#online-settings [data-act=save]")
    page.wait_for_selector("#online-settings", state="hidden")


@pytest.fixture(scope="module")
def broker(loopback_net):
    return loopback_net.broker()


@pytest.mark.parametrize("case", ["peerjs-down", "peerjs-silent", "broker-down"])
def test_either_introducer_down_or_silent_still_lets_the_pair_play_a_whole_game(device, peer_server, broker, loopback_net, case):
    signaling = {"peerjs-down": DEAD, "peerjs-silent": None, "broker-down": peer_server}[case] or loopback_net.silent_address()
    brokers = [DEAD_BROKER] if case == "broker-down" else [broker]
    host, host_probe = device()
    set_introducers(host, signaling, brokers)
    sig_host = signaling.split("//")[1].rstrip("/")
    first = f"The tests' PeerJS server ({sig_host})" if signaling == peer_server else f"The signaling server at {sig_host}"
    says = (f"{first} and the MQTT broker at {brokers[0].split('//')[1].rstrip('/')}"
            " introduce the devices, whichever answers first; after that, moves go straight from device to device,"
            " and no server sees the game.")

    def notice(page):
        page.wait_for_selector("#online-notice[open]")
        assert page.text_content("[data-testid=online-notice]") == says
        page.click("[data-testid=online-notice-go]")

    t0 = time.monotonic()
    start_from_menu(host, "waterworks", 3, ["human", "human", "bot:greedy"], names=["Hana"], rules={"first_player": "1"},
                    speed=None, button="#online-host", seed=SHORT_GAME, answer=notice)
    host.wait_for_selector("#online-invite[open]", timeout=20_000)
    opened = time.monotonic() - t0
    link = host.input_value("[data-testid=online-link]")
    assert "sig=" in link and "mq=" in link  # the link names both
    host.click("#online-invite [data-act=close]")
    host.select_option("#frame-speed", "instant")
    t1 = time.monotonic()
    guest, guest_probe = device(link, wait_ready=False)
    guest.wait_for_selector("[data-testid=online-seat-1]", timeout=30_000)
    print(f"{case}: table open after {opened:.1f} s, the guest's seats after {time.monotonic() - t1:.1f} s")
    assert guest.text_content("#game [data-testid=online-notice]") == says
    guest.fill("[data-testid=online-name]", "Gus")
    guest.click("[data-testid=online-seat-1]")
    guest.wait_for_selector("#game [data-testid=waterworks]", timeout=20_000)
    loopback_pairs(guest)
    guest.select_option("#frame-speed", "instant")
    host.wait_for_selector("#online-bar li[data-seat='1']:has-text('Gus')")
    assert play_until_over([host, guest], limit_s=200) > 4
    assert log_lines(host) == log_lines(guest)
    assert host.locator(GAMEOVER).count() == 1
    assert_only_own_secrets(received(guest), 1)
    # the browsers' own words for a server that refused or a socket that failed are all they said
    said = [e for e in host_probe.errors + guest_probe.errors
            if not any(w in e for w in ("ERR_CONNECTION_REFUSED", "WebSocket", "mqtt", "Error: connack"))]
    assert said == [], said
