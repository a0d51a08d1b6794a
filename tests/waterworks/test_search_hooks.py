"""determinize/heuristic for the search (gamecore.rollouts): consistent with the view, never using hidden cards."""
import json

import pytest
from gamecore import BadSave, Rng

from waterworks import BOTS, GAME
from waterworks.search import determinize, heuristic
from ww_helpers import check_invariants


def key(m):
    return json.dumps(m, sort_keys=True)


@pytest.mark.parametrize("seed", range(40))
def test_determinization_matches_the_view(seed):
    opts = {"players": 2 + seed % 3}
    if seed % 4 == 1:
        opts["draw_out"] = "end"
    g = GAME.new(opts, seed)
    rng = Rng(seed)
    for _ in range(rng.below(160)):
        if g.is_over:
            break
        p = g.to_act()[0]
        g.apply(p, BOTS["random"](g, p, rng))
    for viewer in range(g.n):
        v = g.view(viewer)
        d = determinize(v, viewer, Rng(seed + viewer))
        assert d.view(viewer) == v
        check_invariants(d, hands=not g.is_over)
        assert GAME.from_dict(d.to_dict()).to_dict() == d.to_dict()
        if not g.is_over and viewer == g.to_act()[0]:
            assert {key(m) for m in d.legal_moves(viewer)} == {key(m) for m in g.legal_moves(viewer)}
        assert 0.0 <= heuristic(d, viewer) <= 1.0
        # hidden cards are resampled, not copied
        others = [c for q in range(g.n) if q != viewer for c in g.hands[q]]
        d2 = determinize(v, viewer, Rng(seed + 1000))
        if len(others) > 3:
            assert [c for q in range(g.n) if q != viewer for c in d.hands[q]] != \
                [c for q in range(g.n) if q != viewer for c in d2.hands[q]] or d.draw != d2.draw


def test_determinize_refuses_garbage():
    with pytest.raises(BadSave):
        determinize({"options": {}}, 0, Rng(1))


def test_heuristic_prefers_the_longer_line():
    g = GAME.new({}, 3)
    rng = Rng(3)
    while not g.is_over:
        p = g.to_act()[0]
        g.apply(p, BOTS["greedy" if p == 0 else "random"](g, p, rng))
        best = [max((g.table.cells[s].count for (o, s, _d) in g.table.ends.values() if o == q), default=0)
                for q in range(2)]
        if not g.is_over and best[0] > best[1] + 3 and g.table.leak[0] < 0 and g.table.open_count[0] == 1:
            assert heuristic(g, 0) > 0.5 > heuristic(g, 1)
            return
    pytest.skip("position not reached")


def test_rollouts_on_the_hooks_play_legal_moves():
    from gamecore.rollouts import RolloutSearch
    g = GAME.new({}, 8)
    p = g.to_act()[0]
    legal = g.legal_moves(p)
    s = RolloutSearch(g.view(p), p, Rng(1), determinize=determinize, heuristic=heuristic,
                      candidates=lambda game, q, moves: moves[:6], rollout_depth=20)
    s.step(60)
    assert s.rounds == 10 and s.actions > 60
    assert s.best_move() in legal[:6]
