"""The Draft: deal drafting hands from the tier decks, pick one, pass clockwise."""
from __future__ import annotations

from .eras import draft_counts


def deal(cat, decks: dict, era: int, n: int, solo: bool) -> list[list[int]]:
    counts = draft_counts(cat, era, solo)
    hands = []
    for _ in range(n):
        hand = []
        for tier in (1, 2, 3):
            deck = decks[str(tier)]
            for _ in range(counts.get(tier, 0)):
                if deck:
                    hand.append(deck.pop())
        hands.append(hand)
    return hands


def pass_clockwise(hands: list[list[int]]) -> list[list[int]]:
    """Seat p passes to seat p + 1 (clockwise = to the left = next seat)."""
    n = len(hands)
    out = [None] * n
    for p in range(n):
        out[(p + 1) % n] = hands[p]
    return out
