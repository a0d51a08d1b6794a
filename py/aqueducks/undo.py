"""What an Aqueducks move reveals, for take-backs (``gamecore.undo``; rulings R8).

A choice of a simultaneous action (Build, Protect, Draft pick) is sealed while others still
owe theirs; the move that completes the round shows every choice to every player (in a
game of two or more), the Build's refills show each drawer new cards, and a Draft deals new
hands. Publican donations and passes, Favour, End of Era payouts and the Downfall follow from
what is on the table and reveal nothing hidden."""
from __future__ import annotations


def undo_mark(game, player: int, events: list) -> tuple:
    simultaneous = bool(events) and events[0]["type"] == "chosen"
    if simultaneous and len(events) == 1:
        return True, ()
    everyone = set(range(game.n))
    reached = set()
    if simultaneous and game.n > 1:
        reached |= everyone               # the round is revealed: every choice is shown
    for e in events:
        t = e["type"]
        if t == "draw" and e["count"]:
            reached.add(e["player"])       # cards from the player's own draw pile
        elif t == "draft":
            reached |= everyone            # new drafting hands are dealt
        elif t in ("pick", "no_build") and game.n > 1:
            reached |= everyone            # hands pass / a hand is shown to hold no build
    return False, tuple(sorted(reached))
