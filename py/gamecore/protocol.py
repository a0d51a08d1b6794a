"""The protocol every game engine implements, and the parts of it that are the same for all.

A game is a mutable state object:

* created by ``Game.new(options, seed)``; all randomness flows from ``seed`` through
  ``self.rng`` (an :class:`~gamecore.rng.Rng` whose state is saved with the game);
* ``to_act()`` names the players whose decision is awaited (several at once for
  simultaneous actions);
* ``legal_moves(player)`` lists every legal move of that player, and only those, as
  JSON-serialisable dicts with a ``"type"`` key;
* ``apply(player, move)`` validates and applies one move, raising
  :class:`~gamecore.errors.IllegalMove` with a readable reason and leaving the state
  unchanged when the move is refused; it returns public events describing what happened;
* ``view(player)`` is what that seat may see (``None``: a spectator);
* ``save()`` / ``Game.load()`` are a versioned JSON form of the full state; ``record()``
  / :func:`replay` are seed + options + move log.
"""
from __future__ import annotations

import json
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from .errors import BadRequest, BadSave, GameError, IllegalMove, cut, reading, shown
from .jsonvalues import copy_json, u64
from .rng import Rng

RECORD_FORMAT = "pipes-and-ducks/record"
SAVE_FORMAT = "pipes-and-ducks/state"
#: 2: a record may carry hints and an analysis (gamecore.annotations); version 1 still reads
RECORD_VERSION = 2


