"""Move validation and enumeration. One predicate per rule, shared by both paths so that
``legal_moves`` lists exactly the moves ``validate`` accepts.

``validate(game, player, move)`` returns a *plan* tuple and never mutates; it raises
BadRequest for malformed input and IllegalMove (with a player-readable reason) otherwise.
"""
from __future__ import annotations

from gamecore import BadRequest, IllegalMove
from gamecore.errors import shown

from ..geometry import cap_at, openings, placed_caps

LEAKY = "leaky"


# ----- small helpers ------------------------------------------------------------------
def who(q: int) -> str:
    return f"player {q + 1}'s"


def _card(game, p, move, key="card"):
    v = move.get(key)
    if type(v) is not int:
        raise BadRequest(f'The "{key}" field must be a card id (an integer).')
    if v not in game.hands[p]:
        raise IllegalMove("You do not hold that card.")
    return game.cards[v]


def _cell(game, move) -> int:
    x, y = move.get("x"), move.get("y")
    if type(x) is not int or type(y) is not int:
        raise BadRequest('The "x" and "y" fields must be integers (a table cell).')
    if not game.table.in_bounds(x, y):
        raise IllegalMove("That spot is off the edge of the table.")
    return game.table.idx(x, y)


def _flag(move, key) -> bool:
    v = move.get(key, False)
    if type(v) is not bool:
        raise BadRequest(f'The "{key}" field must be true or false.')
    return v


def distinct_turns(card) -> tuple:
    """Orientations that look different (a straight looks the same turned round)."""
    if card.kind == "pipe":
        return (False,) if openings(card, True) == card.openings else (False, True)
    if card.kind == "cap":
        return (False,) if placed_caps(card, True) == card.caps else (False, True)
    return ()


def canonical_turn(card, turned: bool) -> bool:
    return turned if len(distinct_turns(card)) == 2 else False


def placed_material(card, turned: bool, back: int) -> str:
    """Material of a card as placed joining through edge ``back``: a cap card is as good or
    leaky as the one cap that joins the pipeline."""
    return card.material if card.kind == "pipe" else cap_at(card, turned, back)


def leak_sources(game, q: int) -> set:
    """Cells of pipeline ``q`` that count as its 'last card' (option last_card)."""
    cells = game.table.cells
    srcs = {src for (o, src, _d) in game.table.ends.values() if o == q}
    if game.options["last_card"] == "newest" and len(srcs) > 1:
        srcs = {max(srcs, key=lambda s: cells[s].seq)}
    return srcs


def would_qualify(game, p: int, removed: int, new_ends: list, leak_after: bool) -> bool:
    if leak_after:
        return False
    table = game.table
    ends = [(table.cells[src].count, d) for t, (o, src, d) in table.ends.items()
            if o == p and t != removed]
    ends.extend(new_ends)
    if len(ends) != 1:
        return False
    count, d = ends[0]
    return count >= game.target and (game.options["spout_side"] == "any" or d == 3)


def spout_problem(game, p: int) -> str | None:
    table = game.table
    if table.leak[p] >= 0:
        return "Your pipeline still has an unrepaired leak."
    end = table.sole_end(p)
    if end is None:
        if table.open_count[p] == 0:
            return "Your pipeline has no open end for the spout."
        return "Every other branch of your pipeline must be capped first: it has more than one open end."
    _t, src, d = end
    if table.cells[src].count < game.target:
        return f"Your line has {table.cells[src].count} pipe cards; you need at least {game.target}."
    if game.options["spout_side"] == "left" and d != 3:
        return "The spout attaches only to an open end that faces left (option spout_side)."
    return None


def _check_and_spout(game, p, and_spout, qualifies: bool) -> None:
    if not and_spout:
        return
    if game.options["spout_timing"] != "same_turn":
        raise IllegalMove("With this table's house rule the spout is a turn's own play, not added after another play.")
    if not qualifies:
        raise IllegalMove("That play does not finish your line, so you cannot add the spout after it.")


