"""Hints and analysis in a player's words (issue 55): over many positions of both games, no text
shows a playout count, a percentage of playouts, an engine identifier or a grid coordinate; two
different moves are never said alike; the analysis's turning points are the largest falls of
the seat's own line on its chart; the confidence words follow docs/rulings/hints.md (H7). That
the shared code names no game is tests/test_plugins.py's."""
import itertools
import re
from pathlib import Path

import pytest

from arcade import advice_text as say
from arcade.service import Service

from service_calls import ok

#: what must never reach a player: the search's counts, engine keys, raw values, coordinates
ENGINE_WORDS = re.compile(
    r"playout|%|\b[a-z]+_[a-z0-9_]+\b|\b[xy]\s*=|[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b"
    r"|\b(row|column|col|storey)\s*-?\d", re.IGNORECASE)

#: words only a drawback uses (``drawback`` of each game's advice_words)
DRAWBACKS = (" in iron, which", "costs your city", "facing inwards", "closes one end", "leaves an opponent")

GAMES = [("waterworks", {"players": 2}), ("waterworks", {"players": 4}),
         ("aqueducks", {"players": 2}), ("aqueducks", {"players": 3}), ("aqueducks", {"players": 1})]


def clean(text: str) -> None:
    assert text and not ENGINE_WORDS.search(text), text


def positions(game, options, seed, every=4, most=10, level="random"):
    """(service, game id, seat to act) at every ``every``-th move of a bot game, up to ``most``."""
    svc = Service()
    gid = ok(svc, "newGame", game=game, options=options, seed=seed)["id"]
    seen = 0
    for step in itertools.count():
        snap = ok(svc, "state", id=gid)
        if snap["over"] or seen >= most:
            return
        p = snap["toAct"][0]
        if step % every == every - 1 and len(svc._games[gid].legal_moves(p)) > 1:
            seen += 1
            yield svc, gid, p
        ok(svc, "play", id=gid, player=p, move=ok(svc, "botMove", id=gid, player=p, level=level)["move"])


@pytest.mark.parametrize("game,options", GAMES)
@pytest.mark.parametrize("seed", [3, 8])
def test_hints_speak_the_game_never_the_engine(game, options, seed):
    for svc, gid, p in positions(game, options, seed, every=5, most=6):
        got = ok(svc, "hint", id=gid, player=p, iterations=4)
        clean(got["reason"])
        assert got["confidence"] in (say.CLEARLY, say.SLIGHTLY, say.CLOSE)
        assert got["confidence"] in got["reason"]
        # every legal move in words, as an analysis may say it of any seat
        g = svc._games[gid]
        for move in g.legal_moves(p)[:40]:
            for viewer in (p, (p + 1) % g.num_players):
                s = say.said(g, p, move, viewer)
                for text in (s.name, s.place, *s.effects):
                    if text:
                        clean(text)


@pytest.mark.parametrize("game,options", GAMES)
def test_two_different_moves_are_never_said_alike(game, options):
    for svc, gid, p in positions(game, options, 5, every=3, most=8):
        g = svc._games[gid]
        said = [(m, say.said(g, p, m)) for m in g.legal_moves(p)[:30]]
        for (m1, a), (m2, b) in itertools.combinations(said, 2):
            for full in (False, True):
                ta, tb = say.apart(a, b, full)
                # not merely the same words in another order ("the A and the B" / "the B and the A")
                assert sorted(ta.split()) != sorted(tb.split()), (m1, m2, ta, tb)


def analysed(game, options, seed, level, iterations):
    svc = Service()
    gid = ok(svc, "newGame", game=game, options=options, seed=seed)["id"]
    while not (snap := ok(svc, "state", id=gid))["over"]:
        p = snap["toAct"][0]
        ok(svc, "play", id=gid, player=p, move=ok(svc, "botMove", id=gid, player=p, level=level)["move"])
    return svc, gid, iterations


@pytest.fixture(scope="module", params=[("waterworks", {"players": 2}, 7, "random", 4),
                                        ("waterworks", {"players": 3}, 11, "random", 3),
                                        ("aqueducks", {"players": 2}, 5, "random", 1),
                                        ("aqueducks", {"players": 1}, 7, "greedy", 1)],
                ids=["waterworks-2", "waterworks-3", "aqueducks-2", "aqueducks-solo"])
def finished(request):
    return analysed(*request.param)


def test_turning_points_are_the_largest_falls_of_the_chart_line(finished):
    svc, gid, iterations = finished
    log = svc._games[gid].log
    for seat in range(svc._games[gid].num_players):
        got = ok(svc, "analyse", id=gid, player=seat, iterations=iterations)
        line = [row[seat] for row in got["chart"]]
        falls = sorted(((line[j - 1] - line[j], j) for j in range(1, len(line)) if line[j] < line[j - 1] - 0.0005),
                       key=lambda f: (-f[0], f[1]))
        listed = got["turningPoints"]
        assert [t["move"] for t in listed] == [j for _f, j in falls[:3]]
        assert len(listed) == min(3, len(falls))
        for t in listed:
            assert (t["from"], t["to"]) == (line[t["move"] - 1], line[t["move"]])
            assert t["player"] == log[t["move"] - 1]["player"]
            clean(t["playedText"])
            if t.get("did"):
                clean(t["did"])
            if t["better"]:
                b = t["better"]
                played = t["playedText"] if b["move"] == t["move"] else b["played"]
                assert sorted(b["text"].split()) != sorted(played.split()), t
                for text in (b["text"], b["why"], b["instead"]):
                    if text:
                        clean(text)
                assert b["why"], t


def test_the_move_played_and_the_better_one_are_said_differently(finished):
    svc, gid, iterations = finished
    for seat in range(svc._games[gid].num_players):
        got = ok(svc, "analyse", id=gid, player=seat, iterations=iterations)
        for d in got["decisions"]:
            clean(d["playedText"])
            if d["played"] != d["best"]:
                assert sorted(d["playedText"].split()) != sorted(d["bestText"].split()), d
                assert d["why"], d
                # a drawback is never the reason given for the better move
                assert not any(bad in d["why"] for bad in DRAWBACKS), d["why"]
                for text in (d["bestText"], d["why"], d["playedDid"]):
                    if text:
                        clean(text)


@pytest.mark.parametrize("measure,gap,rounds,words", [
    ("chance", 0.25, 20, say.CLEARLY), ("chance", 0.10, 20, say.CLEARLY), ("chance", 0.25, 2, say.SLIGHTLY),
    ("chance", 0.05, 20, say.SLIGHTLY), ("chance", 0.02, 20, say.CLOSE), ("chance", -0.01, 20, say.CLOSE),
    ("score", 8.0, 10, say.CLEARLY), ("score", 3.0, 10, say.SLIGHTLY), ("score", 1.0, 10, say.CLOSE),
])
def test_the_confidence_words_follow_the_ruling(measure, gap, rounds, words):
    assert say.confidence(measure, gap, rounds) == words
    ruling = (Path(__file__).parents[2] / "docs" / "rulings" / "hints.md").read_text()
    assert "H7" in ruling and "clearly best" in ruling and "a close call" in ruling