class Game(ABC):
    #: Registry name, e.g. ``"waterworks"``.
    NAME: ClassVar[str]
    #: Version of this engine's ``to_dict`` layout; bump when it changes.
    STATE_VERSION: ClassVar[int] = 1
    #: Version of this engine's rules: bump it when a change lets a record's moves reach
    #: another score or be refused (a rule fix, a new option default), not for a refactor.
    #: Score cards carry it (``arcade.scorecard``, docs/leaderboard.md).
    RULES_VERSION: ClassVar[int] = 1
    #: Older rules versions whose records this engine still replays to the same end.
    RULES_REPLAYED: ClassVar[frozenset] = frozenset()
    #: Named options: ``{name: {"default": v, "choices": [...], "doc": str}}``.
    #: ``choices`` lists every allowed value. Engines may override ``check_options`` for
    #: rules between options (e.g. a 5th player needs the 110-card deck).
    OPTIONS: ClassVar[dict[str, dict[str, Any]]] = {}
    #: The fields each move type may carry besides ``type``; ``apply`` refuses any other
    #: (a field the rules ignore would still be logged and replayed). Types not listed here
    #: are left to the engine, which refuses unknown types.
    MOVE_FIELDS: ClassVar[dict[str, frozenset]] = {}

    options: dict
    seed: int
    rng: Rng
    log: list
    #: Take-backs (gamecore.undo): one mark per log entry or None (unknown: rebuilt when
    #: needed); the record's entries with its take-backs, None while there were none; how
    #: far into the log each seat has been shown, None when unknown (all of it). Clones and
    #: loaded states keep the class defaults, so search playouts pay nothing for them.
    marks = None
    trail = None
    seen = None
    #: Hints given per seat and a finished analysis (gamecore.annotations), None while none
    hints = None
    analysis = None

    # ----- creation -------------------------------------------------------------
    @classmethod
    def normalize_options(cls, options: dict | None) -> dict:
        """Fill defaults and refuse unknown names or values, with a reason."""
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise BadRequest("Options must be an object of named settings.")
        unknown = sorted(set(options) - set(cls.OPTIONS))
        if unknown:
            raise BadRequest(f"Unknown option for {cls.NAME}: {cut(', '.join(unknown))}.")
        out = {}
        for name, spec in cls.OPTIONS.items():
            value = options.get(name, spec["default"])
            if value not in spec["choices"] or type(value) is not type(spec["default"]):
                allowed = ", ".join(json.dumps(c) for c in spec["choices"])
                raise BadRequest(f"Option {name} must be one of {allowed}; got {cut(json.dumps(value))}.")
            out[name] = value
        cls.check_options(out)
        return out

    @classmethod
    def check_options(cls, options: dict) -> None:
        """Hook for rules between options; raise BadRequest to refuse."""

    @classmethod
    def new(cls, options: dict | None = None, seed: int | str = 0) -> "Game":
        seed = u64(seed)
        if seed is None:
            raise BadRequest("The seed must be an integer from 0 to 2**64-1 or its decimal string.")
        game = cls.__new__(cls)
        game.options = cls.normalize_options(options)
        game.seed = seed
        game.rng = Rng(seed)
        game.log = []
        game.marks = []
        game.setup()
        game.seen = [0] * game.num_players
        return game

    @abstractmethod
    def setup(self) -> None:
        """Deal and lay out the table from ``self.options`` using ``self.rng``."""

    # ----- the turn structure ---------------------------------------------------
    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def to_act(self) -> list[int]:
        """Players whose move is awaited now; empty when the game is over."""

    @abstractmethod
    def legal_moves(self, player: int) -> list[dict]:
        """Every legal move of ``player`` now (empty if it is not their decision)."""

    @abstractmethod
    def _apply(self, player: int, move: dict) -> list[dict]:
        """Validate fully, then mutate. Raise IllegalMove before any mutation."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> dict | None:
        """``None`` while playing; afterwards at least ``{"winners": [...], "reason": str}``."""

    def apply(self, player: int, move: dict) -> list[dict]:
        """Validate and apply one move; returns the public events it caused."""
        if type(player) is not int or not 0 <= player < self.num_players:
            raise BadRequest(f"There is no player {shown(player)} in this game.")
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise BadRequest('A move must be an object with a "type" string.')
        fields = self.MOVE_FIELDS.get(move["type"])
        if fields is not None:
            for key in move:
                if key != "type" and key not in fields:
                    raise BadRequest(f"A {move['type']} move has no field {shown(key)}.")
        if self.is_over:
            raise IllegalMove("The game is over.")
        if player not in self.to_act():
            raise IllegalMove("It is not your turn.")
        events = self._apply(player, move)
        # The log's own copy: a caller that edits its dict later must not rewrite history.
        entry = {"player": player, "move": copy_json(move)}
        self.log.append(entry)
        if self.marks is not None:
            self.marks.append(self.undo_mark(player, events))
        if self.trail is not None:
            self.trail.append(entry)
        return events

    def undo_mark(self, player: int, events: list) -> tuple:
        """``(sealed, seats)`` for the move just applied (``gamecore.undo``): is it a hidden
        simultaneous choice nothing has revealed yet, and which seats got new hidden
        information through it. This default says every seat did, so nothing is undoable."""
        return False, tuple(range(self.num_players))

    def seat_name(self, player: int) -> str:
        """How the log names a seat, e.g. in "Player 2 took back 1 move"."""
        return f"Player {player + 1}"

    def stats(self) -> dict:
        """The game's statistics from its record; only public information while it goes on."""
        raise BadRequest(f"There are no statistics for {self.NAME}.")

    # ----- what a seat may see --------------------------------------------------
    @abstractmethod
    def view(self, player: int | None) -> dict:
        """JSON-serialisable view for ``player`` (``None``: public only)."""

    # ----- persistence ------------------------------------------------------------
    @abstractmethod
    def to_dict(self) -> dict:
        """The full state (hidden parts included) as plain JSON values."""

    @classmethod
    @abstractmethod
    def from_dict(cls, data: dict) -> "Game":
        """Inverse of ``to_dict``; raise BadSave (never anything else) on bad data."""

    @classmethod
    def arrange(cls, state: dict, deal: dict) -> None:
        """Scenario hook (``gamecore.scenario``): reorder the hidden stacks of ``state`` (a
        fresh game's ``to_dict()``) as ``deal`` says, in place; BadRequest if it cannot."""
        raise BadRequest(f"{cls.NAME} has no scenarios.")

    def clone(self) -> "Game":
        return type(self).from_dict(self.to_dict())

    def beginning(self) -> "Game":
        """A fresh game dealt as this one was (from its seed, or its tutorial's scenario),
        before any move: where its log replays from (statistics, the timeline, the move log)."""
        from . import undo
        return undo.rebuild(type(self), self.options, self.seed, [], getattr(self, "scenario", None))

    def save(self) -> dict:
        return {"format": SAVE_FORMAT, "version": self.STATE_VERSION, "game": self.NAME,
                "state": self.to_dict()}

    @classmethod
    def load(cls, data: Any) -> "Game":
        check_envelope(data, SAVE_FORMAT, cls.STATE_VERSION, cls.NAME)
        if not isinstance(data.get("state"), dict):
            raise BadSave("The save has no game state.")
        with reading("game state"):   # any shape error in a tampered save, in words
            game = cls.from_dict(data["state"])
        _check_log(game)
        return game

    def record(self) -> dict:
        rec = {"format": RECORD_FORMAT, "version": RECORD_VERSION, "game": self.NAME,
               "options": dict(self.options), "seed": str(self.seed),   # text: JS keeps 53 bits
               "moves": json.loads(json.dumps(self.log if self.trail is None else self.trail))}
        if getattr(self, "scenario", None):
            rec["scenario"] = self.scenario     # dealt from tutorials/<scenario>.json, not the seed
        from . import annotations
        return annotations.write(self, rec)


