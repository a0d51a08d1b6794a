"""Where a district stands, in the words a player uses (docs/rulings/aqueducks.md, R2.7).

The engine keeps a city on an unbounded-looking grid (x across the width, y along the length,
storeys 1-3; see city.py), so that a city may grow in any direction. A player never sees those
numbers: rows are counted 1 to 5 from the city's first row, columns are the left, middle and
right of the city as it stands, storeys are the ground floor, the second and the third storey.
Every screen, log line and refusal takes its words from here, so they always agree.
"""
from __future__ import annotations

from . import city as C

STOREY_WORDS = {1: "ground floor", 2: "second storey", 3: "third storey"}
# the spots of one storey across the city, by how many there are
_ACROSS = {1: ("",), 2: ("left", "right"), 3: ("left", "middle", "right")}
_COUNT = {1: "one", 2: "two", 3: "three", 4: "four"}


def storey_words(s: int) -> str:
    return STOREY_WORDS.get(s, f"storey {s}")


def storeys_words(storeys) -> str:
    """'any storey', 'the ground floor only', 'the second or third storey'."""
    ss = sorted(storeys)
    if ss == [1, 2, 3]:
        return "any storey"
    if len(ss) == 1:
        return f"the {storey_words(ss[0])} only"
    names = [storey_words(s).replace(" storey", "") if i < len(ss) - 1 and s > 1 else storey_words(s)
             for i, s in enumerate(ss)]
    return "the " + " or ".join(names)


def box_of(city: list):
    """(x_min, x_max, y_min, y_max) of a city's ground floor, or None while it is empty."""
    return C.ground_box(city)


def row_words(box, y: int) -> str:
    """'row 2'; a row before the city's first: 'before row 1', 'two rows before row 1'."""
    y0 = box[2] if box else y
    if y >= y0:
        return f"row {y - y0 + 1}"
    k = y0 - y
    return "before row 1" if k == 1 else f"{_COUNT.get(k, k)} rows before row 1"


def across_words(box, x: int, s: int) -> str:
    """Where across the city a spot of storey s stands: 'left', 'middle', 'right', '' when it
    is the only spot of its storey, or a new column beside the city ('left of the city')."""
    if box is None:
        return ""
    x0, x1 = box[0], box[1]
    if x < x0:
        k = x0 - x
        return "left of the city" if k == 1 else f"{_COUNT.get(k, k)} columns left of the city"
    if x + s - 1 > x1:
        k = x + s - 1 - x1
        return "right of the city" if k == 1 else f"{_COUNT.get(k, k)} columns right of the city"
    spots = (x1 - x0 + 1) - s + 1
    words = _ACROSS.get(spots)
    return words[x - x0] if words else ""


def place_words(box, x: int, y: int, s: int) -> str:
    """'row 2, ground floor, left'; 'row 1, second storey, right'; 'row 3, third storey'."""
    across = across_words(box, x, s)
    return f"{row_words(box, y)}, {storey_words(s)}" + (f", {across}" if across else "")


def city_place(city: list, x: int, y: int, s: int) -> str:
    return place_words(box_of(city), x, y, s)


def row_label(box, y: int) -> list[str]:
    """A row's name in two short lines, for a narrow margin: ['Row', '2'], ['before', 'row 1']."""
    y0 = box[2] if box else y
    if y >= y0:
        return ["Row", str(y - y0 + 1)]
    return ["before" if y0 - y == 1 else f"{y0 - y} before", "row 1"]


def row_names(city: list, ys) -> list[dict]:
    """The rows a screen draws (the city's and those it may still grow into), each named:
    [{"y": y, "name": "Row 1", "label": ["Row", "1"]}]."""
    box = box_of(city)
    return [{"y": y, "name": row_words(box, y).capitalize(), "label": row_label(box, y)} for y in sorted(set(ys))]
