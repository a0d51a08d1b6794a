"""What one seat (or a spectator) may see. Never includes other hands or the draw order."""
from __future__ import annotations

from .geometry import DIRS, names_of
from .rules.turns import card_info

VIEW_VERSION = 1


def build_view(g, player) -> dict:
    t = g.table
    xy = t.xy
    cards = []
    for idx in sorted(t.cells):
        c = t.cells[idx]
        cid, turned = c.stack[-1]
        info = card_info(g.cards[cid], turned)
        x, y = xy(idx)
        info.update({
            "x": x, "y": y, "owner": c.owner, "turned": turned,
            "openings": names_of(c.openings) if c.kind in ("pipe", "valve") else [],
            "joins": DIRS[c.in_dir] if c.in_dir >= 0 else None,
            "parent": list(xy(c.parent)) if c.parent >= 0 else None,
            "placed_material": c.material,
            "leaky": c.material == "leaky" and not c.repaired,
            "repaired": c.repaired, "plumber": c.plumber,
            "covered": [card_info(g.cards[i], tr) for i, tr in c.stack[:-1]],
            "pipes": c.count, "order": c.seq,
        })
        cards.append(info)
    open_ends = []
    for tt in sorted(t.ends):
        o, s, d = t.ends[tt]
        x, y = xy(tt)
        open_ends.append({"player": o, "x": x, "y": y, "from": list(xy(s)), "dir": DIRS[d],
                          "pipes": t.cells[s].count})
    pipelines = []
    for p in range(g.n):
        mine = [e for e in open_ends if e["player"] == p]
        valve = next(i for i, c in t.cells.items() if c.owner == p and c.kind == "valve")
        pipelines.append({
            "player": p, "valve": list(xy(valve)),
            "open_ends": len(mine),
            "pipes_best": max((e["pipes"] for e in mine), default=0),
            "pipes_placed": sum(1 for c in t.cells.values() if c.owner == p and c.kind == "pipe"),
            "leak": list(xy(t.leak[p])) if t.leak[p] >= 0 else None,
            "plumbers_left": g.plumbers[p],
            "spout_placed": g.spout_placed[p],
            "hand_size": len(g.hands[p]),
        })
    out = {
        "game": "waterworks", "version": VIEW_VERSION, "viewer": player,
        "options": dict(g.options), "players": g.n, "target": g.target,
        "table": {"width": t.width, "height": t.height},
        "cards": cards, "open_ends": open_ends, "pipelines": pipelines,
        "hand": None if player is None else [card_info(g.cards[c]) for c in g.hands[player]],
        "hand_sizes": [len(h) for h in g.hands],
        "draw_pile": len(g.draw),
        "discard_top": card_info(g.cards[g.discard[-1]]) if g.discard else None,
        "discard_size": len(g.discard),
        "reshuffles_left": (1 - g.reshuffles) if g.options["draw_out"] == "reshuffle" else 0,
        "turn": g.turn, "to_act": g.to_act(),
        "over": g.outcome is not None,
        "result": g.result(),
    }
    return out
