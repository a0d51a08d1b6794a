"""What reaches a player: a card that fits only turned round is among the legal moves (the
screen lights its spots from that list, issue 55 item 4), and every refusal the screen shows
is in a player's words, never an option key, a snake_case name or a grid coordinate (item 2)."""
import random
import re

import pytest
from gamecore import IllegalMove

from waterworks import GAME
from waterworks.bots import BOTS
from ww_helpers import fill_hand, fresh, give, put

# what a player never reads: option keys and other snake_case names, the engine's grid
ENGINE_WORDS = re.compile(r"\b[a-z]+_[a-z_]+\b|\boption\b|\bcolumn\b|\brow\b|\(\d+, ?\d+\)", re.I)


def test_a_card_that_fits_only_turned_round_is_listed_turned():
    """The valve's open end faces west from (21, 3): an upright reverse-L bend (top and left)
    has no opening toward it; turned round (bottom and right) it joins and heads down."""
    g = fresh()
    j = give(g, 0, "J", "iron")
    fill_hand(g, 0)
    at_valve = [m for m in g.legal_moves(0) if m.get("card") == j and m["type"] == "lay"]
    assert at_valve == [{"type": "lay", "card": j, "x": 20, "y": 3, "turned": True}]


def refusal(g, p, move):
    with pytest.raises(IllegalMove) as info:
        g.apply(p, move)
    return info.value.message


def test_the_refusals_that_named_an_option_or_a_cell_speak_as_a_player():
    g = fresh(last_card="newest")
    put(g, 1, 20, 10, "tee")                          # Bo's ends (19,10), (20,11)
    put(g, 1, 19, 10, "short")                        # the last card laid: (19,10)
    ll = give(g, 0, "long", "leaky")
    fill_hand(g, 0)
    said = refusal(g, 0, {"type": "leak", "card": ll, "target": 1, "x": 20, "y": 11, "turned": False})
    assert "house rule" in said and not ENGINE_WORDS.search(said), said
    g = fresh()
    put(g, 0, 20, 3, "short", "leaky")                # your leak at (20, 3)
    put(g, 0, 19, 3, "short")
    good = give(g, 0, "short", "iron")
    fill_hand(g, 0)
    said = refusal(g, 0, {"type": "cover", "card": good, "x": 19, "y": 3, "turned": False})
    assert "marked LEAK" in said and not ENGINE_WORDS.search(said), said


@pytest.mark.parametrize("seed", [3, 11])
def test_no_refusal_in_a_game_names_an_engine_word(seed):
    """Through a random game, every card of the hand tried on every cell next to a line, both
    ways round and as each kind of play: whatever the engine says no with is a player's words."""
    g = GAME.new({"players": 3, "last_card": "newest", "spout_timing": "next_turn"}, seed)
    rng = random.Random(seed)
    seen = set()
    for _turn in range(40):
        if g.is_over:
            break
        p = g.to_act()[0]
        near = {(c % g.table.width + dx, c // g.table.width + dy)
                for c in g.table.cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
        for cid in g.hands[p][:3]:
            for x, y in sorted(near)[::3]:
                for kind in ("lay", "leak", "cover"):
                    move = {"type": kind, "card": cid, "x": x, "y": y, "turned": bool((x + y) % 2)}
                    if kind == "leak":
                        move["target"] = (p + 1) % g.n
                    try:
                        g.clone().apply(p, move)
                    except IllegalMove as e:
                        seen.add(e.message)
        for move in ({"type": "spout"}, {"type": "plumber", "x": 0, "y": 0, "discard": g.hands[p][0]}):
            try:
                g.clone().apply(p, move)
            except IllegalMove as e:
                seen.add(e.message)
        g.apply(p, BOTS["random"](g, p, rng))
    assert len(seen) >= 8, seen
    bad = sorted(m for m in seen if ENGINE_WORDS.search(m))
    assert bad == [], bad
