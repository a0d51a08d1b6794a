"""Opening a file someone hands the engine (a save or a record): one reader, with one set of
refusal sentences, for the page's ``load`` and the score verifier (``arcade.verify``)."""
from __future__ import annotations

from typing import Any

from gamecore import BadSave, Game, replay
from gamecore.jsonvalues import MAX_FILE_CHARS, parse_json
from gamecore.protocol import RECORD_FORMAT, SAVE_FORMAT

from . import registry

NOT_OURS = "This is not a Pipes & Ducks file."


def read_json(data: Any) -> Any:
    """A file's JSON value: an object as it is, or the text parsed within the file limits."""
    if isinstance(data, str):
        data = parse_json(data, MAX_FILE_CHARS, BadSave, "file",
                          "The file is not valid JSON; it may be truncated or corrupt.")
    return data


def game_class(data: Any) -> type[Game]:
    """The engine a file names; BadSave if it names none this site knows."""
    if not isinstance(data, dict):
        raise BadSave(NOT_OURS)
    if data.get("game") not in registry.names():
        raise BadSave("This file is not a game this site knows.")
    return registry.get(data["game"]).game


def open_file(data: Any) -> Game:
    """The game a save or a record holds; a record is replayed move by move."""
    data = read_json(data)
    cls = game_class(data)
    if data.get("format") == RECORD_FORMAT:
        return replay(cls, data)
    if data.get("format") == SAVE_FORMAT:
        return cls.load(data)
    raise BadSave(NOT_OURS)


def open_record(data: Any) -> Game:
    """The game a record (only a record: a save is a position, not a game played) replays."""
    data = read_json(data)
    cls = game_class(data)
    if data.get("format") != RECORD_FORMAT:
        raise BadSave("A score needs the game's record, not a save.")
    return replay(cls, data)
