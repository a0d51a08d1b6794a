"""The moves a hard decision tries: the greedy bot's best, plus (Water Works) its best move of
every other kind, so the rollouts can weigh a leak or a discard against laying a pipe."""
from gamecore import Rng

import aqueducks
import waterworks
from aqueducks import hard as aq_hard
from waterworks import hard as ww_hard
from waterworks.bots import _score


def ww_positions(players=4, seeds=range(20), moves=14):
    for seed in seeds:
        g = waterworks.GAME.new({"players": players}, seed)
        rng = Rng(seed)
        for _ in range(moves):
            p = g.to_act()[0]
            g.apply(p, waterworks.BOTS["greedy"](g, p, rng))
            if g.is_over:
                break
        if not g.is_over:
            yield g


def test_waterworks_candidates_are_greedy_best_then_one_per_other_kind():
    rank = ww_hard.candidates(top_k=3, most=8)
    checked = 0
    for g in ww_positions():
        p = g.to_act()[0]
        legal = g.legal_moves(p)
        if len(legal) <= 3:
            continue
        got = rank(g, p, legal)
        best = sorted((_score(g, p, m) for m in legal), reverse=True)
        assert [_score(g, p, m) for m in got[:3]] == best[:3]
        kinds = [(m["type"], m.get("target")) for m in got]
        assert len(got) <= 8 and len(set(kinds[3:])) == len(kinds[3:])
        assert not set(kinds[3:]) & set(kinds[:3])
        legal_kinds = {(m["type"], m.get("target")) for m in legal}
        if len(legal_kinds) <= 8 - 3 + len(set(kinds[:3])):
            assert set(kinds) == legal_kinds        # room for every kind: all of them are tried
        checked += 1
    assert checked >= 10


def test_waterworks_candidates_include_a_leak_the_greedy_order_ranks_low():
    """Somewhere in these games a leak is legal but not among greedy's top 3: it is still tried."""
    rank = ww_hard.candidates(top_k=3, most=8)
    found = 0
    for g in ww_positions(seeds=range(40)):
        p = g.to_act()[0]
        legal = g.legal_moves(p)
        order = sorted(legal, key=lambda m: -_score(g, p, m))
        if any(m["type"] == "leak" for m in legal) and all(m["type"] != "leak" for m in order[:3]):
            assert any(m["type"] == "leak" for m in rank(g, p, legal))
            found += 1
    assert found > 0


def test_aqueducks_candidates_are_few_and_legal():
    g = aqueducks.GAME.new({"players": 4}, 3)
    rng = Rng(3)
    seen = set()
    while not g.is_over and len(seen) < 4:
        p = g.to_act()[0]
        legal = g.legal_moves(p)
        got = aq_hard.candidates(k=4, most=8)(g, p, legal)
        assert 1 <= len(got) <= 8 and all(m in legal for m in got)
        if legal[0]["type"] == "build":
            assert len(got) <= 4
            # distinct builds: never two that differ only in the card spent as the bridge
            assert len({(m["cards"][0], m["cards"][1], m["x"], m["y"], m["storey"]) for m in got}) == len(got)
            # the first is as good as the greedy bot's build by its own preview (which breaks
            # ties at random)
            from aqueducks.bots import _preview_build
            greedy = aqueducks.BOTS["greedy"](g, p, Rng(0))
            assert abs(_preview_build(g, p, got[0]) - _preview_build(g, p, greedy)) < 1e-9
        seen.add(legal[0]["type"])
        g.apply(p, aqueducks.BOTS["greedy"](g, p, rng))
    assert {"build", "pick"} <= seen or {"build", "donate"} <= seen
