"""web/shell/score-words.js, run in Node: the saved score-card picture says the hints used, as
the card on screen does (docs/rulings/hints.md: "No hints" is worth showing)."""
from __future__ import annotations

from pathlib import Path

from node_module import needs_node, run

WORDS = Path(__file__).resolve().parents[1] / "web" / "shell" / "score-words.js"
pytestmark = needs_node

RUN = """
const { cardImageLines, hintWords } = await import(process.argv[1]);
const cards = JSON.parse(require('fs').readFileSync(0, 'utf8'));
console.log(JSON.stringify(cards.map((c) => ({
  words: hintWords(c), lines: cardImageLines(c, (k) => k.toUpperCase()).map((l) => l.text) }))));
"""


def card(hints, seat=0, favourites=()):
    return {"game": "aqueducks", "seat": seat, "seats": [{}], "name": "Ann", "date": "2026-12-02",
            "daily": False, "favourites": list(favourites),
            "claim": {"faction": "ravenna", "duckats": 191, "rank": 1, "won": True},
            "record": {"hints": hints}}


def test_the_saved_picture_says_the_hints_used_like_the_card():
    got = run(RUN, WORDS, [card([[0, 5]]), card([[3], []], seat=1), card([[]]), card(None),
                           card([[]], favourites=["forum", "bath"])])
    assert [g["words"] for g in got] == ["2 hints used", "No hints", "No hints", "No hints", "No hints"]
    for g in got:
        assert g["words"] in g["lines"]
    assert got[0]["lines"][:3] == ["Pipes & Ducks · Aqueducks", "Ann", "191"]
    assert got[4]["lines"][-2:] == ["FORUM", "BATH"], "the favourites come last, a line each"


def test_one_hint_is_said_in_the_singular():
    assert run(RUN, WORDS, [card([[4]])])[0]["words"] == "1 hint used"
