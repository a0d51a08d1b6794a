"""A Water Works move in a player's words, for a hint and the post-game analysis
(``arcade.advice_text`` asks through the game registry): what the move is (``name``), what tells
it apart from the same card played elsewhere (``place``: the way the line turns, which branch,
never a table coordinate), and what it does in the game's terms (``effects``: line length against
the pipes needed, leaks, plumbers, the spout, what an opponent can do to the line's end).

Every phrase is about the public table (line lengths, leaks, plumbers, the end's material) and
the card played, so a hint says nothing its seat could not see. ``viewer`` is the seat the words
are addressed to: its own line is "your line", another seat's "their line".
"""
from __future__ import annotations

from gamecore.words import count

from .cards import shape_name
from .geometry import openings
from .rules.moves import leak_sources

#: the way an opening leads, as a player looking at the table says it (the valves stand on
#: the right-hand edge, so "left" is away from them)
WAY = ("up", "right", "down", "left")


def _card(c) -> str:
    return f"the {c.material} {shape_name(c.shape)}" if c.kind == "pipe" else f"the {shape_name(c.shape)}"


def _whose(q: int, viewer) -> str:
    return "your" if q == viewer else "their"


def name(game, player: int, move: dict, viewer=None) -> str:
    """The move in a few words: "lay the copper L bend", "call a plumber, discarding the leaky cap"."""
    viewer = player if viewer is None else viewer
    t = move["type"]
    card = game.cards[move["card"]] if "card" in move else None
    own = _whose(player, viewer)
    spout = f" and place {own} spout" if move.get("and_spout") else ""
    if t == "lay":
        return f"lay {_card(card)}{spout}"
    if t == "cover":
        return f"cover {own} leak with {_card(card)}{spout}"
    if t == "leak":
        target = move.get("target")
        line = "your line" if target == viewer else "an opponent's line"
        return f"put a leak on {line} with {_card(card)}"
    if t == "plumber":
        return f"call a plumber, discarding {_card(game.cards[move['discard']])}"
    if t == "discard":
        return f"discard {_card(card)}"
    if t == "spout":
        return f"place {own} spout"
    return "make another move"


def place(game, player: int, move: dict, viewer=None) -> str:
    """What tells this move from the same card played elsewhere: the way the line goes on
    from it and which branch it continues ("heading left from your 5-pipe branch")."""
    viewer = player if viewer is None else viewer
    t = move["type"]
    table = game.table
    if t not in ("lay", "cover", "leak") or "x" not in move:
        return ""
    at = table.idx(move["x"], move["y"])
    card = game.cards[move["card"]]
    turned = bool(move.get("turned"))
    bits = []
    if t == "leak" and at in table.cells:
        bits.append("laid on top of the last card of " + ("your" if move.get("target") == viewer else "that") + " line")
    elif t in ("lay", "leak") and at in table.ends:
        owner, src, d = table.ends[at]
        if card.kind == "pipe":
            ways = [WAY[k] for k in range(4) if k != d ^ 2 and openings(card, turned) >> k & 1]
            bits.append("heading " + " and ".join(ways) if ways else "")
        else:
            bits.append("capping that end")
        branches = [s for (o, s, _d) in table.ends.values() if o == owner]
        if len(set(branches)) > 1:
            bits.append(f"from the {table.cells[src].count}-pipe branch")
            same = [s for s in set(branches) if table.cells[s].count == table.cells[src].count]
            if len(same) > 1:
                ys = sorted({table.xy(s)[1] for s in same})
                y = table.xy(src)[1]
                bits.append("the upper one" if y == ys[0] else "the lower one" if y == ys[-1] else "the middle one")
    if turned:
        bits.append("turned round")
    return ", ".join(b for b in bits if b)


def _best_line(table, q: int) -> int:
    return max((table.cells[s].count for (o, s, _d) in table.ends.values() if o == q), default=0)


