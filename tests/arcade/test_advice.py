"""The service's advice: ``hint`` (the hard search's move for the seat to act, from its own
view) and ``analyse`` (every decision of a finished game judged), through the JSON transport."""
import pytest

from arcade.service import Service
from gamecore import BadSave, replay
from waterworks import GAME as WW

from service_calls import call, ok

GAMES = [("waterworks", {"players": 2}), ("aqueducks", {"players": 2}), ("aqueducks", {"players": 1})]


def new(svc, game="waterworks", options=None, seed=7):
    return ok(svc, "newGame", game=game, options=options or {"players": 2}, seed=seed)["id"]


def finished(svc, game="waterworks", options=None, seed=7, level="random"):
    """A game played to its end by bots (fast, the same every time; the random bot's moves
    give the analysis mistakes to find)."""
    gid = new(svc, game, options, seed)
    while not (snap := ok(svc, "state", id=gid))["over"]:
        p = snap["toAct"][0]
        ok(svc, "play", id=gid, player=p, move=ok(svc, "botMove", id=gid, player=p, level=level)["move"])
    return gid


@pytest.mark.parametrize("game,options", GAMES)
def test_a_hint_is_a_legal_move_with_a_reason_and_changes_nothing(game, options):
    svc = Service()
    gid = new(svc, game, options)
    p = ok(svc, "state", id=gid)["toAct"][0]
    snap = ok(svc, "state", id=gid, player=p)
    before = svc._games[gid].to_dict()
    got = ok(svc, "hint", id=gid, player=p, iterations=8)
    assert got["move"] in snap["legal"]
    assert got["reason"].endswith(".") and "playout" not in got["reason"] and "%" not in got["reason"]
    assert got["confidence"] in ("clearly best", "slightly better", "a close call")
    assert all(a["move"] in snap["legal"] and a["move"] != got["move"] for a in got["alternatives"])
    assert got["measure"] == ("score" if options["players"] == 1 else "chance")
    assert svc._games[gid].to_dict() == before          # nothing played, nothing drawn
    ok(svc, "play", id=gid, player=p, move=got["move"])  # and the engine takes it


def test_a_hint_with_an_iteration_budget_is_reproducible_from_the_seed():
    answers = []
    for _ in range(2):
        svc = Service()
        gid = new(svc, seed=11)
        p = ok(svc, "state", id=gid)["toAct"][0]
        answers.append(ok(svc, "hint", id=gid, player=p, iterations=12))
    assert answers[0] == answers[1]
    assert answers[0]["iterations"] == 12


def test_hints_are_counted_in_the_record_once_per_position_and_replay():
    svc = Service()
    gid = new(svc)
    p = ok(svc, "state", id=gid)["toAct"][0]
    assert ok(svc, "record", id=gid)["version"] == 1 and "hints" not in ok(svc, "record", id=gid)
    ok(svc, "hint", id=gid, player=p, iterations=4)
    ok(svc, "hint", id=gid, player=p, iterations=4)      # the same position: the same hint
    rec = ok(svc, "record", id=gid)
    assert rec["version"] == 2 and rec["hints"][p] == [0] and rec["hints"][1 - p] == []
    again = ok(svc, "load", data=rec)["id"]
    assert ok(svc, "record", id=again)["hints"] == rec["hints"]


def test_a_damaged_hint_list_is_refused_in_a_sentence():
    svc = Service()
    rec = ok(svc, "record", id=new(svc))
    rec.update(version=2, hints=[[1], "x"])
    res = call(svc, "load", data=rec)
    assert not res["ok"] and res["error"]["message"] == "The record's hints are damaged: each seat's is a list of move counts."


@pytest.mark.parametrize("params,message", [
    ({"id": "g99", "player": 0}, "There is no open game 'g99'."),
    ({"id": "g1", "player": 5}, "There is no player 5 in this game."),
    ({"id": "g1", "player": 0, "ms": 0}, "Parameter 'ms' must be a number of milliseconds from 1 to 10000."),
    ({"id": "g1", "player": 0, "iterations": 0}, "Parameter 'iterations' must be from 1 to 100000."),
])
def test_hint_refusals(params, message):
    svc = Service()
    new(svc)
    res = call(svc, "hint", **params)
    assert not res["ok"] and res["error"]["message"] == message


def test_hint_refuses_a_player_not_to_act_and_a_finished_game():
    svc = Service()
    gid = new(svc)
    p = ok(svc, "state", id=gid)["toAct"][0]
    res = call(svc, "hint", id=gid, player=1 - p)
    assert res["error"]["message"] == "It is not that player's turn: a hint is for a move they are to make."
    done = finished(svc)
    assert call(svc, "hint", id=done, player=0)["error"]["message"] == "The game is over: there is no move to hint at."


