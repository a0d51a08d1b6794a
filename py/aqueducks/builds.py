"""Build moves as data: one legal build is a (space, left card, right card) pair plus, above
storey 1, a bridge card from the rest of the hand. ``Aqueducks._build_pairs`` decides which
pairs are legal; this module turns them into moves, all at once or one at a time."""
from __future__ import annotations

from bisect import bisect_right

from . import city as C


def build_move(slot: int, left: int, right: int, bridge: int | None) -> dict:
    x, y, s = C.SLOTS[slot]
    return {"type": "build", "cards": [left, right], "x": x, "y": y, "storey": s, "bridge": bridge}


def bridges(hand: list, slot: int, left: int, right: int) -> list:
    """The bridge choices of a build: none on storey 1, else every other card in hand."""
    if C.SLOTS[slot][2] == 1:
        return [None]
    return [b for b in hand if b != left and b != right]


class BuildSpace:
    """A player's legal builds as a sequence, in ``legal_moves`` order, each made when read."""

    def __init__(self, hand: list, pairs: list):
        self.hand = hand
        self.pairs = pairs
        self.starts = []
        total = 0
        upper = max(len(hand) - 2, 0)    # bridge choices of a storey-2 or -3 pair
        starts, slots = self.starts, C.SLOTS
        for slot, _l, _r in pairs:
            starts.append(total)
            total += 1 if slots[slot][2] == 1 else upper
        self.total = total

    def __len__(self) -> int:
        return self.total

    def __getitem__(self, i: int) -> dict:
        if not 0 <= i < self.total:
            raise IndexError(i)
        k = bisect_right(self.starts, i) - 1
        slot, left, right = self.pairs[k]
        return build_move(slot, left, right, bridges(self.hand, slot, left, right)[i - self.starts[k]])