def log_is_well_formed(game: Game) -> bool:
    """Each entry of a loaded log names a seat and a move of a known type with only its
    fields (whether the moves are legal and lead to the state is ``_check_log``'s part)."""
    log = game.log
    if not isinstance(log, list):
        return False
    for e in log:
        if not isinstance(e, dict) or set(e) != {"player", "move"}:
            return False
        p, mv = e["player"], e["move"]
        if type(p) is not int or not 0 <= p < game.num_players or not isinstance(mv, dict):
            return False
        fields = game.MOVE_FIELDS.get(mv.get("type"))
        if fields is None or any(k != "type" and k not in fields for k in mv):
            return False
    return True


def _check_log(game: Game) -> None:
    """A saved state must be where its own seed, options and move log lead. ``from_dict``
    recomputes what follows from the state itself; this catches the rest (a card swapped
    between a hand and the draw pile, a log from another game), which otherwise surfaces
    later, when a take-back or a replay of the record goes its own way."""
    from . import undo
    try:
        again = undo.rebuild(type(game), game.options, game.seed, game.log,
                             getattr(game, "scenario", None))
    except GameError as exc:
        raise BadSave(f"The save's move log is not a legal game: {exc.message}") from None
    if again.to_dict() != game.to_dict():
        raise BadSave("The save's state is not where its own move log leads: "
                      "it has been edited or damaged.")


def check_envelope(data: Any, fmt: str, version: int, game: str | None) -> None:
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise BadSave("This is not a Pipes & Ducks file.")
    v = data.get("version")
    if type(v) is not int:
        raise BadSave("The file has no version.")
    if v > version:
        raise BadSave(f"The file is from a newer version ({v}) of the game than this one ({version}).")
    if v < 1:
        raise BadSave("The file's version is invalid.")
    if game is not None and data.get("game") != game:
        raise BadSave(f"The file is a {shown(data.get('game'))} game, not {game!r}.")


def replay(cls: type[Game], record: Any) -> Game:
    """Rebuild a game from seed + options + move log; identical to the original."""
    check_envelope(record, RECORD_FORMAT, RECORD_VERSION, cls.NAME)
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise BadSave("The record has no move list.")
    try:
        game = _start(cls, record)
    except BadRequest as exc:
        raise BadSave(f"The record's setup is invalid: {exc.message}") from None
    from . import undo
    for i, entry in enumerate(moves):
        if not isinstance(entry, dict):
            raise BadSave(f"Move {i + 1} of the record is damaged.")
        if "undo" in entry:     # a take-back: the game without the moves it took back
            game = undo.replay_undo(game, entry, i + 1)
            continue
        try:
            game.apply(entry.get("player"), entry.get("move"))
        except (IllegalMove, BadRequest) as exc:
            raise BadSave(f"Move {i + 1} of the record is not legal: {exc.message}") from None
    # What each seat was shown is not recorded: every seat counts as having seen the table.
    game.seen = [len(game.log)] * game.num_players
    from . import annotations
    annotations.read(game, record)
    return game


def _start(cls: type[Game], record: dict) -> Game:
    """The game a record's moves start from: seeded, or dealt from its scenario."""
    if "scenario" not in record:
        return cls.new(record.get("options"), record.get("seed"))
    from . import scenario   # only records of tutorial games need the scenario files
    sc = scenario.load(record["scenario"])
    if (sc["game"] != cls.NAME or cls.normalize_options(sc["options"]) != record.get("options")
            or u64(record.get("seed")) != int(sc["seed"])):
        raise BadSave("The record does not match the tutorial it names.")
    return scenario.start(cls, sc)
