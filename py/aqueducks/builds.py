"""The Build action: every player builds one district at once (or passes), choices hidden
until all are in; then the districts go into the cities and their buildings pay out.

Build moves as data: one legal build is a (space, left card, right card) pair plus, above
storey 1, a bridge card from the rest of the hand. ``BuildAction._build_pairs`` decides which
pairs are legal; ``build_move``, ``bridges`` and ``BuildSpace`` turn them into moves, all at
once or one at a time."""
from __future__ import annotations

from bisect import bisect_right

from gamecore import BadRequest, IllegalMove
from gamecore.jsonvalues import is_int
from gamecore.words import count

from . import abilities as A
from . import city as C
from . import places as W
from .cards import CARD_OF, card_name, faction_name
from .catalog import RESOURCES


def build_move(slot: int, left: int, right: int, bridge: int | None) -> dict:
    x, y, s = C.SLOTS[slot]
    return {"type": "build", "cards": [left, right], "x": x, "y": y, "storey": s, "bridge": bridge}


def bridges(hand: list, slot: int, left: int, right: int) -> list:
    """The bridge choices of a build: none on storey 1, else every other card in hand."""
    if C.SLOTS[slot][2] == 1:
        return [None]
    return [b for b in hand if b != left and b != right]


class BuildSpace:
    """A player's legal builds as a sequence, in ``legal_moves`` order, each made when read."""

    def __init__(self, hand: list, pairs: list):
        self.hand = hand
        self.pairs = pairs
        self.starts = []
        total = 0
        upper = max(len(hand) - 2, 0)    # bridge choices of a storey-2 or -3 pair
        starts, slots = self.starts, C.SLOTS
        for slot, _l, _r in pairs:
            starts.append(total)
            total += 1 if slots[slot][2] == 1 else upper
        self.total = total

    def __len__(self) -> int:
        return self.total

    def __getitem__(self, i: int) -> dict:
        if not 0 <= i < self.total:
            raise IndexError(i)
        k = bisect_right(self.starts, i) - 1
        slot, left, right = self.pairs[k]
        return build_move(slot, left, right, bridges(self.hand, slot, left, right)[i - self.starts[k]])


