"""City geometry: slots, supports, extent, activity (side views), adjacency, dousing, resources.

Reading (see docs/rulings/aqueducks.md, "Geometry"): the city grows in any direction from its
starting district at x = 1, y = 2 (storey 1) until its ground floor spans 3 columns (x, across
the width) and 5 rows (y, along the length): a bounding box, not a fixed frame.  So x runs over
-1..3 and y over -2..6, and a city uses at most 3 x 5 of that board.  Storeys stack like a house
of cards along x: a storey-2 district at (x, y) stands on the storey-1 districts at (x, y) and
(x+1, y); the storey-3 district at (x, y) stands on the storey-2 districts at (x, y) and (x+1, y).

Each district has a left face and a right face (one building each).  Seen from the left, cell
(y, s) of the left picture shows the left face of the leftmost district at that row and storey;
from the right, the right face of the rightmost one.  Those faces are active; every other face
is inactive.  Adjacency is up/down/left/right inside one picture (rows y +/- 1, storeys s +/- 1).

A city is a list of ``NSLOTS`` entries, ``None`` or a district dict
``{"id", "left", "right", "bridge", "protected"}``; faces are ``(slot, side)`` with side 0 = left,
1 = right.  Everything here is plain functions over that list so cloning stays cheap.
"""
from __future__ import annotations

WIDTH, LENGTH, STOREYS = 3, 5, 3            # the most a city's ground floor may span
START = (1, 2, 1)                           # the starting district (x, y, storey)
XMIN, XMAX = START[0] - (WIDTH - 1), START[0] + (WIDTH - 1)
YMIN, YMAX = START[1] - (LENGTH - 1), START[1] + (LENGTH - 1)
SIDES = ("left", "right")

SLOTS: list[tuple[int, int, int]] = []          # slot -> (x, y, storey)
SLOT_AT: dict[tuple[int, int, int], int] = {}
for _y in range(YMIN, YMAX + 1):
    for _s in range(1, STOREYS + 1):
        for _x in range(XMIN, XMAX - _s + 2):
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
#: (y, s) -> (slots seen from the left first, slots seen from the right first): the order a
#: side picture meets them, kept as tuples because every activity and adjacency asks
CELL_SEEN: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]] = {
    cell: (tuple(slots), tuple(reversed(slots))) for cell, slots in CELL_SLOTS.items()}
ROW_CELLS: dict[int, list[tuple[int, int]]] = {y: [(y, s) for s in range(1, STOREYS + 1)]
                                               for y in range(YMIN, YMAX + 1)}
GROUND = [i for i, (_x, _y, _s) in enumerate(SLOTS) if _s == 1]

#: The slot layout saves used when the city was a fixed 3 x 5 frame (x 0..2, y 0..4): the same
#: coordinates, fewer slots. ``widen`` moves such a city onto the full board.
LEGACY_SLOTS = [(x, y, s) for y in range(LENGTH) for s in range(1, STOREYS + 1) for x in range(WIDTH - s + 1)]


def widen(entries: list, blank=lambda: None) -> list:
    """A per-slot list in the legacy layout, moved slot by slot onto the full board; the new
    slots get ``blank()``."""
    out = [blank() for _ in range(NSLOTS)]
    for old, v in zip(LEGACY_SLOTS, entries):
        out[SLOT_AT[old]] = v
    return out


def ground_box(city: list) -> tuple[int, int, int, int] | None:
    """(x_min, x_max, y_min, y_max) of the storey-1 districts, or None for an empty city."""
    xs = [SLOTS[i][0] for i in GROUND if city[i] is not None]
    if not xs:
        return None
    ys = [SLOTS[i][1] for i in GROUND if city[i] is not None]
    return min(xs), max(xs), min(ys), max(ys)


def within_extent(box, slot: int) -> bool:
    """Would a district in ``slot`` keep the ground floor at most WIDTH x LENGTH?  Upper
    storeys stand on districts already inside it."""
    x, y, s = SLOTS[slot]
    if s > 1 or box is None:
        return True
    x0, x1, y0, y1 = box
    return max(x1, x) - min(x0, x) < WIDTH and max(y1, y) - min(y0, y) < LENGTH


def extent_ok(city: list) -> bool:
    box = ground_box(city)
    return box is None or (box[1] - box[0] < WIDTH and box[3] - box[2] < LENGTH)


def open_slots(city: list) -> list[int]:
    """Empty slots where a district may stand: supported and keeping the city's extent
    (``supports_ok`` and ``within_extent`` of every empty slot, inlined: every build and every
    playout asks)."""
    box = ground_box(city)
    if box is None:
        x_lo = y_lo = -1 << 30
        x_hi = y_hi = 1 << 30
    else:
        x0, x1, y0, y1 = box
        x_lo, x_hi, y_lo, y_hi = x1 - WIDTH + 1, x0 + WIDTH - 1, y1 - LENGTH + 1, y0 + LENGTH - 1
    out = []
    for i, (x, y, s) in enumerate(SLOTS):
        if city[i] is not None:
            continue
        if s == 1:
            if x_lo <= x <= x_hi and y_lo <= y <= y_hi:
                out.append(i)
        else:
            a, b = SUPPORTS[i]
            if city[a] is not None and city[b] is not None:
                out.append(i)
    return out


def face_card(city: list, slot: int, side: int) -> int:
    d = city[slot]
    return d["left"] if side == 0 else d["right"]


def visible_slot(city: list, cell: tuple[int, int], side: int) -> int | None:
    """The slot whose ``side`` face is seen in ``cell`` of that side's picture."""
    for i in CELL_SEEN[cell][side]:
        if city[i] is not None:
            return i
    return None


def compute_activity(city: list) -> list[list[int]]:
    """From scratch: for each slot, [left_active, right_active] (0/1). ``visible_slot`` of
    every cell and side, inlined: playouts ask this of every protection they weigh."""
    act = [[0, 0] for _ in range(NSLOTS)]
    for from_left, from_right in CELL_SEEN.values():
        for i in from_left:
            if city[i] is not None:
                act[i][0] = 1
                break
        for i in from_right:
            if city[i] is not None:
                act[i][1] = 1
                break
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
    """Both side pictures as grids of slot indices (``None`` = empty cell), one row per board
    row from YMIN to YMAX, one column per storey."""
    out = {}
    for side in (0, 1):
        out[SIDES[side]] = [[visible_slot(city, (y, s), side) for s in range(1, STOREYS + 1)]
                            for y in range(YMIN, YMAX + 1)]
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
