"""The tutorials: each scenario plays start to end through the service, every scripted move is
legal, a move that does not advance earns the hint and changes nothing, resuming is exact."""
import copy
import re

import pytest

from arcade.service import Service
from service_calls import call, ok
from gamecore import BadRequest, BadSave, replay
from gamecore import scenario as S
from aqueducks import GAME as AQ
from waterworks import GAME as WW

NAMES = ["aqueducks", "waterworks"]


@pytest.fixture
def svc():
    return Service()


def advancing_move(svc, gid, seat, step):
    """The first legal move of the seat that one of the step's patterns matches."""
    legal = ok(svc, "state", id=gid, player=seat)["legal"]
    if not legal:     # an Aqueducks Build lists its moves through legal_moves only
        legal = svc._games[gid].legal_moves(seat)
    return next(m for m in legal if any(S.matches(p, m) for p in step.get("advance", [])))


def play_through(svc, name):
    sc = S.load(name)
    start = ok(svc, "tutorialStart", tutorial=name)
    gid, seat = start["id"], start["seat"]
    seen = []
    while not (t := ok(svc, "tutorial", id=gid)["tutorial"])["done"]:
        step = sc["steps"][t["index"]]
        seen.append(t["index"])
        if t["needsMove"]:
            res = ok(svc, "tutorialPlay", id=gid, move=advancing_move(svc, gid, seat, step))
        else:
            res = ok(svc, "tutorialSkip", id=gid)
        assert res["advanced"], (t, res)
    return sc, gid, seen


def test_both_tutorials_are_listed(svc):
    listed = ok(svc, "tutorials")
    assert sorted(t["id"] for t in listed) == NAMES
    assert {t["game"] for t in listed} == {"aqueducks", "waterworks"}


@pytest.mark.parametrize("name", NAMES)
def test_each_tutorial_plays_from_start_to_end_with_its_advancing_moves(svc, name):
    sc, gid, seen = play_through(svc, name)
    # every step was shown, repeating steps as often as they say
    expected = [i for i, st in enumerate(sc["steps"]) for _ in range(st.get("repeat", 1))]
    assert seen == expected
    assert ok(svc, "tutorial", id=gid)["tutorial"]["done"]


@pytest.mark.parametrize("name", NAMES)
def test_each_step_says_what_it_points_at_and_what_it_explains_as_lists(svc, name):
    sc = S.load(name)
    gid = ok(svc, "tutorialStart", tutorial=name)["id"]
    while not (t := ok(svc, "tutorial", id=gid)["tutorial"])["done"]:
        step = sc["steps"][t["index"]]
        for key, field in (("targets", "target"), ("explains", "explains")):
            given = step.get(field) or []
            assert t[key] == ([given] if isinstance(given, dict) else given), (t["index"], key)
        ok(svc, "tutorialSkip", id=gid)
    assert any(st.get("explains") for st in sc["steps"])


def test_the_waterworks_tutorial_ends_with_the_person_winning_by_the_spout(svc):
    _, gid, _ = play_through(svc, "waterworks")
    snap = ok(svc, "state", id=gid, player=0)
    assert snap["over"] and snap["result"]["winners"] == [0] and snap["result"]["pipes"] == 8


def test_the_aqueducks_tutorial_leaves_a_game_to_keep_playing_in_era_2(svc):
    _, gid, _ = play_through(svc, "aqueducks")
    snap = ok(svc, "state", id=gid, player=0)
    assert not snap["over"] and snap["view"]["era"] == 2 and snap["toAct"] == [0, 1]


