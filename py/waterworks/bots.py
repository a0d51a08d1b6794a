"""Bots for the bridge. Both decide only from what their seat may see: their own hand, the
public table (cards, open ends, leaks, plumbers) and counts. Neither reads other hands or the
draw pile; the greedy bot scores moves from the public table and its own hand only."""
from __future__ import annotations


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


# Flood fills depend only on which cells are occupied or faced by an open end, which changes
# only when a card is placed (table.seq grows); memoised per (table, seq).
_memo_of = None
_memo: dict = {}


def _room(table, start, blocked, limit=30) -> int:
    """Free cells reachable from ``start`` (bounded flood fill), memoised."""
    global _memo_of, _memo
    if _memo_of is not table or _memo.get(None) != table.seq:
        _memo_of = table
        _memo = {None: table.seq}
    k = (start, blocked if type(blocked) is tuple else frozenset(blocked), limit)
    v = _memo.get(k)
    if v is None:
        v = _memo[k] = _room_raw(table, start, blocked, limit)
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


def _free_around(table, t, came_from) -> int:
    nb = table.nb[t]
    cells, ends = table.cells, table.ends
    n = 0
    for k in range(4):
        if k == came_from:
            continue
        m = nb[k]
        if m >= 0 and m not in cells and m not in ends:
            n += 1
    return n


def _score(game, p, mv) -> float:
    table = game.table
    cells = table.cells
    kind = mv["type"]
    if kind == "spout" or mv.get("and_spout"):
        return 1e6
    if kind == "cover":
        return 1000
    if kind == "plumber":
        return 900 - _keep_value(game.cards[mv["discard"]], game.hands[p], game.cards,
                                 table.open_count[p] - 1)
    if kind == "discard":
        return 40 - _keep_value(game.cards[mv["card"]], game.hands[p], game.cards,
                                table.open_count[p] - 1)
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
        mask = (card.openings if not mv["turned"] else ((card.openings << 2 | card.openings >> 2) & 15))
        back = d ^ 2
        new = [table.nb[t][k] for k in range(4) if k != back and mask >> k & 1]
        score = 200 + 12 * cells[src].count
        if len(my_counts) > 1:
            vals = {u: _end_value(game, u, s_, p) for u, (o, s_, _d) in table.ends.items() if o == p}
            if vals[t] < max(vals.values()):
                score -= 60
        if len(new) > 1:
            score -= 260          # a T on our own line needs a cap later: rather discard it
        vrow = _valve_row(table, p)
        need = game.target - cells[src].count - 1
        blocked = {t}
        for n in new:
            blocked.add(n)
        for n in new:
            k = [kk for kk in range(4) if table.nb[t][kk] == n][0]
            free = _free_around(table, n, k ^ 2)
            if free == 0:
                score -= 120
                continue
            room = _room(table, n, blocked - {n}, 40)
            score += 3 * min(room, 40)
            if room < need + 4:
                score -= 400 if len(new) == 1 else 150
            if k == 3:
                score += 25
            nx, ny = table.xy(n)
            score -= 15 * abs(ny - vrow)
            if ny in (0, table.height - 1) or nx == table.width - 1:
                score -= 40
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
    """One-ply scoring, ties broken by ``rng``: spout > repair (cover, then plumber) > extend its
    most promising branch (staying near its valve row, heading left, away from edges and out of
    dead-end corridors too small to reach the target; avoids laying its own T's) > cap weaker
    branches > leak the opponent closest to winning (leaky caps on their best branch first) >
    discard the least useful card (surplus leaky cards and caps first)."""
    moves = game.legal_moves(player)
    best, best_s = [], None
    for mv in moves:
        s = _score(game, player, mv)
        if best_s is None or s > best_s:
            best, best_s = [mv], s
        elif s == best_s:
            best.append(mv)
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


BOTS = {"random": random_bot, "greedy": greedy_bot}
