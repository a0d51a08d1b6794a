"""A hard bot's decision searched in shares by several engines (arcade.shares): the plan splits
the budget, each share plays its own rounds of the same candidates, botMove adds the tallies
and picks; tallies that do not fit the position or could not come from rewards in [0, 1] are
refused with a sentence and change nothing."""
import json

import pytest

from arcade import shares
from arcade.service import Service
from waterworks import hard as ww_hard


def call(svc, method, **params):
    # through JSON, as the page sends them: seeds stay strings, moves plain objects
    return svc.dispatch(json.loads(json.dumps({"method": method, "params": params})))


def ok(res):
    assert res["ok"], res
    return res["result"]


def refused(res, words):
    assert not res["ok"], res
    assert res["error"]["code"] == "bad_request"
    assert words in res["error"]["message"], res["error"]["message"]
    return res["error"]["message"]


def position(svc, game, players, greedy_moves=6):
    """A game a few greedy moves in, and the seat to act."""
    gid = ok(call(svc, "newGame", game=game, options={"players": players}, seed="4242"))["id"]
    for _ in range(greedy_moves):
        p = ok(call(svc, "state", id=gid))["toAct"][0]
        ok(call(svc, "play", id=gid, player=p, move=ok(call(svc, "botMove", id=gid, player=p, level="greedy"))["move"]))
    return gid, ok(call(svc, "state", id=gid))["toAct"][0]


def shared(svc, gid, player, iterations, count=2):
    plan = ok(call(svc, "botPlan", id=gid, player=player, level="hard", iterations=iterations, shares=count))
    tallies = [ok(call(svc, "searchShare", **share)) for share in plan["shares"]]
    return plan, tallies