def test_the_aqueducks_protect_step_says_what_the_downfall_takes(svc):
    """What the Protect step teaches is what then happens (issue 26 item 11): the one
    Protection of era 1 cannot save the upper storey (it needs both districts under it
    protected, and a Protection of its own), so a step says, in one sentence, that it falls."""
    sc = S.load("aqueducks")
    start = ok(svc, "tutorialStart", tutorial="aqueducks")
    gid, seat = start["id"], start["seat"]
    while (t := ok(svc, "tutorial", id=gid)["tutorial"])["index"] != 8 or not t["needsMove"]:
        step = sc["steps"][t["index"]]
        ok(svc, "tutorialPlay" if t["needsMove"] else "tutorialSkip", id=gid,
           **({"move": advancing_move(svc, gid, seat, step)} if t["needsMove"] else {}))
    protect_text = t["text"]
    storeys = {d["id"]: d["storey"] for d in ok(svc, "state", id=gid, player=seat)["view"]["cities"][seat]["districts"] if d}
    res = ok(svc, "tutorialPlay", id=gid, move=advancing_move(svc, gid, seat, sc["steps"][8]))
    fell = [r["district"] for e in res["events"] if e["type"] == "downfall" and e["player"] == seat for r in e["removed"]]
    assert any(storeys[d] > 1 for d in fell), "the scenario's upper storey falls in the Downfall"
    after_text = res["tutorial"]["text"]
    sentences = [s for text in (protect_text, after_text) for s in re.split(r"(?<=[.!?:])\s+", text)]
    assert [s for s in sentences if "upper storey" in s and re.search(r"fall|topple", s)], (protect_text, after_text)


def non_advancing_moves(svc, gid, seat, step):
    """A legal move that does not advance the step (when there is one) and an illegal one."""
    game = svc._games[gid]
    legal = game.legal_moves(seat)
    other = [m for m in legal if not any(S.matches(p, m) for p in step["advance"])]
    illegal = {"type": "protect", "districts": [99]} if game.NAME == "aqueducks" else {"type": "discard", "card": 999}
    return other[:1] + [illegal]


@pytest.mark.parametrize("name", NAMES)
def test_a_move_that_does_not_advance_gives_the_hint_and_changes_nothing(svc, name):
    sc = S.load(name)
    start = ok(svc, "tutorialStart", tutorial=name)
    gid, seat = start["id"], start["seat"]
    checked = 0
    while not (t := ok(svc, "tutorial", id=gid)["tutorial"])["done"]:
        step = sc["steps"][t["index"]]
        if t["needsMove"]:
            before = ok(svc, "save", id=gid)
            for move in non_advancing_moves(svc, gid, seat, step):
                res = ok(svc, "tutorialPlay", id=gid, move=move)
                assert res["advanced"] is False and res["hint"] == step["hint"]
                assert ok(svc, "save", id=gid) == before
                assert ok(svc, "tutorial", id=gid)["tutorial"] == t
                checked += 1
        ok(svc, "tutorialSkip", id=gid)
    assert checked >= 10


def test_a_refused_move_brings_the_rules_reason_with_the_hint(svc):
    # step 6: the opponent's last card is copper; a leaky straight on top of it is refused
    gid = ok(svc, "tutorialStart", tutorial="waterworks", step=6)["id"]
    res = ok(svc, "tutorialPlay", id=gid,
             move={"type": "leak", "card": 47, "target": 1, "x": 12, "y": 7, "turned": False})
    assert res["advanced"] is False
    assert res["reason"] == "Copper pipes can never leak."
    assert "Copper can never be made to leak" in res["hint"]


def test_a_legal_move_that_is_not_the_lesson_has_no_rules_reason(svc):
    gid = ok(svc, "tutorialStart", tutorial="waterworks", step=1)["id"]
    res = ok(svc, "tutorialPlay", id=gid, move={"type": "discard", "card": 19})
    assert res["advanced"] is False and res["reason"] is None and res["hint"]


def test_a_reading_step_is_left_with_next_not_with_a_move(svc):
    gid = ok(svc, "tutorialStart", tutorial="waterworks")["id"]
    before = ok(svc, "save", id=gid)
    res = ok(svc, "tutorialPlay", id=gid, move={"type": "discard", "card": 19})
    assert res["advanced"] is False and "Next" in res["hint"]
    assert ok(svc, "save", id=gid) == before


