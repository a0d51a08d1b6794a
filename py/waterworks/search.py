"""Hooks for the hard bot's search (gamecore.rollouts): a determinization (a full state sampled to be consistent with one
seat's view) and a heuristic. They use only the view, so a search built on them never sees
other hands or the draw order."""
from __future__ import annotations

from gamecore import BadSave, Rng

from . import cards as deckmod
from .geometry import DIR_INDEX, mask_of, placed_caps, openings as placed_openings
from .options import TABLES, edition_of
from .table.pipeline import Cell, Table


def _turned_of(card, info) -> bool:
    if card.kind == "pipe":
        return placed_openings(card, False) != mask_of(info.get("openings", []))
    if card.kind == "cap":
        return list(placed_caps(card, False)) != info.get("caps")
    return bool(info.get("turned", False))


def determinize(view: dict, player: int, rng: Rng):
    """A full WaterWorks state consistent with ``view`` (seat ``player``): the table, counts,
    own hand and discard top are as shown; the unseen cards are dealt at random to the other
    hands, the draw pile and the discards below the top."""
    from .game import WaterWorks
    try:
        g = WaterWorks.__new__(WaterWorks)
        g.options = WaterWorks.normalize_options(view["options"])
        g.seed = 0
        g.rng = Rng(rng.next_u64())
        g.log = []
        g._derive()
        n, cards = g.n, g.cards
        w, h = TABLES[g.options["table"]]
        t = Table(w, h, n)
        seen = set()
        for info in view["cards"]:
            idx = info["y"] * w + info["x"]
            c = Cell()
            c.owner, c.kind, c.shape = info["owner"], info["kind"], info["shape"]
            c.openings = mask_of(info["openings"]) if c.kind in ("pipe", "valve") else 0
            c.in_dir = DIR_INDEX[info["joins"]] if info["joins"] else -1
            c.parent = info["parent"][1] * w + info["parent"][0] if info["parent"] else -1
            c.count, c.seq = info["pipes"], info["order"]
            c.material, c.repaired, c.plumber = info["placed_material"], info["repaired"], info["plumber"]
            c.stack = [(cv["id"], _turned_of(cards[cv["id"]], cv)) for cv in info["covered"]]
            c.stack.append((info["id"], info["turned"]))
            seen.update(cid for cid, _ in c.stack)
            t.cells[idx] = c
            t.seq = max(t.seq, c.seq + 1)
        for e in view["open_ends"]:
            u = e["y"] * w + e["x"]
            src = e["from"][1] * w + e["from"][0]
            t.ends[u] = (e["player"], src, DIR_INDEX[e["dir"]])
            t.open_count[e["player"]] += 1
        for pl in view["pipelines"]:
            lk = pl["leak"]
            t.leak[pl["player"]] = lk[1] * w + lk[0] if lk else -1
        g.table = t
        ed = deckmod.edition(edition_of(g.options))
        valves = [c.id for c in cards if c.kind == "valve"]
        spouts = [c.id for c in cards if c.kind == "spout"]
        g.spouts = spouts[:n]
        g.spout_placed = [pl["spout_placed"] for pl in view["pipelines"]]
        g.out_of_play = valves[n:] + spouts[n:]
        g.plumbers = [pl["plumbers_left"] for pl in view["pipelines"]]
        assert all(0 <= x <= ed["plumbers_each"] for x in g.plumbers)
        own = [c["id"] for c in view["hand"]] if player is not None else []
        top = view["discard_top"]["id"] if view["discard_top"] else None
        seen.update(own)
        if top is not None:
            seen.add(top)
        pool = [c.id for c in cards if c.kind in ("pipe", "cap") and c.id not in seen]
        g.rng.shuffle(pool)
        g.hands = []
        for q, size in enumerate(view["hand_sizes"]):
            if q == player:
                g.hands.append(list(own))
            else:
                g.hands.append(pool[:size])
                pool = pool[size:]
        below = view["discard_size"] - (1 if top is not None else 0)
        g.discard = pool[:below] + ([top] if top is not None else [])
        g.draw = pool[below:]
        assert len(g.draw) == view["draw_pile"]
        g.reshuffles = 0 if view["reshuffles_left"] or g.options["draw_out"] == "end" else 1
        g.outcome = view["result"]
        g.turn = view["turn"]
        return g
    except (KeyError, TypeError, ValueError, IndexError, AssertionError):
        raise BadSave("That view cannot be turned into a game.") from None


def heuristic(game, player: int) -> float:
    """How well ``player`` stands, in [0, 1]: own best line against the best opponent line,
    each as a fraction of the target, less a little for an unrepaired leak or spare open ends."""
    t = game.table

    def standing(q):
        best = max((t.cells[s].count for (o, s, _d) in t.ends.values() if o == q), default=0)
        v = min(best, game.target) / game.target
        if t.leak[q] >= 0:
            v -= 0.1
        v -= 0.05 * max(0, t.open_count[q] - 1)
        return v

    mine = standing(player)
    other = max(standing(q) for q in range(game.n) if q != player)
    return max(0.0, min(1.0, 0.5 + 0.5 * (mine - other)))
