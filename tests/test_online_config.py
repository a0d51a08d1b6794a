"""web/online/config.js in Node: online play works with nothing set up (issue 41), and ships
no relay that does not exist (issue 57). The site's shipped defaults are PeerJS's free public
server (the signaling host of the PeerJS client vendored in node_modules, so they cannot drift
apart) and a public STUN server, with no TURN server: PeerJS's free relays, which its client
still lists, are gone. A relay is a setting (the site's `relay`, a person's own); a person's
Online settings and then an invitation's `sig` override the site's, in that order; a layer
that does not check is passed over, never used in part."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from node_module import needs_node, run

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "web" / "online" / "config.js"
SHIPPED = json.loads((ROOT / "web" / "online" / "config.json").read_text())
PEERJS = ROOT / "node_modules" / "peerjs" / "dist" / "bundler.cjs"

pytestmark = needs_node

RESOLVE = """
const { resolveSettings } = await import(process.argv[1]);
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
console.log(JSON.stringify(cases.map(([site, mine, sig, mq]) => resolveSettings(site, mine, sig, mq ?? null))));
"""
ICE = """
const { checkIce, iceLines } = await import(process.argv[1]);
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
console.log(JSON.stringify(cases.map((c) => { const r = checkIce(c); return r.ok ? { ok: true, value: r.value, lines: iceLines(r.value) } : r; })));
"""
RELAY = """
const { checkRelay } = await import(process.argv[1]);
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
console.log(JSON.stringify(cases.map((c) => checkRelay(c))));
"""
TRYSTERO = ROOT / "node_modules" / "@trystero-p2p" / "mqtt" / "dist" / "index.mjs"
BROKERS = """
const { defaultRelayUrls } = await import(process.argv[1]);
console.log(JSON.stringify(defaultRelayUrls));
"""
CLIENT = """
const { util } = require(process.argv[1]);
console.log(JSON.stringify({ host: util.CLOUD_HOST, port: util.CLOUD_PORT, ice: util.defaultConfig.iceServers }));
"""


def resolve(*cases):
    return run(RESOLVE, CONFIG, [list(c) for c in cases])


@pytest.mark.skipif(not TRYSTERO.exists(), reason="needs node_modules (npm ci)")
def test_the_shipped_defaults_name_two_independent_introducers():
    """PeerJS's server and, apart from it, MQTT brokers of several operators, each one that
    trystero itself announces on (read from the vendored package)."""
    assert SHIPPED["signaling"] and SHIPPED["brokers"]
    assert set(SHIPPED["brokers"]) <= set(run(BROKERS, TRYSTERO, None))
    hosts = [b.split("//")[1].split(":")[0] for b in SHIPPED["brokers"]]
    operators = {".".join(h.split(".")[-2:]) for h in hosts}
    assert len(operators) >= 2 and "peerjs.com" not in operators, operators
    [default] = resolve((SHIPPED, None, None, None))
    assert default["brokers"] == SHIPPED["brokers"] and default["signaling"] == SHIPPED["signaling"]


MINE_BROKER = "wss://mqtt.example.org:8884/mqtt"
LINKED_BROKER = "ws://192.0.2.7:9001/"


def test_brokers_come_from_the_link_then_the_persons_settings_then_the_site():
    site, mine, linked, off, linked_off = resolve(
        (SHIPPED, None, None, None), (SHIPPED, {"brokers": [MINE_BROKER]}, None, None),
        (SHIPPED, {"brokers": [MINE_BROKER]}, LINKED, [LINKED_BROKER]), (SHIPPED, {"brokers": []}, None, None),
        (SHIPPED, {"brokers": [MINE_BROKER]}, LINKED, []))
    assert site["brokers"] == SHIPPED["brokers"]
    assert mine["brokers"] == [MINE_BROKER] and mine["brokersName"] == "the MQTT broker at mqtt.example.org:8884"
    assert mine["signaling"] == SHIPPED["signaling"]  # either introducer overridden alone
    assert linked["brokers"] == [LINKED_BROKER] and linked["signaling"] == LINKED
    assert off["brokers"] == [] and off["brokersName"] == ""  # an empty list turns it off
    assert linked_off["brokers"] == []  # a host who turned it off: the guest does not try it
    # a damaged layer is passed over whole
    for bad in (["https://x/"], "wss://x/", [5], ["wss://x/?q=1"], [MINE_BROKER] * 9):
        [r] = resolve((SHIPPED, {"brokers": bad}, None, None))
        assert r["brokers"] == SHIPPED["brokers"], bad
    # a site naming only brokers has one introducer
    [only] = resolve(({"brokers": [MINE_BROKER]}, None, None, None))
    assert only["signaling"] is None and only["brokers"] == [MINE_BROKER]


OWN = "ws://192.0.2.7:9000/"
LINKED = "wss://peer.example.org/"


@pytest.mark.skipif(not PEERJS.exists(), reason="needs node_modules (npm ci)")
def test_the_shipped_defaults_are_the_public_peerjs_server_and_public_stun_with_no_relay():
    client = run(CLIENT, PEERJS, None)
    assert client["port"] == 443
    assert SHIPPED["signaling"] == f"wss://{client['host']}/"
    urls = [u for s in SHIPPED["iceServers"] for u in [s["urls"]] + ([] if isinstance(s["urls"], str) else s["urls"])
            if isinstance(u, str)]
    assert urls and all(u.startswith("stun:") for u in urls), urls  # no TURN entry at all
    assert SHIPPED["relay"] is None
    # the client's own list still names PeerJS's dead relays: the site passes its own list,
    # which replaces the client's whole (peerOptions' `config`)
    dead = [u for s in client["ice"] for u in [s["urls"]] + ([] if isinstance(s["urls"], str) else s["urls"])
            if isinstance(u, str) and u.startswith("turn:")]
    assert dead and not set(dead) & set(urls)
    # and they pass the checks every layer passes
    [default] = resolve((SHIPPED, None, None))
    assert default == {"signaling": "wss://0.peerjs.com/", "iceServers": SHIPPED["iceServers"], "relay": None,
                       "name": "PeerJS's free public server (0.peerjs.com)", "own": False,
                       "brokers": SHIPPED["brokers"],
                       "brokersName": "three public MQTT brokers (test.mosquitto.org, broker.emqx.io, broker.hivemq.com)"}
    options = run("const { peerOptions } = await import(process.argv[1]);"
                  " console.log(JSON.stringify(peerOptions('wss://0.peerjs.com/', [{urls: 'stun:a:1'}])));", CONFIG, None)
    assert options["config"] == {"iceServers": [{"urls": "stun:a:1"}]}


RELAY_ME = {"urls": "turn:relay.example.org:3478", "username": "ann", "credential": "s3cret"}
RELAY_SITE = {"urls": "turns:turn.example.net:5349", "username": "site", "credential": "pw"}


def test_a_relay_comes_from_the_persons_settings_then_the_sites_never_from_a_link():
    site = {**SHIPPED, "relay": RELAY_SITE}
    plain, sites, mine, both, linked = resolve(
        (SHIPPED, None, None), (site, None, None), (SHIPPED, {"relay": RELAY_ME}, None),
        (site, {"relay": RELAY_ME}, None), (site, {"relay": RELAY_ME}, LINKED))
    assert plain["relay"] is None and plain["iceServers"] == SHIPPED["iceServers"]
    assert sites["relay"] == RELAY_SITE and sites["iceServers"] == SHIPPED["iceServers"] + [RELAY_SITE]
    assert mine["relay"] == RELAY_ME and mine["iceServers"] == SHIPPED["iceServers"] + [RELAY_ME]
    assert both["relay"] == RELAY_ME and both["iceServers"][-1] == RELAY_ME and RELAY_SITE not in both["iceServers"]
    assert linked["signaling"] == LINKED and linked["relay"] == RELAY_ME  # a link names a server, never a relay
    # the person's own STUN list, then the relay in force after it
    [own] = resolve((site, {"iceServers": [], "relay": None}, None))
    assert own["iceServers"] == [RELAY_SITE]
    # a damaged relay is passed over whole: the site's stands
    for bad in ({"urls": "stun:x:1", "username": "a", "credential": "b"}, {"urls": "turn:x:1"}, "turn:x:1 a b", [RELAY_ME]):
        [r] = resolve((site, {"relay": bad}, None))
        assert r["relay"] == RELAY_SITE, bad


def test_a_relay_is_checked_and_a_refusal_says_why_in_a_sentence():
    ok, none, empty, udp = run(RELAY, CONFIG, [RELAY_ME, None, "", {**RELAY_ME, "urls": "turn:relay.example.org:3478?transport=udp"}])
    assert ok == {"ok": True, "value": RELAY_ME}
    assert none == empty == {"ok": True, "value": None}
    assert udp["ok"]
    bad = run(RELAY, CONFIG, [{"urls": "stun:relay.example.org:3478", "username": "a", "credential": "b"},
                              {"urls": "https://relay.example.org/", "username": "a", "credential": "b"},
                              {"urls": "turn:relay example:3478", "username": "a", "credential": "b"},
                              {"urls": "turn:relay.example.org:3478", "credential": "b"},
                              {"urls": "turn:relay.example.org:3478", "username": "a", "credential": ""},
                              {"urls": "turn:relay.example.org:3478", "username": "a b", "credential": "c"},
                              {"urls": "turn:" + "x" * 300, "username": "a", "credential": "b"},
                              "turn:relay.example.org:3478", [RELAY_ME], 5])
    assert all(not r["ok"] for r in bad), bad
    for r in bad:  # one sentence, in words a person would use
        assert r["message"][0].isupper() and r["message"].endswith(".") and r["message"].count(". ") == 0, r
    assert "turn:" in bad[0]["message"] and "user name" in bad[3]["message"] and "password" in bad[4]["message"]


def test_a_persons_settings_then_an_invitations_server_override_the_default_in_that_order():
    mine = {"signaling": OWN, "iceServers": [{"urls": "stun:192.0.2.7:3478"}]}
    site, own, linked, both = resolve((SHIPPED, None, None), (SHIPPED, mine, None), (SHIPPED, None, LINKED),
                                      (SHIPPED, mine, LINKED))
    assert site["signaling"] == SHIPPED["signaling"] and not site["own"]
    assert {k: v for k, v in own.items() if not k.startswith("brokers")} == {
        "signaling": OWN, "iceServers": mine["iceServers"], "relay": None, "name": "the signaling server at 192.0.2.7:9000", "own": True}
    assert linked["signaling"] == LINKED and linked["iceServers"] == SHIPPED["iceServers"]
    assert both["signaling"] == LINKED and both["iceServers"] == mine["iceServers"]  # ICE is this device's own
    assert both["name"] == "the signaling server at peer.example.org"


def test_a_link_naming_no_server_or_a_bad_one_falls_back_to_the_settings_then_the_default():
    mine = {"signaling": OWN}
    results = resolve((SHIPPED, None, None), (SHIPPED, None, ""), (SHIPPED, None, "javascript:alert(1)"),
                      (SHIPPED, mine, None), (SHIPPED, None, SHIPPED["signaling"]))
    assert [r["signaling"] for r in results] == [SHIPPED["signaling"]] * 3 + [OWN, SHIPPED["signaling"]]
    assert results[-1]["name"].startswith("PeerJS's free public server")  # a link naming the default


def test_a_damaged_layer_is_passed_over_whole():
    damaged = [{"signaling": 5, "iceServers": "stun:x"}, {"signaling": "ftp://x/", "iceServers": [{"urls": "http://x"}]},
               {"signaling": "https://a:b@x/"}, "not an object", None, [1, 2]]
    for r in resolve(*[(SHIPPED, d, None) for d in damaged]):
        assert r["signaling"] == SHIPPED["signaling"] and r["iceServers"] == SHIPPED["iceServers"]
    # a site whose config.json is damaged or missing: no server, and online play says so
    for r in resolve(({"signaling": "nonsense"}, None, None), ({}, None, None), (None, None, None)):
        assert r["signaling"] is None and r["iceServers"] == [] and r["name"] == ""


def test_an_empty_own_list_means_none_and_a_missing_one_the_default():
    none, default = resolve((SHIPPED, {"iceServers": []}, None), (SHIPPED, {"iceServers": None}, None))
    assert none["iceServers"] == [] and default["iceServers"] == SHIPPED["iceServers"]


def test_ice_lines_carry_credentials_and_bad_ones_are_refused_in_words():
    with_turn = [{"urls": "stun:s.example:19302"}, {"urls": ["turn:t.example:3478", "turns:t.example:5349"],
                                                    "username": "u", "credential": "p"}]
    ok, lines, arrays = run(ICE, CONFIG, [["stun:a.example:3478", "turn:b.example:3478 ann s3cret"],
                                          None, with_turn])
    assert ok["value"] == [{"urls": "stun:a.example:3478"}, {"urls": "turn:b.example:3478", "username": "ann", "credential": "s3cret"}]
    assert ok["lines"] == ["stun:a.example:3478", "turn:b.example:3478 ann s3cret"]
    assert lines == {"ok": True, "value": None, "lines": []}
    assert arrays["value"] == with_turn
    assert arrays["lines"] == ["stun:s.example:19302", "turn:t.example:3478 u p", "turns:t.example:5349 u p"]
    bad = run(ICE, CONFIG, [["turn:x a b c"], ["http://x"], [{"urls": []}], [{"urls": ["stun:a"] * 5}],
                            [{"urls": "stun:a", "username": 3}], ["stun:a"] * 9, "stun:a"])
    assert all(not r["ok"] and r["message"].endswith(".") for r in bad), bad