@pytest.mark.parametrize("name", NAMES)
def test_resuming_at_a_step_is_the_position_skipping_reaches(svc, name):
    sc = S.load(name)
    gid = ok(svc, "tutorialStart", tutorial=name)["id"]
    for at in range(len(sc["steps"])):
        resumed = ok(svc, "tutorialStart", tutorial=name, step=at)
        assert resumed["tutorial"]["index"] == at
        assert ok(svc, "save", id=resumed["id"]) == ok(svc, "save", id=gid)
        while ok(svc, "tutorial", id=gid)["tutorial"]["index"] == at:
            ok(svc, "tutorialSkip", id=gid)


@pytest.mark.parametrize("name", NAMES)
def test_a_tutorial_game_kept_on_saves_a_record_that_replays_the_same_deal(svc, name):
    _, gid, _ = play_through(svc, name)
    rec = ok(svc, "record", id=gid)
    assert rec["scenario"] == name
    loaded = ok(svc, "load", data=rec)
    assert ok(svc, "save", id=loaded["id"]) == ok(svc, "save", id=gid)


@pytest.mark.parametrize("name", NAMES)
def test_the_story_of_a_tutorial_game_is_told_from_its_deal(svc, name):
    # the end dialog's story (stats) replays the log: from the scenario's deal, not a seeded one
    _, gid, _ = play_through(svc, name)
    story = ok(svc, "stats", id=gid)
    assert story["game"] == name and len(story["players"]) == 2
    fresh = ok(svc, "load", data=ok(svc, "record", id=gid))
    assert ok(svc, "stats", id=fresh["id"]) == story


def test_a_record_that_does_not_match_its_tutorial_is_refused(svc):
    gid = ok(svc, "tutorialStart", tutorial="waterworks", step=3)["id"]
    rec = ok(svc, "record", id=gid)
    for bad in (dict(rec, seed=18), dict(rec, scenario="nothing-here"),
                dict(rec, options=dict(rec["options"], target="10"))):
        res = call(svc, "load", data=bad)
        assert res["error"]["code"] == "bad_save", bad


def test_tutorial_requests_are_validated(svc):
    assert call(svc, "tutorialStart", tutorial="../cards/waterworks")["error"]["code"] == "bad_request"
    assert call(svc, "tutorialStart", tutorial=3)["error"]["code"] == "bad_request"
    assert call(svc, "tutorialStart", tutorial="waterworks", step=99)["error"]["code"] == "bad_request"
    assert call(svc, "tutorialStart", tutorial="waterworks", step=True)["error"]["code"] == "bad_request"
    plain = ok(svc, "newGame", game="waterworks", seed=1)["id"]
    assert call(svc, "tutorial", id=plain)["error"]["code"] == "bad_request"
    gid = ok(svc, "tutorialStart", tutorial="waterworks", step=1)["id"]
    assert call(svc, "tutorialPlay", id=gid, move="lay")["error"]["code"] == "bad_request"
    assert call(svc, "tutorialPlay", id=gid)["error"]["code"] == "bad_request"


def test_a_finished_tutorial_takes_no_more_steps(svc):
    _, gid, _ = play_through(svc, "aqueducks")
    assert call(svc, "tutorialSkip", id=gid)["error"]["code"] == "bad_request"
    assert call(svc, "tutorialPlay", id=gid, move={"type": "pass"})["error"]["code"] == "bad_request"


# ----- the scenario constructor and its checks ------------------------------------------------
def test_a_scenario_deal_is_exactly_the_hands_and_draws_it_names():
    sc = S.load("waterworks")
    g = S.start(WW, sc)
    assert g.hands == sc["deal"]["hands"]
    assert g.draw[-len(sc["deal"]["draws"]):] == list(reversed(sc["deal"]["draws"]))
    a = S.start(AQ, S.load("aqueducks"))
    assert a.players[0]["hand"] == [70, 80, 79, 81, 116, 90]
    assert a.players[0]["draw"][-2:] == [78, 120] and 120 not in a.decks["1"]


