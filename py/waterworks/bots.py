"""Bots for the bridge: ``random`` (easy) and ``greedy`` (shown as "normal"). Both decide only
from what their seat may see: their own hand, the public table (cards, open ends, leaks,
plumbers) and counts. Neither reads other hands or the draw pile; the greedy bot scores moves
from the public table and its own hand only (the deck's make-up, which it also uses, is public)."""
from __future__ import annotations

from .geometry import turn180


def random_bot(game, player, rng):
    return rng.choice(game.legal_moves(player))


_KEEP = {"leaky": 12, "copper": 22, "iron": 16}


def _keep_value(card, hand=None, cards=None, extra_ends=0) -> int:
    if card.kind == "cap":
        if hand is None:
            return 20
        caps = sum(1 for c in hand if cards[c].kind == "cap")
        if caps <= max(1, extra_ends):
            return 30 + 15 * extra_ends
        return 14 if caps == 2 else 2
    v = _KEEP.get(card.material, 10)
    if card.material == "leaky" and hand is not None:
        leaky = sum(1 for c in hand if cards[c].material == "leaky")
        v = 12 if leaky <= 1 else 2
    if card.shape == "tee":
        if card.material == "leaky" or hand is None:
            return v - 8
        tees = sum(1 for c in hand if cards[c].shape == "tee" and cards[c].material != "leaky")
        return 20 if tees <= 1 else 0
    return v


# Flood fills and the look at an open end depend only on which cells are occupied or faced by
# an open end, which changes only when a card is placed (table.seq grows); memoised per
# (table, seq).
_memo_of = None
_memo: dict = {}


def _memo_for(table) -> dict:
    global _memo_of, _memo
    if _memo_of is not table or _memo.get(None) != table.seq:
        _memo_of = table
        _memo = {None: table.seq}
    return _memo


def _room(table, start, blocked, limit=30) -> int:
    """Free cells reachable from ``start`` (bounded flood fill), memoised."""
    memo = _memo_for(table)
    k = (start, blocked if type(blocked) is tuple else frozenset(blocked), limit)
    v = memo.get(k)
    if v is None:
        v = memo[k] = _room_raw(table, start, blocked, limit)
    return v


def _room_raw(table, start, blocked, limit=30) -> int:
    cells, ends, nb = table.cells, table.ends, table.nb
    seen = {start}
    stack = [start]
    while stack and len(seen) < limit:
        u = stack.pop()
        for m in nb[u]:
            if m >= 0 and m not in seen and m not in cells and m not in ends and m not in blocked:
                seen.add(m)
                stack.append(m)
    return len(seen)


# Weights of the normal bot's look at an open end (measured in docs/bots.md).
#: the share of the deck's good pipe cards that can continue an end somewhere useful
W_DECK = 90
#: a card still in hand continues the new end (it can be laid next turn), and more than one does
W_HELD, W_HELD_MORE = 55, 10
#: laying towards the west (away from the valves' edge), towards the east (back into it)
W_WEST, W_EAST = 25, 250
#: cramped sideways: free cells beside the new end (up to 3 each way), the fewer the worse
W_SIDE = 100
#: facing a wall close ahead (free cells straight on, up to 3): only bends can continue there
W_AHEAD = 100
#: straying from the valve's row, per row
W_ROW = 35
#: a pocket must hold this many cells more than the line still needs, or it counts as a dead end
SLACK = 4
#: a good pipe card in hand continues an own end now / after one more card (kept over junk)
FIT_NOW, FIT_NEXT = 30, 10


# How many good pipe cards of each placed opening mask the deck holds, per deck.
_GOOD_MASKS: dict = {}


def _good_masks(cards) -> dict:
    """{placed openings mask: number of good (copper or iron) pipe cards that can be laid with
    those openings}, counted from the deck itself (so it follows cards/waterworks.json)."""
    v = _GOOD_MASKS.get(id(cards))
    if v is None:
        v = {}
        for c in cards:
            if c.kind == "pipe" and c.material != "leaky":
                for m in {c.openings, turn180(c.openings)}:
                    v[m] = v.get(m, 0) + 1
        _GOOD_MASKS[id(cards)] = v
    return v


