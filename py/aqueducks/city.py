"""City geometry: slots, supports, activity (side views), adjacency, dousing, resources.

Reading (see docs/rulings/aqueducks.md, "Geometry"): a fixed footprint of 3 columns (x = 0..2,
across the width) by 5 rows (y = 0..4, along the length).  Storeys stack like a house of
cards along x: a storey-2 district at (x, y) stands on the storey-1 districts at (x, y) and
(x+1, y); the storey-3 district of row y stands on its two storey-2 districts.  So each row
is a 3 + 2 + 1 pyramid and the city has 30 slots.

Each district has a left face and a right face (one building each).  Seen from the left, cell
(y, s) of the left picture shows the left face of the leftmost district at that row and storey;
from the right, the right face of the rightmost one.  Those faces are active; every other face
is inactive.  Adjacency is up/down/left/right inside one picture (rows y +/- 1, storeys s +/- 1).

A city is a list of 30 entries, ``None`` or a district dict
``{"id", "left", "right", "bridge", "protected"}``; faces are ``(slot, side)`` with side 0 = left,
1 = right.  Everything here is plain functions over that list so cloning stays cheap.
"""
from __future__ import annotations

WIDTH, LENGTH, STOREYS = 3, 5, 3
SIDES = ("left", "right")

SLOTS: list[tuple[int, int, int]] = []          # slot -> (x, y, storey)
SLOT_AT: dict[tuple[int, int, int], int] = {}
for _y in range(LENGTH):
    for _s in range(1, STOREYS + 1):
        for _x in range(WIDTH - _s + 1):
            SLOT_AT[(_x, _y, _s)] = len(SLOTS)
            SLOTS.append((_x, _y, _s))
NSLOTS = len(SLOTS)

#: slot -> (support_a, support_b) or None on storey 1
SUPPORTS: list[tuple[int, int] | None] = []
for (_x, _y, _s) in SLOTS:
    SUPPORTS.append(None if _s == 1 else (SLOT_AT[(_x, _y, _s - 1)], SLOT_AT[(_x + 1, _y, _s - 1)]))
#: slot -> slots it supports (at most two)
SUPPORTING: list[list[int]] = [[] for _ in SLOTS]
for _i, _sup in enumerate(SUPPORTS):
    if _sup:
        for _j in _sup:
            SUPPORTING[_j].append(_i)
#: (y, s) -> slots in x order
CELL_SLOTS: dict[tuple[int, int], list[int]] = {}
for _i, (_x, _y, _s) in enumerate(SLOTS):
    CELL_SLOTS.setdefault((_y, _s), []).append(_i)
#: (y, s) -> neighbouring cells in a side picture
CELL_NEIGHBOURS: dict[tuple[int, int], list[tuple[int, int]]] = {}
for (_y, _s) in CELL_SLOTS:
    CELL_NEIGHBOURS[(_y, _s)] = [c for c in ((_y - 1, _s), (_y + 1, _s), (_y, _s - 1), (_y, _s + 1))
                                  if c in CELL_SLOTS]
ROW_CELLS: dict[int, list[tuple[int, int]]] = {y: [(y, s) for s in range(1, STOREYS + 1)] for y in range(LENGTH)}


def face_card(city: list, slot: int, side: int) -> int:
    d = city[slot]
    return d["left"] if side == 0 else d["right"]


def visible_slot(city: list, cell: tuple[int, int], side: int) -> int | None:
    """The slot whose ``side`` face is seen in ``cell`` of that side's picture."""
    slots = CELL_SLOTS[cell]
    seq = slots if side == 0 else reversed(slots)
    for i in seq:
        if city[i] is not None:
            return i
    return None


def compute_activity(city: list) -> list[list[int]]:
    """From scratch: for each slot, [left_active, right_active] (0/1)."""
    act = [[0, 0] for _ in range(NSLOTS)]
    for cell in CELL_SLOTS:
        for side in (0, 1):
            i = visible_slot(city, cell, side)
            if i is not None:
                act[i][side] = 1
    return act


def update_row_activity(city: list, act: list, y: int) -> None:
    """Incremental: recompute activity for the cells of row ``y`` only."""
    for cell in ROW_CELLS[y]:
        slots = CELL_SLOTS[cell]
        for i in slots:
            act[i][0] = act[i][1] = 0
        for side in (0, 1):
            i = visible_slot(city, cell, side)
            if i is not None:
                act[i][side] = 1


def active_faces(city: list, act: list) -> list[tuple[int, int]]:
    return [(i, s) for i in range(NSLOTS) if city[i] is not None for s in (0, 1) if act[i][s]]


def neighbours(city: list, slot: int, side: int) -> list[tuple[int, int]]:
    """Faces orthogonally adjacent to the face (slot, side) in its side picture.

    Only meaningful for an active face (an inactive face is in no picture)."""
    x, y, s = SLOTS[slot]
    out = []
    for cell in CELL_NEIGHBOURS[(y, s)]:
        j = visible_slot(city, cell, side)
        if j is not None:
            out.append((j, side))
    return out


def pictures(city: list) -> dict:
    """Both side pictures as 5 x 3 grids of slot indices (``None`` = empty cell)."""
    out = {}
    for side in (0, 1):
        out[SIDES[side]] = [[visible_slot(city, (y, s), side) for s in range(1, STOREYS + 1)]
                            for y in range(LENGTH)]
    return out


def supports_ok(city: list, slot: int) -> bool:
    sup = SUPPORTS[slot]
    return sup is None or (city[sup[0]] is not None and city[sup[1]] is not None)


def new_faces_active(city: list, slot: int) -> tuple[bool, bool]:
    """Would a district placed in ``slot`` show its left / right face?"""
    x, y, s = SLOTS[slot]
    left = right = True
    for j in CELL_SLOTS[(y, s)]:
        if city[j] is not None:
            if SLOTS[j][0] < x:
                left = False
            elif SLOTS[j][0] > x:
                right = False
    return left, right


def obstructed_by(city: list, slot: int) -> list[tuple[int, int]]:
    """Faces that a district placed in ``slot`` would hide."""
    x, y, s = SLOTS[slot]
    la, ra = new_faces_active(city, slot)
    out = []
    if la:
        j = visible_slot(city, (y, s), 0)
        if j is not None:
            out.append((j, 0))
    if ra:
        j = visible_slot(city, (y, s), 1)
        if j is not None:
            out.append((j, 1))
    return out