@pytest.mark.parametrize("cls,deal,why", [
    (WW, {"hands": [[19, 0, 28, 46, 1, 47], [20, 50, 21, 63, 19]]}, "twice"),
    (WW, {"hands": [[19, 0, 28, 46, 1], [20, 50, 21, 63, 48]]}, "hands of"),
    (WW, {"hands": [[80, 0, 28, 46, 1, 47], [20, 50, 21, 63, 48]]}, "not there"),   # a valve
    (AQ, {"hands": [[70, 80, 79, 81, 116, 26], [52, 47, 42, 43, 46, 49]]}, "not there"),  # Caesena's
    (AQ, {"hands": [[70, 80, 79, 81, 116], [52, 47, 42, 43, 46, 49]]}, "full hand"),
    (AQ, {"hands": [[70, 80, 79, 81, 116, 90], [52, 47, 42, 43, 46, 49]], "decks": {"4": []}}, "tier"),
])
def test_a_deal_that_cannot_be_made_is_refused_with_the_reason(cls, deal, why):
    sc = dict(S.load(cls.NAME), deal=deal)
    with pytest.raises(BadRequest, match=why):
        S.start(cls, sc)


@pytest.mark.parametrize("change,why", [
    (lambda d: d.update(format="x"), "not a tutorial"),
    (lambda d: d.update(id="other"), "file name"),
    (lambda d: d.update(seed=17), "'seed'"),
    (lambda d: d.update(seed="1" * 30), "below 2"),
    (lambda d: d.update(steps=[]), "no steps"),
    (lambda d: d["steps"][1].pop("hint"), "hint"),
    (lambda d: d["steps"][1].update(target={"kind": "moon"}), "unknown kind"),
    (lambda d: d["steps"][1].update(explains=[{"kind": "weather"}]), "explains an unknown kind"),
    (lambda d: d["steps"][1].update(explains="the leak"), "explains an unknown kind"),
    (lambda d: d["steps"][1].update(then=[{"player": 1}]), "scripted replies"),
    (lambda d: d["steps"][0].update(repeat=3), "repeats"),
    (lambda d: d["steps"][0].update(then=[{"player": 1, "bot": "greedy"}]), "read, not played"),
])
def test_a_damaged_scenario_file_is_refused_with_the_reason(change, why):
    data = copy.deepcopy(S.load("waterworks"))
    change(data)
    with pytest.raises(BadSave, match=why):
        S.check(data, "waterworks")


def test_matching_is_by_the_fields_a_pattern_gives_with_their_types():
    assert S.matches({"type": "pick"}, {"type": "pick", "card": 3})
    assert not S.matches({"type": "pick", "card": 3}, {"type": "pick", "card": 4})
    assert not S.matches({"type": "lay", "turned": True}, {"type": "lay", "turned": 1})
    assert not S.matches({"type": "lay", "x": 1}, {"type": "lay"})


def test_a_seeded_record_still_replays_without_a_scenario():
    g = WW.new({}, 5)
    g.apply(0, g.legal_moves(0)[0])
    rec = g.record()
    assert "scenario" not in rec and replay(WW, rec).to_dict() == g.to_dict()


def test_a_take_back_in_a_tutorial_game_kept_on_rebuilds_from_its_deal(svc):
    _, gid, _ = play_through(svc, "aqueducks")
    before = ok(svc, "save", id=gid)
    move = svc._games[gid].legal_moves(0)[0]
    ok(svc, "play", id=gid, player=0, move=move)
    assert ok(svc, "undoable", id=gid, player=0, bots=[1])["moves"] == 1
    ok(svc, "undo", id=gid, player=0, bots=[1])
    assert ok(svc, "save", id=gid) == before


@pytest.mark.parametrize("name", NAMES)
def test_closing_a_tutorial_game_lets_it_go(svc, name):
    """Issue 26, item 12: after 100 start/close pairs the service held 100 tutorial games
    (openGames said 0, the tutorial runner still kept each one)."""
    import gc
    import weakref
    alive = []
    for _ in range(100):
        gid = ok(svc, "tutorialStart", tutorial=name)["id"]
        alive.append(weakref.ref(svc._games[gid]))
        ok(svc, "close", id=gid)
    gc.collect()
    assert ok(svc, "openGames")["count"] == 0
    assert sum(ref() is not None for ref in alive) == 0
    res = call(svc, "tutorial", id=gid)
    assert res["error"]["code"] == "bad_request"

