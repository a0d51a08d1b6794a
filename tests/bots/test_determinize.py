"""Aqueducks determinizations: consistent with the view, every card exactly once, hidden cards
resampled, other players' hidden simultaneous choices given back. (Water Works has the same
checks in tests/waterworks/test_search_hooks.py.)"""
import json

import pytest
from gamecore import BadSave, Rng

from aqueducks import BOTS, GAME
from aqueducks.eras import SIMULTANEOUS
from aqueducks.integrity import location_counts
from aqueducks.search import determinize, heuristic, evaluate

PLAYERS = [1, 2, 3, 4, 5, 6]


def key(m):
    return json.dumps(m, sort_keys=True)


def strip_choices(view, viewer):
    """The view less the fields that say whether *others* have chosen (reset by design)."""
    v = json.loads(json.dumps(view))
    for cv in v["cities"]:
        if cv["player"] != viewer:
            cv.pop("owes"), cv.pop("has_chosen")
    v.pop("to_act")
    return v


@pytest.mark.parametrize("seed", range(18))
def test_determinization_matches_the_view(seed):
    n = PLAYERS[seed % 6]
    g = GAME.new({"players": n}, seed)
    rng = Rng(seed)
    for _ in range(rng.below(170)):
        if g.is_over:
            break
        p = g.to_act()[0]
        g.apply(p, BOTS["random"](g, p, rng))
    for viewer in range(n):
        v = g.view(viewer)
        d = determinize(v, viewer, Rng(seed * 7 + viewer))
        assert strip_choices(d.view(viewer), viewer) == strip_choices(v, viewer)
        counts = location_counts(d)
        assert all(c == 1 for c in counts.values()) and len(counts) == len(location_counts(g))
        if not g.is_over:
            d._validate()
            for q in range(n):
                if q != viewer and g.action in SIMULTANEOUS and v["cities"][q]["has_chosen"]:
                    assert d.players[q]["choice"] is None      # hidden choices are given back
            if viewer in g.to_act():
                assert {key(m) for m in d.legal_moves(viewer)} == {key(m) for m in g.legal_moves(viewer)}
        assert 0.0 <= heuristic(d, viewer) <= 1.0
        assert all(0.0 <= r <= 1.0 for r in evaluate(d))
        # own hand as seen; hidden cards resampled, not copied
        assert d.players[viewer]["hand"] == g.players[viewer]["hand"]
        d2 = determinize(v, viewer, Rng(seed * 7 + viewer + 1000))
        hidden = lambda s: [s.decks[t] for t in "123"] + [pl["draw"] for pl in s.players]
        if sum(len(z) for z in hidden(g)) > 4:
            assert hidden(d) != hidden(d2)


def test_determinize_refuses_garbage():
    with pytest.raises(BadSave):
        determinize({"options": {}}, 0, Rng(1))
