"""The Aqueducks rules engine on the shared gamecore protocol: setup, the flow through each
era's track of actions, moves, views and saves. Each action's own rules live in its module
(builds, publican, era_end, draft), mixed into :class:`Aqueducks`."""
from __future__ import annotations

import marshal

from gamecore import BadRequest, BadSave, Game, IllegalMove
from gamecore.errors import reading, shown
from gamecore.jsonvalues import is_int, u64
from gamecore.scenario import restack
from gamecore.words import count

from . import abilities as A
from . import city as C
from . import eras as E
from .builds import BuildAction
from .cards import CARD_OF, CAT, FACTIONS, faction_name
from .draft import DraftAction
from .era_end import EraEndActions
from .integrity import validate
from .publican import PublicanAction
from .undo import undo_mark
from .view import build_view

#: the move types each action takes
MOVE_TYPES = {"build": ("build", "pass"), "publican": ("donate", "pass"),
              "protect": ("protect",), "draft": ("pick",)}
ALL_MOVE_TYPES = {t for types in MOVE_TYPES.values() for t in types}
#: each move type's fields besides "type" (gamecore refuses any other)
MOVE_FIELDS = {"build": frozenset({"cards", "x", "y", "storey", "bridge"}), "pass": frozenset(),
               "donate": frozenset({"space"}), "protect": frozenset({"districts"}),
               "pick": frozenset({"card"})}


def _hand_size(faction: str) -> int:
    ability = CAT.faction_by_key[faction]["ability"]
    return ability["value"] if ability["kind"] == "hand_size" else CAT.hand_size