@pytest.mark.parametrize("game,players,iterations", [("waterworks", 2, 117), ("aqueducks", 4, 26)])
def test_a_decision_in_two_shares_splits_the_budget_and_adds_up(game, players, iterations):
    svc = Service()
    gid, p = position(svc, game, players)
    plan, tallies = shared(svc, gid, p, iterations)
    a, b = plan["shares"]
    k = len(a["moves"])
    assert a["moves"] == b["moves"] and 2 <= k
    assert a["seed"] != b["seed"] and all(isinstance(s["seed"], str) for s in (a, b))
    rounds = iterations // k
    assert sorted([a["iterations"] // k, b["iterations"] // k]) == [rounds // 2, rounds - rounds // 2]
    answer = ok(call(svc, "botMove", id=gid, player=p, level="hard", iterations=iterations, tallies=tallies))
    assert answer["iterations"] == sum(t["iterations"] for t in tallies) == rounds * k
    assert answer["move"] in a["moves"] and answer["move"] in ok(call(svc, "state", id=gid, player=p))["legal"]
    # reproducible: the plan and every share come from the game's seed and position
    again_plan, again = shared(svc, gid, p, iterations)
    assert again_plan == plan and again == tallies
    assert ok(call(svc, "botMove", id=gid, player=p, level="hard", iterations=iterations, tallies=again)) == answer
    ok(call(svc, "play", id=gid, player=p, move=answer["move"]))


def test_the_tallies_decide_the_move():
    """A tally in which one candidate won every round makes botMove play it: the merge is used."""
    svc = Service()
    gid, p = position(svc, "aqueducks", 4)
    plan, tallies = shared(svc, gid, p, 26)
    k = len(tallies[0]["moves"])
    for choice in (1, k - 1):
        forged = dict(tallies[0], rounds=50, iterations=50 * k, totals=[0.0] * k,
                      diffs=[0.0] * k, squares=[0.0] * k)
        forged["totals"][choice], forged["diffs"][choice], forged["squares"][choice] = 50.0, 50.0, 50.0
        move = ok(call(svc, "botMove", id=gid, player=p, level="hard", iterations=26, tallies=[forged]))["move"]
        assert move == tallies[0]["moves"][choice]


def test_a_share_changes_nothing_and_needs_no_game():
    svc = Service()
    gid, p = position(svc, "waterworks", 2)
    plan, _ = shared(svc, gid, p, 40)
    before = ok(call(svc, "state", id=gid))
    other = Service()               # another engine: it has no game open at all
    tally = ok(call(other, "searchShare", **plan["shares"][0]))
    assert tally["rounds"] >= 1 and tally["moves"] == plan["shares"][0]["moves"]
    assert ok(call(svc, "state", id=gid)) == before and ok(call(other, "openGames"))["count"] == 0


def test_nothing_to_share_when_the_bot_does_not_search_or_reads_hands(monkeypatch):
    svc = Service()
    gid, p = position(svc, "waterworks", 2)
    assert ok(call(svc, "botPlan", id=gid, player=p, level="greedy", iterations=50)) == {"shares": None}
    monkeypatch.setattr(ww_hard, "READ_HANDS", True)
    assert ok(call(svc, "botPlan", id=gid, player=p, level="hard", iterations=50)) == {"shares": None}


def test_plan_and_share_refusals():
    svc = Service()
    gid, p = position(svc, "waterworks", 2)
    refused(call(svc, "botPlan", id=gid, player=p, level="hard"), "needs a budget")
    refused(call(svc, "botPlan", id=gid, player=p, level="hard", iterations=50, shares=9), "'shares' must be")
    refused(call(svc, "botPlan", id=gid, player=1 - p, level="hard", iterations=50), "not that bot's turn")
    share = ok(call(svc, "botPlan", id=gid, player=p, level="hard", iterations=50))["shares"][0]
    for change, words in [({"seed": 12}, "wrong type"), ({"seed": "18446744073709551616"}, "64-bit"),
                          ({"seed": "-1"}, "64-bit"), ({"level": "greedy"}, "does not search"),
                          ({"game": "chess"}, "no game called"), ({"moves": share["moves"][:1]}, "2 to 64"),
                          ({"iterations": None}, "wrong type"), ({"view": {"hands": 3}}, "does not fit"),
                          ({"moves": [{"type": "fly"}] * 2}, "not moves the seat can make"),
                          ({"position": "0" * 16}, "does not match its view")]:
        bad = {k: v for k, v in {**share, **change}.items() if v is not None}
        if "view" in change:
            bad["position"] = shares.position(change["view"])     # a view of another shape
        if change.get("iterations", 0) is None:
            bad.pop("iterations", None)
            refused(call(svc, "searchShare", **bad), "needs a budget")
        else:
            refused(call(svc, "searchShare", **bad), words)


def test_tallies_that_do_not_fit_are_refused_and_change_nothing():
    svc = Service()
    gid, p = position(svc, "waterworks", 2)
    _plan, (a, b) = shared(svc, gid, p, 60)
    before = ok(call(svc, "state", id=gid))
    k = len(a["moves"])
    bad = [
        ([], "1 to 4"),
        ([a] * 5, "1 to 4"),
        (["tally"], "must be an object"),
        ([dict(a, moves=a["moves"][:1])], "other moves"),
        ([a, dict(b, moves=list(reversed(b["moves"])))], "different candidate moves"),
        ([dict(a, moves=[a["moves"][0]] * k)], "other moves"),
        ([dict(a, totals=[float("nan")] * k)], "'totals'"),
        ([dict(a, diffs=[0.0] * (k - 1))], "'diffs'"),
        ([dict(a, rounds=-1)], "'rounds'"),
        ([dict(a, rounds=True)], "'rounds'"),
        ([dict(a, totals=[a["rounds"] + 5.0] * k)], "cannot make"),
        ([dict(a, squares=[-1.0] * k)], "cannot make"),
        ([dict(a, iterations=0)], "cannot make"),
    ]
    for tallies, words in bad:
        refused(call(svc, "botMove", id=gid, player=p, level="hard", iterations=60, tallies=tallies), words)
    refused(call(svc, "botMove", id=gid, player=p, level="greedy", tallies=[a]), "no tallies")
    assert ok(call(svc, "state", id=gid)) == before


def test_a_tally_from_before_a_move_is_refused():
    svc = Service()
    gid, p = position(svc, "waterworks", 2)
    _plan, tallies = shared(svc, gid, p, 40)
    ok(call(svc, "play", id=gid, player=p, move=ok(call(svc, "botMove", id=gid, player=p, level="greedy"))["move"]))
    q = ok(call(svc, "state", id=gid))["toAct"][0]
    res = call(svc, "botMove", id=gid, player=q, level="hard", iterations=40, tallies=tallies)
    refused(res, "another position")


def test_a_tally_from_a_taken_back_position_is_refused_even_when_its_moves_are_legal_again():
    """Shares played, then a take-back and another move bring the same seat back to a decision
    at the same move count: the old tallies' fingerprint no longer matches."""
    svc = Service()
    gid, p = position(svc, "waterworks", 2)
    _plan, tallies = shared(svc, gid, p, 40)
    forged = [dict(t, position="0" * 16) for t in tallies]
    refused(call(svc, "botMove", id=gid, player=p, level="hard", iterations=40, tallies=forged), "another position")
    assert ok(call(svc, "botMove", id=gid, player=p, level="hard", iterations=40, tallies=tallies))["iterations"] > 0


@pytest.mark.parametrize("game,players,depth", [("waterworks", 2, None), ("aqueducks", 1, 10_000)])
def test_a_hint_in_two_shares_is_counted_once_and_plays_the_hints_playouts(game, players, depth):
    """The hint's search shares like a bot's; solo, its playouts run to the game's end (depth),
    and the hint is counted by the call that picks, not by the plan."""
    svc = Service()
    gid, p = position(svc, game, players)
    plan = ok(call(svc, "hintPlan", id=gid, player=p, iterations=64))
    assert all(share.get("depth") == depth for share in plan["shares"])
    assert ok(call(svc, "record", id=gid)).get("hints") in (None, [[]] * players, [])
    tallies = [ok(call(svc, "searchShare", **share)) for share in plan["shares"]]
    answer = ok(call(svc, "hint", id=gid, player=p, tallies=tallies))
    k = len(plan["shares"][0]["moves"])
    assert answer["iterations"] == sum(t["iterations"] for t in tallies) == (64 // k) * k
    assert answer["move"] in ok(call(svc, "state", id=gid, player=p))["legal"]
    assert sum(len(h) for h in ok(call(svc, "record", id=gid))["hints"]) == 1
    refused(call(svc, "hint", id=gid, player=p, tallies=[dict(t, position="0" * 16) for t in tallies]),
            "another position")


def test_a_hint_plan_is_refused_like_a_hint():
    svc = Service()
    gid, p = position(svc, "waterworks", 2)
    refused(call(svc, "hintPlan", id=gid, player=1 - p, iterations=10), "not that player's turn")
    refused(call(svc, "hintPlan", id=gid, player=p), "needs a budget")
