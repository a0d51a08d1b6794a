"""How an era closes: the End of Era payouts, then Protect (everyone at once chooses which
districts survive, hidden until all have) and the Downfall (the Gauls topple the rest)."""
from __future__ import annotations

from itertools import combinations

from gamecore import BadRequest, IllegalMove
from gamecore.jsonvalues import is_int
from gamecore.words import count

from . import abilities as A
from . import city as C
from . import places as W
from .cards import CARD_OF, CAT, faction_name
from .eras import protect_count


class EraEndActions:
    """The End of Era, Protect and Downfall actions of :class:`aqueducks.game.Aqueducks`."""

    def _legal_protect(self, player: int) -> list[dict]:
        city = self.players[player]["city"]
        return [{"type": "protect", "districts": sorted(city[i]["id"] for i in combo)}
                for combo in self._protect_options(player)]

    def _play_protect(self, player: int, move: dict, events: list) -> None:
        pl = self.players[player]
        ids = move.get("districts")
        if not isinstance(ids, list) or not all(is_int(i) for i in ids) or len(set(ids)) != len(ids):
            raise BadRequest('A protect move lists distinct district ids: {"type":"protect","districts":[..]}.')
        slots = []
        for did in ids:
            found = [i for i, d in enumerate(pl["city"]) if d is not None and d["id"] == did]
            if not found:
                raise IllegalMove(f"Your city has no district {did}.")
            if pl["city"][found[0]]["protected"]:
                x, y, st = C.SLOTS[found[0]]
                raise IllegalMove(f"The district at {W.city_place(pl['city'], x, y, st)} is already protected.")
            slots.append(found[0])
        opts = self._protect_options(player)
        k = len(opts[0])
        if len(ids) != k:
            raise IllegalMove(f"You must protect exactly {k} new district{'s' if k != 1 else ''} this era"
                              f" (you chose {len(ids)}).")
        err = self._protect_error(player, slots)
        if err:
            raise IllegalMove(err)
        self._choose(player, {"type": "protect", "districts": sorted(ids)}, events)

    def _start_end_of_era(self, events: list) -> None:
        for p, pl in enumerate(self.players):
            gains = A.resolve_era_end(pl["city"], pl["act"], CARD_OF, pl["res"], self._faction_ability(p))
            total = sum(g["duckats"] for g in gains)
            pl["duckats"] += total
            events.append({"type": "end_of_era", "player": p, "gains": gains, "duckats": total,
                           "text": f"{faction_name(pl['faction'])} gains {count(total, 'duckat')} at the End of Era."})

    def _finish_end_of_era(self, events: list) -> None:
        pass

    # --- protect
    def _protect_options(self, p: int) -> list[tuple]:
        pl = self.players[p]
        cty = pl["city"]
        need = min(protect_count(CAT, self.era), pl["protect_left"])
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
                        return (f"The district at {W.city_place(cty, *C.SLOTS[i])} stands on the one at "
                                f"{W.city_place(cty, *C.SLOTS[j])}, which must be protected too.")
        kept = [d if d is not None and (d["protected"] or i in chosen) else None for i, d in enumerate(cty)]
        act = C.compute_activity(kept)
        for i, d in enumerate(kept):
            if d is None:
                continue
            for sd in (0, 1):
                if act[i][sd]:
                    card = CARD_OF[d["left"] if sd == 0 else d["right"]]
                    if C.SLOTS[i][2] not in self._storeys(p, card):
                        return (f"Protecting these districts would leave the {card.name} active on the "
                                f"{W.storey_words(C.SLOTS[i][2])} next era, where it may not stand.")
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
                           "text": f"{faction_name(pl['faction'])} protects " +
                                   (f"{count(len(ids), 'district')}." if ids else "nothing new.")})

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
                           "text": f"The Gauls topple {len(removed)} of {faction_name(pl['faction'])}'s districts."})

    def _finish_downfall(self, events: list) -> None:
        pass

