"""web/shell/score-words.js, run in Node: the saved score-card picture says the hints and the
take-backs used, as the card on screen does (docs/rulings/hints.md: "No hints" is worth
showing; docs/rulings/take-backs.md T6)."""
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


GEOMETRY = """
const { cardImageLines, qrCorner, PICTURE } = await import(process.argv[1]);
const card = JSON.parse(require('fs').readFileSync(0, 'utf8'));
console.log(JSON.stringify({ corner: qrCorner(), picture: PICTURE,
  lines: cardImageLines(card, (k) => k).map((l) => ({ y: l.y, width: l.width })) }));
"""


def test_the_text_beside_the_qr_code_stops_short_of_it():
    """The code's corner comes from the one geometry the picture is drawn from (score-card.js
    draws the code there): a 150 px code 40 px in from the bottom right, on an 8 px margin."""
    got = run(GEOMETRY, WORDS, card([[]], favourites=["forum", "bath", "aqueduct"]))
    assert got["corner"] == {"x": 1200 - 150 - 40 - 8, "y": 630 - 150 - 40 - 8}
    beside = [line for line in got["lines"] if line["y"] + 8 > got["corner"]["y"]]
    assert len(beside) >= 3, "the hints and the favourites run beside the code"
    for line in got["lines"]:
        right = got["picture"]["textLeft"] + line["width"]
        limit = got["corner"]["x"] if line in beside else got["picture"]["width"]
        assert right < limit, line


TAKEBACKS = """
const { cardImageLines, takeBackWords } = await import(process.argv[1]);
const cards = JSON.parse(require('fs').readFileSync(0, 'utf8'));
console.log(JSON.stringify(cards.map((c) => ({
  words: takeBackWords(c), lines: cardImageLines(c, (k) => k).map((l) => l.text) }))));
"""


def test_the_card_and_its_picture_say_the_take_backs_and_whether_the_score_is_ranked():
    cards = [card([[]]), card([[]]), card([[]]), card([[]])]
    cards[0]["claim"].update(takebacks=0, takebacks_revealed=0)
    cards[1]["claim"].update(takebacks=1, takebacks_revealed=0)
    cards[2]["claim"].update(takebacks=3, takebacks_revealed=1)
    # a card made before it carried the count: counted from its record, the seat's entries only
    cards[3]["record"]["moves"] = [{"player": 0, "undo": 1, "bots": []}, {"player": 0, "move": {}},
                                   {"player": 0, "undo": 2, "bots": []}, {"player": 1, "undo": 1, "bots": []}]
    got = run(TAKEBACKS, WORDS, cards)
    assert [g["words"] for g in got] == ["No take-backs", "1 take-back", "3 take-backs · not ranked", "2 take-backs"]
    for g in got:
        assert g["words"] in g["lines"]


SCORE = """
const { scoreWords } = await import(process.argv[1]);
const cards = JSON.parse(require('fs').readFileSync(0, 'utf8'));
console.log(JSON.stringify(cards.map((c) => scoreWords(c))));
"""


def test_each_game_says_its_own_score():
    """The score's words come from the card's game (its shell parts), as they read before the
    games became plug-ins."""
    ww = {"game": "waterworks", "seats": [{}, {}, {}]}
    aq = {"game": "aqueducks"}
    got = run(SCORE, WORDS, [
        {**ww, "claim": {"turns": 22, "line": 9, "rank": 1, "won": True}},
        {**ww, "claim": {"turns": 20, "line": 5, "rank": 3, "won": False}},
        {**aq, "seats": [{}], "claim": {"faction": "ravenna", "duckats": 191, "favour": 0, "rank": 1, "won": True}},
        {**aq, "seats": [{}, {}], "claim": {"faction": "venetia", "duckats": 50, "favour": 12, "rank": 1, "won": True}},
    ])
    assert got == [
        {"big": "22", "unit": "turns to win", "line": "Water Works · won · 1st of 3"},
        {"big": "5", "unit": "pipes in line", "line": "Water Works · 3rd of 3"},
        {"big": "191", "unit": "duckats", "line": "Ravenna · solo"},
        {"big": "12", "unit": "Favour", "line": "Venetia · 1st of 2 · winner"},
    ]
