"""moveLog rebuilds a game's move log by replaying its record (issue 15 item 6), and
openGames counts the games the service holds (item 23)."""
import pytest

from arcade.service import Service
from service_calls import call, ok, random_moves


def played(game, moves, seed=5, players=2):
    svc = Service()
    gid = ok(svc, "newGame", game=game, options={"players": players}, seed=seed)["id"]
    said = random_moves(svc, gid, moves)
    return svc, gid, said


@pytest.mark.parametrize("game", ["waterworks", "aqueducks"])
def test_move_log_is_the_events_every_move_gave(game):
    svc, gid, said = played(game, 25)
    before = ok(svc, "save", id=gid)
    assert ok(svc, "moveLog", id=gid) == {"moves": said}
    assert ok(svc, "save", id=gid) == before          # replaying touched nothing


@pytest.mark.parametrize("game", ["waterworks", "aqueducks"])
def test_a_loaded_game_has_its_whole_move_log(game):
    svc, gid, said = played(game, 12)
    loaded = ok(svc, "load", data=ok(svc, "record", id=gid))["id"]
    assert ok(svc, "moveLog", id=loaded) == {"moves": said}


def test_move_log_of_a_new_game_is_empty_and_of_no_game_refused():
    svc = Service()
    gid = ok(svc, "newGame", game="waterworks", seed=1)["id"]
    assert ok(svc, "moveLog", id=gid) == {"moves": []}
    for bad in (None, 3, "g99"):
        res = call(svc, "moveLog", id=bad)
        assert res["ok"] is False and res["error"]["code"] == "bad_request"


@pytest.mark.parametrize("game", ["waterworks", "aqueducks"])
def test_move_log_tells_a_take_back_as_it_happened_also_after_a_reload(game):
    """Issue 26, item 6: the live log shows the move and "… took back 1 move."; after a reload
    both were gone (19 lines became 17) while the end table counted the take-back. The log is
    the record's story: every move as it was made, and the take-back where it was made."""
    svc, gid, said = played(game, 3)
    last = said[-1]["player"]
    took = ok(svc, "undo", id=gid, player=last, bots=[1 - last])["events"]
    again = random_moves(svc, gid, 2)
    story = said + [{"player": last, "undo": 1, "events": took}] + again
    assert ok(svc, "moveLog", id=gid) == {"moves": story}
    reloaded = ok(svc, "load", data=ok(svc, "record", id=gid))["id"]
    assert ok(svc, "moveLog", id=reloaded) == {"moves": story}
    assert ok(svc, "stats", id=reloaded)["players"][last]["takebacks"] == 1


@pytest.mark.parametrize("game", ["waterworks", "aqueducks"])
def test_a_tutorial_game_logs_the_moves_of_its_own_deal(game):
    # a tutorial is dealt from its scenario, not its seed: the log is rebuilt from that deal
    svc = Service()
    tid = ok(svc, "tutorialStart", tutorial=game)["id"]
    for _ in range(6):
        if ok(svc, "tutorial", id=tid)["tutorial"]["done"]:
            break
        ok(svc, "tutorialSkip", id=tid)
    log = ok(svc, "moveLog", id=tid)["moves"]
    count = ok(svc, "state", id=tid)["moveCount"]
    assert len(log) == count > 0
    for k, entry in enumerate(log, 1):
        assert entry["events"] == ok(svc, "viewAt", id=tid, move=k)["events"]


def test_open_games_counts_what_close_releases():
    svc = Service()
    assert ok(svc, "openGames") == {"count": 0}
    a = ok(svc, "newGame", game="waterworks", seed=1)["id"]
    ok(svc, "newGame", game="aqueducks", seed=2)
    assert ok(svc, "openGames") == {"count": 2}
    ok(svc, "close", id=a)
    assert ok(svc, "openGames") == {"count": 1}