class BuildAction:
    """The Build action of :class:`aqueducks.game.Aqueducks`."""

    def _legal_build(self, player: int) -> list[dict]:
        moves = self._build_moves(player)
        if self.options["build_pass"] == "always" or not moves:
            moves.append({"type": "pass"})
        return moves

    def _play_build(self, player: int, move: dict, events: list) -> None:
        if move["type"] == "pass":
            if self.options["build_pass"] != "always" and self._any_build(player):
                raise IllegalMove("You must build a district when you can.")
        else:
            self._check_build_shape(move)
            err = self._build_error(player, move)
            if err:
                raise IllegalMove(err)
        self._choose(player, self._canon(move), events)

    @staticmethod
    def _check_build_shape(move: dict) -> None:
        cards = move.get("cards")
        if (not isinstance(cards, list) or len(cards) != 2 or not all(is_int(c) for c in cards)
                or not all(is_int(move.get(k)) for k in ("x", "y", "storey"))
                or not (move.get("bridge") is None or is_int(move.get("bridge")))):
            raise BadRequest('A build move is {"type":"build","cards":[leftId,rightId],"x":int,"y":int,'
                             '"storey":1-3,"bridge":id or null}.')

    @staticmethod
    def _canon(move: dict) -> dict:
        if move["type"] == "pass":
            return {"type": "pass"}
        return {"type": "build", "cards": list(move["cards"]), "x": move["x"], "y": move["y"],
                "storey": move["storey"], "bridge": move.get("bridge")}

    def _start_build(self, events: list) -> None:
        for p, pl in enumerate(self.players):
            pl["choice"] = None
            if self.options["build_pass"] == "always" or self._any_build(p):
                pl["owes"] = True
            else:
                pl["owes"] = False
                pl["choice"] = {"type": "pass"}
                events.append({"type": "no_build", "player": p,
                               "text": f"{faction_name(pl['faction'])} has no legal district to build and passes."})

    def _finish_build(self, events: list) -> None:
        for p, pl in enumerate(self.players):
            mv = pl["choice"]
            pl["choice"] = None
            if mv is None or mv["type"] == "pass":
                if mv is not None and self.options["build_pass"] == "always":
                    events.append({"type": "pass", "player": p, "text": f"{faction_name(pl['faction'])} builds nothing."})
                continue
            x, y, s = mv["x"], mv["y"], mv["storey"]
            slot = C.SLOT_AT[(x, y, s)]
            L, R = mv["cards"]
            br = mv.get("bridge")
            info = self._place(pl, p, slot, L, R, br)
            where = W.city_place(pl["city"], x, y, s)   # named in the city it is now part of
            gains = A.resolve_played(pl["city"], pl["act"], CARD_OF, pl["res"], info["new"])
            total = sum(g["duckats"] for g in gains)
            pl["duckats"] += total
            names = [card_name(L), card_name(R)]
            txt = (f"{faction_name(pl['faction'])} built the {names[0]} and the {names[1]} at {where}"
                   + (" over a bridge" if br is not None else "") +
                   (f", gaining {count(total, 'duckat')}" if total else "") + ".")
            events.append({"type": "build", "player": p, "district": info["district"], "x": x, "y": y,
                           "storey": s, "place": where, "cards": [L, R], "keys": [CARD_OF[L].key, CARD_OF[R].key],
                           "bridge": br is not None, "active": list(info["active"]),
                           "obstructed": [{"card": c, "key": CARD_OF[c].key} for c in info["obstructed"]],
                           "gains": gains, "duckats": total, "text": txt})
        for p, pl in enumerate(self.players):
            drawn = self._refill(pl)
            if drawn:
                events.append({"type": "draw", "player": p, "count": drawn,
                               "text": f"{faction_name(pl['faction'])} draws {drawn}."})

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
        if slot is None or not C.within_extent(C.ground_box(cty), slot):
            if not 1 <= s <= C.STOREYS:
                return f"There is no storey {s}: a city has three storeys (a ground floor, a second and a third)."
            return (f"A district there would make the city wider than {C.WIDTH} or longer than "
                    f"{C.LENGTH} districts.")
        where = W.city_place(cty, x, y, s)
        if cty[slot] is not None:
            return f"There is already a district at {where}."
        if s == 1:
            if br is not None:
                return "A district on the ground floor needs no bridge."
        else:
            if br is None:
                return f"A district on the {W.storey_words(s)} needs a third building from your hand as the bridge."
            if br in (L, R):
                return "The bridge must be a third building, not one of the district's two."
            if br not in hand:
                return f"Card {br} (the bridge) is not in your hand."
            if not C.supports_ok(cty, slot):
                return (f"A district at {where} needs two districts side by side under it on the "
                        f"{W.storey_words(s - 1)}.")
        la, ra = C.new_faces_active(cty, slot)
        res = pl["res"]
        for c, active in ((L, la), (R, ra)):
            if not active:
                continue
            card = CARD_OF[c]
            if s not in self._storeys(p, card):
                return (f"The {card.name} can only be placed on {W.storeys_words(self._storeys(p, card))} "
                        "when it would be active.")
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
        return C.open_slots(self.players[p]["city"])

    def _build_traits(self, p: int):
        """What does not depend on the space, once per decision: the hand, (storeys where a card
        may be active, its resource needs met, needs dousing, relaxes dousing) per card, the
        city's active faces that relax dousing, and whether the faction douses its ground."""
        pl = self.players[p]
        hand, res = pl["hand"], pl["res"]
        existing_relax = [(j, sd) for j, sd in C.active_faces(pl["city"], pl["act"])
                          if A.relaxes_dousing(CARD_OF[C.face_card(pl["city"], j, sd)])]
        traits = {}
        for c in hand:
            card = CARD_OF[c]
            traits[c] = (self._storeys(p, card), all(res[r] >= n for r, n in card.requires.items()),
                         card.douse, A.relaxes_dousing(card))
        return hand, traits, existing_relax, self._faction_ability(p)["kind"] == "ground_doused"

    def _space_fit(self, p: int, slot: int, traits: tuple):
        """For one open space: per side, card -> (may go there, needs dousing it lacks, relaxes
        dousing), and whether the city already relaxes dousing there; None when the space takes
        no build (an upper storey needs a bridge, so three cards)."""
        hand, per_card, existing_relax, ground = traits
        cty = self.players[p]["city"]
        _x, y, s = C.SLOTS[slot]
        if s > 1 and len(hand) < 3:
            return None
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
        ok = [{}, {}]
        for c in hand:
            storeys, needs_met, douse, relaxes = per_card[c]
            for side, active in ((0, la), (1, ra)):
                if not active:
                    ok[side][c] = (True, False, False)
                else:
                    ok[side][c] = (s in storeys and needs_met, douse and not doused[side], relaxes)
        return ok, relax_city

    @staticmethod
    def _pair_fits(fit, L: int, R: int) -> bool:
        ok, relax_city = fit
        gl, nl, rl = ok[0][L]
        gr, nr, rr = ok[1][R]
        return gl and gr and L != R and not ((nl or nr) and not (relax_city or rl or rr))

    def _build_pairs(self, p: int):
        """The legal (space, left card, right card) of ``p``'s builds, in a fixed order; a
        storey-2 or -3 build takes any other card of the hand as its bridge."""
        hand = self.players[p]["hand"]
        if len(hand) < 2:
            return
        traits = self._build_traits(p)
        fits = self._pair_fits
        for slot in self._open_slots(p):
            fit = self._space_fit(p, slot, traits)
            if fit is None:
                continue
            for L in hand:
                if not fit[0][0][L][0]:
                    continue
                for R in hand:
                    if fits(fit, L, R):
                        yield slot, L, R

    def random_build(self, p: int, rng, tries: int = 32) -> dict | None:
        """A legal build of ``p`` drawn uniformly from ``build_space(p)`` (each (space, cards,
        bridge) equally likely) without listing them all: a space, two cards and a bridge are
        drawn with those odds and kept when legal; None after ``tries`` draws that were not
        (the caller then lists them). A playout needs a few random builds of hundreds."""
        hand = self.players[p]["hand"]
        h = len(hand)
        if h < 2:
            return None
        slots = [(slot, 1 if C.SLOTS[slot][2] == 1 else h - 2) for slot in self._open_slots(p)]
        total = sum(w for _s, w in slots)
        if total == 0:
            return None
        traits = self._build_traits(p)
        fit_of = {}
        for _ in range(tries):
            k = rng.below(total * h * (h - 1))
            k, i = divmod(k, h * (h - 1))
            L, R = hand[i // (h - 1)], hand[i % (h - 1)]
            if R == L:               # R drawn from the other h - 1 cards
                R = hand[h - 1]
            for slot, w in slots:
                if k < w:
                    break
                k -= w
            fit = fit_of.get(slot, fit_of)
            if fit is fit_of:
                fit = fit_of[slot] = self._space_fit(p, slot, traits)
            if fit is None or not self._pair_fits(fit, L, R):
                continue
            bridge = None
            if C.SLOTS[slot][2] > 1:
                bridge = [b for b in hand if b != L and b != R][k]
            return build_move(slot, L, R, bridge)
        return None

    def _build_moves(self, p: int) -> list[dict]:
        hand = self.players[p]["hand"]
        out = []
        for slot, L, R in self._build_pairs(p):
            for b in bridges(hand, slot, L, R):
                out.append(build_move(slot, L, R, b))
        return out

    def build_space(self, p: int) -> BuildSpace:
        """``p``'s legal builds as an indexable sequence in ``legal_moves`` order, made only
        when read: a playout that tries a few builds need not make the hundreds of others."""
        return BuildSpace(self.players[p]["hand"], list(self._build_pairs(p)))

    def _any_build(self, p: int) -> bool:
        return next(self._build_pairs(p), None) is not None