def test_analyse_refuses_a_game_not_finished_and_another_caller_s_game():
    svc = Service()
    gid = new(svc)
    res = call(svc, "analyse", id=gid, player=0)
    assert res["error"]["message"] == "The game is not finished: it can be analysed once it is over."
    assert call(svc, "analyse", id="g7", player=0)["error"]["message"] == "There is no open game 'g7'."
    assert call(svc, "analyse", id=gid, player=0, iterations=2001)["error"]["message"] == \
        "Parameter 'iterations' must be from 1 to 2000."


def test_the_analysis_numbers_are_pinned_for_a_seed_and_budget():
    svc = Service()
    gid = finished(svc, seed=7)
    got = ok(svc, "analyse", id=gid, player=0, iterations=4)
    moves = svc._games[gid].log
    assert len(got["chart"]) == len(moves) + 1 and all(len(row) == 2 for row in got["chart"])
    assert got["chart"][-1] == [0.0, 0.0]           # the result: the draw pile ran out, no winner
    assert all(moves[d["move"] - 1]["player"] == 0 and moves[d["move"] - 1]["move"] == d["played"]
               for d in got["decisions"])
    assert [(d["move"], d["before"], d["after"]) for d in got["decisions"][:4]] == PINNED_WW["first"]
    assert [t["move"] for t in got["turningPoints"]] == PINNED_WW["turning"]
    assert len(got["decisions"]) == PINNED_WW["decisions"]


def test_the_solo_analysis_is_in_duckats():
    svc = Service()
    gid = finished(svc, "aqueducks", {"players": 1}, seed=7, level="greedy")
    got = ok(svc, "analyse", id=gid, player=0, iterations=2)
    assert got["measure"] == "score"
    assert got["chart"][-1] == [float(svc._games[gid].result()["scores"][0]["duckats"])]
    assert [(d["move"], d["before"], d["after"]) for d in got["decisions"][:3]] == PINNED_SOLO
    assert len(got["turningPoints"]) == 3


def test_an_analysis_in_slices_is_the_analysis_at_once_and_is_kept_in_the_record():
    svc = Service()
    gid = finished(svc, seed=7)
    whole = ok(svc, "analyse", id=gid, player=1, iterations=4)
    svc2 = Service()
    gid2 = finished(svc2, seed=7)
    ticks = iter(range(10**9))
    slices = 0
    while not (part := svc2.analyse({"id": gid2, "player": 1, "iterations": 4, "ms": 5},
                                    clock=lambda: next(ticks) * 0.001))["complete"]:
        assert 0 <= part["progress"]["done"] <= part["progress"]["of"]
        slices += 1
    assert slices > 3 and part == whole
    rec = ok(svc2, "record", id=gid2)
    assert rec["version"] == 2 and rec["analysis"]["iterations"] == 4
    # a saved game or a replay link carries it: loaded, it is answered without thinking again
    svc3 = Service()
    loaded = ok(svc3, "load", data=rec)["id"]
    assert svc3.analyse({"id": loaded, "player": 1, "iterations": 4, "ms": 1},
                        clock=lambda: (_ for _ in ()).throw(AssertionError("thought again"))) == whole
    # asked without a budget (a page with its own default), the analysis it has is the answer
    assert svc3.analyse({"id": loaded, "player": 1, "ms": 1},
                        clock=lambda: (_ for _ in ()).throw(AssertionError("thought again"))) == whole


def test_a_damaged_analysis_is_refused_and_an_old_record_still_loads():
    svc = Service()
    gid = finished(svc, seed=7)
    ok(svc, "analyse", id=gid, player=0, iterations=2)
    rec = ok(svc, "record", id=gid)
    rec["analysis"]["decisions"][0][3] = {"type": "lay", "secret": 1}
    with pytest.raises(BadSave, match="The record's analysis is damaged: it cannot be shown."):
        replay(WW, rec)
    plain = {k: v for k, v in rec.items() if k != "analysis"} | {"version": 1}
    assert replay(WW, plain).is_over


# Seed 7, random bots, 4 playouts a decision (Water Works); seed 7, greedy bot, 2 (solo)
PINNED_WW = {"first": [(2, 0.5667, 0.6333), (4, 0.5333, 0.5333), (6, 0.4667, 0.4333), (8, 0.5083, 0.4417)],
             "turning": [105, 46, 70], "decisions": 60}
PINNED_SOLO = [(1, 146.0, 68.0), (2, 95.0, 93.0), (3, 100.0, 95.0)]