# ----- validation, one function per move type ---------------------------------------------------
def v_lay(game, p, move):
    card = _card(game, p, move)
    t = _cell(game, move)
    turned = _flag(move, "turned")
    and_spout = _flag(move, "and_spout")
    table = game.table
    if card.kind not in ("pipe", "cap"):
        raise IllegalMove("Only pipe and cap cards are laid on a pipeline.")
    if t in table.cells:
        c = table.cells[t]
        if c.owner == p and table.leak[p] == t:
            raise IllegalMove("To repair your leak, cover it with a good card of the same shape (a cover play).")
        raise IllegalMove("That spot is already taken; cards never go over a pipeline.")
    end = table.ends.get(t)
    if end is None or end[0] != p:
        raise IllegalMove("A good card must continue an open end of your own pipeline.")
    back = end[2] ^ 2
    material = placed_material(card, turned, back)
    if material == LEAKY:
        if card.kind == "cap":
            raise IllegalMove("The cap that would join your pipeline is leaky; you never put a leak on your own pipeline.")
        raise IllegalMove("A leaky pipe cannot go on your own pipeline; lay it on an opponent's.")
    leak = table.leak[p]
    if leak >= 0 and not (card.kind == "cap" and end[1] == leak and table.cells[leak].shape == "tee"):
        raise IllegalMove("While your pipeline has an unrepaired leak you may not add a good card to it "
                          "(only a good cap on an end of a leaky T).")
    mask = openings(card, turned) if card.kind == "pipe" else 0
    why = table.fit_problem(t, mask, card.kind == "cap")
    if why:
        raise IllegalMove(why)
    if and_spout:
        new = [(table.cells[end[1]].count + 1, k) for k in range(4) if k != back and mask >> k & 1]
        _check_and_spout(game, p, True, would_qualify(game, p, t, new, leak >= 0))
    return ("lay", card.id, t, canonical_turn(card, turned), mask, material, and_spout)


def v_leak(game, p, move):
    card = _card(game, p, move)
    q = move.get("target")
    if type(q) is not int:
        raise BadRequest('The "target" field must be a player number.')
    if not 0 <= q < game.n:
        raise BadRequest(f"There is no player {q}.")
    t = _cell(game, move)
    turned = _flag(move, "turned")
    table = game.table
    if q == p:
        raise IllegalMove("You may not put a leak on your own pipeline.")
    if card.kind not in ("pipe", "cap"):
        raise IllegalMove("Only a leaky pipe or a leaky cap can be played on an opponent.")
    if table.leak[q] >= 0:
        raise IllegalMove(f"{who(q).capitalize()} pipeline already has an unrepaired leak; only one at a time.")
    if t in table.cells:
        c = table.cells[t]
        if c.owner != q or c.kind not in ("pipe", "cap"):
            raise IllegalMove(f"That spot is not a card of {who(q)} pipeline.")
        if card.kind != "pipe" or card.material != LEAKY:
            raise IllegalMove("Only a leaky pipe can be laid on top of an opponent's pipe.")
        if c.kind != "pipe" or t not in leak_sources(game, q):
            raise IllegalMove(f"A leaky pipe goes on top of the last card of {who(q)} pipeline only.")
        if c.repaired:
            raise IllegalMove("A repaired pipe can never be made to leak again.")
        if c.material == "copper":
            raise IllegalMove("Copper pipes can never leak.")
        if openings(card, turned) != c.openings:
            raise IllegalMove("A leaky pipe laid on top must be exactly the same shape, turned the same way.")
        return ("leak_on", card.id, t, canonical_turn(card, turned), q)
    end = table.ends.get(t)
    if end is None or end[0] != q:
        raise IllegalMove(f"That leaky card must continue {who(q)} line or sit on an iron pipe of the same shape.")
    if end[1] not in leak_sources(game, q):
        # only under the house rule that the newest card is the last one (ruling 8)
        raise IllegalMove(f"With this table's house rule a leak goes only after the last card laid on {who(q)} pipeline.")
    back = end[2] ^ 2
    if placed_material(card, turned, back) != LEAKY:
        if card.kind == "cap":
            raise IllegalMove("The cap that would join their pipeline is not leaky; you may not play a good card on an opponent.")
        raise IllegalMove("You may not play a good pipe on an opponent's pipeline.")
    mask = openings(card, turned) if card.kind == "pipe" else 0
    why = table.fit_problem(t, mask, card.kind == "cap")
    if why:
        raise IllegalMove(why)
    return ("leak_after", card.id, t, canonical_turn(card, turned), q, mask)


