"""What a Water Works move reveals, for take-backs (``gamecore.undo``; rulings 25-27).

Every play is public and no move is a hidden choice. The only new hidden information is the
card drawn when a turn ends: it goes straight into the next player's hand, so a play stands
once that player has been shown it (or the game ended)."""
from __future__ import annotations


def undo_mark(game, player: int, events: list) -> tuple:
    return False, tuple(e["player"] for e in events if e["type"] == "draw")
