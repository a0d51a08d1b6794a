"""A post-game analysis worked out in shares by several engines (arcade.analysis_shares): the
plan cuts the decisions into parts, each share works its part a slice at a time, and
``analyse {rows}`` puts the rows together into exactly the analysis worked out at once; rows
that do not judge this game's decisions as a search could are refused with a sentence and
change nothing."""
import copy

import pytest

from arcade import analysis_shares
from arcade.service import Service

from service_calls import call, ok
from test_advice import GAMES, finished


def refused(res, words):
    assert not res["ok"], res
    assert res["error"]["code"] == "bad_request", res
    assert words in res["error"]["message"], res["error"]["message"]


def level(options):
    # solo Aqueducks has no random opponent to give it mistakes; the greedy bot plays it
    return "greedy" if options["players"] == 1 else "random"


def worked(svc, share, ms=None):
    """A share worked to its end: at once through the service, or in slices of ``ms`` on a
    fake clock (a share's work under way is kept between calls, whichever service takes them)."""
    if ms is None:
        return ok(svc, "analysisShare", **share)
    ticks = iter(range(10 ** 9))
    while not (res := analysis_shares.share({**share, "ms": ms}, clock=lambda: next(ticks) * 0.001))["complete"]:
        assert 0 <= res["progress"]["done"] <= res["progress"]["of"]
    return res


@pytest.mark.parametrize("game,options", GAMES)
def test_the_parts_put_together_are_the_analysis_worked_out_at_once(game, options):
    whole_svc = Service()
    gid = finished(whole_svc, game, options, seed=7, level=level(options))
    whole = ok(whole_svc, "analyse", id=gid, player=0, iterations=2)
    svc = Service()
    gid = finished(svc, game, options, seed=7, level=level(options))
    saved = ok(svc, "save", id=gid)
    plan = ok(svc, "analysisPlan", id=gid, iterations=2)["shares"]
    assert [(s["part"], s["of"]) for s in plan] == [(0, 2), (1, 2)]
    # a share needs no open game: another service (the page's helper) works it from the record
    rows = [worked(Service(), plan[0])["rows"], worked(svc, plan[1], ms=5)["rows"]]
    assert rows[0] and rows[1], "each part judges some decisions"
    assert ok(svc, "save", id=gid) == saved, "a share changes no open game"
    assert ok(svc, "analyse", id=gid, player=0, iterations=2, rows=rows) == whole
    # once kept, the analysis at this budget is the game's: nothing left to share
    assert ok(svc, "analysisPlan", id=gid, iterations=2) == {"shares": None}
    assert ok(svc, "record", id=gid)["analysis"] == ok(whole_svc, "record", id=gid)["analysis"]


def test_one_share_or_four_give_the_same_rows():
    svc = Service()
    gid = finished(svc, seed=7)
    one = ok(svc, "analysisPlan", id=gid, iterations=1, shares=1)["shares"]
    four = ok(svc, "analysisPlan", id=gid, iterations=1, shares=4)["shares"]
    rows_one = worked(svc, one[0])["rows"]
    rows_four = sorted(r for s in four for r in worked(svc, s)["rows"])
    assert rows_one == rows_four


def test_a_share_goes_on_where_it_stopped():
    svc = Service()
    gid = finished(svc, seed=7)
    share = ok(svc, "analysisPlan", id=gid, iterations=2)["shares"][0]
    ticks = iter(range(10 ** 9))
    first = analysis_shares.share({**share, "ms": 3}, clock=lambda: next(ticks) * 0.001)
    assert not first["complete"] and first["progress"]["done"] > 0
    again = analysis_shares.share({**share, "ms": 3}, clock=lambda: next(ticks) * 0.001)
    assert again["progress"]["done"] > first["progress"]["done"], "the job was kept between calls"


