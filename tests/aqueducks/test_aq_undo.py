"""Take-backs in Aqueducks (rulings R8): simultaneous choices until the round is revealed,
donations until the next donor who is a person acts, picks until the hands pass."""
import json

import pytest

import aq_helpers as H
from aqueducks import BOTS, GAME
from gamecore import IllegalMove, Rng, replay
from gamecore import undo

NOBOTS = frozenset()


def fresh(g, log):
    """The game that made exactly these moves, applied one by one."""
    out = GAME.new(g.options, g.seed)
    for e in log:
        out.apply(e["player"], e["move"])
    return out


def same(a, b):
    assert json.dumps(a.save(), sort_keys=True) == json.dumps(b.save(), sort_keys=True)


def first_legal(g, p):
    return g.legal_moves(p)[0]


def at(action, era=1, **opts):
    g = H.new(opts.pop("players", 3), seed=opts.pop("seed", 21), **opts)
    H.run_until(g, H.at(action, era))
    assert sorted(g.to_act()) == list(range(g.n)) or action == "publican"
    return g


@pytest.mark.parametrize("action, opts", [
    ("build", {}),
    ("build", {"build_pass": "always"}),     # a pass is a hidden choice too
    ("protect", {}),
    ("draft", {}),
])
def test_a_simultaneous_choice_is_changed_until_everyone_has_chosen(action, opts):
    g = at(action, **opts)
    before = list(g.log)
    mine = first_legal(g, 0)
    if opts.get("build_pass") == "always":
        mine = {"type": "pass"}
    g.apply(0, mine)
    g.apply(1, first_legal(g, 1))           # another person chooses after: that stays
    undo.note_seen(g, 0)
    undo.note_seen(g, 1)
    assert undo.undoable(g, 0, NOBOTS) == {"moves": 1}
    assert undo.undoable(g, 1, NOBOTS) == {"moves": 1}
    undone, events = undo.undo(g, 0, NOBOTS)
    assert events[0]["moves"] == 1 and "took back 1 move" in events[0]["text"]
    never = fresh(g, before + [g.log[-1]])
    same(undone, never)
    assert 0 in undone.to_act() and 1 not in undone.to_act()
    assert undone.view(0)["my_choice"] is None
    assert mine in undone.legal_moves(0) or mine["type"] == "pass"
    # the last choice reveals the round: then it stands, for everyone
    undone.apply(0, first_legal(undone, 0))
    last = [p for p in undone.to_act()]
    assert last == [2]
    undone.apply(2, first_legal(undone, 2))
    for p in range(3):
        undo.note_seen(undone, p)
    assert undo.undoable(undone, 2, NOBOTS) == {"moves": 0, "reason": GAME.UNDO_REVEALED}
    assert undo.undoable(undone, 0, NOBOTS)["reason"] == undo.OTHER_ACTED
    # with a bot and another person it stands as well; against bots only it goes back, with
    # the round it revealed (docs/rulings/take-backs.md T1)
    assert undo.undoable(undone, 2, frozenset({1}))["reason"] == GAME.UNDO_REVEALED
    assert undo.undoable(undone, 2, frozenset({0, 1})) == {"moves": 1, "revealed": True}


def test_the_build_that_completes_a_round_stands_once_shown_unless_only_bots_play():
    g = at("build")
    before = list(g.log)
    for p in (1, 2):
        g.apply(p, first_legal(g, p))
    g.apply(0, first_legal(g, 0))
    person = frozenset({1})                 # seat 2 is another person on this device
    assert undo.undoable(g, 0, person) == {"moves": 1}, "revealed but not yet shown to anyone"
    undo.note_seen(g, 2)
    assert undo.undoable(g, 0, person) == {"moves": 0, "reason": GAME.UNDO_REVEALED}
    bots = frozenset({1, 2})
    undo.note_seen(g, 0)
    assert undo.undoable(g, 0, bots) == {"moves": 1, "revealed": True}
    undone, _ = undo.undo(g, 0, bots)
    same(undone, fresh(g, before + g.log[-3:-1]))


def publican(players=3, seed=21):
    g = H.new(players, seed=seed)
    H.run_until(g, lambda g: g.action == "publican" and g.to_act())
    return g


def test_a_donation_is_taken_back_until_the_next_donor_who_is_a_person_acts():
    g = publican()
    order = g.pub["order"]
    first, second = order[0], order[1]
    before = list(g.log)
    g.apply(first, first_legal(g, first))
    assert undo.undoable(g, first, NOBOTS) == {"moves": 1}
    g.apply(second, first_legal(g, second))
    assert undo.undoable(g, first, NOBOTS) == {"moves": 0, "reason": undo.OTHER_ACTED}
    # when the next donor is a bot its donation is taken back with it
    bots = frozenset(set(range(3)) - {first})
    assert undo.undoable(g, first, bots) == {"moves": 2}
    undone, _ = undo.undo(g, first, bots)
    same(undone, fresh(g, before))
    assert undone.to_act() == [first]