def v_cover(game, p, move):
    card = _card(game, p, move)
    t = _cell(game, move)
    turned = _flag(move, "turned")
    and_spout = _flag(move, "and_spout")
    table = game.table
    leak = table.leak[p]
    if leak < 0:
        raise IllegalMove("Your pipeline has no leak to cover.")
    if t != leak:
        # the table marks that card LEAK; its cell in the engine's grid is no word of the player's
        raise IllegalMove("Only your leaky card, the one marked LEAK, can be covered.")
    c = table.cells[t]
    if c.kind == "pipe":
        if card.kind != "pipe":
            raise IllegalMove("Cover a leaky pipe with a good pipe of the same shape.")
        if card.material == LEAKY:
            raise IllegalMove("Cover a leak with a good card (copper or good iron), not a leaky one.")
        if openings(card, turned) != c.openings:
            raise IllegalMove("The covering pipe must be exactly the same shape, turned the same way.")
        material = card.material
    else:
        if card.kind != "cap":
            raise IllegalMove("Cover a leaky cap with a cap card whose joining cap is good.")
        material = cap_at(card, turned, c.in_dir)
        if material == LEAKY:
            raise IllegalMove("The cap that would join your pipeline is leaky too.")
    _check_and_spout(game, p, and_spout, and_spout and would_qualify(game, p, -1, [], False))
    return ("cover", card.id, t, canonical_turn(card, turned), material, and_spout)


def v_plumber(game, p, move):
    card = _card(game, p, move, "discard")
    t = _cell(game, move)
    table = game.table
    if table.leak[p] < 0:
        raise IllegalMove("A plumber goes only on a leak in your own pipeline, and yours has none.")
    if game.plumbers[p] <= 0:
        raise IllegalMove("You have no plumbers left.")
    if t != table.leak[p]:
        raise IllegalMove("Put the plumber on your leaky card.")
    if _flag(move, "and_spout"):
        # Rulebook: "If you place a Plumber on your turn, you may not place a card as well."
        raise IllegalMove("A plumber play is your whole turn: the spout, a card, waits for your next turn.")
    return ("plumber", card.id, t)


def v_discard(game, p, move):
    card = _card(game, p, move)
    return ("discard", card.id)


def v_spout(game, p, move):
    why = spout_problem(game, p)
    if why:
        raise IllegalMove(why)
    return ("spout",)


#: Each move type's fields besides "type" (gamecore refuses any other).
FIELDS = {"lay": frozenset({"card", "x", "y", "turned", "and_spout"}),
          "leak": frozenset({"card", "target", "x", "y", "turned"}),
          "cover": frozenset({"card", "x", "y", "turned", "and_spout"}),
          "plumber": frozenset({"discard", "x", "y", "and_spout"}),   # and_spout: refused with a reason
          "discard": frozenset({"card"}),
          "spout": frozenset()}

VALIDATORS = {"lay": v_lay, "leak": v_leak, "cover": v_cover, "plumber": v_plumber,
              "discard": v_discard, "spout": v_spout}


