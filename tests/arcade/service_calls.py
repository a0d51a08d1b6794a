"""Calling the service as the page does, through its JSON transport (shared by the tests here)."""
import json


def call(svc, method, **params):
    return json.loads(svc.dispatch_json(json.dumps({"method": method, "params": params})))


def ok(svc, method, **params):
    res = call(svc, method, **params)
    assert res["ok"], res
    return res["result"]


def random_moves(svc, gid, n, through=ok):
    """Play up to n moves chosen by the random bot (fewer if the game ends), each through
    `through` (a call like `ok`); returns what each move said: [{"player", "events"}]."""
    said = []
    for _ in range(n):
        snap = through(svc, "state", id=gid)
        if snap["over"]:
            break
        p = snap["toAct"][0]
        move = through(svc, "botMove", id=gid, player=p, level="random")["move"]
        said.append({"player": p, "events": through(svc, "play", id=gid, player=p, move=move)["events"]})
    return said
