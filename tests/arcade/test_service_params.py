"""Every parameter of every service method is checked before anything changes (issue 15,
item 7): each method is called with each bad value of each parameter, through the JSON
transport, and every open game's save(), the set of open games and the thinking bots must be
what they were. A refusal is a structured error, never ``internal``."""
import copy
import json

import pytest

from arcade.service import Service
from gamecore import scenario

# Values wrong for (nearly) any parameter; per-parameter extras follow.
ANY_BAD = [None, "x", 1.5, -1, True, [], {}, 2 ** 64, -(2 ** 70)]
SEAT_BAD = ANY_BAD + [2, 99, "0"]          # a 2-player game: seats 0 and 1
BAD_SEEDS = [None, 1.5, -1, True, [], {}, 2 ** 64, "", "x", "-1", "1.5", " 7", "7 ", "0x10",
             "1e3", "+7", "18446744073709551616", "1" * 40]

# The take-backs' bots: the seat that did not make the first move (a bot seat taking back is
# tried in test_service_undo.py, as the first mover is drawn from the seed).
BOTS_BAD = [None, "x", 1.5, -1, True, {}, [2], [1, 1], ["1"], [True], [1.0]]

# method -> {param: (required, [bad values])}; a method's valid params come from ``valid``.
SPEC = {
    "ping": {},
    "hello": {},
    "newGame": {"game": (True, ANY_BAD + ["chess", ""]),
                "seed": (True, BAD_SEEDS),
                "options": (False, [None, "x", 1.5, -1, True, [], {"players": 9}, {"colour": 1},
                                    {"players": "2"}, {"players": 2.0}])},
    "state": {"id": (True, ANY_BAD + ["g99", ""]), "player": (False, SEAT_BAD)},
    "play": {"id": (True, ANY_BAD + ["g99"]), "player": (True, SEAT_BAD),
             "move": (True, [None, "x", 1.5, -1, True, [], {}, {"type": 5}, {"type": "teleport"},
                             {"type": "discard"}, {"type": "discard", "card": "x"},
                             {"type": "discard", "card": 10 ** 30}, {"type": "discard", "card": -1}]),
             "viewer": (False, SEAT_BAD)},
    "botMove": {"id": (True, ANY_BAD + ["g99"]), "player": (True, SEAT_BAD),
                "level": (True, ANY_BAD + ["evil", ""]),
                "ms": (False, [None, "x", True, [], {}, 0, -1, 10_001, 2 ** 64]),
                "iterations": (False, [None, "x", 1.5, 0, -1, True, [], {}, 100_001]),
                "tallies": (False, [None, "x", 1.5, -1, True, {}, [], [{}], ["x"]])},
    "botPlan": {"id": (True, ANY_BAD + ["g99"]), "player": (True, SEAT_BAD),
                "level": (True, ANY_BAD + ["evil", ""]),
                "ms": (False, [None, "x", True, [], {}, 0, -1, 10_001, 2 ** 64]),
                "iterations": (True, [None, "x", 1.5, 0, -1, True, [], {}, 100_001]),
                "shares": (False, [None, "x", 1.5, 0, -1, True, [], {}, 5])},
    "searchShare": {"game": (True, ANY_BAD + ["chess", ""]), "level": (True, ANY_BAD + ["evil", "greedy"]),
                    "player": (True, SEAT_BAD), "view": (True, ANY_BAD[:6] + [{"hands": 3}]),
                    "moves": (True, ANY_BAD + [[{}], [{}, {}], [{"type": "pass"}] * 2]),
                    "seed": (True, [None, 7, "", "x", "-1", "18446744073709551616", "1" * 40]),
                    "position": (True, ANY_BAD + ["", "0" * 16]),
                    "depth": (False, [None, "x", 1.5, 0, -1, True, [], {}, 10_001]),
                    "iterations": (True, [None, "x", 1.5, 0, -1, True, [], {}, 100_001]),
                    "ms": (False, [None, "x", True, [], {}, 0, -1, 10_001])},
    "hint": {"id": (True, ANY_BAD + ["g99"]), "player": (True, SEAT_BAD),
             "ms": (False, [None, "x", True, [], {}, 0, -1, 10_001, 2 ** 64]),
             "iterations": (False, [None, "x", 1.5, 0, -1, True, [], {}, 100_001]),
             "tallies": (False, [None, "x", 1.5, -1, True, {}, [], [{}], ["x"]])},
    "hintPlan": {"id": (True, ANY_BAD + ["g99"]), "player": (True, SEAT_BAD),
                 "ms": (False, [None, "x", True, [], {}, 0, -1, 10_001, 2 ** 64]),
                 "iterations": (True, [None, "x", 1.5, 0, -1, True, [], {}, 100_001]),
                 "shares": (False, [None, "x", 1.5, 0, -1, True, [], {}, 5])},
    "analyse": {"id": (True, ANY_BAD + ["g99"]), "player": (True, SEAT_BAD),
                "ms": (False, [None, "x", True, [], {}, 0, -1, 10_001]),
                "iterations": (False, [None, "x", 1.5, 0, -1, True, [], {}, 2001]),
                "rows": (False, [None, "x", 1.5, -1, True, {}, [], [{}], ["x"], [[]], [[["x"]]]])},
    "analysisPlan": {"id": (True, ANY_BAD + ["g99", "g2"]),
                     "iterations": (False, [None, "x", 1.5, 0, -1, True, [], {}, 2001]),
                     "shares": (False, [None, "x", 1.5, 0, -1, True, [], {}, 5])},
    "analysisShare": {"game": (True, ANY_BAD + ["chess", ""]),
                      "record": (True, ANY_BAD[:6] + [{"moves": 3}]),
                      "position": (True, ANY_BAD + ["", "0" * 16]),
                      "iterations": (True, [None, "x", 1.5, 0, -1, True, [], {}, 2001]),
                      "part": (True, ANY_BAD + [2]),
                      "of": (True, ANY_BAD + [0, 5]),
                      "ms": (False, [None, "x", True, [], {}, 0, -1, 10_001])},
    "save": {"id": (True, ANY_BAD + ["g99"])},
    "record": {"id": (True, ANY_BAD + ["g99"])},
    "load": {"data": (True, [None, "x", 1.5, -1, True, [], {}, "", "{}", "[]", "null", "{trunc",
                             {"format": "pipes-and-ducks/state", "version": 1, "game": "waterworks"},
                             {"format": "pipes-and-ducks/record", "version": 1, "game": "waterworks",
                              "options": {"players": 2}, "seed": 3, "moves": [{"player": 0}]}])},
    "readFile": {"text": (True, [None, 1.5, -1, True, [], {}, "", "x", "{}", "[]", "null", "{trunc",
                                 '{"format": "pipes-and-ducks/saved-game", "version": 1, "record": 5}'])},
    "close": {"id": (True, ANY_BAD + ["g99"])},
    "undoable": {"id": (True, ANY_BAD + ["g99"]), "player": (True, SEAT_BAD),
                 "bots": (False, BOTS_BAD)},
    "undo": {"id": (True, ANY_BAD + ["g99"]), "player": (True, SEAT_BAD),
             "bots": (False, BOTS_BAD), "moves": (False, [None, "1", 1.5, 0, -1, True, 2, [], {}])},
    "stats": {"id": (True, ANY_BAD + ["g99"])},
    "viewAt": {"id": (True, ANY_BAD + ["g99"]), "player": (False, SEAT_BAD),
               "move": (True, [None, "x", 1.5, -1, True, [], {}, 3, 2 ** 64]),
               "reveal": (False, [None, "x", 1, True, [], {}])},
    "moveLog": {"id": (True, ANY_BAD + ["g99"])},
    "openGames": {},
    "tutorials": {},
    "tutorialStart": {"tutorial": (True, ANY_BAD + ["chess", "", "../cards/waterworks", "Waterworks"]),
                      "step": (False, [None, "x", 1.5, -1, True, [], {}, 99, 2 ** 64])},
    # the plain game is no tutorial; a well-formed move that does not advance is a hint, not a refusal
    "tutorial": {"id": (True, ANY_BAD + ["g99", "g1"])},
    "tutorialPlay": {"id": (True, ANY_BAD + ["g99", "g1"]),
                     "move": (True, [None, "x", 1.5, -1, True, [], {}, {"type": 5}])},
    "tutorialSkip": {"id": (True, ANY_BAD + ["g99", "g1"])},
    "illustration": {"game": (True, ANY_BAD + ["chess", "", "../cards/waterworks"]),
                     "name": (True, ANY_BAD + ["", "nope", "../waterworks", "Leak-after", "moves", "pictures"])},
    "dailyDeal": {"game": (True, ANY_BAD + ["chess", ""]),
                  "date": (True, ANY_BAD + ["", "2025-02-30", "2025-5-3", "2025-05-03T00:00Z", "03/05/2025"])},
    "verifyScore": {"link": (True, ANY_BAD + ["", "score=", "score=abc", "#score=!!", "https://x/#replay=abc"])},
    # on a finished game (setting(finished=True)): the person's seat 0 against a normal bot
    "scoreCard": {"id": (True, ANY_BAD + ["g99", "g2"]), "seat": (True, SEAT_BAD + [1]),
                  "seats": (True, [None, "x", 1.5, True, {}, [], ["human"], ["human", "robot"],
                                   ["bot:greedy", "human"], ["human", "bot:greedy", "bot:greedy"]]),
                  "name": (True, [None, 1.5, -1, True, [], {}]),
                  "date": (True, ANY_BAD + ["", "2025-02-30", "today"]),
                  "daily": (False, [None, "x", 1, [], {}, True]),
                  "favourites": (False, [None, "x", 1, {}, ["nope"], [1], ["a", "b", "c", "d"]])},
}