def test_a_pass_at_the_publican_is_taken_back_too():
    g = publican()
    p = g.pub["order"][0]
    g.apply(p, {"type": "pass"})
    undone, _ = undo.undo(g, p, NOBOTS)
    assert {"type": "pass"} in undone.legal_moves(p) and undone.to_act() == [p]


def test_against_bots_a_donation_reaches_across_the_visits_end_and_their_hidden_builds():
    g = publican()
    human = g.pub["order"][-1]              # the last donor: the visit ends with them
    bots = frozenset(set(range(3)) - {human})
    rng = Rng(3)
    while g.to_act() != [human]:
        q = g.to_act()[0]
        g.apply(q, BOTS["random"](g, q, rng))
    before = list(g.log)
    g.apply(human, first_legal(g, human))
    assert g.action == "build"              # Favour scored, the next Build opened
    for q in sorted(bots):
        g.apply(q, BOTS["random"](g, q, rng))   # bots' hidden builds
    undo.note_seen(g, human)
    assert undo.undoable(g, human, bots) == {"moves": 3}
    undone, _ = undo.undo(g, human, bots)
    same(undone, fresh(g, before))
    assert undone.action == "publican"


def test_a_draft_pick_until_the_hands_pass():
    g = at("draft")
    g.apply(0, first_legal(g, 0))
    g.apply(1, first_legal(g, 1))
    assert undo.undoable(g, 0, NOBOTS) == {"moves": 1}
    g.apply(2, first_legal(g, 2))           # the hands pass
    assert g.draft["picked"] == 1
    for p in range(3):
        undo.note_seen(g, p)
    for p in range(3):
        assert undo.undoable(g, p, NOBOTS)["moves"] == 0


def test_solo_picks_are_taken_back_one_by_one_until_the_draw():
    g = H.new(1, seed=5)
    H.run_until(g, H.at("draft", 1))
    before = list(g.log)
    picks = []
    for _ in range(3):
        mv = first_legal(g, 0)
        picks.append(mv)
        g.apply(0, mv)
        undo.note_seen(g, 0)
    for k in (2, 1, 0):
        g, _ = undo.undo(g, 0, NOBOTS)
        same(g, fresh(g, before + [{"player": 0, "move": m} for m in picks[:k]]))
    assert g.log == before
    # the sixth pick shuffles and draws: nobody else plays, so it goes back too, saying so
    while g.action == "draft":
        g.apply(0, first_legal(g, 0))
    undo.note_seen(g, 0)
    offered = undo.undoable(g, 0, NOBOTS)
    assert offered == {"moves": 1, "revealed": True}


def test_a_solo_build_goes_back_after_its_refill_drew_a_card_saying_so():
    g = H.new(1, seed=5)
    H.run_until(g, H.at("build", 1))
    before = list(g.log)
    g.apply(0, first_legal(g, 0))
    undo.note_seen(g, 0)
    assert undo.undoable(g, 0, NOBOTS) == {"moves": 1, "revealed": True}
    undone, events = undo.undo(g, 0, NOBOTS)
    same(undone, fresh(g, before))
    assert events[0]["revealed"] and events[0]["text"].endswith("took back 1 move, after seeing a new card.")
    assert undo.tally(replay(GAME, json.loads(json.dumps(undone.record())))) == {0: (1, 1)}


def test_a_finished_game_stands_and_records_with_take_backs_replay():
    g = H.new(3, seed=8)
    rng = Rng(8)
    bots = frozenset({1, 2})
    takebacks = 0
    while not g.is_over:
        p = g.to_act()[0]
        g.apply(p, BOTS["random"](g, p, rng))
        if p == 0 and undo.undoable(g, 0, bots)["moves"] and rng.below(2):
            g, _ = undo.undo(g, 0, bots)
            takebacks += 1
    assert takebacks >= 3
    assert undo.undoable(g, 0, bots) == {"moves": 0, "reason": undo.GAME_OVER}
    rec = json.loads(json.dumps(g.record()))
    assert sum("undo" in e for e in rec["moves"]) == takebacks
    again = replay(GAME, rec)
    same(again, g)
    assert again.record() == rec
    same(again, fresh(g, g.log))


def test_a_bot_seat_and_bad_bot_lists_are_refused():
    g = at("build")
    from gamecore import BadRequest
    with pytest.raises(BadRequest):
        undo.check_bots(g, 0, [0])
    for bad in ([7], [1, 1], ["1"], "1", [True]):
        with pytest.raises(BadRequest):
            undo.check_bots(g, 0, bad)
    assert undo.check_bots(g, 0, None) == frozenset()
    with pytest.raises(IllegalMove, match="no move"):
        undo.undo(GAME.new({"players": 2}, 1), 0, NOBOTS)