def _standing(game, q: int) -> dict:
    """The public facts the words compare before and after a move."""
    table = game.table
    srcs = leak_sources(game, q) if table.open_count[q] else set()
    safe = all(table.cells[s].kind != "pipe" or table.cells[s].material == "copper" or table.cells[s].repaired
               for s in srcs)
    return {"line": _best_line(table, q), "leak": table.leak[q] >= 0, "ends": table.open_count[q],
            "plumbers": game.plumbers[q], "spout": game.spout_placed[q], "safe_top": bool(srcs) and safe}


def effects(game, player: int, move: dict, viewer=None) -> list[str]:
    """What the move does, most telling first, as verb phrases ("brings your line to 6 of the 8
    pipes it needs"); read off a copy of the table with the move made (the card drawn after it
    is never named)."""
    viewer = player if viewer is None else viewer
    after = game.clone()
    try:
        after.apply(player, move)
    except Exception:          # a move the position refuses says nothing (never expected)
        return []
    need = game.target
    out = []
    own = _whose(player, viewer)
    was, now = _standing(game, player), _standing(after, player)
    if now["spout"] and not was["spout"]:
        out.append(f"finishes {own} line with the spout and wins the game")
    if was["leak"] and not now["leak"]:
        if move["type"] == "plumber":
            left = now["plumbers"]
            out.append(f"mends the leak in {own} line with a plumber, leaving "
                       + (f"{count(left, 'plumber')}" if left else "no plumbers"))
        else:
            out.append(f"mends the leak in {own} line and keeps {own} plumbers")
    if now["line"] > was["line"] and not now["spout"]:
        if now["line"] >= need:
            out.append(f"makes {own} line long enough for the spout ({count(now['line'], 'pipe')})")
        else:
            out.append(f"brings {own} line to {now['line']} of the {need} pipes it needs")
    if now["ends"] > was["ends"]:
        out.append(f"gives {own} line another open end")
    elif now["ends"] < was["ends"] and not now["spout"]:
        out.append(f"closes one end of {own} line, so the spout can only go on the other")
    if move["type"] in ("lay", "cover") and not now["spout"]:
        if now["safe_top"] and not was["safe_top"]:
            out.append(f"ends {own} line in a card no leak can be laid on")
        elif was["safe_top"] and not now["safe_top"]:
            out.append(f"ends {own} line in iron, which an opponent can cover with a leaky pipe")
    for q in range(game.n):
        if q == player:
            continue
        if not game.table.leak[q] >= 0 and after.table.leak[q] >= 0:
            left = max(need - _best_line(game.table, q), 0)
            whose = "your" if q == viewer else "their"
            near = f" {count(left, 'pipe')} short of the spout" if left else ", ready for the spout,"
            out.append(f"stops {whose} line{near} until it is mended")
    if move["type"] == "discard":
        out.append("keeps " + ("your" if player == viewer else "their") + " line as it is and draws a new card")
    if not out and now["line"] == was["line"] and not was["leak"] and move["type"] in ("lay", "cover"):
        out.append(f"leaves {own} longest line at {now['line']} of the {need} pipes it needs")
    threat = _threat(after, player, viewer)
    if threat:
        out.append(threat)
    return out


#: how the phrases that count against a move begin (``drawback``): an end an opponent can make
#: leak, a closed end, an opponent left close to finishing
_DRAWBACKS = ("closes one end of", "leaves you free", "leaves an opponent", "leaves you one pipe")


def drawback(phrase: str) -> bool:
    """Whether an ``effects`` phrase counts against the move (never given as a reason for it)."""
    return phrase.startswith(_DRAWBACKS) or (phrase.startswith("ends ") and " in iron," in phrase)


def _threat(after, player: int, viewer) -> str:
    """What an opponent can do next: one whose unbroken line is already long enough, or one
    pipe short, may finish before this seat."""
    if after.is_over:
        return ""
    need = after.target
    close = [q for q in range(after.n) if q != player and after.table.leak[q] < 0
             and _best_line(after.table, q) >= need - 1]
    if not close:
        return ""
    q = min(close, key=lambda q: -_best_line(after.table, q))
    who = "you" if q == viewer else "an opponent"
    left = need - _best_line(after.table, q)
    return (f"leaves {who} free to place the spout next" if left <= 0
            else f"leaves {who} one pipe from a line long enough for the spout")
