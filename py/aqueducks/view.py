"""What one seat may see of an Aqueducks game: every city, the boards, its own hands."""
from __future__ import annotations

from gamecore import BadRequest
from gamecore.errors import shown
from gamecore.jsonvalues import is_int

from . import abilities as A
from . import city as C
from . import eras as E
from . import places as W
from . import publican as P
from .cards import CARD_OF, CAT
from .eras import SIMULTANEOUS


def build_view(game, player) -> dict:
    """JSON view for ``player`` (``None``: public only). Other hands, deck order, hidden
    bridges and pending simultaneous choices are never included."""
    if player is not None and not (is_int(player) and 0 <= player < game.n):
        raise BadRequest(f"There is no player {shown(player)} in this game.")
    cities = []
    for p, pl in enumerate(game.players):
        cty, act = pl["city"], pl["act"]
        doused = A.doused_faces(cty, act, CARD_OF, game._faction_ability(p)["kind"] == "ground_doused")
        dists = []
        box = W.box_of(cty)
        for i, d in enumerate(cty):
            if d is None:
                continue
            x, y, s = C.SLOTS[i]
            faces = {}
            for sd, name in ((0, "left"), (1, "right")):
                cid = d[name]
                f = {"card": cid, "key": CARD_OF[cid].key, "active": bool(act[i][sd]),
                     "doused": (i, sd) in doused}
                if act[i][sd]:
                    f["adjacent"] = [C.face_card(cty, j, sj) for j, sj in C.neighbours(cty, i, sd)]
                faces[name] = f
            br = d["bridge"]
            dists.append({"id": d["id"], "slot": i, "x": x, "y": y, "storey": s, "place": W.place_words(box, x, y, s),
                          "row": W.row_words(box, y), "across": W.across_words(box, x, s),
                          "left": faces["left"], "right": faces["right"],
                          "bridge": (br if player == p else True) if br is not None else None,
                          "protected": d["protected"]})
        spaces = [{"x": x, "y": y, "storey": s, "place": W.place_words(box, x, y, s)}
                  for x, y, s in (C.SLOTS[i] for i in C.open_slots(cty))]
        # the rows a screen draws, named: the city's and those it may still grow into
        rows = W.row_names(cty, [d["y"] for d in dists] + [sp["y"] for sp in spaces])
        pics = C.pictures(cty)
        pictures = {side: [[None if j is None else {"district": cty[j]["id"], "card": cty[j][side]}
                            for j in row] for row in grid] for side, grid in pics.items()}
        fac = CAT.faction_by_key[pl["faction"]]
        cv = {"player": p, "faction": pl["faction"], "faction_name": fac["name"],
              "faction_ability": fac["ability_text"], "colour": fac["colour"],
              "duckats": pl["duckats"], "favour": pl["favour"], "resources": dict(pl["res"]),
              "protection_left": pl["protect_left"], "hand_count": len(pl["hand"]),
              "draw_count": len(pl["draw"]), "discard_count": len(pl["discard"]),
              "districts": dists, "spaces": spaces, "rows": rows, "pictures": pictures,
              "owes": pl["owes"], "has_chosen": pl["choice"] is not None and game.action in SIMULTANEOUS}
        cities.append(cv)
    v = {"game": game.NAME, "options": dict(game.options), "players": game.n, "solo": game.solo,
         "you": player, "era": game.era, "action_index": game.step, "action": game.action,
         "track": list(game.track), "final_era_last_action": E.last_action_of_final_era(CAT, game.solo),
         "to_act": game.to_act(), "cities": cities, "over": game.over, "result": game.final,
         "decks": {t: len(d) for t, d in game.decks.items()},
         # the board a city may grow over; pictures[side][y - board.y[0]][storey - 1]
         "board": {"x": [C.XMIN, C.XMAX], "y": [C.YMIN, C.YMAX], "width": C.WIDTH, "length": C.LENGTH,
                   "storeys": [W.storey_words(s) for s in range(1, C.STOREYS + 1)]}}
    if not game.solo:
        rows = []
        for ri, row in enumerate(CAT.pondifex["rows"]):
            rows.append({"index": ri, "cost": row["cost"], "favour": list(row["favour"]),
                         "cubes": list(game.pub["rows"][ri]) if game.pub else []})
        v["pondifex"] = {"rows": rows, "luxury_bonus": CAT.pondifex.get("luxury_bonus", 1)}
        v["publican"] = ({"order": list(game.pub["order"]), "turn": game.pub["turn"],
                          "current": game.pub["order"][game.pub["turn"]] if game.pub["turn"] < game.n else None,
                          "done": list(game.pub["done"])} if game.pub else None)
        # During a visit the order was fixed when it began; donations change duckats (a tie-break)
        # and must not reorder it.
        v["faith_order"] = list(game.pub["order"]) if game.pub else P.faith_order(game.players)
    if game.draft is not None:
        v["draft"] = {"picked": game.draft["picked"], "hand_counts": [len(h) for h in game.draft["hands"]],
                      "keep": game.draft["keep"]}
    if player is not None:
        pl = game.players[player]
        v["hand"] = [{"card": c, "key": CARD_OF[c].key} for c in pl["hand"]]
        v["draft_hand"] = ([{"card": c, "key": CARD_OF[c].key} for c in game.draft["hands"][player]]
                           if game.draft is not None else None)
        v["my_choice"] = pl["choice"] if game.action in SIMULTANEOUS else None
        v["legal_moves"] = game.legal_moves(player) if game.action != "build" else None
        if not game.solo:
            v["protect_needed"] = E.protect_count(CAT, game.era)
    return v
