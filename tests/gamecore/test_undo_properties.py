"""Take-backs in random games of both engines, with random persons, bots and views shown:
a take-back is offered exactly when it succeeds, removes only the player's own latest move and
bots' moves, never crosses hidden information shown to a person while another person plays
(against bots only it may: docs/rulings/take-backs.md T1), says when it takes back cards the
player was shown, and leaves the game that never made those moves; records with take-backs
replay to the same game and tell the same count of revealing take-backs."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import aqueducks
import waterworks
from gamecore import Rng, replay, undo

ENGINES = {"waterworks": waterworks, "aqueducks": aqueducks}


def fresh(g, log):
    out = type(g).new(g.options, g.seed)
    for e in log:
        out.apply(e["player"], e["move"])
    return out


def save_text(g):
    return json.dumps(g.save(), sort_keys=True)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(ENGINES)), players=st.integers(2, 4), seed=st.integers(0, 2 ** 32),
       humans=st.integers(1, 3), steps=st.integers(10, 120))
def test_take_backs_in_random_games(name, players, seed, humans, steps):
    engine = ENGINES[name]
    g = engine.GAME.new({"players": players}, seed)
    rng = Rng(seed)
    persons = set(range(min(humans, players)))
    bots = frozenset(set(range(players)) - persons)
    takebacks = 0
    revealing = 0
    for _ in range(steps):
        if g.is_over:
            break
        p = g.to_act()[rng.below(len(g.to_act()))]
        g.apply(p, engine.BOTS["random"](g, p, rng))
        if rng.below(3) == 0:
            undo.note_seen(g, rng.below(players))      # the page shows some seat its view
        q = rng.choice(sorted(persons))
        offered = undo.undoable(g, q, bots)
        taken, _ = undo.plan(g, q, bots)
        assert offered["moves"] == len(taken)
        if not taken or rng.below(2):
            continue
        own = [i for i, e in enumerate(g.log) if e["player"] == q]
        assert taken[0] == own[-1]
        assert all(g.log[i]["player"] in bots for i in taken[1:]), "only bots' moves go with it"
        if len(persons) > 1:
            for i in range(taken[0], len(g.log)):
                assert not any(s in persons and g.seen[s] > i for s in g.marks[i][1])
        shown = len(persons) == 1 and any(q in g.marks[i][1] for i in taken)
        assert offered.get("revealed", False) is shown
        revealing += shown
        kept = [e for i, e in enumerate(g.log) if i not in set(taken)]
        new, events = undo.undo(g, q, bots)
        assert events[0]["moves"] == len(taken)
        assert events[0].get("revealed", False) is shown
        assert save_text(new) == save_text(fresh(g, kept))
        g = new
        takebacks += 1
    rec = json.loads(json.dumps(g.record()))
    assert sum("undo" in e for e in rec["moves"]) == takebacks
    again = replay(engine.GAME, rec)
    assert save_text(again) == save_text(g)
    counted = undo.tally(again)
    assert sum(n for n, _ in counted.values()) == takebacks
    assert sum(r for _, r in counted.values()) == revealing
