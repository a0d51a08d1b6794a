"""Integrity of a Water Works state read from a save: everything that can be derived is
recomputed and must agree with what the save says, so a tampered file cannot load into a
state the rules never reach (a pipeline that loops back on itself freezes the spout search;
a false pipe count places the spout at once; an empty hand leaves the player to move without
a move). Each refusal is BadSave with one sentence.

Called by ``save.from_dict`` once the fields have their types; the move log is checked
against the state by replaying it (gamecore's ``Game.load``).
"""
from __future__ import annotations

from gamecore import BadSave
from gamecore.protocol import log_is_well_formed

from .cards import edition
from .geometry import cap_at, openings
from .options import TABLES, edition_of, valve_rows

HAND = 5            # cards held between turns; the player to move has drawn a sixth


def validate(g) -> None:
    _zones(g)
    reached = _pipelines(g)
    _ends_and_leaks(g, reached)
    _hands_and_supplies(g)
    _outcome(g)
    _log(g)


def _bad(sentence: str):
    raise BadSave(sentence)


def _zones(g) -> None:
    """Valves and spouts belong to their seats; hands and piles hold pipe and cap cards only."""
    cards = g.cards
    valves = [c.id for c in cards if c.kind == "valve"]
    spouts = [c.id for c in cards if c.kind == "spout"]
    if g.spouts != spouts[:g.n] or sorted(g.out_of_play) != sorted(valves[g.n:] + spouts[g.n:]):
        _bad("The save's valves and spouts are not the ones dealt to the seats.")
    for pile in g.hands + [g.draw, g.discard]:
        if any(cards[cid].kind not in ("pipe", "cap") for cid in pile):
            _bad("The save puts a valve or spout card in a hand or pile.")
    w, h = TABLES[g.options["table"]]
    for p, row in enumerate(valve_rows(g.n, h)):
        c = g.table.cells.get(g.table.idx(w - 1, row))
        if (c is None or c.kind != "valve" or c.owner != p or c.stack != [(valves[p], False)]
                or c.openings != 1 << 3 or c.count != 0 or c.seq != -1 or c.material != ""
                or c.repaired or c.plumber):
            _bad(f"Player {p + 1}'s valve is not where the game puts it.")


def _pipelines(g) -> dict:
    """Walk every pipeline from its valve: each card hangs off a neighbour of its own pipeline
    through facing openings, the cards form a tree (no loops, nothing unreachable), the pipe
    counts and the placement order follow, and each card is what its stack says."""
    t, cards = g.table, g.cards
    children: dict = {}
    for idx, c in t.cells.items():
        if c.kind != "valve":
            children.setdefault(c.parent, []).append(idx)
    reached = {}
    todo = [idx for idx, c in t.cells.items() if c.kind == "valve"]
    for idx in todo:
        reached[idx] = True
    while todo:
        idx = todo.pop()
        par = t.cells[idx]
        for ch in children.get(idx, ()):
            c = t.cells[ch]
            if ch in reached or c.owner != par.owner or not 0 <= c.in_dir < 4 or t.nb[ch][c.in_dir] != idx:
                _bad("A pipeline on the table is not a chain of cards from its valve.")
            if not par.openings >> (c.in_dir ^ 2) & 1 or c.seq <= par.seq:
                _bad("A card on the table is not joined to the card before it.")
            if c.count != par.count + (c.kind == "pipe"):
                _bad("A pipe count on the table does not match its pipeline.")
            _card_matches_stack(g, c, cards)
            reached[ch] = True
            todo.append(ch)
    if len(reached) != len(t.cells):
        _bad("A pipeline on the table loops back on itself or is cut off from its valve.")
    if sorted(c.seq for c in t.cells.values() if c.kind != "valve") != list(range(t.seq)):
        _bad("The order of the cards on the table is inconsistent.")
    return reached


