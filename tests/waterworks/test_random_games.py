"""A seeded loop of 2,000 random full games, checking the invariants after every move."""
import collections

import pytest

from gamecore import Rng
from sampled import sampled

from waterworks import BOTS, GAME
from ww_helpers import check_invariants

GAMES = 2000
PARTS = 4


@pytest.mark.parametrize("part", sampled(range(PARTS), quick=[0]))
def test_two_thousand_random_games(part):
    """The 2,000 games in four parts of 500 (each part its own seeded random bots), so that
    make test's workers share them out; each part reaches both endings and every kind of move
    by itself."""
    rng = Rng(2024 + part)
    reasons = collections.Counter()
    move_types = collections.Counter()
    for i in range(part * GAMES // PARTS, (part + 1) * GAMES // PARTS):
        players = 2 + i % 3
        opts = {"players": players}
        if i % 10 == 7:
            opts["edition"] = "110"
            opts["players"] = 2 + i % 4
        if i % 7 == 3:
            opts.update(last_card="newest", spout_timing="next_turn", spout_side="left")
        if i % 5 == 1:
            opts["target"] = "6"                  # short games reach the spout more often
        if i % 11 == 5:
            opts["draw_out"] = "end"
        g = GAME.new(opts, i)
        check_invariants(g)
        moves = 0
        placed = {}
        while not g.is_over:
            p = g.to_act()[0]
            mv = BOTS["random"](g, p, rng)
            move_types[mv["type"]] += 1
            g.apply(p, mv)
            moves += 1
            check_invariants(g)
            cells = g.table.cells
            for idx, bottom in placed.items():       # cards never move once placed
                assert cells[idx].stack[0] == bottom
            for idx, c in cells.items():
                placed.setdefault(idx, c.stack[0])
            assert moves < 1000, "game did not end"
        r = g.result()
        reasons[r["reason"]] += 1
        if r["reason"] == "spout":
            w = r["winners"][0]
            assert r["pipes"] >= g.target
            assert g.table.leak[w] == -1 and g.table.open_count[w] == 0
    assert reasons["spout"] > 50 // PARTS and reasons["draw_pile_exhausted"] > 50 // PARTS, reasons
    for t in ("lay", "leak", "cover", "plumber", "discard"):
        assert move_types[t] > 0, move_types
