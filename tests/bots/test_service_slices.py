"""botStart / botThink / botFinish: a round trip, the iteration cap, an injected clock, errors."""
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


def test_round_trip_and_play():
    svc = Service()
    gid = open_game(svc)
    assert "hard" in ok(call(svc, "hello"))["games"][0]["bots"]
    start = ok(call(svc, "botStart", id=gid, player=0, level="hard", iterations=6))
    assert start["done"] is False
    seen = 0
    while True:
        r = ok(call(svc, "botThink", token=start["token"], ms=5))
        assert r["iterations"] >= seen
        seen = r["iterations"]
        if r["done"]:
            break
    assert seen == 6
    fin = ok(call(svc, "botFinish", token=start["token"]))
    assert fin["iterations"] == 6
    ok(call(svc, "play", id=gid, player=0, move=fin["move"]))
    err(call(svc, "botFinish", token=start["token"]))     # a token is spent once


def test_injected_clock_bounds_a_slice():
    svc = Service()
    gid = open_game(svc)
    token = ok(call(svc, "botStart", id=gid, player=0, level="hard"))["token"]
    ticks = iter(i * 0.010 for i in range(1000))           # 10 ms per reading
    r = svc.bot_think({"token": token, "ms": 35}, clock=lambda: next(ticks))
    assert r["iterations"] == 4 and r["done"] is False      # 1 + readings at 10, 20, 30 ms


def test_one_shot_levels_are_done_at_once():
    svc = Service()
    gid = open_game(svc, game="aqueducks", seed=2, players=2)
    p = ok(call(svc, "state", id=gid))["toAct"][0]
    start = ok(call(svc, "botStart", id=gid, player=p, level="greedy"))
    assert start["done"] is True
    assert ok(call(svc, "botThink", token=start["token"], ms=10))["done"] is True
    move = ok(call(svc, "botFinish", token=start["token"]))["move"]
    ok(call(svc, "play", id=gid, player=p, move=move))


def test_errors():
    svc = Service()
    gid = open_game(svc)
    assert err(call(svc, "botStart", id=gid, player=0, level="genius"))["code"] == "bad_request"
    assert err(call(svc, "botStart", id=gid, player=1, level="hard"))["code"] == "bad_request"
    assert err(call(svc, "botStart", id="nope", player=0, level="hard"))["code"] == "bad_request"
    assert err(call(svc, "botStart", id=gid, player=0, level="hard", iterations=0))["code"] == "bad_request"
    assert err(call(svc, "botThink", token="t999", ms=10))["code"] == "bad_request"
    token = ok(call(svc, "botStart", id=gid, player=0, level="hard"))["token"]
    for bad in (0, -5, 10_000, "10", True):
        assert err(call(svc, "botThink", token=token, ms=bad))["code"] == "bad_request"
    # the game moves on: the thinking bot is stale
    move = ok(call(svc, "botMove", id=gid, player=0, level="random"))["move"]
    ok(call(svc, "play", id=gid, player=0, move=move))
    assert "moved on" in err(call(svc, "botThink", token=token, ms=10))["message"]
    # closing a game drops its thinking bots
    token = ok(call(svc, "botStart", id=gid, player=1, level="hard"))["token"]
    ok(call(svc, "close", id=gid))
    err(call(svc, "botFinish", token=token))
