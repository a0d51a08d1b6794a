"""The Aqueducks rules engine on the shared gamecore protocol."""
from __future__ import annotations

import marshal
from itertools import combinations

from gamecore import BadRequest, BadSave, Game, IllegalMove

from . import abilities as A
from .builds import BuildSpace, bridges as _bridges, build_move as _build_move
from . import city as C
from . import draft as D
from . import eras as E
from . import publican as P
from .catalog import RESOURCES, load
from .integrity import validate
from .view import build_view

CAT = load()
CARD_OF = CAT.card_of
NCARDS = len(CARD_OF)
FACTIONS = CAT.faction_keys
SIMULTANEOUS = E.SIMULTANEOUS


def _cname(cid: int) -> str:
    return CARD_OF[cid].name


def _fname(key: str) -> str:
    return CAT.faction_by_key[key]["name"]


def _is_int(v) -> bool:
    return type(v) is int


class Aqueducks(Game):
    NAME = "aqueducks"
    STATE_VERSION = 1
    OPTIONS = {
        "players": {"default": 2, "choices": [1, 2, 3, 4, 5, 6],
                    "doc": "Number of players; 1 is the solo mode."},
        "factions": {"default": "random", "choices": ["random", "in_order"] + FACTIONS,
                     "doc": "random: deal factions at random. in_order: seat i plays the i-th faction "
                            "(Florentia, Caesena, Venetia, Ravenna, Pisae, Neapolis). A faction name: "
                            "seat 0 (the solo player) plays it, the others are dealt at random."},
        "starting_duckats": {"default": 5, "choices": [0, 5, 10],
                             "doc": "Duckats each player starts with (the rulebook gives no number)."},
        "pushed_off": {"default": "refund", "choices": ["refund", "lost"],
                       "doc": "A donation cube pushed off the end of a full row: its duckats are "
                              "refunded (refund) or kept by the Pondifex (lost); it gains no Favour."},
        "draft_picks": {"default": "secret", "choices": ["secret", "revealed"],
                        "doc": "secret: the pick events say only that everyone picked (drafted cards go "
                               "to a face-down discard pile). revealed: the events name every pick."},
        "build_pass": {"default": "when_stuck", "choices": ["when_stuck", "always"],
                       "doc": "when_stuck: you must build when you can (you pass only with no legal "
                              "build). always: passing a Build action is always allowed."},
    }

    @staticmethod
    def card_table() -> dict:
        """Static card data for a renderer: distinct cards by key, factions, the Pondifex board,
        the tracks, and ``instances`` (physical card id -> card key)."""
        return CAT.to_json()

    # ------------------------------------------------------------------ setup
    def setup(self) -> None:
        n = self.options["players"]
        self.n = n
        self.solo = n == 1
        fo = self.options["factions"]
        if fo == "in_order":
            facs = FACTIONS[:n]
        else:
            pool = list(FACTIONS)
            facs = []
            if fo != "random":
                facs.append(fo)
                pool.remove(fo)
            self.rng.shuffle(pool)
            facs += pool[: n - len(facs)]
        self.players = []
        in_play = set()
        for p in range(n):
            f = facs[p]
            draw = list(CAT.starter_ids[f])
            self.rng.shuffle(draw)
            cty = [None] * C.NSLOTS
            pair = CAT.pair_ids[f]
            cty[C.SLOT_AT[(1, 2, 1)]] = {"id": 0, "left": pair[0], "right": pair[1], "bridge": None,
                                         "protected": True}
            pl = {"faction": f, "hand": [], "draw": draw, "discard": [], "city": cty,
                  "act": C.compute_activity(cty), "res": None,
                  "duckats": self.options["starting_duckats"], "favour": 0,
                  "protect_left": CAT.protection_cards - 1, "choice": None, "owes": False,
                  "next_district": 1}
            pl["res"] = A.compute_resources(cty, pl["act"], CARD_OF)
            self.players.append(pl)
            in_play.update(CAT.starter_ids[f])
            in_play.update(pair)
            self._refill(pl)
        decks = {}
        for t in (1, 2, 3):
            d = list(CAT.tier_ids[t])
            self.rng.shuffle(d)
            decks[str(t)] = d
        self.decks = decks
        self.box = sorted(i for f in FACTIONS if f not in facs
                          for i in CAT.starter_ids[f] + CAT.pair_ids[f])
        self.era = 1
        self.step = 0
        self.started = False
        self.draft = None
        self.pub = None
        self.over = False
        self.final = None
        self.pending_events = []
        self._advance(self.pending_events)

    # ------------------------------------------------------------------ helpers
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def track(self):
        return E.track(CAT, self.solo)

    @property
    def action(self) -> str:
        return self.track[self.step]

    def _faction_ability(self, p: int) -> dict:
        return CAT.faction_by_key[self.players[p]["faction"]]["ability"]

    def _hand_size(self, p: int) -> int:
        ab = self._faction_ability(p)
        return ab["value"] if ab["kind"] == "hand_size" else CAT.hand_size

    def _refill(self, pl: dict) -> int:
        ab = CAT.faction_by_key[pl["faction"]]["ability"]
        size = ab["value"] if ab["kind"] == "hand_size" else CAT.hand_size
        drawn = 0
        while len(pl["hand"]) < size and pl["draw"]:
            pl["hand"].append(pl["draw"].pop())
            drawn += 1
        return drawn

    def _storeys(self, p: int, card) -> tuple:
        if self._faction_ability(p)["kind"] == "storey_relax":
            lo = max(1, min(card.storeys) - 1)
            return tuple(range(lo, max(card.storeys) + 1))
        return card.storeys

    def to_act(self) -> list[int]:
        if self.over:
            return []
        return [p for p in range(self.n) if self.players[p]["owes"]]

    @property
    def is_over(self) -> bool:
        return self.over

    def result(self):
        return self.final

    # ------------------------------------------------------------------ flow
    def _advance(self, events: list) -> None:
        while not self.over:
            a = self.action
            if not self.started:
                self.started = True
                getattr(self, "_start_" + a)(events)
            if any(pl["owes"] for pl in self.players):
                return
            getattr(self, "_finish_" + a)(events)
            self.started = False
            self._next_step(events)

    def _next_step(self, events: list) -> None:
        if self.era == 4 and self.step >= E.last_action_of_final_era(CAT, self.solo):
            self._end_game(events)
            return
        self.step += 1
        if self.step >= len(self.track):
            self.step = 0
            self.era += 1
            events.append({"type": "era", "era": self.era, "text": f"Era {self.era} begins."})

    def _end_game(self, events: list) -> None:
        self.over = True
        scores = [{"player": p, "faction": pl["faction"], "favour": pl["favour"],
                   "duckats": pl["duckats"]} for p, pl in enumerate(self.players)]
        if self.solo:
            pl = self.players[0]
            self.final = {"winners": [0], "reason": "Solo game over: your score is your duckats.",
                          "score": pl["duckats"], "faction": pl["faction"], "scores": scores}
        else:
            best = max((pl["favour"], pl["duckats"]) for pl in self.players)
            winners = [p for p, pl in enumerate(self.players) if (pl["favour"], pl["duckats"]) == best]
            self.final = {"winners": winners,
                          "reason": "Most Favour wins; ties go to the most duckats.",
                          "scores": scores}
        events.append({"type": "game_over", "result": self.final,
                       "text": "The game is over. " + (
                           f"Score: {self.final['score']} duckats." if self.solo else
                           "Winner: " + ", ".join(_fname(self.players[p]["faction"]) for p in self.final["winners"]) + ".")})

    # --- build
    def _start_build(self, events: list) -> None:
        for p, pl in enumerate(self.players):
            pl["choice"] = None
            if self.options["build_pass"] == "always" or self._any_build(p):
                pl["owes"] = True
            else:
                pl["owes"] = False
                pl["choice"] = {"type": "pass"}
                events.append({"type": "no_build", "player": p,
                               "text": f"{_fname(pl['faction'])} has no legal district to build and passes."})

    def _finish_build(self, events: list) -> None:
        for p, pl in enumerate(self.players):
            mv = pl["choice"]
            pl["choice"] = None
            if mv is None or mv["type"] == "pass":
                if mv is not None and self.options["build_pass"] == "always":
                    events.append({"type": "pass", "player": p, "text": f"{_fname(pl['faction'])} builds nothing."})
                continue
            x, y, s = mv["x"], mv["y"], mv["storey"]
            slot = C.SLOT_AT[(x, y, s)]
            L, R = mv["cards"]
            br = mv.get("bridge")
            info = self._place(pl, p, slot, L, R, br)
            gains = A.resolve_played(pl["city"], pl["act"], CARD_OF, pl["res"], info["new"])
            total = sum(g["duckats"] for g in gains)
            pl["duckats"] += total
            names = [_cname(L), _cname(R)]
            txt = (f"{_fname(pl['faction'])} built the {names[0]} and the {names[1]} at row {y + 1}, "
                   f"column {x + 1}, storey {s}" + (" over a bridge" if br is not None else "") +
                   (f", gaining {total} duckats" if total else "") + ".")
            events.append({"type": "build", "player": p, "district": info["district"], "x": x, "y": y,
                           "storey": s, "cards": [L, R], "keys": [CARD_OF[L].key, CARD_OF[R].key],
                           "bridge": br is not None, "active": list(info["active"]),
                           "obstructed": [{"card": c, "key": CARD_OF[c].key} for c in info["obstructed"]],
                           "gains": gains, "duckats": total, "text": txt})
        for p, pl in enumerate(self.players):
            drawn = self._refill(pl)
            if drawn:
                events.append({"type": "draw", "player": p, "count": drawn,
                               "text": f"{_fname(pl['faction'])} draws {drawn}."})

    def _place(self, pl: dict, p: int, slot: int, L: int, R: int, br) -> dict:
        """Put a validated district into the city; incremental activity and resources."""
        cty, act = pl["city"], pl["act"]
        y = C.SLOTS[slot][1]
        rows = {y - 1, y, y + 1}
        obstructed = [C.face_card(cty, j, sd) for j, sd in C.obstructed_by(cty, slot)]
        before = A.rows_contribution(cty, act, CARD_OF, rows)
        for c in (L, R) + ((br,) if br is not None else ()):
            pl["hand"].remove(c)
        did = pl["next_district"]
        pl["next_district"] += 1
        cty[slot] = {"id": did, "left": L, "right": R, "bridge": br, "protected": False}
        C.update_row_activity(cty, act, y)
        after = A.rows_contribution(cty, act, CARD_OF, rows)
        res = pl["res"]
        for r in RESOURCES:
            res[r] += after[r] - before[r]
        new = [(slot, sd) for sd in (0, 1) if act[slot][sd]]
        return {"district": did, "active": (act[slot][0], act[slot][1]), "new": new,
                "obstructed": obstructed}

    # --- legality of a build
    def _slot_faces(self, p: int, slot: int):
        pl = self.players[p]
        cty = pl["city"]
        la, ra = C.new_faces_active(cty, slot)
        return la, ra

    def _build_error(self, p: int, mv: dict) -> str | None:
        """A sentence saying why the (well-formed) build is illegal, or None."""
        pl = self.players[p]
        cty = pl["city"]
        x, y, s = mv["x"], mv["y"], mv["storey"]
        L, R = mv["cards"]
        br = mv.get("bridge")
        hand = pl["hand"]
        if L == R:
            return "A district needs two different buildings."
        for c in (L, R):
            if c not in hand:
                return f"Card {c} is not in your hand."
        slot = C.SLOT_AT.get((x, y, s))
        if slot is None:
            return (f"There is no storey-{s} space at column {x + 1}, row {y + 1}: the city is 3 wide "
                    f"and 5 long, and a storey-{s} district needs a column from 1 to {C.WIDTH - s + 1}.")
        if cty[slot] is not None:
            return f"There is already a district at column {x + 1}, row {y + 1}, storey {s}."
        if s == 1:
            if br is not None:
                return "A storey-1 district needs no bridge."
        else:
            if br is None:
                return f"A storey-{s} district needs a third building from your hand as the bridge."
            if br in (L, R):
                return "The bridge must be a third building, not one of the district's two."
            if br not in hand:
                return f"Card {br} (the bridge) is not in your hand."
            if not C.supports_ok(cty, slot):
                return (f"A storey-{s} district at column {x + 1}, row {y + 1} needs supporting districts "
                        f"at columns {x + 1} and {x + 2} of storey {s - 1}.")
        la, ra = C.new_faces_active(cty, slot)
        res = pl["res"]
        for c, active in ((L, la), (R, ra)):
            if not active:
                continue
            card = CARD_OF[c]
            if s not in self._storeys(p, card):
                allowed = " or ".join(str(v) for v in self._storeys(p, card))
                return f"The {card.name} can only be placed on storey {allowed} when it would be active."
            for r, need in card.requires.items():
                if res[r] < need:
                    return f"The {card.name} needs {need} {r}; your city has {res[r]}."
        if (la and CARD_OF[L].douse) or (ra and CARD_OF[R].douse):
            for c, active, side in ((L, la, 0), (R, ra, 1)):
                if active and CARD_OF[c].douse and not self._would_be_doused(p, slot, side, L, R, la, ra):
                    return (f"The {CARD_OF[c].name} must be played next to a water building "
                            "(or in a city that douses everything or ignores dousing).")
        return None

    def _would_be_doused(self, p, slot, side, L, R, la, ra) -> bool:
        pl = self.players[p]
        cty, act = pl["city"], pl["act"]
        if self._faction_ability(p)["kind"] == "ground_doused" and C.SLOTS[slot][2] == 1:
            return True
        for c, a in ((L, la), (R, ra)):
            if a and A.relaxes_dousing(CARD_OF[c]):
                return True
        hidden = set(C.obstructed_by(cty, slot))
        for j, sd in C.active_faces(cty, act):
            if (j, sd) not in hidden and A.relaxes_dousing(CARD_OF[C.face_card(cty, j, sd)]):
                return True
        x, y, s = C.SLOTS[slot]
        for cell in C.CELL_NEIGHBOURS[(y, s)]:
            j = C.visible_slot(cty, cell, side)
            if j is not None and CARD_OF[C.face_card(cty, j, side)].water:
                return True
        return False

    def _open_slots(self, p: int) -> list[int]:
        cty = self.players[p]["city"]
        return [i for i in range(C.NSLOTS) if cty[i] is None and C.supports_ok(cty, i)]

    def _build_pairs(self, p: int):
        """The legal (space, left card, right card) of ``p``'s builds, in a fixed order; a
        storey-2 or -3 build takes any other card of the hand as its bridge."""
        pl = self.players[p]
        hand = pl["hand"]
        if len(hand) < 2:
            return
        res = pl["res"]
        cty, act = pl["city"], pl["act"]
        ground = self._faction_ability(p)["kind"] == "ground_doused"
        existing_relax = [(j, sd) for j, sd in C.active_faces(cty, act)
                          if A.relaxes_dousing(CARD_OF[C.face_card(cty, j, sd)])]
        # what does not depend on the space, once per card: (storeys where it may be active,
        # its resource needs met, needs dousing, relaxes dousing)
        traits = {}
        for c in hand:
            card = CARD_OF[c]
            traits[c] = (self._storeys(p, card), all(res[r] >= n for r, n in card.requires.items()),
                         card.douse, A.relaxes_dousing(card))
        for slot in self._open_slots(p):
            _x, y, s = C.SLOTS[slot]
            if s > 1 and len(hand) < 3:
                continue
            la, ra = C.new_faces_active(cty, slot)
            hidden = set(C.obstructed_by(cty, slot))
            relax_city = any(f not in hidden for f in existing_relax)
            doused = [ground and s == 1, ground and s == 1]
            for side in (0, 1):
                if not doused[side]:
                    for cell in C.CELL_NEIGHBOURS[(y, s)]:
                        j = C.visible_slot(cty, cell, side)
                        if j is not None and CARD_OF[C.face_card(cty, j, side)].water:
                            doused[side] = True
                            break
            ok = [{}, {}]  # side -> card -> (ok_without_douse_check, needs_douse, relaxes)
            for c in hand:
                storeys, needs_met, douse, relaxes = traits[c]
                for side, active in ((0, la), (1, ra)):
                    if not active:
                        ok[side][c] = (True, False, False)
                        continue
                    ok[side][c] = (s in storeys and needs_met, douse and not doused[side], relaxes)
            for L in hand:
                gl, nl, rl = ok[0][L]
                if not gl:
                    continue
                for R in hand:
                    if R == L:
                        continue
                    gr, nr, rr = ok[1][R]
                    if not gr:
                        continue
                    if (nl or nr) and not (relax_city or rl or rr):
                        continue
                    yield slot, L, R

    def _build_moves(self, p: int) -> list[dict]:
        hand = self.players[p]["hand"]
        out = []
        for slot, L, R in self._build_pairs(p):
            for b in _bridges(hand, slot, L, R):
                out.append(_build_move(slot, L, R, b))
        return out

    def build_space(self, p: int) -> BuildSpace:
        """``p``'s legal builds as an indexable sequence in ``legal_moves`` order, made only
        when read: a playout that tries a few builds need not make the hundreds of others."""
        return BuildSpace(self.players[p]["hand"], list(self._build_pairs(p)))

    def _any_build(self, p: int) -> bool:
        return next(self._build_pairs(p), None) is not None

    # --- publican
    def _start_publican(self, events: list) -> None:
        if self.solo:
            return
        order = P.faith_order(self.players)
        self.pub = {"order": order, "turn": 0, "rows": [[] for _ in CAT.pondifex["rows"]],
                    "paid": {}, "done": []}
        events.append({"type": "publican", "order": order,
                       "text": "The Publican visits, in Faith order: " +
                               ", ".join(_fname(self.players[q]["faction"]) for q in order) + "."})
        self._publican_next(events)

    def _donation_moves(self, p: int) -> list[dict]:
        pl = self.players[p]
        fab = self._faction_ability(p)
        mil = [q["res"]["military"] for q in self.players]
        out = []
        for ri, row in enumerate(CAT.pondifex["rows"]):
            cost = P.cost_for(row, fab)
            if cost > pl["duckats"]:
                continue
            cubes = self.pub["rows"][ri]
            idx = P.landing(cubes, mil, p, fab["kind"] == "strong_arm_ties")
            if idx >= len(row["favour"]):
                continue
            out.append({"type": "donate", "space": f"{ri}-{idx}"})
        return out

    def _publican_next(self, events: list) -> None:
        pub = self.pub
        for pl in self.players:
            pl["owes"] = False
        while pub["turn"] < len(pub["order"]):
            p = pub["order"][pub["turn"]]
            if self._donation_moves(p):
                self.players[p]["owes"] = True
                return
            pub["done"].append(p)
            events.append({"type": "pass", "player": p, "auto": True,
                           "text": f"{_fname(self.players[p]['faction'])} cannot afford a donation and passes."})
            pub["turn"] += 1

    def _finish_publican(self, events: list) -> None:
        if self.solo:
            return
        bonus = CAT.pondifex.get("luxury_bonus", 1)
        for ri, row in enumerate(CAT.pondifex["rows"]):
            for idx, p in enumerate(self.pub["rows"][ri]):
                pl = self.players[p]
                base = row["favour"][idx]
                lux = bonus * pl["res"]["luxury"]
                pl["favour"] += base + lux
                events.append({"type": "favour", "player": p, "row": ri, "space": f"{ri}-{idx}",
                               "favour": base, "luxury": lux,
                               "text": f"{_fname(pl['faction'])} gains {base} Favour" +
                                       (f" plus {lux} for Luxury" if lux else "") + "."})
        self.pub = None

    # --- end of era
    def _start_end_of_era(self, events: list) -> None:
        for p, pl in enumerate(self.players):
            gains = A.resolve_era_end(pl["city"], pl["act"], CARD_OF, pl["res"], self._faction_ability(p))
            total = sum(g["duckats"] for g in gains)
            pl["duckats"] += total
            events.append({"type": "end_of_era", "player": p, "gains": gains, "duckats": total,
                           "text": f"{_fname(pl['faction'])} gains {total} duckats at the End of Era."})

    def _finish_end_of_era(self, events: list) -> None:
        pass

    # --- protect
    def _protect_options(self, p: int) -> list[tuple]:
        pl = self.players[p]
        cty = pl["city"]
        need = min(E.protect_count(CAT, self.era), pl["protect_left"])
        cands = [i for i in range(C.NSLOTS) if cty[i] is not None and not cty[i]["protected"]]
        for k in range(min(need, len(cands)), 0, -1):
            found = [combo for combo in combinations(cands, k) if self._protect_error(p, combo) is None]
            if found:
                return found
        return [()]

    def _protect_error(self, p: int, slots) -> str | None:
        pl = self.players[p]
        cty = pl["city"]
        chosen = set(slots)
        for i in chosen:
            sup = C.SUPPORTS[i]
            if sup:
                for j in sup:
                    if not (cty[j]["protected"] or j in chosen):
                        return (f"District {cty[i]['id']} stands on district {cty[j]['id']}, "
                                "which must be protected too.")
        kept = [d if d is not None and (d["protected"] or i in chosen) else None for i, d in enumerate(cty)]
        act = C.compute_activity(kept)
        for i, d in enumerate(kept):
            if d is None:
                continue
            for sd in (0, 1):
                if act[i][sd]:
                    card = CARD_OF[d["left"] if sd == 0 else d["right"]]
                    if C.SLOTS[i][2] not in self._storeys(p, card):
                        return (f"Protecting these districts would leave the {card.name} active on storey "
                                f"{C.SLOTS[i][2]} next era, where it may not stand.")
        return None

    def _start_protect(self, events: list) -> None:
        for p, pl in enumerate(self.players):
            pl["choice"] = None
            opts = self._protect_options(p)
            if opts == [()]:
                pl["owes"] = False
                pl["choice"] = {"type": "protect", "districts": []}
            else:
                pl["owes"] = True

    def _finish_protect(self, events: list) -> None:
        for p, pl in enumerate(self.players):
            ids = pl["choice"]["districts"] if pl["choice"] else []
            pl["choice"] = None
            cty = pl["city"]
            for d in cty:
                if d is not None and d["id"] in ids:
                    d["protected"] = True
            pl["protect_left"] -= len(ids)
            events.append({"type": "protect", "player": p, "districts": list(ids),
                           "text": f"{_fname(pl['faction'])} protects " +
                                   (f"{len(ids)} district{'s' if len(ids) != 1 else ''}." if ids else "nothing new.")})

    # --- downfall
    def _start_downfall(self, events: list) -> None:
        for p, pl in enumerate(self.players):
            cty = pl["city"]
            removed = []
            for i, d in enumerate(cty):
                if d is not None and not d["protected"]:
                    cards = [d["left"], d["right"]] + ([d["bridge"]] if d["bridge"] is not None else [])
                    pl["discard"].extend(cards)
                    removed.append({"district": d["id"], "keys": [CARD_OF[d["left"]].key, CARD_OF[d["right"]].key]})
                    cty[i] = None
            pl["discard"].extend(pl["hand"])
            pl["discard"].extend(pl["draw"])
            pl["hand"] = []
            pl["draw"] = []
            pl["act"] = C.compute_activity(cty)
            pl["res"] = A.compute_resources(cty, pl["act"], CARD_OF)
            events.append({"type": "downfall", "player": p, "removed": removed,
                           "text": f"The Gauls topple {len(removed)} of {_fname(pl['faction'])}'s districts."})

    def _finish_downfall(self, events: list) -> None:
        pass

    # --- draft
    def _start_draft(self, events: list) -> None:
        hands = D.deal(CAT, self.decks, self.era, self.n, self.solo)
        self.draft = {"hands": hands, "picked": 0,
                      "keep": CAT.draft["solo_keep"] if self.solo else None}
        events.append({"type": "draft", "era": self.era, "text": "The Draft begins."})
        self._draft_round(events)

    def _draft_round(self, events: list) -> None:
        """Open the next pick, auto-taking forced last cards; owes nobody when done."""
        dr = self.draft
        while True:
            hands = dr["hands"]
            if self.solo:
                if dr["picked"] >= dr["keep"] or not hands[0]:
                    break
            elif not any(hands):
                break
            if not self.solo and all(len(h) == 1 for h in hands):
                for p, h in enumerate(hands):
                    self.players[p]["discard"].append(h.pop())
                events.append({"type": "pick", "auto": True, "text": "Everyone takes the last card passed to them."})
                continue
            for p, pl in enumerate(self.players):
                pl["choice"] = None
                pl["owes"] = bool(hands[p])
            return
        for pl in self.players:
            pl["owes"] = False

    def _resolve_picks(self, events: list) -> None:
        dr = self.draft
        picks = []
        for p, pl in enumerate(self.players):
            c = pl["choice"]["card"]
            picks.append(c)
            pl["choice"] = None
            dr["hands"][p].remove(c)
            pl["discard"].append(c)
        dr["picked"] += 1
        ev = {"type": "pick", "round": dr["picked"], "text": "Everyone picks a building."}
        if self.options["draft_picks"] == "revealed":
            ev["picks"] = [{"player": p, "card": c, "key": CARD_OF[c].key} for p, c in enumerate(picks)]
            ev["text"] = "Picks: " + ", ".join(f"{_fname(self.players[p]['faction'])} took the {_cname(c)}"
                                               for p, c in enumerate(picks)) + "."
        events.append(ev)
        if not self.solo:
            dr["hands"] = D.pass_clockwise(dr["hands"])
        self._draft_round(events)

    def _finish_draft(self, events: list) -> None:
        if self.solo and self.draft["hands"][0]:
            self.box.extend(self.draft["hands"][0])
            self.box.sort()
        self.draft = None
        for p, pl in enumerate(self.players):
            pl["draw"] = pl["discard"]
            pl["discard"] = []
            self.rng.shuffle(pl["draw"])
            drawn = self._refill(pl)
            events.append({"type": "draw", "player": p, "count": drawn,
                           "text": f"{_fname(pl['faction'])} shuffles and draws {drawn}."})

    # ------------------------------------------------------------------ moves
    def legal_moves(self, player: int) -> list[dict]:
        if self.over or not (_is_int(player) and 0 <= player < self.n) or not self.players[player]["owes"]:
            return []
        a = self.action
        pl = self.players[player]
        if a == "build":
            moves = self._build_moves(player)
            if self.options["build_pass"] == "always" or not moves:
                moves.append({"type": "pass"})
            return moves
        if a == "publican":
            return self._donation_moves(player) + [{"type": "pass"}]
        if a == "protect":
            return [{"type": "protect", "districts": sorted(pl["city"][i]["id"] for i in combo)}
                    for combo in self._protect_options(player)]
        if a == "draft":
            return [{"type": "pick", "card": c} for c in self.draft["hands"][player]]
        return []

    def _apply(self, player: int, move: dict) -> list[dict]:
        a = self.action
        t = move["type"]
        pl = self.players[player]
        expected = {"build": ("build", "pass"), "publican": ("donate", "pass"),
                    "protect": ("protect",), "draft": ("pick",)}.get(a, ())
        if t not in ("build", "pass", "donate", "protect", "pick"):
            raise BadRequest(f"Unknown move type {t!r}.")
        if t not in expected:
            raise IllegalMove(f"You cannot {t} now: the current action is {a.replace('_', ' ')}.")
        events: list = []
        if a == "build":
            if t == "pass":
                if self.options["build_pass"] != "always" and self._any_build(player):
                    raise IllegalMove("You must build a district when you can.")
            else:
                self._check_build_shape(move)
                err = self._build_error(player, move)
                if err:
                    raise IllegalMove(err)
            pl["choice"] = self._canon(move)
            pl["owes"] = False
            events.append({"type": "chosen", "player": player,
                           "text": f"{_fname(pl['faction'])} has chosen."})
            self._advance(events)
        elif a == "publican":
            if t == "donate":
                sp = move.get("space")
                if not isinstance(sp, str):
                    raise BadRequest('A donation names a "space" such as "2-0".')
                legal = {m["space"] for m in self._donation_moves(player)}
                if sp not in legal:
                    raise IllegalMove(self._donation_error(player, sp))
                ri, idx = (int(v) for v in sp.split("-"))
                row = CAT.pondifex["rows"][ri]
                cost = P.cost_for(row, self._faction_ability(player))
                pl["duckats"] -= cost
                self.pub["paid"][str(player)] = cost
                cubes = self.pub["rows"][ri]
                pushed = [q for q in cubes[idx:]]
                off = P.place(cubes, idx, player, len(row["favour"]))
                txt = f"{_fname(pl['faction'])} donates {cost} duckats (row {row['cost']}, space {idx + 1})"
                if pushed:
                    txt += ", strong-arming " + ", ".join(_fname(self.players[q]["faction"]) for q in pushed) + " to the right"
                events.append({"type": "donate", "player": player, "space": sp, "row": ri, "cost": cost,
                               "pushed": pushed, "text": txt + "."})
                if off is not None:
                    refund = self.pub["paid"].get(str(off), 0) if self.options["pushed_off"] == "refund" else 0
                    self.players[off]["duckats"] += refund
                    events.append({"type": "pushed_off", "player": off, "refund": refund,
                                   "text": f"{_fname(self.players[off]['faction'])}'s cube is pushed off the board" +
                                           (f" and {refund} duckats are refunded." if refund else " and gains nothing.")})
            else:
                events.append({"type": "pass", "player": player,
                               "text": f"{_fname(pl['faction'])} passes."})
            pl["owes"] = False
            self.pub["done"].append(player)
            self.pub["turn"] += 1
            self._publican_next(events)
            self._advance(events)
        elif a == "protect":
            ids = move.get("districts")
            if not isinstance(ids, list) or not all(_is_int(i) for i in ids) or len(set(ids)) != len(ids):
                raise BadRequest('A protect move lists distinct district ids: {"type":"protect","districts":[..]}.')
            slots = []
            for did in ids:
                found = [i for i, d in enumerate(pl["city"]) if d is not None and d["id"] == did]
                if not found:
                    raise IllegalMove(f"Your city has no district {did}.")
                if pl["city"][found[0]]["protected"]:
                    raise IllegalMove(f"District {did} is already protected.")
                slots.append(found[0])
            opts = self._protect_options(player)
            k = len(opts[0])
            if len(ids) != k:
                raise IllegalMove(f"You must protect exactly {k} new district{'s' if k != 1 else ''} this era"
                                  f" (you chose {len(ids)}).")
            err = self._protect_error(player, slots)
            if err:
                raise IllegalMove(err)
            pl["choice"] = {"type": "protect", "districts": sorted(ids)}
            pl["owes"] = False
            events.append({"type": "chosen", "player": player, "text": f"{_fname(pl['faction'])} has chosen."})
            self._advance(events)
        elif a == "draft":
            c = move.get("card")
            if not _is_int(c):
                raise BadRequest('A pick names a card id: {"type":"pick","card":12}.')
            if c not in self.draft["hands"][player]:
                raise IllegalMove("That building is not in the drafting hand in front of you.")
            pl["choice"] = {"type": "pick", "card": c}
            pl["owes"] = False
            events.append({"type": "chosen", "player": player, "text": f"{_fname(pl['faction'])} has chosen."})
            if not any(q["owes"] for q in self.players):
                self._resolve_picks(events)
            self._advance(events)
        return events

    def _donation_error(self, p: int, sp: str) -> str:
        try:
            ri, idx = (int(v) for v in sp.split("-"))
            row = CAT.pondifex["rows"][ri]
            if not 0 <= idx < len(row["favour"]) or ri < 0:
                raise ValueError
        except (ValueError, IndexError):
            return f"There is no donation space {sp!r} on the Pondifex board."
        cost = P.cost_for(row, self._faction_ability(p))
        if cost > self.players[p]["duckats"]:
            return f"That donation costs {cost} duckats; you have {self.players[p]['duckats']}."
        for m in self._donation_moves(p):
            if m["space"].startswith(f"{ri}-"):
                return (f"In the {row['cost']}-duckat row your cube lands on space {int(m['space'][2:]) + 1}: "
                        "you can only strong-arm donors with lower Military.")
        return f"The {row['cost']}-duckat row is full of donors you cannot strong-arm."

    @staticmethod
    def _check_build_shape(move: dict) -> None:
        cards = move.get("cards")
        if (not isinstance(cards, list) or len(cards) != 2 or not all(_is_int(c) for c in cards)
                or not all(_is_int(move.get(k)) for k in ("x", "y", "storey"))
                or not (move.get("bridge") is None or _is_int(move.get("bridge")))):
            raise BadRequest('A build move is {"type":"build","cards":[leftId,rightId],"x":0-2,"y":0-4,'
                             '"storey":1-3,"bridge":id or null}.')

    @staticmethod
    def _canon(move: dict) -> dict:
        if move["type"] == "pass":
            return {"type": "pass"}
        return {"type": "build", "cards": list(move["cards"]), "x": move["x"], "y": move["y"],
                "storey": move["storey"], "bridge": move.get("bridge")}

    # ------------------------------------------------------------------ views
    def view(self, player):
        return build_view(self, player)

    # ------------------------------------------------------------------ persistence
    def _state(self) -> dict:
        return {"options": self.options, "seed": self.seed, "rng": self.rng.state, "log": self.log,
                "era": self.era, "step": self.step, "started": self.started, "players": self.players,
                "decks": self.decks, "box": self.box, "draft": self.draft, "pub": self.pub,
                "over": self.over, "final": self.final}

    def to_dict(self) -> dict:
        return marshal.loads(marshal.dumps(self._state()))

    def clone(self) -> "Aqueducks":
        g = type(self).__new__(type(self))
        g._load_state(marshal.loads(marshal.dumps(self._state())))
        return g

    def _load_state(self, st: dict) -> None:
        from gamecore import Rng
        self.options = st["options"]
        self.seed = st["seed"]
        self.rng = Rng(0)
        self.rng.state = st["rng"]
        self.log = st["log"]
        self.n = self.options["players"]
        self.solo = self.n == 1
        self.era, self.step, self.started = st["era"], st["step"], st["started"]
        self.players, self.decks, self.box = st["players"], st["decks"], st["box"]
        self.draft, self.pub, self.over, self.final = st["draft"], st["pub"], st["over"], st["final"]
        self.pending_events = []

    @classmethod
    def from_dict(cls, data: dict) -> "Aqueducks":
        try:
            st = marshal.loads(marshal.dumps(data))
            if not isinstance(st, dict):
                raise BadSave("The saved state is not an object.")
            opts = cls.normalize_options(st["options"])
            if opts != st["options"]:
                raise BadSave("The saved options are incomplete.")
            g = cls.__new__(cls)
            g._load_state(st)
            g._validate()
            return g
        except BadSave:
            raise
        except Exception as exc:
            raise BadSave(f"The saved Aqueducks game is damaged ({type(exc).__name__}).") from None

    def _validate(self) -> None:
        validate(self)
