"""web/online/config.js in Node: online play works with nothing set up (issue 41). The site's
shipped defaults are PeerJS's free public server and the PeerJS client's own ICE list (a
public STUN server and PeerJS's TURN servers), read from the client vendored in node_modules so
they cannot drift apart; a person's Online settings and then an invitation's `sig` override
them, in that order; a layer that does not check is passed over, never used in part."""
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
console.log(JSON.stringify(cases.map(([site, mine, sig]) => resolveSettings(site, mine, sig))));
"""
ICE = """
const { checkIce, iceLines } = await import(process.argv[1]);
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
console.log(JSON.stringify(cases.map((c) => { const r = checkIce(c); return r.ok ? { ok: true, value: r.value, lines: iceLines(r.value) } : r; })));
"""
CLIENT = """
const { util } = require(process.argv[1]);
console.log(JSON.stringify({ host: util.CLOUD_HOST, port: util.CLOUD_PORT, ice: util.defaultConfig.iceServers }));
"""


def resolve(*cases):
    return run(RESOLVE, CONFIG, [list(c) for c in cases])


OWN = "ws://192.0.2.7:9000/"
LINKED = "wss://peer.example.org/"


@pytest.mark.skipif(not PEERJS.exists(), reason="needs node_modules (npm ci)")
def test_the_shipped_defaults_are_the_public_peerjs_server_and_the_clients_own_ice_list():
    client = run(CLIENT, PEERJS, None)
    assert client["port"] == 443
    assert SHIPPED["signaling"] == f"wss://{client['host']}/"
    assert SHIPPED["iceServers"] == client["ice"]
    urls = [u for s in SHIPPED["iceServers"] for u in [s["urls"]] + ([] if isinstance(s["urls"], str) else s["urls"])
            if isinstance(u, str)]
    assert any(u.startswith("stun:") for u in urls) and any(u.startswith("turn:") for u in urls)
    assert all("username" in s and "credential" in s for s in SHIPPED["iceServers"] if "turn:" in json.dumps(s))
    # and they pass the checks every layer passes
    [default] = resolve((SHIPPED, None, None))
    assert default == {"signaling": "wss://0.peerjs.com/", "iceServers": SHIPPED["iceServers"],
                       "name": "PeerJS's free public server (0.peerjs.com)", "own": False}


def test_a_persons_settings_then_an_invitations_server_override_the_default_in_that_order():
    mine = {"signaling": OWN, "iceServers": [{"urls": "stun:192.0.2.7:3478"}]}
    site, own, linked, both = resolve((SHIPPED, None, None), (SHIPPED, mine, None), (SHIPPED, None, LINKED),
                                      (SHIPPED, mine, LINKED))
    assert site["signaling"] == SHIPPED["signaling"] and not site["own"]
    assert own == {"signaling": OWN, "iceServers": mine["iceServers"], "name": "the signaling server at 192.0.2.7:9000", "own": True}
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
    ok, lines, arrays = run(ICE, CONFIG, [["stun:a.example:3478", "turn:b.example:3478 ann s3cret"],
                                          None, SHIPPED["iceServers"]])
    assert ok["value"] == [{"urls": "stun:a.example:3478"}, {"urls": "turn:b.example:3478", "username": "ann", "credential": "s3cret"}]
    assert ok["lines"] == ["stun:a.example:3478", "turn:b.example:3478 ann s3cret"]
    assert lines == {"ok": True, "value": None, "lines": []}
    assert arrays["value"] == SHIPPED["iceServers"]
    assert arrays["lines"] == ["stun:stun.l.google.com:19302", "turn:eu-0.turn.peerjs.com:3478 peerjs peerjsp",
                               "turn:us-0.turn.peerjs.com:3478 peerjs peerjsp"]
    bad = run(ICE, CONFIG, [["turn:x a b c"], ["http://x"], [{"urls": []}], [{"urls": ["stun:a"] * 5}],
                            [{"urls": "stun:a", "username": 3}], ["stun:a"] * 9, "stun:a"])
    assert all(not r["ok"] and r["message"].endswith(".") for r in bad), bad
