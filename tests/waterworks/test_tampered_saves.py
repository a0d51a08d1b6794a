"""Water Works saves that load but should not (issue 15, item 10): what can be derived is
recomputed on load (every pipeline walked from its valve, pipe counts, open ends, leaks, hand
sizes, cards in their places, the result) and a save that disagrees is BadSave with a
sentence; a save whose state does not follow from its own move log is refused by load."""
import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings

import waterworks
from gamecore import BadSave
from waterworks import GAME
import tamper
from tamper import edits, load_or_refuse, paths
from ww_helpers import bot_moves


def midgame(seed=7, moves=30, players=2):
    return bot_moves(GAME.new({"players": players}, seed), moves, seed + 99, "random")


def finished(seed=3):
    g = GAME.new({"players": 2, "target": "6", "table": "small"}, seed)
    return bot_moves(g, 10_000, seed, "greedy")


def refused(d, needle=None):
    return tamper.refused(GAME, d, needle)


def state(g):
    return json.loads(json.dumps(g.to_dict()))


def cells(d, owner=None, kind=None):
    return [c for c in d["table"]["cells"]
            if (owner is None or c["owner"] == owner) and (kind is None or c["kind"] == kind)]


def line_of(d, owner):
    """An owner's non-valve cells, by index, with at least two of them."""
    out = {c["cell"]: c for c in cells(d, owner) if c["kind"] != "valve"}
    assert len(out) >= 2
    return out


def test_an_untouched_save_loads():
    for g in (midgame(), midgame(8, 55, 3), finished()):
        d = state(g)
        assert GAME.from_dict(d).to_dict() == g.to_dict()


def test_cells_that_are_each_others_parent_are_refused():
    d = state(midgame())
    for p in range(2):
        own = line_of(d, p)
        a = next(c for c in own.values() if c["parent"] in own)     # a cell with a non-valve parent
        b = own[a["parent"]]
        x = copy.deepcopy(d)
        xa = next(c for c in x["table"]["cells"] if c["cell"] == a["cell"])
        xb = next(c for c in x["table"]["cells"] if c["cell"] == b["cell"])
        xb["parent"], xb["in_dir"] = xa["cell"], a["in_dir"] ^ 2
        refused(x)


def test_a_false_pipe_count_is_refused():
    d = state(midgame())
    x = copy.deepcopy(d)
    first = next(c for c in x["table"]["cells"] if c["kind"] == "pipe")
    first["count"] = 10
    refused(x, "count")


@pytest.mark.parametrize("size", [0, 4, 7, 35])
def test_a_hand_of_the_wrong_size_is_refused(size):
    d = state(midgame())
    x = copy.deepcopy(d)
    p = x["turn"] if size != 4 else 1 - x["turn"]
    pool = x["draw"] + x["hands"][p]
    x["draw"] = pool[size:] if size <= len(pool) else []
    x["hands"][p] = pool[:size]
    if size > len(pool):
        pytest.skip("not enough cards")
    refused(x, "hand")


def test_a_valve_or_spout_in_a_hand_is_refused():
    d = state(midgame())
    x = copy.deepcopy(d)                     # seat 1's spout, set aside, swapped into seat 0's hand
    x["spouts"][1], x["hands"][0][0] = x["hands"][0][0], x["spouts"][1]
    refused(x)
    x = copy.deepcopy(d)                     # seat 1's valve swapped with a card of seat 0's hand
    valve = cells(x, 1, "valve")[0]
    valve["stack"][0][0], x["hands"][0][0] = x["hands"][0][0], valve["stack"][0][0]
    refused(x)


@pytest.mark.parametrize("field, value", [("openings", 2 ** 80), ("openings", 16), ("count", -1),
                                          ("seq", 2 ** 80), ("in_dir", 7), ("parent", 2 ** 80),
                                          ("material", "copper"), ("shape", "tee"), ("repaired", True)])
def test_out_of_range_or_inconsistent_card_fields_are_refused(field, value):
    d = state(midgame())
    x = copy.deepcopy(d)
    c = next(c for c in x["table"]["cells"] if c["kind"] == "pipe" and c[field] != value
             and not (field == "material" and c["material"] == "copper"))
    if field == "material" and c["material"] == "leaky":
        value = "iron"
    c[field] = value
    refused(x)


@pytest.mark.parametrize("outcome", [
    {"winners": [99], "reason": "spout", "line": [], "pipes": 0},
    {"winners": [0], "reason": "spout", "line": [], "pipes": 0},
    {"winners": [], "reason": "draw_pile_exhausted", "line": [], "pipes": 0},
    {"winners": [0, 1], "reason": "draw_pile_exhausted", "line": [], "pipes": 0},
])
def test_a_result_that_does_not_follow_from_the_table_is_refused(outcome):
    x = state(midgame())
    x["outcome"] = outcome
    refused(x)


def test_a_finished_games_result_is_checked_against_its_line():
    g = finished()
    assert g.result()["reason"] == "spout"
    d = state(g)
    GAME.from_dict(d)
    for change in ("winner", "pipes", "line", "no_outcome"):
        x = copy.deepcopy(d)
        oc = x["outcome"]
        if change == "winner":
            oc["winners"] = [1 - oc["winners"][0]]
        elif change == "pipes":
            oc["pipes"] += 3
        elif change == "line":
            oc["line"] = oc["line"][:-1]
        else:
            x["outcome"] = None
        refused(x)


def test_leaks_open_ends_and_supplies_are_recomputed():
    d = state(midgame(11, 40))
    x = copy.deepcopy(d)
    x["table"]["ends"] = x["table"]["ends"][:-1]
    refused(x)
    x = copy.deepcopy(d)
    x["plumbers"][0] = 3
    refused(x)
    x = copy.deepcopy(d)
    x["table"]["seq"] += 5
    refused(x)
    x = copy.deepcopy(d)
    x["spout_placed"][0] = True
    refused(x)


@pytest.mark.parametrize("log", [
    [{"player": 0, "move": {"type": "discard", "card": 1}}] * 3,
    [{"player": 9, "move": {"type": "discard", "card": 1}}],
    [{"player": 0, "move": {"type": "teleport"}}],
    "garbage",
])
def test_a_log_that_does_not_match_the_state_is_refused_by_load(log):
    g = midgame()
    save = json.loads(json.dumps(g.save()))
    save["state"]["log"] = log
    with pytest.raises(BadSave):
        GAME.load(save)
    GAME.load(json.loads(json.dumps(g.save())))     # the untouched save loads


def test_a_state_edited_consistently_but_not_by_its_log_is_refused_by_load():
    """Swap a card between the hand and the draw pile: every count still adds up, but the
    game's own moves do not lead there."""
    g = midgame()
    save = json.loads(json.dumps(g.save()))
    s = save["state"]
    s["hands"][0][0], s["draw"][0] = s["draw"][0], s["hands"][0][0]
    GAME.from_dict(s)                       # structurally sound...
    with pytest.raises(BadSave, match="log"):
        GAME.load(save)                     # ...but not the game its log plays


_SAVED = state(midgame(5, 45, 3))


_PATHS = list(paths(_SAVED))


@settings(deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(changes=edits(_PATHS, [2 ** 80, -2 ** 70, "", "pipe", "leaky", []]))
def test_a_tampered_save_is_refused_or_plays_on_soundly(changes):
    """Whatever a file says, loading it gives BadSave or a game whose every move works."""
    load_or_refuse(waterworks, _SAVED, changes, 200)
