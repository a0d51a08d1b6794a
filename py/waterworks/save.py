"""Versioned JSON form of the full state. Lists are emitted in a canonical order so that
to_dict(from_dict(d)) == d and a replayed game gives the identical dict."""
from __future__ import annotations

from gamecore import BadSave, Rng
from gamecore.errors import reading
from gamecore.jsonvalues import is_int, u64

from .integrity import validate
from .options import TABLES
from .table.pipeline import Cell, Table

CELL_FIELDS = ("owner", "kind", "shape", "openings", "in_dir", "parent", "count", "seq",
               "material", "repaired", "plumber")


REQUIRED = {"version", "options", "seed", "rng", "log", "turn", "hands", "draw", "discard",
            "plumbers", "spouts", "spout_placed", "out_of_play", "reshuffles", "outcome", "table"}


def to_dict(g) -> dict:
    t = g.table
    cells = []
    for idx in sorted(t.cells):
        c = t.cells[idx]
        d = {"cell": idx}
        for f in CELL_FIELDS:
            d[f] = getattr(c, f)
        d["stack"] = [[cid, turned] for cid, turned in c.stack]
        cells.append(d)
    return {
        "version": 1,
        "options": dict(g.options),
        "seed": str(g.seed),         # 64-bit values travel as text: a JS number keeps 53 bits
        "rng": str(g.rng.state),
        "log": [{"player": e["player"], "move": dict(e["move"])} for e in g.log],
        "turn": g.turn,
        "hands": [list(h) for h in g.hands],
        "draw": list(g.draw),
        "discard": list(g.discard),
        "plumbers": list(g.plumbers),
        "spouts": list(g.spouts),
        "spout_placed": list(g.spout_placed),
        "out_of_play": list(g.out_of_play),
        "reshuffles": g.reshuffles,
        "outcome": None if g.outcome is None else {
            "winners": list(g.outcome["winners"]), "reason": g.outcome["reason"],
            "line": [list(c) for c in g.outcome["line"]], "pipes": g.outcome["pipes"]},
        "table": {
            "seq": t.seq,
            "leak": list(t.leak),
            "ends": [[tt, o, s, dd] for tt, (o, s, dd) in sorted(t.ends.items())],
            "cells": cells,
        },
    }


def _int(v, what, lo=None, hi=None):
    if type(v) is not int or (lo is not None and v < lo) or (hi is not None and v > hi):
        raise BadSave(f"The save's {what} is invalid.")
    return v


def _u64(v, what):
    """An integer or decimal string (older saves have integers)."""
    n = u64(v)
    if n is None:
        raise BadSave(f"The save's {what} is invalid.")
    return n


def _intlist(v, what):
    if not isinstance(v, list) or any(type(x) is not int for x in v):
        raise BadSave(f"The save's {what} is invalid.")
    return list(v)


def from_dict(cls, data) -> "object":
    if not isinstance(data, dict):
        raise BadSave("The saved state is not an object.")
    if data.get("version") != 1:
        raise BadSave("The saved state has an unknown version.")
    missing = sorted(REQUIRED - set(data))
    if missing:
        raise BadSave(f"The saved state lacks {', '.join(missing)}.")
    g = cls.__new__(cls)
    with reading("options"):
        g.options = cls.normalize_options(data.get("options"))
    g.seed = _u64(data.get("seed"), "seed")
    g.rng = Rng(0)
    g.rng.state = _u64(data.get("rng"), "random state")
    log = data.get("log")
    if not isinstance(log, list) or not all(
            isinstance(e, dict) and is_int(e.get("player")) and isinstance(e.get("move"), dict)
            for e in log):
        raise BadSave("The save's move log is invalid.")
    g.log = [{"player": e["player"], "move": dict(e["move"])} for e in log]
    g._derive()
    n = g.n
    ncards = len(g.cards)
    g.turn = _int(data.get("turn"), "turn", 0, n - 1)
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise BadSave("The save's hands are invalid.")
    g.hands = [_intlist(h, "hand") for h in hands]
    g.draw = _intlist(data.get("draw"), "draw pile")
    g.discard = _intlist(data.get("discard"), "discard pile")
    g.plumbers = _intlist(data.get("plumbers"), "plumbers")
    g.spouts = _intlist(data.get("spouts"), "spouts")
    sp = data.get("spout_placed")
    if not isinstance(sp, list) or len(sp) != n or any(type(x) is not bool for x in sp):
        raise BadSave("The save's spouts are invalid.")
    g.spout_placed = list(sp)
    g.out_of_play = _intlist(data.get("out_of_play"), "out-of-play cards")
    g.reshuffles = _int(data.get("reshuffles"), "reshuffle count", 0, 1)
    if len(g.plumbers) != n or len(g.spouts) != n or any(not 0 <= x <= 2 for x in g.plumbers):
        raise BadSave("The save's player supplies are invalid.")
    oc = data.get("outcome")
    if oc is None:
        g.outcome = None
    else:
        if not isinstance(oc, dict) or oc.get("reason") not in ("spout", "draw_pile_exhausted"):
            raise BadSave("The save's result is invalid.")
        with reading("result"):
            g.outcome = {"winners": _intlist(oc["winners"], "winners"), "reason": oc["reason"],
                         "line": [_intlist(c, "line") for c in oc["line"]],
                         "pipes": _int(oc["pipes"], "result")}
    td = data.get("table")
    if not isinstance(td, dict):
        raise BadSave("The save has no table.")
    w, h = TABLES[g.options["table"]]
    t = Table(w, h, n)
    t.seq = _int(td.get("seq"), "table", 0)
    t.leak = _intlist(td.get("leak"), "leaks")
    if len(t.leak) != n or any(not -1 <= x < w * h for x in t.leak):
        raise BadSave("The save's leaks are invalid.")
    with reading("open ends"):
        _read_ends(t, td.get("ends"), n, w * h)
    with reading("table cards"):
        seen = _read_cells(t, td.get("cells"), n, w * h, ncards)
    _check_table(t, n)
    g.table = t
    aside = [s for s, placed in zip(g.spouts, g.spout_placed) if not placed]
    allids = seen + [c for hnd in g.hands for c in hnd] + g.draw + g.discard + aside + g.out_of_play
    if sorted(allids) != list(range(ncards)):
        raise BadSave("The save does not account for every card exactly once.")
    validate(g)          # recompute what follows from the rest and compare
    return g


