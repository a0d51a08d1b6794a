"""web/online/protocol.js: a guest's hint (docs/rulings/hints.md H4), run in Node. The host
allows hints or not; a guest asks only for its own seat, never a spectator, and the host's
engine thinks for the host's budget whatever the guest sends."""
from __future__ import annotations

import json
from pathlib import Path

from node_module import needs_node, run

PROTOCOL = Path(__file__).resolve().parents[1] / "web" / "online" / "protocol.js"
pytestmark = needs_node

RUN = """
const { parseGuestMessage, guestCall } = await import(process.argv[1]);
const out = [];
for (const [raw, seat, hints] of JSON.parse(require('fs').readFileSync(0, 'utf8'))) {
  const parsed = parseGuestMessage(raw);
  out.push(parsed.ok ? guestCall(parsed.msg, seat, 'g7', { hints }) : parsed);
}
console.log(JSON.stringify(out));
"""


def ask(cases):
    return run(RUN, PROTOCOL, [[json.dumps(m), seat, hints] for m, seat, hints in cases])


def call(params):
    return {"t": "call", "n": 1, "method": "hint", "params": params}


def test_a_guest_s_hint_only_where_the_host_allows_it_and_only_for_its_own_seat():
    allowed, off, other, spectator, greedy = ask([
        (call({"player": 1, "ms": 99999}), 1, True),
        (call({"player": 1}), 1, False),
        (call({"player": 0}), 1, True),
        (call({}), None, True),
        (call({"player": 1, "id": "g1"}), 1, True),
    ])
    assert allowed == {"ok": True, "method": "hint", "params": {"id": "g7", "player": 1, "ms": 900}}
    assert off["ok"] is False and off["error"]["message"] == "The host has not allowed hints at this table."
    assert other["error"]["message"] == "You may ask for a hint only for your own seat."
    assert spectator["error"]["message"] == "Spectators have no move to hint at."
    assert greedy["params"]["id"] == "g7"     # the host's own table, whatever the guest names
