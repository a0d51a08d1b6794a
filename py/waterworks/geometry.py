"""Directions, opening bitmasks and 180-degree turns.

Direction indexes: 0 = N (top), 1 = E (right), 2 = S (bottom), 3 = W (left).
Bit ``1 << d`` marks an opening at the middle of that edge. The opposite of ``d`` is ``d ^ 2``.
"""
DIRS = ("N", "E", "S", "W")
DIR_INDEX = {"N": 0, "E": 1, "S": 2, "W": 3}
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)


def mask_of(names) -> int:
    m = 0
    for n in names:
        m |= 1 << DIR_INDEX[n]
    return m


def names_of(mask: int) -> list:
    return [DIRS[d] for d in range(4) if mask >> d & 1]


def turn180(mask: int) -> int:
    return ((mask << 2) | (mask >> 2)) & 15


def openings(card, turned: bool) -> int:
    """Placed openings of a pipe card."""
    return turn180(card.openings) if turned else card.openings


def cap_at(card, turned: bool, d: int) -> str:
    """Material of the cap that sits on placed edge ``d`` of a cap card."""
    return card.caps[d ^ 2] if turned else card.caps[d]


def placed_caps(card, turned: bool) -> tuple:
    return tuple(cap_at(card, turned, d) for d in range(4))


def neighbours(width: int, height: int) -> tuple:
    """nb[idx][d] = index of the neighbouring cell in direction d, or -1 off the table."""
    out = []
    for y in range(height):
        for x in range(width):
            row = []
            for d in range(4):
                nx, ny = x + DX[d], y + DY[d]
                row.append(ny * width + nx if 0 <= nx < width and 0 <= ny < height else -1)
            out.append(tuple(row))
    return tuple(out)