def _card_matches_stack(g, c, cards) -> None:
    """A placed card's shape, openings and material are those of the cards in its stack."""
    bottom, b_turned = c.stack[0]
    top, t_turned = c.stack[-1]
    kinds = {cards[cid].kind for cid, _ in c.stack}
    if c.kind == "spout":
        ok = (c.stack == [(g.spouts[c.owner], False)] and g.spout_placed[c.owner]
              and c.openings == 0 and c.material == "" and not c.repaired and not c.plumber)
    elif c.kind == "pipe":
        opens = openings(cards[bottom], b_turned)
        ok = (kinds == {"pipe"} and c.shape == cards[bottom].shape and c.openings == opens
              and c.openings >> c.in_dir & 1
              and all(openings(cards[cid], tr) == opens for cid, tr in c.stack)
              and c.material == cards[top].material)
    else:
        ok = (c.kind == "cap" and kinds == {"cap"} and c.shape == "cap" and c.openings == 0
              and c.material == cap_at(cards[top], t_turned, c.in_dir))
    if ok and c.kind != "spout":
        # repaired: covered (a second card) or plumbed; a plumber stays on a leaky card
        ok = (c.repaired == (len(c.stack) > 1 and c.material != "leaky" or c.plumber)
              and (not c.plumber or c.material == "leaky")
              and len(c.stack) <= 3)
    if not ok:
        _bad("A card on the table does not match the cards in its stack.")


def _ends_and_leaks(g, reached) -> None:
    """Open ends recomputed from the openings; each pipeline's leak is its one unrepaired
    leaky card."""
    t = g.table
    ends: dict = {}
    for idx, c in t.cells.items():
        for k in range(4):
            if k == c.in_dir or not c.openings >> k & 1:
                continue
            m = t.nb[idx][k]
            if m < 0:
                _bad("A card on the table has an opening that faces the table edge.")
            child = t.cells.get(m)
            if child is None:
                if m in ends:
                    _bad("Two open ends on the table face the same cell.")
                ends[m] = (c.owner, idx, k)
            elif child.parent != idx or child.in_dir != k ^ 2:
                _bad("A card on the table has an opening blocked by another card.")
    counts = [0] * g.n
    for owner, _src, _k in ends.values():
        counts[owner] += 1
    if ends != t.ends or counts != t.open_count:
        _bad("The save's open ends do not match the pipelines.")
    for p in range(g.n):
        leaks = [idx for idx, c in t.cells.items()
                 if c.owner == p and c.material == "leaky" and not c.repaired]
        if leaks != ([t.leak[p]] if t.leak[p] >= 0 else []):
            _bad(f"Player {p + 1}'s leak does not match the pipeline.")


def _hands_and_supplies(g) -> None:
    plumbers_each = edition(edition_of(g.options))["plumbers_each"]
    for p in range(g.n):
        used = sum(1 for c in g.table.cells.values() if c.owner == p and c.plumber)
        if g.plumbers[p] != plumbers_each - used:
            _bad(f"Player {p + 1}'s plumbers do not match the table.")
        placed = any(c.kind == "spout" and c.owner == p for c in g.table.cells.values())
        if g.spout_placed[p] != placed:
            _bad(f"Player {p + 1}'s spout does not match the table.")
    if g.reshuffles and g.options["draw_out"] != "reshuffle":
        _bad("The save reshuffled a draw pile that its options never reshuffle.")
    for p, hand in enumerate(g.hands):
        if g.outcome is None:
            ok = len(hand) == HAND + (p == g.turn)
        else:
            ok = HAND <= len(hand) <= HAND + 1
        if not ok:
            _bad(f"Player {p + 1}'s hand has {len(hand)} cards, which the rules never give.")


def _outcome(g) -> None:
    t, oc = g.table, g.outcome
    spouts = [idx for idx, c in t.cells.items() if c.kind == "spout"]
    if oc is None:
        if spouts:
            _bad("The save has a spout on the table but no winner.")
        return
    if oc["reason"] == "spout":
        if len(spouts) != 1:
            _bad("The save's result does not match the spouts on the table.")
        s = t.cells[spouts[0]]
        line = [list(t.xy(i)) for i in t.line_to(spouts[0])]
        if oc["winners"] != [s.owner] or oc["line"] != line or oc["pipes"] != t.cells[s.parent].count:
            _bad("The save's winner or winning line does not match the table.")
    elif oc["winners"] or oc["line"] or oc["pipes"] or g.draw or spouts:
        _bad("The save says the draw pile ran out, which the state does not show.")


def _log(g) -> None:
    """Well-formed entries only; whether they lead to this state is checked by replaying them."""
    if not log_is_well_formed(g):
        _bad("The save's move log is damaged.")
