"""The Water Works engine: a gamecore.Game subclass."""
from __future__ import annotations

from gamecore import BadRequest, BadSave, Game, Rng
from gamecore.errors import reading, shown
from gamecore.scenario import restack

from . import cards as deckmod
from .options import OPTIONS, TABLES, check_options, edition_of, first_player_of, target_of, valve_rows
from .rules import moves as rules
from .rules.turns import draw_for, execute
from .table.pipeline import Table
from .view import build_view
from . import save
from . import undo


class WaterWorks(Game):
    NAME = "waterworks"
    STATE_VERSION = 1
    OPTIONS = OPTIONS
    UNDO_REVEALED = "Since your last move a player has been shown a card just drawn, so it stands."
    MOVE_FIELDS = rules.FIELDS

    @classmethod
    def check_options(cls, options: dict) -> None:
        check_options(options)

    # ----- setup ------------------------------------------------------------------
    def _derive(self) -> None:
        """Fields that follow from the options alone."""
        o = self.options
        self.n = o["players"]
        self.cards = deckmod.deck(edition_of(o))
        self.target = target_of(o)

    def setup(self) -> None:
        self._derive()
        ed = deckmod.edition(edition_of(self.options))
        w, h = TABLES[self.options["table"]]
        self.table = Table(w, h, self.n)
        valves = [c.id for c in self.cards if c.kind == "valve"]
        spouts = [c.id for c in self.cards if c.kind == "spout"]
        for p, row in enumerate(valve_rows(self.n, h)):
            self.table.put_valve(p, self.table.idx(w - 1, row), valves[p])
        self.spouts = spouts[:self.n]
        self.spout_placed = [False] * self.n
        self.out_of_play = valves[self.n:] + spouts[self.n:]
        self.plumbers = [ed["plumbers_each"]] * self.n
        self.draw = [c.id for c in self.cards if c.kind in ("pipe", "cap")]
        self.rng.shuffle(self.draw)
        self.discard = []
        self.hands = [[] for _ in range(self.n)]
        for _ in range(5):
            for p in range(self.n):
                self.hands[p].append(self.draw.pop())
        self.reshuffles = 0
        self.outcome = None
        # Drawn after the deal, so a seed deals the same cards whoever starts.
        self.turn = first_player_of(self.options, self.rng)
        draw_for(self, self.turn)

    @classmethod
    def arrange(cls, state: dict, deal: dict) -> None:
        """Scenario deal (gamecore.scenario): ``{"hands": [[id...] per seat], "draws": [id...]}``
        -- every hand exactly (seat 0 has already drawn its first turn's card, so it holds 6),
        and the draw pile's next cards in the order they will be drawn."""
        hands, draws = deal.get("hands"), deal.get("draws", [])
        sizes = [len(h) for h in state["hands"]]
        if (not isinstance(hands, list) or not isinstance(draws, list)
                or [len(h) if isinstance(h, list) else -1 for h in hands] != sizes):
            raise BadRequest(f"A Water Works deal gives hands of {sizes} cards and a list of draws.")
        pool = list(state["draw"]) + [c for h in state["hands"] for c in h]
        named = [c for h in hands for c in h]
        _, pile = restack(pool, named, draws, "the table")
        state["hands"] = [list(h) for h in hands]
        state["draw"] = pile

    # ----- turn structure -------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def to_act(self) -> list:
        return [] if self.outcome is not None else [self.turn]

    def result(self):
        return None if self.outcome is None else dict(self.outcome)

    def legal_moves(self, player: int) -> list:
        if self.outcome is not None or player != self.turn:
            return []
        return rules.legal_moves(self, player)

    def _apply(self, player: int, move: dict) -> list:
        plan = rules.validate(self, player, move)   # raises before any mutation
        return execute(self, player, plan)

    def undo_mark(self, player: int, events: list) -> tuple:
        return undo.undo_mark(self, player, events)

    def stats(self) -> dict:
        from .stats import stats   # only when asked: the page's start-up never needs it
        return stats(self)

    # ----- views and persistence ---------------------------------------------------------
    def view(self, player):
        if player is not None and (type(player) is not int or not 0 <= player < self.n):
            from gamecore import BadRequest
            raise BadRequest(f"There is no player {shown(player)} in this game.")
        return build_view(self, player)

    def to_dict(self) -> dict:
        return save.to_dict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "WaterWorks":
        with reading("game state"):   # save.from_dict names the parts it reads
            return save.from_dict(cls, data)

    def clone(self) -> "WaterWorks":
        g = WaterWorks.__new__(WaterWorks)
        g.options = self.options            # never mutated
        g.seed = self.seed
        g.rng = Rng(0)
        g.rng.state = self.rng.state
        g.log = list(self.log)
        g.n, g.cards, g.target = self.n, self.cards, self.target
        g.table = self.table.copy()
        g.spouts = self.spouts
        g.spout_placed = list(self.spout_placed)
        g.out_of_play = self.out_of_play
        g.plumbers = list(self.plumbers)
        g.draw = list(self.draw)
        g.discard = list(self.discard)
        g.hands = [list(h) for h in self.hands]
        g.reshuffles = self.reshuffles
        g.outcome = self.outcome
        g.turn = self.turn
        return g