def _exits(table, u, d, blocked, need) -> list:
    """Directions a pipe card laid at ``u`` (entered going ``d``) could lead the line on to: the
    cell there is free and, unless the line is already long enough (``need`` <= 0: the spout
    fits there), it can be continued and opens onto room for ``need`` more cards, the spout and
    SLACK cells to spare. An end pressed against the table's edge, another line or a corner
    keeps few of its three directions; one in a pocket too small to finish in keeps none."""
    memo = _memo_for(table)
    key = ("exits", u, d, blocked, need)
    out = memo.get(key)
    if out is not None:
        return out
    out = memo[key] = []
    nb = table.nb[u]
    cells, ends = table.cells, table.ends
    back = d ^ 2
    for e in range(4):
        if e == back:
            continue
        m = nb[e]
        if m < 0 or m in cells or m in ends or m in blocked:
            continue
        if need > 0:
            b2 = blocked | {u}
            want = need + 1 + SLACK
            if not table.live(m, e, b2) or _room(table, m, frozenset(b2), want) < want:
                continue
        out.append(e)
    return out


def _run(table, u, k, blocked) -> int:
    """Free cells in a straight line from ``u`` going ``k``, up to 3."""
    cells, ends, nb = table.cells, table.ends, table.nb
    r, m = 0, nb[u][k]
    while r < 3 and m >= 0 and m not in cells and m not in ends and m not in blocked:
        r += 1
        m = nb[m][k]
    return r


def _outlook(game, u, d, blocked, need, hand) -> float:
    """What an open end at ``u`` (entered going ``d``) is worth for the line's future: the share
    of the deck's good pipe cards that could continue it somewhere useful, less for walls close
    beside it, and a bonus when a card still in ``hand`` continues it (it can be laid next turn,
    rather than discarding). A dead end, or one only leading into pockets too small to finish
    in, scores very low."""
    table = game.table
    exits = _exits(table, u, d, blocked, need)
    if not exits:
        return -400.0
    back = d ^ 2
    masks = _good_masks(game.cards)
    deck = sum(masks.get(1 << back | 1 << e, 0) for e in exits)
    total = sum(masks.get(1 << back | 1 << e, 0) for e in range(4) if e != back) or 1
    score = W_DECK * deck / total
    score -= W_SIDE * (6 - _run(table, u, (d + 1) & 3, blocked) - _run(table, u, (d + 3) & 3, blocked)) / 6
    score -= W_AHEAD * (3 - _run(table, u, d, blocked)) / 3
    fits = {1 << back | 1 << e for e in exits}
    cards = game.cards
    held = 0
    for cid in hand:
        c = cards[cid]
        if c.kind == "pipe" and c.material != "leaky" and (c.openings in fits or turn180(c.openings) in fits):
            held += 1
    if held:
        score += W_HELD + W_HELD_MORE * min(held - 1, 2)
    return score


def _fit_value(game, p, card) -> int:
    """What a good pipe card in hand is worth for one's own line: it continues one of its ends
    in a useful direction (FIT_NOW), or the end after one more card (FIT_NEXT). Discards and a
    plumber's discard give up the card worth least, so the hand keeps what fits."""
    if card.kind != "pipe" or card.material == "leaky":
        return 0
    table = game.table
    memo = _memo_for(table)
    key = ("fit", p, card.openings)
    best = memo.get(key)
    if best is not None:
        return best
    mine = {card.openings, turn180(card.openings)}
    best = 0
    for t, (o, src, d) in table.ends.items():
        if o != p:
            continue
        exits = _exits(table, t, d, frozenset(), game.target - table.cells[src].count - 1)
        if any((1 << (d ^ 2) | 1 << e) in mine for e in exits):
            best = FIT_NOW
            break
        for e in exits:
            if any((1 << (e ^ 2) | 1 << f) in mine for f in range(4) if f != e ^ 2):
                best = FIT_NEXT
    memo[key] = best
    return best


