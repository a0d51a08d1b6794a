"""The Draft: deal drafting hands from the tier decks, pick one, pass clockwise. Everyone
picks at once, hidden until all have; the picks go to the discard pile, which becomes the
draw pile of the next era."""
from __future__ import annotations

from gamecore import BadRequest, IllegalMove
from gamecore.jsonvalues import is_int

from .cards import CARD_OF, CAT, card_name, faction_name
from .eras import draft_counts


def deal(cat, decks: dict, era: int, n: int, solo: bool) -> list[list[int]]:
    counts = draft_counts(cat, era, solo)
    hands = []
    for _ in range(n):
        hand = []
        for tier in (1, 2, 3):
            deck = decks[str(tier)]
            for _ in range(counts.get(tier, 0)):
                if deck:
                    hand.append(deck.pop())
        hands.append(hand)
    return hands


def pass_clockwise(hands: list[list[int]]) -> list[list[int]]:
    """Seat p passes to seat p + 1 (clockwise = to the left = next seat)."""
    n = len(hands)
    out = [None] * n
    for p in range(n):
        out[(p + 1) % n] = hands[p]
    return out


class DraftAction:
    """The Draft action of :class:`aqueducks.game.Aqueducks`."""

    def _legal_draft(self, player: int) -> list[dict]:
        return [{"type": "pick", "card": c} for c in self.draft["hands"][player]]

    def _play_draft(self, player: int, move: dict, events: list) -> None:
        c = move.get("card")
        if not is_int(c):
            raise BadRequest('A pick names a card id: {"type":"pick","card":12}.')
        if c not in self.draft["hands"][player]:
            raise IllegalMove("That building is not in the drafting hand in front of you.")
        self._choose(player, {"type": "pick", "card": c}, events)
        if not any(q["owes"] for q in self.players):
            self._resolve_picks(events)

    def _start_draft(self, events: list) -> None:
        hands = deal(CAT, self.decks, self.era, self.n, self.solo)
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
        who = faction_name(self.players[0]["faction"]) if self.solo else "Everyone"
        ev = {"type": "pick", "round": dr["picked"], "text": f"{who} picks a building."}
        if self.options["draft_picks"] == "revealed":
            ev["picks"] = [{"player": p, "card": c, "key": CARD_OF[c].key} for p, c in enumerate(picks)]
            ev["text"] = "Picks: " + ", ".join(f"{faction_name(self.players[p]['faction'])} took the {card_name(c)}"
                                               for p, c in enumerate(picks)) + "."
        events.append(ev)
        if not self.solo:
            dr["hands"] = pass_clockwise(dr["hands"])
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
                           "text": f"{faction_name(pl['faction'])} shuffles and draws {drawn}."})

