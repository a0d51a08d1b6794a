"""The Publican visit: Faith order, the Pondifex donation board, strong-arming, Favour.

Players donate one at a time in Faith order (or pass); when all have, each cube on the board
earns its space's Favour plus the donor's Luxury. The solo game has no Publican."""
from __future__ import annotations

from gamecore import BadRequest, IllegalMove
from gamecore.errors import shown
from gamecore.words import count

from .cards import CAT, faction_name


def faith_order(players: list[dict]) -> list[int]:
    """Highest Faith first; ties by Military, Luxury, duckats, then lower seat number."""
    return sorted(range(len(players)), key=lambda p: (
        -players[p]["res"]["faith"], -players[p]["res"]["military"],
        -players[p]["res"]["luxury"], -players[p]["duckats"], p))


def cost_for(row: dict, faction_ability: dict) -> int:
    cost = row["cost"]
    if faction_ability.get("kind") == "donation_discount" and cost >= faction_ability.get("min_cost", 0):
        cost -= faction_ability["value"]
    return cost


def landing(cubes: list[int], military: list[int], player: int, ties_push: bool) -> int:
    """Index where ``player``'s cube lands in a row: ahead of every cube whose owner has
    lower Military (equal too, for a faction that strong-arms ties), behind the others."""
    mine = military[player]
    for i, q in enumerate(cubes):
        if mine > military[q] or (ties_push and mine == military[q]):
            return i
    return len(cubes)


def place(cubes: list[int], idx: int, player: int, spaces: int) -> int | None:
    """Insert the cube; returns the player pushed off the end, if any."""
    cubes.insert(idx, player)
    if len(cubes) > spaces:
        return cubes.pop()
    return None


class PublicanAction:
    """The Publican action of :class:`aqueducks.game.Aqueducks`."""

    def _legal_publican(self, player: int) -> list[dict]:
        return self._donation_moves(player) + [{"type": "pass"}]

    def _play_publican(self, player: int, move: dict, events: list) -> None:
        pl = self.players[player]
        t = move["type"]
        if t == "donate":
            sp = move.get("space")
            if not isinstance(sp, str):
                raise BadRequest('A donation names a "space" such as "2-0".')
            legal = {m["space"] for m in self._donation_moves(player)}
            if sp not in legal:
                raise IllegalMove(self._donation_error(player, sp))
            ri, idx = (int(v) for v in sp.split("-"))
            row = CAT.pondifex["rows"][ri]
            cost = cost_for(row, self._faction_ability(player))
            pl["duckats"] -= cost
            self.pub["paid"][str(player)] = cost
            cubes = self.pub["rows"][ri]
            pushed = [q for q in cubes[idx:]]
            off = place(cubes, idx, player, len(row["favour"]))
            txt = f"{faction_name(pl['faction'])} donates {count(cost, 'duckat')} (row {row['cost']}, space {idx + 1})"
            if pushed:
                txt += ", strong-arming " + ", ".join(faction_name(self.players[q]["faction"]) for q in pushed) + " to the right"
            events.append({"type": "donate", "player": player, "space": sp, "row": ri, "cost": cost,
                           "pushed": pushed, "text": txt + "."})
            if off is not None:
                refund = self.pub["paid"].get(str(off), 0) if self.options["pushed_off"] == "refund" else 0
                self.players[off]["duckats"] += refund
                events.append({"type": "pushed_off", "player": off, "refund": refund,
                               "text": f"{faction_name(self.players[off]['faction'])}'s cube is pushed off the board" +
                                       (f" and {count(refund, 'duckat')} {'is' if refund == 1 else 'are'} refunded." if refund else " and gains nothing.")})
        else:
            events.append({"type": "pass", "player": player,
                           "text": f"{faction_name(pl['faction'])} passes."})
        pl["owes"] = False
        self.pub["done"].append(player)
        self.pub["turn"] += 1
        self._publican_next(events)

    def _donation_error(self, p: int, sp: str) -> str:
        try:
            ri, idx = (int(v) for v in sp.split("-"))
            row = CAT.pondifex["rows"][ri]
            if not 0 <= idx < len(row["favour"]) or ri < 0:
                raise ValueError
        except (ValueError, IndexError):
            return f"There is no donation space {shown(sp)} on the Pondifex board."
        cost = cost_for(row, self._faction_ability(p))
        if cost > self.players[p]["duckats"]:
            return f"That donation costs {count(cost, 'duckat')}; you have {self.players[p]['duckats']}."
        for m in self._donation_moves(p):
            if m["space"].startswith(f"{ri}-"):
                return (f"In the {row['cost']}-duckat row your cube lands on space {int(m['space'][2:]) + 1}: "
                        "you can only strong-arm donors with lower Military.")
        return f"The {row['cost']}-duckat row is full of donors you cannot strong-arm."

    def _start_publican(self, events: list) -> None:
        if self.solo:
            return
        order = faith_order(self.players)
        self.pub = {"order": order, "turn": 0, "rows": [[] for _ in CAT.pondifex["rows"]],
                    "paid": {}, "done": []}
        events.append({"type": "publican", "order": order,
                       "text": "The Publican visits, in Faith order: " +
                               ", ".join(faction_name(self.players[q]["faction"]) for q in order) + "."})
        self._publican_next(events)

    def _donation_moves(self, p: int) -> list[dict]:
        pl = self.players[p]
        fab = self._faction_ability(p)
        mil = [q["res"]["military"] for q in self.players]
        out = []
        for ri, row in enumerate(CAT.pondifex["rows"]):
            cost = cost_for(row, fab)
            if cost > pl["duckats"]:
                continue
            cubes = self.pub["rows"][ri]
            idx = landing(cubes, mil, p, fab["kind"] == "strong_arm_ties")
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
                           "text": f"{faction_name(self.players[p]['faction'])} cannot afford a donation and passes."})
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
                               "text": f"{faction_name(pl['faction'])} gains {base} Favour" +
                                       (f" plus {lux} for Luxury" if lux else "") + "."})
        self.pub = None