def validate(game, p, move):
    fn = VALIDATORS.get(move["type"])
    if fn is None:
        raise BadRequest(f"Unknown move type {shown(move['type'])}; expected one of {', '.join(VALIDATORS)}.")
    return fn(game, p, move)


# ----- enumeration -------------------------------------------------------------------------------
def legal_moves(game, p) -> list:
    table = game.table
    cells, ends = table.cells, table.ends
    xy = table.xy
    same_turn = game.options["spout_timing"] == "same_turn"
    hand = game.hands[p]
    leak = table.leak[p]
    own_ends = [(t, src, d) for t, (o, src, d) in ends.items() if o == p]
    opp = [q for q in range(game.n) if q != p and table.leak[q] < 0]
    opp_sources = {q: leak_sources(game, q) for q in opp}
    opp_ends = [(t, o, src, d) for t, (o, src, d) in ends.items()
                if o != p and o in opp_sources and src in opp_sources[o]]
    leak_tee = leak >= 0 and cells[leak].shape == "tee"
    out = []
    cards = game.cards
    # Many cards share a shape: the fit of (cell, openings, cap?) is computed once per call.
    fits: dict = {}

    def fit_problem(t, mask, is_cap):
        k = (t, mask, is_cap)
        v = fits.get(k, fits)
        if v is fits:
            v = fits[k] = table.fit_problem(t, mask, is_cap)
        return v
    for cid in hand:
        card = cards[cid]
        is_cap = card.kind == "cap"
        for turned in distinct_turns(card):
            mask = 0 if is_cap else openings(card, turned)
            # good card on own pipeline
            for t, src, d in own_ends:
                back = d ^ 2
                if placed_material(card, turned, back) == LEAKY:
                    continue
                if leak >= 0 and not (is_cap and leak_tee and src == leak):
                    continue
                if fit_problem(t, mask, is_cap):
                    continue
                x, y = xy(t)
                mv = {"type": "lay", "card": cid, "x": x, "y": y, "turned": turned}
                out.append(mv)
                if same_turn and leak < 0:
                    new = [(cells[src].count + 1, k) for k in range(4) if k != back and mask >> k & 1]
                    if would_qualify(game, p, t, new, False):
                        out.append(dict(mv, and_spout=True))
            # leaky card after an opponent's last card
            for t, q, src, d in opp_ends:
                if placed_material(card, turned, d ^ 2) != LEAKY:
                    continue
                if fit_problem(t, mask, is_cap):
                    continue
                x, y = xy(t)
                out.append({"type": "leak", "card": cid, "target": q, "x": x, "y": y, "turned": turned})
            # leaky pipe on top of an opponent's last card
            if not is_cap and card.material == LEAKY:
                for q in opp:
                    for s in opp_sources[q]:
                        c = cells[s]
                        if (c.kind == "pipe" and not c.repaired and c.material == "iron"
                                and c.openings == mask):
                            x, y = xy(s)
                            out.append({"type": "leak", "card": cid, "target": q, "x": x, "y": y,
                                        "turned": turned})
            # cover own leak
            if leak >= 0:
                c = cells[leak]
                ok = False
                if c.kind == "pipe":
                    ok = not is_cap and card.material != LEAKY and mask == c.openings
                elif is_cap:
                    ok = cap_at(card, turned, c.in_dir) != LEAKY
                if ok:
                    x, y = xy(leak)
                    mv = {"type": "cover", "card": cid, "x": x, "y": y, "turned": turned}
                    out.append(mv)
                    if same_turn and would_qualify(game, p, -1, [], False):
                        out.append(dict(mv, and_spout=True))
        out.append({"type": "discard", "card": cid})
    if leak >= 0 and game.plumbers[p] > 0:
        x, y = xy(leak)
        for cid in hand:
            out.append({"type": "plumber", "x": x, "y": y, "discard": cid})
    if spout_problem(game, p) is None:
        out.append({"type": "spout"})
    return out
