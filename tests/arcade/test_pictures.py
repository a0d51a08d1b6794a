"""The Rules dialogs' pictures (tutorials/pictures/*.json, arcade.pictures): every picture loads
through the service, shows what its caption claims, frames the cells that matter, and a bad
name or a damaged file is refused with the reason."""
import copy
import json

import pytest

from arcade import pictures
from arcade.service import Service
from gamecore import BadSave
from service_calls import call, ok

WW = ["leak-after", "leak-on-top", "copper", "cover", "plumber", "tee-cap", "spout"]
AQ = ["hidden-face", "dousing", "bridge", "strong-arm"]


@pytest.fixture(scope="module")
def svc():
    return Service()


def pic(svc, game, name):
    return ok(svc, "illustration", game=game, name=name)


def test_every_picture_in_the_files_loads_with_a_caption_and_a_text_alternative(svc):
    for game, names in (("waterworks", WW), ("aqueducks", AQ)):
        assert sorted(pictures.load(game)["pictures"]) == sorted(names)
        for name in names:
            p = pic(svc, game, name)
            assert p["caption"] and len(p["alt"]) > len(p["caption"]) and p["view"]["game"] == game


# What a seat's view holds that the other seats may not see (py/*/view.py): hands, a pending
# simultaneous choice, and which hand card is a bridge.
PRIVATE = ("hand", "hands", "draft_hand", "my_choice")


