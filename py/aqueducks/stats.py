"""End-of-game story of an Aqueducks game, computed from its record (docs/api.md, `stats`).

Only public information: Favour, duckats and their sources, and donations are all announced
as they happen; the cities with their face-down bridges are given only once the game is over."""
from __future__ import annotations

from gamecore.undo import count_into


def _cities(g) -> list:
    """Every city as its owner sees it: the public view with each bridge's card shown."""
    cities = g.view(None)["cities"]
    for p, city in enumerate(cities):
        for d in city["districts"]:
            if d["bridge"] is not None:
                d["bridge"] = g.players[p]["city"][d["slot"]]["bridge"]
    return cities


def stats(game) -> dict:
    """The story of ``game`` (an Aqueducks, read through the gamecore protocol: its log
    replayed from its beginning)."""
    g = game.beginning()
    players = [{"player": p, "faction": pl["faction"], "favour": 0, "favour_by_era": [],
                "duckats": pl["duckats"],
                "duckats_by_source": {"start": pl["duckats"], "builds": 0, "end_of_era": 0,
                                      "faction": 0, "refunds": 0, "donated": 0},
                "takebacks": 0} for p, pl in enumerate(g.players)]
    visits = []
    cubes = {}      # player -> their donation entry in the current visit
    in_visit = [False]   # a "pass" is a Publican pass only during a visit (else a Build pass)

    def observe(events: list, era: int) -> None:
        for e in events:
            t = e["type"]
            if t in ("chosen", "build", "end_of_era", "era", "protect"):
                in_visit[0] = False
            src = players[e["player"]]["duckats_by_source"] if "player" in e else None
            if t == "build":
                src["builds"] += e["duckats"]
            elif t == "end_of_era":
                for gain in e["gains"]:
                    src["faction" if gain["card"] is None else "end_of_era"] += gain["duckats"]
            elif t == "publican":
                visits.append({"era": era, "visit": sum(1 for v in visits if v["era"] == era) + 1,
                               "donations": [], "passed": []})
                cubes.clear()
                in_visit[0] = True
            elif t == "donate":
                src["donated"] += e["cost"]
                d = {"player": e["player"], "cost": e["cost"], "row": e["row"], "space": None,
                     "favour": 0, "luxury": 0, "pushed_off": False}
                cubes[e["player"]] = d
                visits[-1]["donations"].append(d)
            elif t == "pushed_off":
                src["refunds"] += e["refund"]
                cubes[e["player"]]["pushed_off"] = True
            elif t == "favour":
                d = cubes[e["player"]]
                d.update(space=e["space"], favour=e["favour"], luxury=e["luxury"])
            elif t == "pass" and in_visit[0]:
                visits[-1]["passed"].append(e["player"])
            elif t == "era":
                for p, pl in enumerate(g.players):
                    players[p]["favour_by_era"].append(pl["favour"])

    observe(g.pending_events, g.era)
    for entry in game.log:
        era = g.era
        observe(g.apply(entry["player"], entry["move"]), era)
    for p, pl in enumerate(g.players):
        players[p]["favour"] = pl["favour"]
        players[p]["duckats"] = pl["duckats"]
        if g.over:
            players[p]["favour_by_era"].append(pl["favour"])
    count_into(game, players)
    cities = _cities(g) if g.over else None
    return {"game": game.NAME, "over": g.over, "era": g.era, "players": players,
            "visits": visits, "cities": cities}
