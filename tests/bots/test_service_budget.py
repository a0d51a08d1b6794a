"""botMove's budgets for search levels: an exact playout count, a time budget read from an
injected clock (never a real timer), the one-shot default, and refusals."""
from arcade.service import Service


def call(svc, method, **params):
    return svc.dispatch({"method": method, "params": params})


def ok(res):
    assert res["ok"], res
    return res["result"]


def err(res):
    assert not res["ok"]
    return res["error"]


def open_game(svc, game="waterworks", seed=5, **options):
    return ok(call(svc, "newGame", game=game, seed=seed, options=options))["id"]


def test_an_iteration_budget_is_exact_and_reproducible():
    svc = Service()
    gid = open_game(svc)
    assert "hard" in ok(call(svc, "hello"))["games"][0]["bots"]
    first = ok(call(svc, "botMove", id=gid, player=0, level="hard", iterations=6))
    again = ok(call(svc, "botMove", id=gid, player=0, level="hard", iterations=6))
    assert first["iterations"] == 6 and first == again
    ok(call(svc, "play", id=gid, player=0, move=first["move"]))


def test_a_time_budget_reads_the_clock():
    svc = Service()
    gid = open_game(svc)
    ticks = iter(i * 0.010 for i in range(1000))           # 10 ms per reading
    r = svc.bot_move({"id": gid, "player": 0, "level": "hard", "ms": 35}, clock=lambda: next(ticks))
    assert r["iterations"] == 4                              # 1 + readings at 10, 20, 30 ms
    capped = svc.bot_move({"id": gid, "player": 0, "level": "hard", "ms": 5000, "iterations": 3},
                          clock=lambda: 0.0)
    assert capped["iterations"] == 3                         # the cap ends a budget the clock never would


def test_one_shot_levels_ignore_budgets():
    svc = Service()
    gid = open_game(svc, game="aqueducks", seed=2, players=2)
    p = ok(call(svc, "state", id=gid))["toAct"][0]
    plain = ok(call(svc, "botMove", id=gid, player=p, level="greedy"))
    timed = ok(call(svc, "botMove", id=gid, player=p, level="greedy", ms=50))
    assert plain == timed and plain["iterations"] == 0
    ok(call(svc, "play", id=gid, player=p, move=plain["move"]))


def test_refusals():
    svc = Service()
    gid = open_game(svc)
    before = ok(call(svc, "save", id=gid))
    assert err(call(svc, "botMove", id=gid, player=0, level="genius"))["code"] == "bad_request"
    assert err(call(svc, "botMove", id=gid, player=1, level="hard"))["code"] == "bad_request"
    assert err(call(svc, "botMove", id="nope", player=0, level="hard"))["code"] == "bad_request"
    for bad in (0, -5, 10_001, "10", True, None):
        assert err(call(svc, "botMove", id=gid, player=0, level="hard", ms=bad))["code"] == "bad_request"
    for bad in (0, -1, 100_001, 1.5, True):
        assert err(call(svc, "botMove", id=gid, player=0, level="hard", iterations=bad))["code"] == "bad_request"
    assert ok(call(svc, "save", id=gid)) == before
