"""web/games/waterworks/table-text.js, run in Node on the engine's own views of played games:
the table as text (issue 56) tells every card of every line once, from its valve, and every
open end, in the player's words: no grid coordinates, no engine identifiers."""
from __future__ import annotations

import re
import sys
from pathlib import Path

from node_module import needs_node, run

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))
from arcade.service import Service

TEXT = ROOT / "web" / "games" / "waterworks" / "table-text.js"
pytestmark = needs_node

# The modules the words come from touch the window when they load (the shell's sound and motion).
RUN = """
globalThis.window = globalThis; globalThis.addEventListener = () => {};
globalThis.matchMedia = () => ({ matches: false, addEventListener() {} });
globalThis.localStorage = { getItem() { return null; }, setItem() {} };
const { tableText, lineSaid } = await import(process.argv[1]);
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
console.log(JSON.stringify(cases.map(({ view, names }) => ({
  html: tableText(view, names, 0),
  said: view.pipelines.map((l) => lineSaid(view, l.player, names, 0)) }))));
"""


def played(seed: int, moves: int, players: int = 3) -> dict:
    """A game's view for seat 0 after `moves` moves, each the first that is not a discard."""
    s = Service()
    gid = s.new_game({"game": "waterworks", "options": {"players": players}, "seed": seed})["id"]
    for _ in range(moves):
        st = s.state({"id": gid, "player": 0})
        if st["view"]["over"]:
            break
        p = st["view"]["turn"]
        legal = s.state({"id": gid, "player": p})["legal"]
        laid = [m for m in legal if m["type"] not in ("discard", "spout")]
        s.play({"id": gid, "player": p, "move": (laid or legal)[0]})
    return s.state({"id": gid, "player": 0})["view"]


def test_every_card_and_open_end_is_told_once_in_the_players_words():
    views = [played(seed, n) for seed, n in ((5, 40), (11, 25), (2026, 60))]
    names = ["You", "Bo", "Cleo"]
    got = run(RUN, TEXT, [{"view": v, "names": names} for v in views])
    for view, out in zip(views, got):
        html = out["html"]
        items = re.findall(r"<li>([^<]*)", html)
        for p, said in enumerate(out["said"]):
            line = [c for c in view["cards"] if c["owner"] == p]
            ends = [e for e in view["open_ends"] if e["player"] == p]
            # the valve, each card, each open end: once each
            assert said.count("The valve.") == 1, said
            assert len(re.findall(r"\d pipes? from the valve|Cap card ", said)) == len(line) - 1, said
            assert said.count("Open end ") == len(ends), said
        assert "<h3>Your line</h3>" in html and "<h3>Bo&#39;s line</h3>" in html and "<h3>Cleo&#39;s line</h3>" in html
        assert sum(i.startswith("Open end ") for i in items) == len(view["open_ends"])
        cards = [i for i in items if i == "The valve." or re.search(r"\d pipes? from the valve|^Cap card ", i)]
        assert len(cards) == len(view["cards"]), "each card is an item of its own"
        text = re.sub(r"<[^>]+>", " ", html)
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), "an engine identifier"
        assert not re.search(r"\(\s*\d+\s*,\s*\d+\s*\)|\b\d+,\d+\b", text), "a grid coordinate"