@pytest.fixture(scope="module")
def planned():
    """A finished Water Works game, its two shares' rows (1 playout a decision)."""
    svc = Service()
    gid = finished(svc, seed=7)
    plan = ok(svc, "analysisPlan", id=gid, iterations=1)["shares"]
    rows = [worked(svc, s)["rows"] for s in plan]
    return svc, gid, plan, rows


def forged(rows, change):
    rows = copy.deepcopy(rows)
    change(rows)
    return rows


def _swap_best(rows):
    row = rows[0][0]
    row[3] = {"type": "discard", "card": 999}


FORGERIES = [
    ("a part missing", lambda r: r.pop(), "do not judge every decision"),
    ("a decision missing", lambda r: r[0].pop(3), "do not judge every decision"),
    ("a decision twice", lambda r: r[1].append(list(r[0][0])), "not an analysis of this game"),
    ("a move beyond the game", lambda r: r[0].append([10 ** 3, 0.5, 0.5, r[0][0][3], 0.5]),
     "not an analysis of this game"),
    ("a move it could not make", _swap_best, "for move"),
    ("before is not the best's chance", lambda r: r[0][0].__setitem__(1, 0.123456), "for move"),
    ("a chance above 1", lambda r: r[0][0].__setitem__(2, 1.5), "for move"),
    ("a row of four", lambda r: r[0][0].pop(), "not an analysis of this game"),
    ("a string for a row", lambda r: r[0].__setitem__(0, "x"), "not an analysis of this game"),
    ("a part that is no list", lambda r: r.__setitem__(0, {"k": 1}), "must list 1 to 4 shares' rows"),
    ("five parts", lambda r: r.extend([[], [], []]), "must list 1 to 4 shares' rows"),
]


@pytest.mark.parametrize("what,change,words", FORGERIES, ids=[f[0] for f in FORGERIES])
def test_rows_that_are_not_this_game_s_analysis_are_refused_and_change_nothing(planned, what, change, words):
    svc, gid, _plan, rows = planned
    before = ok(svc, "record", id=gid)
    refused(call(svc, "analyse", id=gid, player=0, iterations=1, rows=forged(rows, change)), words)
    assert ok(svc, "record", id=gid) == before
    assert "analysis" not in before


def test_rows_of_another_game_are_refused():
    svc = Service()
    other = finished(svc, seed=8)
    theirs = [worked(svc, s)["rows"] for s in ok(svc, "analysisPlan", id=other, iterations=1)["shares"]]
    gid = finished(svc, seed=7)
    res = call(svc, "analyse", id=gid, player=0, iterations=1, rows=theirs)
    assert not res["ok"] and res["error"]["code"] == "bad_request", res
    assert "analysis" not in ok(svc, "record", id=gid)


def test_a_share_that_does_not_fit_its_record_is_refused(planned):
    svc, gid, plan, _rows = planned
    share = plan[0]
    refused(call(svc, "analysisShare", **{**share, "position": "0" * 16}), "position does not match")
    refused(call(svc, "analysisShare", **{**share, "part": 2}), "'part' must be from 0")
    refused(call(svc, "analysisShare", **{**share, "of": 5}), "'of' must be from 1 to 4")
    refused(call(svc, "analysisShare", **{**share, "game": "aqueducks"}), "not the game of its record")
    unfinished = dict(share["record"], moves=share["record"]["moves"][:5])
    refused(call(svc, "analysisShare", **{**share, "record": unfinished,
                                          "position": analysis_shares.position(unfinished)}), "not finished")
    damaged = dict(share["record"], moves=[{"player": 0, "move": {"type": "teleport"}}])
    refused(call(svc, "analysisShare", **{**share, "record": damaged,
                                          "position": analysis_shares.position(damaged)}), "cannot be replayed")


def test_a_game_in_play_has_no_analysis_to_plan():
    svc = Service()
    gid = ok(svc, "newGame", game="waterworks", options={"players": 2}, seed=7)["id"]
    refused(call(svc, "analysisPlan", id=gid), "The game is not finished")
