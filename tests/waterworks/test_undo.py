"""Take-backs in Water Works (rulings 25-28): what can and cannot be taken back, and that an
undone game is the game that never made the moves."""
import json

import pytest

from gamecore import BadSave, IllegalMove, Rng, replay
from gamecore import undo
from waterworks import BOTS, GAME
from ww_helpers import bot_moves

KINDS = ("lay", "leak", "cover", "plumber", "discard")


# Seat 0 plays first in these games (option first_player "1"), so a test knows who is to act.
FIRST = {"first_player": "1"}


def fresh(log, players=2, seed=3, **opts):
    """The game that made exactly these moves, built move by move (not through gamecore.undo)."""
    g = GAME.new(dict(FIRST, **opts, players=players), seed)
    for e in log:
        g.apply(e["player"], e["move"])
    return g


def same(a, b):
    assert json.dumps(a.save(), sort_keys=True) == json.dumps(b.save(), sort_keys=True)


def greedy_log(players, seed, limit=400):
    g = GAME.new({"players": players, **FIRST}, seed)
    rng = Rng(seed)
    while not g.is_over and len(g.log) < limit:
        p = g.to_act()[0]
        g.apply(p, BOTS["greedy"](g, p, rng) if rng.below(3) else BOTS["random"](g, p, rng))
    return g


def first_of_each_kind():
    """(seed, index) of the first move of each kind in a few seeded games."""
    found = {}
    for seed in range(1, 40):
        g = greedy_log(2, seed)
        for i, e in enumerate(g.log):
            found.setdefault(e["move"]["type"], (seed, i, g.log))
        if set(KINDS) <= set(found):
            return found
    raise AssertionError(f"no seeded game has every kind: {sorted(found)}")


FOUND = first_of_each_kind()


@pytest.mark.parametrize("kind", KINDS)
def test_each_play_is_taken_back_while_the_bot_is_to_reply(kind):
    seed, i, log = FOUND[kind]
    g = fresh(log[:i + 1], seed=seed)
    me = log[i]["player"]
    bots = frozenset({1 - me})
    assert undo.undoable(g, me, bots) == {"moves": 1}
    undone, events = undo.undo(g, me, bots)
    assert events == [{"type": "undo", "player": me, "moves": 1,
                       "text": f"Player {me + 1} took back 1 move."}]
    never = fresh(log[:i], seed=seed)
    same(undone, never)
    assert undone.view(me) == never.view(me)
    assert undone.legal_moves(me) == never.legal_moves(me)
    assert log[i]["move"] in undone.legal_moves(me)


def test_a_plumbers_discard_goes_back_to_the_hand_with_the_plumber():
    seed, i, log = FOUND["plumber"]
    g = fresh(log[:i + 1], seed=seed)
    me = log[i]["player"]
    card = log[i]["move"]["discard"]
    assert card in g.discard and card not in g.hands[me]
    undone, _ = undo.undo(g, me, frozenset({1 - me}))
    assert card in undone.hands[me] and card not in undone.discard
    assert undone.plumbers[me] == g.plumbers[me] + 1


def test_against_bots_only_the_play_is_taken_back_even_after_the_humans_draw_is_shown():
    """docs/rulings/take-backs.md T1: every other seat a bot, the bots' replies go with the play
    at any point of the next turn; once they dealt the human a card, the take-back says so."""
    g = greedy_log(3, 8, limit=9)          # nine moves: seat 0 to act with six cards
    log = list(g.log)
    assert g.to_act() == [0]
    bots = frozenset({1, 2})
    rng = Rng(1)
    g.apply(0, BOTS["random"](g, 0, rng))
    undo.note_seen(g, 0)                   # the human sees the table after their play
    assert undo.undoable(g, 0, bots) == {"moves": 1}
    g.apply(1, BOTS["greedy"](g, 1, rng))  # bot 1 replies: its draw reaches only bot 2
    assert undo.undoable(g, 0, bots) == {"moves": 2}
    g.apply(2, BOTS["greedy"](g, 2, rng))  # bot 2's play deals the human's next card
    assert undo.undoable(g, 0, bots) == {"moves": 3, "revealed": True}
    undo.note_seen(g, 0)                   # the page shows the human their new hand
    assert undo.undoable(g, 0, bots) == {"moves": 3, "revealed": True}
    undone, events = undo.undo(g, 0, bots)
    assert events == [{"type": "undo", "player": 0, "moves": 3, "revealed": True,
                       "text": "Player 1 took back 3 moves, after seeing a new card."}]
    same(undone, fresh(log, players=3, seed=8))
    # and again: the play before, with the bots' replies to it
    assert undo.undoable(undone, 0, bots)["moves"] == 3
    again, _ = undo.undo(undone, 0, bots)
    same(again, fresh(log[:6], players=3, seed=8))
    assert undo.tally(again) == {0: (2, 2)}


def test_with_another_person_at_the_table_a_card_shown_makes_the_play_stand():
    """Hot-seat keeps the strict rule: seat 2 is a person on this device, seat 1 a bot."""
    g = greedy_log(3, 8, limit=9)
    bots = frozenset({1})
    rng = Rng(1)
    g.apply(0, BOTS["random"](g, 0, rng))
    undo.note_seen(g, 0)
    g.apply(1, BOTS["greedy"](g, 1, rng))  # the bot's draw goes to seat 2, a person
    assert undo.undoable(g, 0, bots) == {"moves": 2}, "dealt but not yet shown"
    undo.note_seen(g, 2)                   # the hand-over is done: seat 2 sees the card
    assert undo.undoable(g, 0, bots) == {"moves": 0, "reason": GAME.UNDO_REVEALED}
    with pytest.raises(IllegalMove, match="shown a card just drawn"):
        undo.undo(g, 0, bots)
    g.apply(2, BOTS["greedy"](g, 2, rng))  # another person acted
    assert undo.undoable(g, 0, bots) == {"moves": 0, "reason": undo.OTHER_ACTED}