def _score(game, p, mv) -> float:
    table = game.table
    cells = table.cells
    kind = mv["type"]
    if kind == "spout" or mv.get("and_spout"):
        return 1e6
    if kind == "cover":
        return 1000
    hand = game.hands[p]
    if kind == "plumber":
        dc = game.cards[mv["discard"]]
        return 900 - _keep_value(dc, hand, game.cards, table.open_count[p] - 1) - _fit_value(game, p, dc)
    if kind == "discard":
        dc = game.cards[mv["card"]]
        return 40 - _keep_value(dc, hand, game.cards, table.open_count[p] - 1) - _fit_value(game, p, dc)
    t = table.idx(mv["x"], mv["y"])
    card = game.cards[mv["card"]]
    if kind == "lay":
        owner, src, d = table.ends[t]
        my_counts = [cells[s].count for (o, s, _d) in table.ends.values() if o == p]
        if card.kind == "cap":
            vals = {u: _end_value(game, u, s_, p) for u, (o, s_, _d) in table.ends.items() if o == p}
            top = max(vals.values())
            mine = vals[t]
            if mine < top or list(vals.values()).count(top) > 1:
                return 450 - mine
            return -50
        mask = (card.openings if not mv["turned"] else turn180(card.openings))
        back = d ^ 2
        new = [(table.nb[t][k], k) for k in range(4) if k != back and mask >> k & 1]
        score = 200 + 12 * cells[src].count
        if len(my_counts) > 1:
            vals = {u: _end_value(game, u, s_, p) for u, (o, s_, _d) in table.ends.items() if o == p}
            if vals[t] < max(vals.values()):
                score -= 60
        if len(new) > 1:
            score -= 260          # a T on our own line needs a cap later: rather discard it
        vrow = _valve_row(table, p)
        need = game.target - cells[src].count - 2     # cards still wanted after the next one
        blocked = frozenset([t] + [n for n, _k in new])
        rest = [c for c in hand if c != card.id]
        for n, k in new:
            score += _outlook(game, n, k, blocked - {n}, need, rest) / len(new)
            if k == 3:
                score += W_WEST
            elif k == 1:
                score -= W_EAST
            score -= W_ROW * abs(n // table.width - vrow)
        if card.material == "copper":
            score += 6
        return score
    # leak on an opponent
    q = mv["target"]
    their = [cells[s].count for (o, s, _d) in table.ends.values() if o == q]
    best_q = max(their) if their else 0
    threat = best_q / game.target
    score = 100 + 500 * max(0.0, threat - 0.6)
    if t in table.ends:
        _o, src, _d = table.ends[t]
        if card.kind == "cap":
            if cells[src].count == best_q:
                score += 250
            else:
                score -= 100
        elif card.shape == "tee":
            score += 40
    return score


def _end_value(game, u, src, p) -> int:
    """How promising an open end is: its count, much less if it has no room to reach the target."""
    table = game.table
    cnt = table.cells[src].count
    need = game.target - cnt
    if need > 0 and _room(table, u, (), need + 4) < need + 4:
        return cnt - 100
    return cnt


def _valve_row(table, p) -> int:
    for idx, c in table.cells.items():
        if c.owner == p and c.kind == "valve":
            return idx // table.width
    return 0


def greedy_bot(game, player, rng):
    """The "normal" bot: one-ply scoring, ties broken by ``rng``. Spout > repair (cover with a
    card it holds; a plumber only for a leak it cannot cover, discarding its least useful card)
    > extend its most promising branch > cap weaker branches > leak the opponent closest to
    winning (leaky caps on their best branch first) > discard the least useful card.

    A lay is judged by the open end it leaves (``_outlook``): how many of the deck's good cards
    could continue it without running into an edge, a corner or a pocket too small to finish in,
    whether a card still in hand continues it, walls close beside and ahead, and its heading
    (west, near its valve's row; never back east into the valves' edge unless that finishes the
    line). It avoids laying its own T's. Discards keep the cards that fit its line (see
    docs/bots.md for the measurements)."""
    best = best_moves(game, player)
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


def best_moves(game, player) -> list:
    """The legal moves the normal bot scores highest (ties, in the legal order): it plays one
    of them, and the hard bot's reading of the other hands (``reading``) asks whether a move
    was one of them."""
    best, best_s = [], None
    for mv in game.legal_moves(player):
        s = _score(game, player, mv)
        if best_s is None or s > best_s:
            best, best_s = [mv], s
        elif s == best_s:
            best.append(mv)
    return best


BOTS = {"random": random_bot, "greedy": greedy_bot}