_FINISHED = {}


def finished_record(game):
    """A finished 2-player game's record (played once per game by random bots, in-process)."""
    if game not in _FINISHED:
        from arcade import registry
        from gamecore import Rng
        entry = registry.get(game)
        g = entry.game.new({"players": 2}, 31)
        while not g.is_over:
            p = g.to_act()[0]
            g.apply(p, entry.bots["random"](g, p, Rng(len(g.log))))
        _FINISHED[game] = g.record()
    return _FINISHED[game]


def call(svc, method, params):
    return json.loads(svc.dispatch_json(json.dumps({"method": method, "params": params})))


def score_link(game):
    """A good score link: the finished game's card, both seats people (nothing to recompute)."""
    if ("link", game) not in _FINISHED:
        from arcade import links, registry, scorecard
        from gamecore import replay
        g = replay(registry.get(game).game, finished_record(game))
        card = scorecard.make(g, 0, ["human", "human"], "Ada", "2025-05-03")
        _FINISHED["link", game] = "https://example.org/#" + links.encode(card)
    return _FINISHED["link", game]


def setting(game, finished=False):
    """A service with a 2-player game in play (one move made) and a thinking hard bot; with
    ``finished``, also a finished game for the score card (it opens first, as ``g1``)."""
    svc = Service()
    done = call(svc, "load", {"data": finished_record(game)})["result"]["id"] if finished else None
    gid = call(svc, "newGame", {"game": game, "options": {"players": 2}, "seed": 77})["result"]["id"]
    p = first = call(svc, "state", {"id": gid})["result"]["toAct"][0]
    move = call(svc, "botMove", {"id": gid, "player": p, "level": "random"})["result"]["move"]
    assert call(svc, "play", {"id": gid, "player": p, "move": move})["ok"]
    p = call(svc, "state", {"id": gid})["result"]["toAct"][0]
    move = call(svc, "state", {"id": gid, "player": p})["result"]["legal"][0]
    valid = {
        "newGame": {"game": game, "seed": 5, "options": {"players": 2}},
        "state": {"id": gid, "player": p},
        "play": {"id": gid, "player": p, "move": move, "viewer": p},
        "botMove": {"id": gid, "player": p, "level": "random"},
        "save": {"id": gid}, "record": {"id": gid}, "close": {"id": gid},
        "load": {"data": call(svc, "save", {"id": gid})["result"]},
        "readFile": {"text": json.dumps(call(svc, "record", {"id": gid})["result"])},
        "ping": {}, "hello": {},
        "undoable": {"id": gid, "player": first, "bots": [1 - first]},
        "undo": {"id": gid, "player": first, "bots": [1 - first], "moves": 1},
        "stats": {"id": gid}, "moveLog": {"id": gid}, "openGames": {},
        "viewAt": {"id": gid, "player": 0, "move": 1},
    }
    tid = call(svc, "tutorialStart", {"tutorial": game, "step": 1})["result"]["id"]
    pattern = scenario.load(game)["steps"][1]["advance"]
    lesson = next(m for m in svc._games[tid].legal_moves(0) if any(scenario.matches(q, m) for q in pattern))
    valid.update({"tutorials": {}, "tutorialStart": {"tutorial": game, "step": 1},
                  "tutorial": {"id": tid}, "tutorialPlay": {"id": tid, "move": lesson},
                  "tutorialSkip": {"id": tid},
                  "illustration": {"game": game, "name": {"waterworks": "leak-after", "aqueducks": "hidden-face"}[game]},
                  "dailyDeal": {"game": game, "date": "2025-05-03"},
                  "verifyScore": {"link": score_link(game)}})
    valid["hint"] = {"id": gid, "player": p, "iterations": 2}
    valid["botPlan"] = {"id": gid, "player": p, "level": "hard", "iterations": 4}
    valid["hintPlan"] = {"id": gid, "player": p, "iterations": 4}
    # a share needs no open game, and ranking the candidates costs: one per game serves all
    if game not in _SHARES:
        _SHARES[game] = call(svc, "botPlan", valid["botPlan"])["result"]["shares"][0]
    valid["searchShare"] = copy.deepcopy(_SHARES[game])
    if finished:
        valid["analyse"] = {"id": done, "player": 0, "iterations": 1}
        valid["analysisPlan"] = {"id": done, "iterations": 1}
        valid["analysisShare"] = {**call(svc, "analysisPlan", valid["analysisPlan"])["result"]["shares"][1], "ms": 1}
        valid["scoreCard"] = {"id": done, "seat": 0, "seats": ["human", "bot:greedy"], "name": "Ada",
                              "date": "2025-05-03", "daily": False, "favourites": []}
    return svc, valid