def private_parts(value, path="view"):
    if isinstance(value, dict):
        for k, v in value.items():
            if k in PRIVATE and v is not None:
                yield f"{path}.{k}"
            elif k == "bridge" and v not in (None, True):
                yield f"{path}.bridge"
            else:
                yield from private_parts(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from private_parts(v, f"{path}[{i}]")


@pytest.mark.parametrize("game, name", [("waterworks", n) for n in WW] + [("aqueducks", n) for n in AQ])
def test_no_picture_carries_a_hand_or_another_private_part(svc, game, name):
    """An online host relays pictures to its guests, who may see no seat's private view."""
    p = pic(svc, game, name)
    assert list(private_parts(p)) == []
    assert p["view"].get("viewer", p["view"].get("you")) is None      # the spectators' view


# ----- Water Works: each picture shows its rule ----------------------------------------------
def cards(view, **where):
    return [c for c in view["cards"] if all(c.get(k) == v for k, v in where.items())]


def in_frame(frame, x, y):
    return frame["x"][0] <= x <= frame["x"][1] and frame["y"][0] <= y <= frame["y"][1]


def test_the_leak_after_the_last_card_is_a_leak_on_an_empty_end(svc):
    p = pic(svc, "waterworks", "leak-after")
    (line,) = [q for q in p["view"]["pipelines"] if q["leak"]]
    (leak,) = cards(p["view"], x=line["leak"][0], y=line["leak"][1])
    assert leak["leaky"] and leak["covered"] == [] and leak["owner"] == line["player"]
    assert in_frame(p["frame"], *line["leak"]) and in_frame(p["frame"], *line["valve"])


def test_the_leak_on_top_lies_on_an_iron_pipe_of_the_same_shape(svc):
    p = pic(svc, "waterworks", "leak-on-top")
    (line,) = [q for q in p["view"]["pipelines"] if q["leak"]]
    (leak,) = cards(p["view"], x=line["leak"][0], y=line["leak"][1])
    (under,) = leak["covered"]
    assert leak["leaky"] and under["material"] == "iron" and under["shape"] == leak["shape"]
    assert in_frame(p["frame"], *line["leak"])


def test_copper_never_leaks_so_the_leak_is_after_the_copper_pipe(svc):
    p = pic(svc, "waterworks", "copper")
    (line,) = [q for q in p["view"]["pipelines"] if q["leak"]]
    (leak,) = cards(p["view"], x=line["leak"][0], y=line["leak"][1])
    (parent,) = cards(p["view"], x=leak["parent"][0], y=leak["parent"][1])
    assert leak["covered"] == [] and parent["material"] == "copper"
    assert in_frame(p["frame"], *leak["parent"]) and in_frame(p["frame"], *line["leak"])


def test_the_cover_repair_and_the_plumber_repair_leave_no_leak(svc):
    cover = pic(svc, "waterworks", "cover")
    (good,) = [c for c in cover["view"]["cards"] if c["covered"] and c["repaired"]]
    assert good["material"] == "iron" and good["covered"][0]["material"] == "leaky"
    assert good["covered"][0]["shape"] == good["shape"] and in_frame(cover["frame"], good["x"], good["y"])
    plumber = pic(svc, "waterworks", "plumber")
    (fixed,) = [c for c in plumber["view"]["cards"] if c["plumber"]]
    assert fixed["repaired"] and not fixed["leaky"] and in_frame(plumber["frame"], fixed["x"], fixed["y"])
    assert not any(q["leak"] for q in cover["view"]["pipelines"] + plumber["view"]["pipelines"])


def test_the_tee_has_its_short_branch_capped(svc):
    p = pic(svc, "waterworks", "tee-cap")
    (tee,) = cards(p["view"], shape="tee")
    (cap,) = cards(p["view"], kind="cap")
    assert cap["parent"] == [tee["x"], tee["y"]] and tee["owner"] == cap["owner"] == p["viewer"]
    me = p["view"]["pipelines"][p["viewer"]]
    assert me["open_ends"] == 1 and in_frame(p["frame"], cap["x"], cap["y"])


def test_the_spout_finishes_a_winning_line_that_the_frame_holds(svc):
    p = pic(svc, "waterworks", "spout")
    assert p["result"]["winners"] == [p["viewer"]] and p["result"]["reason"] == "spout"
    (spout,) = cards(p["view"], kind="spout")
    assert [spout["x"], spout["y"]] == p["result"]["line"][-1]
    assert all(in_frame(p["frame"], x, y) for x, y in p["result"]["line"])


# ----- Aqueducks ------------------------------------------------------------------------------
def districts(p):
    return p["view"]["cities"][p["viewer"]]["districts"]


def test_a_district_hides_the_face_behind_it(svc):
    p = pic(svc, "aqueducks", "hidden-face")
    by_key = {d[s]["key"]: (d, s) for d in districts(p) for s in ("left", "right")}
    tower, _ = by_key["watchtower"]
    forge, _ = by_key["vesuvian_forge"]
    assert tower["left"]["active"] and not forge["left"]["active"]
    assert tower["y"] == forge["y"] and tower["x"] < forge["x"] and tower["storey"] == forge["storey"] == 1
    lo, hi = p["frame"]["rows"]
    assert lo <= tower["y"] <= hi


def test_the_dousing_picture_has_a_doused_active_face_next_to_water(svc):
    p = pic(svc, "aqueducks", "dousing")
    doused = [(d, s) for d in districts(p) for s in ("left", "right") if d[s]["doused"]]
    assert doused and all(d[s]["active"] for d, s in doused)
    lo, hi = p["frame"]["rows"]
    assert all(lo <= d["y"] <= hi for d, _ in doused)


def test_the_upper_storey_stands_on_a_bridge_over_two_districts(svc):
    p = pic(svc, "aqueducks", "bridge")
    (upper,) = [d for d in districts(p) if d["storey"] == 2]
    assert upper["bridge"] is True               # a bridge, not which card (a picture is public)
    below = {(d["x"], d["y"]) for d in districts(p) if d["storey"] == 1}
    assert {(upper["x"], upper["y"]), (upper["x"] + 1, upper["y"])} <= below
    assert p["frame"]["rows"][0] <= upper["y"] <= p["frame"]["rows"][1]


def test_the_strong_arm_picture_has_a_rival_cube_the_viewer_may_push(svc):
    p = pic(svc, "aqueducks", "strong-arm")
    v = p["view"]
    (rival,) = v["pondifex"]["rows"][0]["cubes"]
    assert rival != p["viewer"] and v["publican"]["current"] == p["viewer"]
    assert {"type": "donate", "space": "0-0"} in v["legal_moves"]
    assert all(m["type"] == "donate" for m in v["legal_moves"])      # only what the board lights
    mil = [c["resources"]["military"] for c in v["cities"]]
    assert mil[p["viewer"]] > mil[rival]


# ----- refusals -------------------------------------------------------------------------------
@pytest.mark.parametrize("params, words", [
    ({"game": "waterworks", "name": "nope"}, "no rule picture 'nope'"),
    ({"game": "waterworks"}, "name a picture"),
    ({"game": "chess", "name": "leak-after"}, "no game called"),
    ({"game": "waterworks", "name": "hidden-face"}, "no rule picture"),   # another game's
])
def test_a_bad_request_is_refused_with_the_reason(svc, params, words):
    res = call(svc, "illustration", **params)
    assert not res["ok"] and res["error"]["code"] == "bad_request" and words in res["error"]["message"]


def test_the_answer_is_a_copy_the_page_cannot_change(svc):
    first = pic(svc, "waterworks", "leak-after")
    direct = pictures.illustration({"game": "waterworks", "name": "leak-after"})
    direct["view"]["cards"].clear()
    assert pic(svc, "waterworks", "leak-after") == first


def damaged(mutate):
    data = copy.deepcopy(pictures.load("waterworks"))
    mutate(data)
    return data


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d.update(format="x"), "not a version-1 picture file"),
    (lambda d: d.update(game="aqueducks"), "for another game"),
    (lambda d: d["moves"].append({"player": "0"}), "names a player and a move"),
    (lambda d: d["pictures"]["spout"].update(after=99), "after 0 to 21 moves"),
    (lambda d: d["pictures"]["cover"].pop("alt"), "needs its alt"),
    (lambda d: d["pictures"]["cover"].update(frame=None), "viewer seat and a frame"),
])
def test_a_damaged_file_is_refused_with_the_reason(mutate, words):
    with pytest.raises(BadSave, match=words):
        pictures.check(damaged(mutate), "waterworks")


def test_a_line_with_an_illegal_move_fails_to_draw_with_the_engines_reason():
    def cheat(d):
        d["moves"][0]["move"]["x"] = 3          # not next to the valve
    with pytest.raises(BadSave, match="move 1 of its line is refused"):
        pictures._draw("waterworks", "spout", damaged(cheat))
