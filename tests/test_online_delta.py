"""web/online/delta.js: the patch the host sends a guest in place of a whole view, run in
Node. Property: for any two JSON values, patch(a, diff(a, b)) equals b and leaves a as it
was; equal values give no patch; a patch that is not one is refused, never applied."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

DELTA = Path(__file__).resolve().parents[1] / "web" / "online" / "delta.js"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(not NODE, reason="needs Node")

RUN = """
const { diff, patch } = await import(process.argv[1]);
const out = [];
for (const [a, b] of JSON.parse(require('fs').readFileSync(0, 'utf8'))) {
  const before = JSON.stringify(a);
  const d = diff(a, b);
  const sent = JSON.parse(JSON.stringify(d)); // it travels as JSON text
  out.push({ back: patch(a, sent), same: JSON.stringify(a) === before, none: d === null });
}
console.log(JSON.stringify(out));
"""
REFUSE = """
const { patch } = await import(process.argv[1]);
const out = JSON.parse(require('fs').readFileSync(0, 'utf8')).map(([base, p]) => {
  try { patch(base, p); return 'applied'; } catch (e) { return e.message; }
});
console.log(JSON.stringify(out));
"""


def node(script: str, data) -> list:
    res = subprocess.run([NODE, "--input-type=commonjs", "-e", f"(async () => {{{script}}})()", str(DELTA)],
                         input=json.dumps(data), capture_output=True, text=True, check=True)
    return json.loads(res.stdout)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from("abcde"), inner, max_size=4),
    max_leaves=12)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(json_values, json_values), min_size=1, max_size=25))
def test_a_patch_turns_the_old_value_into_the_new(pairs):
    out = node(RUN, pairs)
    for (a, b), got in zip(pairs, out):
        assert got["back"] == b and got["same"]
        assert got["none"] == (json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True))


def test_an_unchanged_view_costs_nothing_and_a_log_line_costs_that_line():
    view = {"viewer": 1, "hand": [3, 4], "log": [{"text": "Ann laid a pipe."}] * 30}
    later = {**view, "log": view["log"] + [{"text": "Bo discarded."}]}
    assert node(RUN, [[view, view]])[0]["none"]
    sent = subprocess.run([NODE, "--input-type=commonjs", "-e",
                           "(async () => { const { diff } = await import(process.argv[1]);"
                           " const [a, b] = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
                           " console.log(JSON.stringify(diff(a, b))); })()", str(DELTA)],
                          input=json.dumps([view, later]), capture_output=True, text=True, check=True).stdout
    assert "Bo discarded." in sent and "Ann laid" not in sent
    hand = {"hand": [{"id": i, "shape": "tee"} for i in range(6)]}
    played = {"hand": hand["hand"][:2] + hand["hand"][3:]}  # the third card played
    assert node(RUN, [[hand, played]])[0]["back"] == played


def test_what_is_not_a_patch_is_refused():
    bad = [[{}, "x"], [{}, [9, 1]], [[1], [1, {}, []]], [{"a": 1}, [2, {}]], [[1], [2, {"1": [0, 2]}]],
           [[1], [2, {"-1": [0, 1]}]], [{}, [1, {"__proto__": [0, {"x": 1}]}, []]], [[1, 2], [3, 1, 2, []]],
           [[1, 2], [3, -1, 0, []]], [[1], [3, 0, 0, "x"]], [[1], [2, {"0": [1, {}, []]}]]]
    assert all(r.startswith("The host sent a malformed update") for r in node(REFUSE, bad))