_SHARES: dict = {}     # game -> a share of the setting's position (setting)


def everything(svc):
    """What a refused call must leave as it was."""
    games = {gid: call(svc, "save", {"id": gid})["result"] for gid in sorted(svc._games)}
    return games, svc._next_id, sorted(getattr(svc, "_thinking", {}))


def cases():
    methods = Service()._methods
    for method, params in SPEC.items():
        if method not in methods:
            continue     # a method that has since been retired
        for name, (required, bad) in params.items():
            if required:
                yield pytest.param(method, name, "<missing>", id=f"{method}-{name}-missing")
            for i, value in enumerate(bad):
                yield pytest.param(method, name, value, id=f"{method}-{name}-{i}")


GAMES = pytest.mark.parametrize("game", ["waterworks", "aqueducks"])
#: the methods tried on a finished game (setting(finished=True))
FINISHED = ("scoreCard", "analyse", "analysisPlan", "analysisShare")


def test_every_method_has_its_parameters_listed_here():
    missing = sorted(set(Service()._methods) - set(SPEC))
    assert not missing, f"add the parameters of {missing} to SPEC so their bad values are tried"


@GAMES
def test_the_valid_calls_succeed(game):
    for method in SPEC:
        svc, valid = setting(game, finished=method in FINISHED)
        if method in valid:
            assert call(svc, method, valid[method])["ok"], method


@GAMES
@pytest.mark.parametrize("method, name, value", list(cases()))
def test_a_bad_parameter_changes_nothing(game, method, name, value):
    svc, valid = setting(game, finished=method in FINISHED)
    params = dict(valid[method])
    if value == "<missing>":
        del params[name]
    else:
        params[name] = value
    before = everything(svc)
    res = call(svc, method, params)
    assert res["ok"] is False, f"{method} accepted {name}={value!r}"
    assert res["error"]["code"] in ("bad_request", "illegal_move", "bad_save"), res
    assert len(res["error"]["message"]) < 300
    assert everything(svc) == before