def test_on_a_shared_device_a_play_is_taken_back_before_the_next_person_looks():
    g = GAME.new({"players": 2, **FIRST}, 4)
    rng = Rng(2)
    g.apply(0, BOTS["random"](g, 0, rng))
    undo.note_seen(g, 0)
    assert undo.undoable(g, 0, frozenset()) == {"moves": 1}
    undo.note_seen(g, 1)                   # the hand-over is done: player 2 sees the card
    assert undo.undoable(g, 0, frozenset())["moves"] == 0
    g.apply(1, BOTS["random"](g, 1, rng))  # another person acted
    undo.note_seen(g, 1)
    assert undo.undoable(g, 0, frozenset()) == {"moves": 0, "reason": undo.OTHER_ACTED}
    assert undo.undoable(g, 1, frozenset()) == {"moves": 1}


def test_nothing_to_take_back_and_a_won_game_stands():
    g = GAME.new({"players": 2, **FIRST}, 4)
    assert undo.undoable(g, 0, frozenset()) == {"moves": 0, "reason": undo.NO_MOVE}
    for seed in range(1, 40):
        g = greedy_log(2, seed)
        if g.outcome["reason"] == "spout":
            break
    winner = g.outcome["winners"][0]
    assert undo.undoable(g, winner, frozenset({1 - winner})) == {"moves": 0, "reason": undo.GAME_OVER}


def test_take_backs_against_a_bot_reach_back_move_by_move_to_the_deal():
    g = bot_moves(GAME.new({"players": 2, **FIRST}, 9), 4, seed=9)
    log = list(g.log)
    bots = frozenset({1})
    # seat 0 was dealt its card by bot 1's last move
    first, _ = undo.undo(g, 0, bots)
    same(first, fresh(log[:2], seed=9))
    # its hand holds the card bot 1's first reply dealt: that play goes back too, saying so
    assert undo.undoable(first, 0, bots) == {"moves": 2, "revealed": True}
    second, _ = undo.undo(first, 0, bots)
    same(second, fresh([], seed=9))
    assert undo.undoable(second, 0, bots) == {"moves": 0, "reason": undo.NO_MOVE}
    rec = second.record()
    assert rec["moves"][:4] == log
    assert rec["moves"][4:] == [{"player": 0, "undo": 2, "bots": [1]}, {"player": 0, "undo": 2, "bots": [1]}]
    assert undo.tally(replay(GAME, rec)) == {0: (2, 2)}


def test_records_with_take_backs_replay_and_keep_them():
    g = GAME.new({"players": 2, **FIRST}, 11)
    rng = Rng(11)
    for step in range(30):
        p = g.to_act()[0]
        g.apply(p, BOTS["random"](g, p, rng))
        if step % 7 == 3:
            g, _ = undo.undo(g, p, frozenset({1 - p}))
    rec = json.loads(json.dumps(g.record()))
    assert sum("undo" in e for e in rec["moves"]) == 4
    again = replay(GAME, rec)
    same(again, g)
    assert again.record() == rec
    # the positions it went through are those of the log that stands
    same(again, fresh(g.log, seed=11))


@pytest.mark.parametrize("mutate, needle", [
    (lambda e: e.update(undo=2), "not allowed"),
    (lambda e: e.update(undo=0), "damaged"),
    (lambda e: e.update(undo="1"), "damaged"),
    (lambda e: e.update(player=7), "damaged"),
    (lambda e: e.update(bots=[0]), "A bot does not take back"),
    (lambda e: e.update(bots="x"), "damaged"),
])
def test_a_damaged_take_back_in_a_record_is_refused(mutate, needle):
    g = GAME.new({"players": 2, **FIRST}, 12)
    rng = Rng(12)
    g.apply(0, BOTS["random"](g, 0, rng))
    g, _ = undo.undo(g, 0, frozenset({1}))
    rec = json.loads(json.dumps(g.record()))
    mutate(rec["moves"][1])
    with pytest.raises(BadSave, match=needle):
        replay(GAME, rec)


def test_a_take_back_across_another_persons_move_is_refused_in_a_record():
    g = bot_moves(GAME.new({"players": 2, **FIRST}, 13), 2, seed=13)
    rec = json.loads(json.dumps(g.record()))
    rec["moves"].append({"player": 0, "undo": 2, "bots": []})
    with pytest.raises(BadSave, match="Another player has moved"):
        replay(GAME, rec)
    rec["moves"][-1]["bots"] = [1]
    assert replay(GAME, rec).log == []


def test_a_loaded_state_counts_as_seen_and_its_marks_are_rebuilt():
    g = GAME.new({"players": 2, **FIRST}, 14)
    rng = Rng(14)
    g.apply(0, BOTS["random"](g, 0, rng))
    loaded = GAME.load(json.loads(json.dumps(g.save())))
    assert loaded.marks is None
    # seen unknown: every seat has seen the table, so the dealt card stops the take-back
    assert undo.undoable(loaded, 0, frozenset())["reason"] == GAME.UNDO_REVEALED
    # against a bot the draw went to the bot, so it is taken back
    assert undo.undoable(loaded, 0, frozenset({1})) == {"moves": 1}
    assert loaded.marks == g.marks
