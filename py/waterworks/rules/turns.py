"""Carrying out a validated plan, ending the turn and drawing. Produces public events."""
from __future__ import annotations

from ..geometry import names_of, placed_caps


def card_info(card, turned: bool = False) -> dict:
    d = {"id": card.id, "kind": card.kind, "shape": card.shape, "material": card.material}
    if card.kind == "cap":
        d["caps"] = list(placed_caps(card, turned))
        d["variant"] = card.variant
    elif card.kind == "pipe":
        d["openings"] = names_of(card.openings if not turned else ((card.openings << 2 | card.openings >> 2) & 15))
    return d


def execute(game, p, plan) -> list:
    kind = plan[0]
    table = game.table
    cards = game.cards
    events = []
    and_spout = False
    if kind == "lay":
        _, cid, t, turned, mask, material, and_spout = plan
        game.hands[p].remove(cid)
        card = cards[cid]
        table.place(t, cid, turned, card.kind, card.shape, mask, material)
        x, y = table.xy(t)
        events.append({"type": "lay", "player": p, "target": p, "card": card_info(card, turned),
                       "x": x, "y": y, "turned": turned, "material": material,
                       "capped": card.kind == "cap"})
    elif kind == "leak_after":
        _, cid, t, turned, q, mask = plan
        game.hands[p].remove(cid)
        card = cards[cid]
        table.place(t, cid, turned, card.kind, card.shape, mask, "leaky")
        table.leak[q] = t
        x, y = table.xy(t)
        events.append({"type": "leak", "player": p, "target": q, "mode": "after",
                       "card": card_info(card, turned), "x": x, "y": y, "turned": turned,
                       "capped": card.kind == "cap"})
    elif kind == "leak_on":
        _, cid, t, turned, q = plan
        game.hands[p].remove(cid)
        card = cards[cid]
        c = table.cells[t]
        covered = cards[c.stack[-1][0]]
        c.stack.append((cid, turned))
        c.material = "leaky"
        table.leak[q] = t
        x, y = table.xy(t)
        events.append({"type": "leak", "player": p, "target": q, "mode": "on_top",
                       "card": card_info(card, turned), "x": x, "y": y, "turned": turned,
                       "covered": card_info(covered, c.stack[-2][1])})
    elif kind == "cover":
        _, cid, t, turned, material, and_spout = plan
        game.hands[p].remove(cid)
        card = cards[cid]
        c = table.cells[t]
        covered = cards[c.stack[-1][0]]
        c.stack.append((cid, turned))
        c.material = material
        c.repaired = True
        table.leak[p] = -1
        x, y = table.xy(t)
        events.append({"type": "cover", "player": p, "target": p, "card": card_info(card, turned),
                       "x": x, "y": y, "turned": turned, "material": material, "repaired": True,
                       "covered": card_info(covered, c.stack[-2][1])})
    elif kind == "plumber":
        _, cid, t = plan
        game.hands[p].remove(cid)
        game.discard.append(cid)
        c = table.cells[t]
        c.plumber = True
        c.repaired = True
        table.leak[p] = -1
        game.plumbers[p] -= 1
        x, y = table.xy(t)
        events.append({"type": "plumber", "player": p, "target": p, "x": x, "y": y,
                       "repaired": True, "plumbers_left": game.plumbers[p],
                       "discarded": card_info(cards[cid])})
    elif kind == "discard":
        cid = plan[1]
        game.hands[p].remove(cid)
        game.discard.append(cid)
        events.append({"type": "discard", "player": p, "card": card_info(cards[cid])})
    if kind == "spout" or and_spout:
        events.extend(place_spout(game, p))
        return events
    events.extend(end_turn(game, p))
    return events


def place_spout(game, p) -> list:
    table = game.table
    t, src, d = table.sole_end(p)
    count = table.cells[src].count
    line = table.line_to(src)
    table.place(t, game.spouts[p], False, "spout", "spout", 0, "")
    line.append(t)
    game.spout_placed[p] = True
    cells = [list(table.xy(i)) for i in line]
    game.outcome = {"winners": [p], "reason": "spout", "line": cells, "pipes": count}
    x, y = table.xy(t)
    return [{"type": "spout", "player": p, "x": x, "y": y, "faces": "NESW"[d ^ 2]},
            {"type": "won", "player": p, "pipes": count, "line": cells}]


def end_turn(game, p) -> list:
    nxt = (p + 1) % game.n
    game.turn = nxt
    return draw_for(game, nxt)


def draw_for(game, p) -> list:
    events = []
    if not game.draw:
        if (game.options["draw_out"] == "reshuffle" and game.reshuffles == 0
                and len(game.discard) > 1):
            pile = game.discard[:-1]
            game.discard = game.discard[-1:]
            game.rng.shuffle(pile)
            game.draw = pile
            game.reshuffles += 1
            events.append({"type": "reshuffle", "size": len(pile)})
        else:
            game.outcome = {"winners": [], "reason": "draw_pile_exhausted",
                            "line": [], "pipes": 0}
            events.append({"type": "exhausted", "player": p})
            return events
    game.hands[p].append(game.draw.pop())
    events.append({"type": "draw", "player": p, "hand": len(game.hands[p]), "pile": len(game.draw)})
    return events
