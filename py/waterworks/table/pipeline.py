"""The shared table: a grid of cells holding every pipeline, their open ends and leaks.

Invariants (checked by the tests after every move):
* every placed card sits in one in-bounds cell; a cell holds one stack (covered cards below);
* every pipeline is a tree rooted at its valve; each card joins its parent through
  facing openings;
* an *open end* is an opening of a pipe card (or valve) that faces an empty cell; every
  open end faces a distinct, empty, in-bounds cell (``ends`` maps that cell to the end);
* no opening of a placed card faces the table edge or an occupied cell without joining it.
"""
from __future__ import annotations

from ..geometry import neighbours


class Cell:
    __slots__ = ("owner", "kind", "shape", "openings", "in_dir", "parent", "count", "seq",
                 "stack", "material", "repaired", "plumber")

    def copy(self) -> "Cell":
        c = Cell.__new__(Cell)
        c.owner = self.owner
        c.kind = self.kind
        c.shape = self.shape
        c.openings = self.openings
        c.in_dir = self.in_dir
        c.parent = self.parent
        c.count = self.count
        c.seq = self.seq
        c.stack = list(self.stack)
        c.material = self.material
        c.repaired = self.repaired
        c.plumber = self.plumber
        return c


_NB_CACHE: dict = {}


class Table:
    __slots__ = ("width", "height", "nb", "cells", "ends", "open_count", "leak", "seq")

    def __init__(self, width: int, height: int, players: int):
        self.width = width
        self.height = height
        key = (width, height)
        if key not in _NB_CACHE:
            _NB_CACHE[key] = neighbours(width, height)
        self.nb = _NB_CACHE[key]
        self.cells: dict = {}
        self.ends: dict = {}          # target cell -> (owner, source cell, direction from source)
        self.open_count = [0] * players
        self.leak = [-1] * players    # cell of the unrepaired leak of each pipeline, or -1
        self.seq = 0

    def copy(self) -> "Table":
        t = Table.__new__(Table)
        t.width, t.height, t.nb = self.width, self.height, self.nb
        t.cells = {k: c.copy() for k, c in self.cells.items()}
        t.ends = dict(self.ends)
        t.open_count = list(self.open_count)
        t.leak = list(self.leak)
        t.seq = self.seq
        return t

    def xy(self, idx: int) -> tuple:
        return idx % self.width, idx // self.width

    def idx(self, x: int, y: int) -> int:
        return y * self.width + x

    def in_bounds(self, x, y) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    # ----- setup ------------------------------------------------------------------
    def put_valve(self, owner: int, idx: int, card_id: int) -> None:
        """A valve: vertical, at the right edge, its one opening facing west (left)."""
        c = Cell()
        c.owner, c.kind, c.shape, c.openings = owner, "valve", "valve", 1 << 3
        c.in_dir, c.parent, c.count, c.seq = -1, -1, 0, -1
        c.stack, c.material, c.repaired, c.plumber = [(card_id, False)], "", False, False
        self.cells[idx] = c
        self.ends[self.nb[idx][3]] = (owner, idx, 3)
        self.open_count[owner] += 1

    # ----- geometry rules -----------------------------------------------------------
    def fit_problem(self, t: int, mask: int, is_cap: bool) -> str | None:
        """Why a card with placed openings ``mask`` cannot continue the open end facing cell ``t``
        (None if it can). A cap card (``is_cap``) joins with its one facing cap; its other caps
        are ignored."""
        end = self.ends.get(t)
        if end is None:
            return "That spot does not continue an open end of the pipeline."
        owner, _src, d = end
        back = d ^ 2
        new = ()
        if not is_cap:
            if not mask >> back & 1:
                return "The pipes would not join: the card needs an opening facing the end it continues."
            nb = self.nb[t]
            cells, ends = self.cells, self.ends
            new = []
            for k in range(4):
                if k == back or not mask >> k & 1:
                    continue
                n = nb[k]
                if n < 0:
                    return "That card would run the pipeline off the edge of the table."
                if n in cells or n in ends:
                    return ("That card would block the pipeline: one of its openings runs into "
                            "another card or another open end.")
                new.append((n, k))
        if self.blocks(t, owner, new):
            return ("That card would completely block a pipeline: afterwards it would have no open "
                    "end that any pipe card could continue.")
        return None

    def live(self, u: int, dd: int, blocked) -> bool:
        """Could some pipe card continue the open end facing ``u`` (reached going ``dd``)?
        True if ``u`` has a free neighbour other than the way back: in bounds, empty, not
        faced by another open end and not in ``blocked``."""
        back = dd ^ 2
        cells, ends = self.cells, self.ends
        for k, m in enumerate(self.nb[u]):
            if k != back and m >= 0 and m not in cells and m not in ends and m not in blocked:
                return True
        return False

    def blocks(self, t: int, owner: int, new: list) -> bool:
        """Would filling cell ``t`` (continuing ``owner``'s end there) and opening ends ``new``
        ([(cell, dir)]) leave some pipeline that has a live end now without one?"""
        blocked = {t}
        for n, _k in new:
            blocked.add(n)
        live_after = set()
        for n, k in new:
            if owner not in live_after and self.live(n, k, blocked):
                live_after.add(owner)
        for u, (o, _s, dd) in self.ends.items():
            if u != t and o not in live_after and self.live(u, dd, blocked):
                live_after.add(o)
        if len(live_after) == len(self.open_count):
            return False
        for u, (o, _s, dd) in self.ends.items():
            if o not in live_after and self.live(u, dd, ()):
                return True          # o was live before and is not any more
        return False

    # ----- mutation ---------------------------------------------------------------------
    def place(self, t: int, card_id: int, turned: bool, kind: str, shape: str, mask: int,
              material: str) -> Cell:
        owner, src, d = self.ends.pop(t)
        self.open_count[owner] -= 1
        parent = self.cells[src]
        c = Cell()
        c.owner, c.kind, c.shape, c.openings = owner, kind, shape, (mask if kind == "pipe" else 0)
        c.in_dir, c.parent = d ^ 2, src
        c.count = parent.count + (1 if kind == "pipe" else 0)
        c.seq = self.seq
        self.seq += 1
        c.stack, c.material, c.repaired, c.plumber = [(card_id, turned)], material, False, False
        self.cells[t] = c
        if kind == "pipe":
            back = d ^ 2
            nb = self.nb[t]
            for k in range(4):
                if k != back and mask >> k & 1:
                    self.ends[nb[k]] = (owner, t, k)
                    self.open_count[owner] += 1
        return c

    # ----- queries -------------------------------------------------------------------------
    def ends_of(self, owner: int) -> list:
        return [(t, src, d) for t, (o, src, d) in self.ends.items() if o == owner]

    def line_to(self, idx: int) -> list:
        """Cells from the valve to ``idx`` (inclusive), following parents."""
        out = []
        while idx >= 0:
            out.append(idx)
            idx = self.cells[idx].parent
        out.reverse()
        return out

    def sole_end(self, owner: int):
        """The pipeline's one open end (target, src, d) if it has exactly one, else None."""
        if self.open_count[owner] != 1:
            return None
        for t, (o, src, d) in self.ends.items():
            if o == owner:
                return t, src, d
        return None