class Aqueducks(BuildAction, PublicanAction, EraEndActions, DraftAction, Game):
    """Each action X on an era's track brings ``_start_X`` and ``_finish_X`` (run by
    ``_advance`` when the action opens and once nobody owes a choice) and, where players
    choose, ``_legal_X`` and ``_play_X`` (reached from ``legal_moves`` and ``_apply``)."""

    NAME = "aqueducks"
    STATE_VERSION = 1
    UNDO_REVEALED = ("Since your last move new cards or everyone's choices have been shown, "
                     "so it stands.")
    MOVE_FIELDS = MOVE_FIELDS
    # ``label``, ``choice_labels`` and ``help`` are the menu's House rules in a player's words
    # (py/waterworks/options.py says why); the stored values stay the engine's.
    OPTIONS = {
        "players": {"default": 2, "choices": [1, 2, 3, 4, 5, 6], "label": "Players",
                    "doc": "Number of players; 1 is the solo mode."},
        "factions": {"default": "random", "choices": ["random", "in_order"] + FACTIONS,
                     "doc": "random: deal factions at random. in_order: seat i plays the i-th faction "
                            "(Florentia, Caesena, Venetia, Ravenna, Pisae, Neapolis). A faction name: "
                            "seat 0 (the solo player) plays it, the others are dealt at random.",
                     "label": "Factions",
                     "choice_labels": ["Dealt at random", "In seat order"]
                                      + [f"Seat 1 plays {faction_name(f)}" for f in FACTIONS],
                     "help": "Dealt at random; or seat 1 plays Florentia, seat 2 Caesena, then "
                             "Venetia, Ravenna, Pisae, Neapolis; or seat 1 plays the one named and "
                             "the others are dealt at random."},
        "starting_duckats": {"default": 5, "choices": [0, 5, 10],
                             "doc": "Duckats each player starts with (the rulebook gives no number).",
                             "label": "Starting duckats", "choice_labels": ["None", "5", "10"],
                             "help": "Duckats each player starts with (the rulebook gives no number)."},
        "pushed_off": {"default": "refund", "choices": ["refund", "lost"],
                       "doc": "A donation cube pushed off the end of a full row: its duckats are "
                              "refunded (refund) or kept by the Pondifex (lost); it gains no Favour.",
                       "label": "Donation pushed off a row",
                       "choice_labels": ["Refunded", "Kept by the Pondifex"],
                       "help": "A donation cube pushed off the end of a full row gains no Favour; its "
                               "duckats go back to its owner, or the Pondifex keeps them."},
        "draft_picks": {"default": "secret", "choices": ["secret", "revealed"],
                        "doc": "secret: the pick events say only that everyone picked (drafted cards go "
                               "to a face-down discard pile). revealed: the events name every pick.",
                        "label": "Draft picks", "choice_labels": ["Kept secret", "Shown to all"],
                        "help": "Whether everyone sees which card each player drafted, or only that "
                                "everyone picked (the cards drafted go face down)."},
        "build_pass": {"default": "when_stuck", "choices": ["when_stuck", "always"],
                       "doc": "when_stuck: you must build when you can (you pass only with no legal "
                              "build). always: passing a Build action is always allowed.",
                       "label": "Passing a Build",
                       "choice_labels": ["When no card fits", "Always allowed"],
                       "help": "You must build when you can and pass only when no card fits, or you "
                               "may always pass a Build."},
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
            cty[C.SLOT_AT[C.START]] = {"id": 0, "left": pair[0], "right": pair[1], "bridge": None,
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
            # §2: everyone draws 6 to form the first hand; Florentia's 7 comes "after each Draft".
            self._refill(pl, CAT.hand_size)
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

    @classmethod
    def arrange(cls, state: dict, deal: dict) -> None:
        """Scenario deal (gamecore.scenario): ``{"hands": [[id...] per seat], "draws": [[id...]
        per seat], "decks": {"1": [id...], ...}}`` -- each hand exactly (its usual size), each
        seat's next draws in order, and the next cards of the tier decks in the order they are
        dealt. A hand or draw may name tier cards (taken out of their deck): a prepared position
        may have been through a Draft; the starter cards they displace go under the draw pile."""
        n = len(state["players"])
        hands, draws = deal.get("hands"), deal.get("draws", [[]] * n)
        decks = deal.get("decks", {})
        if (not isinstance(hands, list) or not isinstance(draws, list) or len(hands) != n
                or len(draws) != n or not isinstance(decks, dict)
                or any(not isinstance(h, list) or len(h) != len(pl["hand"])
                       for h, pl in zip(hands, state["players"]))
                or any(not isinstance(d, list) for d in draws)):
            raise BadRequest("An Aqueducks deal gives every seat a full hand, a list of draws "
                             "per seat and the tier decks' next cards.")
        tiers = {c: t for t, d in state["decks"].items() for c in d}
        for p, pl in enumerate(state["players"]):
            taken = [c for c in hands[p] + draws[p] if c in tiers]
            for c in taken:
                state["decks"][tiers.pop(c)].remove(c)
            pl["hand"], pl["draw"] = restack(pl["draw"] + pl["hand"] + taken, hands[p], draws[p],
                                             f"seat {p}")
        for t, top in decks.items():
            if t not in state["decks"] or not isinstance(top, list):
                raise BadRequest("An Aqueducks deal names the tier decks \"1\", \"2\" and \"3\".")
            _, state["decks"][t] = restack(state["decks"][t], [], top, f"tier {t}")

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
        return _hand_size(self.players[p]["faction"])

    def _refill(self, pl: dict, size: int | None = None) -> int:
        """Draw up to ``size`` cards (default: the faction's hand size, R3.1)."""
        if size is None:
            size = _hand_size(pl["faction"])
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
        self.final = self.final_result()
        events.append({"type": "game_over", "result": self.final,
                       "text": "The game is over. " + (
                           f"Score: {count(self.final['score'], 'duckat')}." if self.solo else
                           "Winner: " + ", ".join(faction_name(self.players[p]["faction"]) for p in self.final["winners"]) + ".")})

    def final_result(self) -> dict:
        """The result the scores give now (a loaded finished game's must be this)."""
        scores = [{"player": p, "faction": pl["faction"], "favour": pl["favour"],
                   "duckats": pl["duckats"]} for p, pl in enumerate(self.players)]
        if self.solo:
            pl = self.players[0]
            return {"winners": [0], "reason": "Solo game over: your score is your duckats.",
                    "score": pl["duckats"], "faction": pl["faction"], "scores": scores}
        best = max((pl["favour"], pl["duckats"]) for pl in self.players)
        winners = [p for p, pl in enumerate(self.players) if (pl["favour"], pl["duckats"]) == best]
        return {"winners": winners, "reason": "Most Favour wins; ties go to the most duckats.",
                "scores": scores}

    # ------------------------------------------------------------------ moves
    def legal_moves(self, player: int) -> list[dict]:
        if self.over or not (is_int(player) and 0 <= player < self.n) or not self.players[player]["owes"]:
            return []
        legal = getattr(self, "_legal_" + self.action, None)
        return legal(player) if legal else []

    def _apply(self, player: int, move: dict) -> list[dict]:
        a = self.action
        t = move["type"]
        if t not in ALL_MOVE_TYPES:
            raise BadRequest(f"Unknown move type {shown(t)}.")
        if t not in MOVE_TYPES.get(a, ()):
            raise IllegalMove(f"You cannot {t} now: the current action is {a.replace('_', ' ')}.")
        events: list = []
        getattr(self, "_play_" + a)(player, move, events)
        self._advance(events)
        return events

    def _choose(self, player: int, choice: dict, events: list) -> None:
        """A choice in an action everyone takes at once: kept hidden until all have chosen."""
        pl = self.players[player]
        pl["choice"] = choice
        pl["owes"] = False
        events.append({"type": "chosen", "player": player, "text": f"{faction_name(pl['faction'])} has chosen."})

    # ------------------------------------------------------------------ take-backs, stats
    def undo_mark(self, player: int, events: list) -> tuple:
        return undo_mark(self, player, events)

    def seat_name(self, player: int) -> str:
        return faction_name(self.players[player]["faction"])

    def stats(self) -> dict:
        from .stats import stats   # only when asked: the page's start-up never needs it
        return stats(self)

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
        st = marshal.loads(marshal.dumps(self._state()))
        # 64-bit values travel as text: a JS number keeps only 53 bits
        st["seed"], st["rng"] = str(self.seed), str(self.rng.state)
        return st

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
        # Any shape error in a tampered save is refused in words, naming the part it is in.
        with reading("game state"):
            st = marshal.loads(marshal.dumps(data))
            if not isinstance(st, dict):
                raise BadSave("The saved state is not an object.")
            st["seed"], st["rng"] = u64(st.get("seed")), u64(st.get("rng"))   # text or (older) int
            if st["seed"] is None or st["rng"] is None:
                raise BadSave("The saved seed or random state is not a number from 0 to 2**64-1.")
            with reading("options"):
                opts = cls.normalize_options(st["options"])
            if opts != st["options"]:
                raise BadSave("The saved options are incomplete.")
            with reading("players"):
                for pl in st["players"]:
                    if len(pl["city"]) == len(C.LEGACY_SLOTS):   # saved when the city was a fixed 3 x 5
                        pl["city"], pl["act"] = C.widen(pl["city"]), C.widen(pl["act"], lambda: [0, 0])
            g = cls.__new__(cls)
            g._load_state(st)
            g._validate()
            return g

    def _validate(self) -> None:
        validate(self)
