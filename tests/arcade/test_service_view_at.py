"""viewAt: a past position, from one seat's point of view, equals the same position reached by
a fresh game; it changes nothing in the live game (not even what counts as seen)."""
import pytest

from arcade.service import Service
from service_calls import call, ok

GAMES = pytest.mark.parametrize("game,players", [("waterworks", 3), ("aqueducks", 3)])


def bot_game(svc, game, players, seed, moves=None):
    """A game played by greedy bots for ``moves`` moves (None: to the end)."""
    gid = ok(svc, "newGame", game=game, options={"players": players}, seed=seed)["id"]
    while True:
        snap = ok(svc, "state", id=gid)
        if snap["over"] or (moves is not None and snap["moveCount"] >= moves):
            return gid
        p = snap["toAct"][0]
        move = ok(svc, "botMove", id=gid, player=p, level="greedy")["move"]
        ok(svc, "play", id=gid, player=p, move=move)


def fresh_view(game, players, seed, record_moves, k, player):
    """The same position reached by another service playing the first k moves."""
    other = Service()
    gid = ok(other, "newGame", game=game, options={"players": players}, seed=seed)["id"]
    events = []
    for entry in record_moves[:k]:
        events = ok(other, "play", id=gid, player=entry["player"], move=entry["move"])["events"]
    snap = ok(other, "state", id=gid, player=player)
    return snap, events


@GAMES
def test_a_past_view_is_the_view_the_game_gave_then(game, players):
    svc = Service()
    gid = bot_game(svc, game, players, seed=11, moves=40)
    moves = ok(svc, "record", id=gid)["moves"]
    n = len(moves)
    # forward, backward, jumps: the kept position must never leak into another answer
    for k in [0, 1, 2, 3, 17, 9, n, n - 1, 5, 6, 7]:
        player = k % players
        past = ok(svc, "viewAt", id=gid, player=player, move=k)
        snap, events = fresh_view(game, players, 11, moves, k, player)
        assert past["view"] == snap["view"], k
        assert past["toAct"] == snap["toAct"] and past["over"] == snap["over"]
        assert past["legal"] == [] and past["moveCount"] == k and past["of"] == n
        assert past["events"] == events


@GAMES
def test_a_past_view_hides_what_the_seat_could_not_see(game, players):
    svc = Service()
    gid = bot_game(svc, game, players, seed=5, moves=12)
    mine = ok(svc, "viewAt", id=gid, player=0, move=6)["view"]
    theirs = ok(svc, "viewAt", id=gid, player=1, move=6)["view"]
    spectator = ok(svc, "viewAt", id=gid, move=6)["view"]
    assert mine != theirs and "hand" in str(mine)
    assert mine["hand"] != theirs["hand"] if "hand" in mine else True
    assert spectator != mine


@GAMES
def test_looking_back_changes_nothing_in_the_live_game(game, players):
    svc = Service()
    gid = bot_game(svc, game, players, seed=3, moves=8)
    save = ok(svc, "save", id=gid)
    offers = [ok(svc, "undoable", id=gid, player=p) for p in range(players)]
    for k in range(9):
        ok(svc, "viewAt", id=gid, player=1, move=k)
    assert ok(svc, "save", id=gid) == save
    assert [ok(svc, "undoable", id=gid, player=p) for p in range(players)] == offers


def test_after_a_take_back_the_timeline_follows_the_new_log():
    svc = Service()
    gid = ok(svc, "newGame", game="waterworks", options={"players": 2, "first_player": "1"}, seed=7)["id"]
    snap = ok(svc, "state", id=gid, player=0)
    first = snap["legal"][0]
    ok(svc, "play", id=gid, player=0, move=first, viewer=0)
    before = ok(svc, "viewAt", id=gid, player=0, move=1)
    ok(svc, "undo", id=gid, player=0, bots=[1])
    other = next(m for m in snap["legal"] if m != first)
    ok(svc, "play", id=gid, player=0, move=other, viewer=0)
    after = ok(svc, "viewAt", id=gid, player=0, move=1)
    assert after["events"] != before["events"]
    assert after["view"] == ok(svc, "state", id=gid, player=0)["view"]


@GAMES
def test_every_hand_is_revealed_only_after_the_end(game, players):
    svc = Service()
    gid = bot_game(svc, game, players, seed=2, moves=4)
    res = call(svc, "viewAt", id=gid, player=0, move=2, reveal=True)
    assert not res["ok"] and res["error"]["code"] == "bad_request"
    gid = bot_game(svc, game, players, seed=2)
    n = ok(svc, "state", id=gid)["moveCount"]
    res = ok(svc, "viewAt", id=gid, player=0, move=n // 2, reveal=True)
    assert len(res["views"]) == players
    assert res["views"][0] == res["view"]
    assert res["views"][1] == ok(svc, "viewAt", id=gid, player=1, move=n // 2)["view"]


@pytest.mark.parametrize("params,why", [
    ({"move": -1}, "from 0 to"), ({"move": 99}, "from 0 to"), ({"move": "1"}, "wrong type"),
    ({"move": True}, "wrong type"), ({}, "Missing"), ({"move": 0, "player": 5}, "no player"),
    ({"move": 0, "reveal": 1}, "wrong type"),
])
def test_bad_parameters_are_refused_with_a_sentence(params, why):
    svc = Service()
    gid = bot_game(svc, "waterworks", 2, seed=1, moves=3)
    res = call(svc, "viewAt", id=gid, **params)
    assert not res["ok"] and res["error"]["code"] == "bad_request" and why in res["error"]["message"]