def _read_ends(t, ends, n, size):
    """The open ends of the saved table ``[[cell, owner, source, dir], ...]`` into ``t``."""
    if not isinstance(ends, list):
        raise BadSave("The save's open ends are invalid.")
    for e in ends:
        tt, o, s, dd = (_int(v, "open ends") for v in e)
        if not (0 <= tt < size and 0 <= o < n and 0 <= dd < 4 and t.nb[s][dd] == tt):
            raise BadSave("The save's open ends are invalid.")
        t.ends[tt] = (o, s, dd)
        t.open_count[o] += 1


def _read_cells(t, cells_data, n, size, ncards) -> list:
    """The saved table's cards into ``t``; returns the card ids seen there."""
    if not isinstance(cells_data, list):
        raise BadSave("The save's table cards are invalid.")
    seen = []
    for d in cells_data:
        idx = _int(d["cell"], "cell", 0, size - 1)
        c = Cell()
        for f in CELL_FIELDS:
            setattr(c, f, d[f])
        if (type(c.owner) is not int or not 0 <= c.owner < n
                or c.kind not in ("valve", "pipe", "cap", "spout")
                or type(c.repaired) is not bool or type(c.plumber) is not bool
                or c.material not in ("", "copper", "iron", "leaky")):
            raise BadSave("A card on the table is invalid.")
        for f in ("openings", "in_dir", "parent", "count", "seq"):
            _int(getattr(c, f), "table card")
        st = d["stack"]
        if not isinstance(st, list) or not st:
            raise BadSave("A card stack on the table is invalid.")
        c.stack = []
        for cid, turned in st:
            _int(cid, "card id", 0, ncards - 1)
            if type(turned) is not bool:
                raise BadSave("A card on the table is invalid.")
            c.stack.append((cid, turned))
            seen.append(cid)
        t.cells[idx] = c
    return seen


def _check_table(t, n) -> None:
    """Every open end, pipeline and leak joins the cards they name."""
    for tt, (o, src, dd) in t.ends.items():
        if tt in t.cells or src not in t.cells or t.cells[src].owner != o:
            raise BadSave("The save's open ends are invalid.")
    valves = [c.owner for c in t.cells.values() if c.kind == "valve"]
    if sorted(valves) != list(range(n)):
        raise BadSave("The save does not have one valve per player.")
    for idx, c in t.cells.items():
        if c.kind == "valve":
            if c.parent != -1 or c.in_dir != -1:
                raise BadSave("A valve on the table is invalid.")
            continue
        par = t.cells.get(c.parent)
        if (par is None or par.owner != c.owner or not 0 <= c.in_dir < 4
                or t.nb[idx][c.in_dir] != c.parent):
            raise BadSave("A pipeline on the table is not connected.")
    for p, lk in enumerate(t.leak):
        if lk >= 0 and (lk not in t.cells or t.cells[lk].owner != p):
            raise BadSave("The save's leaks are invalid.")
