"""Where a district stands, in a player's words (docs/rulings/aqueducks.md R2.7): rows 1-5 of the
city's footprint, left / middle / right, the ground floor and the second and third storeys; never
the engine's grid numbers, in the view, the log or a refusal."""
from __future__ import annotations

import random
import re

from aqueducks import GAME
from aqueducks import places as W
from aqueducks.cards import CARD_OF

ENGINE_WORDS = re.compile(r"\b(row|column|col) (-\d|0\b|[6-9])|\bstorey [123]\b|\bS[123]\b")


def test_rows_are_counted_from_the_citys_first_row():
    box = (0, 2, 3, 5)                                  # x 0..2, y 3..5: three rows so far
    assert W.row_words(box, 3) == "row 1" and W.row_words(box, 5) == "row 3"
    assert W.row_words(box, 7) == "row 5"             # growing on, up to the fifth
    assert W.row_words(box, 2) == "before row 1"      # a new first row
    assert W.row_words(box, 1) == "two rows before row 1"


def test_columns_are_left_middle_right_of_the_city_as_it_stands():
    full = (-1, 1, 0, 0)
    assert [W.across_words(full, x, 1) for x in (-1, 0, 1)] == ["left", "middle", "right"]
    assert [W.across_words(full, x, 2) for x in (-1, 0)] == ["left", "right"]
    assert W.across_words(full, -1, 3) == ""          # one third-storey spot a row
    two = (4, 5, 0, 0)
    assert [W.across_words(two, x, 1) for x in (3, 4, 5, 6)] == ["left of the city", "left", "right",
                                                                "right of the city"]
    one = (2, 2, 0, 0)
    assert W.across_words(one, 2, 1) == "" and W.across_words(one, 0, 1) == "two columns left of the city"


def test_place_and_storey_words():
    box = (0, 2, 0, 4)
    assert W.place_words(box, 0, 1, 1) == "row 2, ground floor, left"
    assert W.place_words(box, 1, 4, 2) == "row 5, second storey, right"
    assert W.place_words(box, 0, 0, 3) == "row 1, third storey"
    assert W.storeys_words((1, 2, 3)) == "any storey"
    assert W.storeys_words((3,)) == "the third storey only"
    assert W.storeys_words((2, 3)) == "the second or third storey"
    assert W.storeys_words((1, 2)) == "the ground floor or second storey"


def test_the_first_city_speaks_in_rows_1_to_5():
    g = GAME.new({"players": 2}, 7)
    c = g.view(0)["cities"][0]
    assert c["districts"][0]["place"] == "row 1, ground floor"
    names = [r["name"] for r in c["rows"]]
    assert "Row 1" in names and "Row 5" in names and not any(ENGINE_WORDS.search(n) for n in names)
    assert {sp["place"] for sp in c["spaces"]} >= {"row 2, ground floor", "before row 1, ground floor",
                                                  "row 1, ground floor, left of the city"}


def test_a_whole_game_names_every_place_in_rows_1_to_5():
    """Random games: every build logged, every district and space of every view named without
    the engine's numbers; built districts always in rows 1-5."""
    for seed in (3, 11):
        g, rng = GAME.new({"players": 3}, seed), random.Random(seed)
        texts = []
        while not g.is_over:
            for p in g.to_act():
                texts += [e.get("text", "") for e in g.apply(p, rng.choice(g.legal_moves(p)))]
            for c in g.view(None)["cities"]:
                for d in c["districts"]:
                    assert re.match(r"row [1-5], (ground floor|second storey|third storey)", d["place"]), d["place"]
                for sp in c["spaces"]:
                    assert not ENGINE_WORDS.search(sp["place"]), sp["place"]
        assert any("built the" in t for t in texts)
        assert not [t for t in texts if ENGINE_WORDS.search(t)]


def test_the_build_log_line_names_the_place():
    g = GAME.new({"players": 2}, 1)
    moves = [m for m in g.legal_moves(0) if m["type"] == "build" and m["storey"] == 1]
    mv = moves[0]
    g.apply(0, mv)
    evs = g.apply(1, next(m for m in g.legal_moves(1)))
    built = [e for e in evs if e["type"] == "build" and e["player"] == 0]
    assert built, evs
    text = built[0]["text"]
    assert built[0]["place"] in text and re.search(r"at row [1-5], ground floor", text), text
    assert not ENGINE_WORDS.search(text)
    assert CARD_OF[mv["cards"][0]].name in text
