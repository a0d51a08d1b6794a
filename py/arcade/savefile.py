"""A saved-game file from outside: the site's export (a saved game around the engine's record)
or a bare record, read, checked and replayed, with the sentences a person is shown.

One reader for every door a file comes in by: the site's **Import a game…** (the ``readFile``
service method, ``web/shell/saves.js``) and the command line's ``pipes-and-ducks replay``
(``pipes_and_ducks.cli``) refuse the same file with the same sentence.

The saved-game wrapper (``web/shell/saves.js`` writes it)::

    {format: "pipes-and-ducks/saved-game", version: 1, id, game, title, players, seats,
     moveCount, over, result, createdAt, updatedAt, record}

Only the record (``gamecore.protocol``: seed, options, move log) decides what is replayed;
the wrapper's other fields are a label, cleaned by the page before it shows them.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from gamecore import BadSave, Game, GameError
from gamecore.jsonvalues import MAX_FILE_CHARS, parse_json
from gamecore.protocol import RECORD_FORMAT

from . import files, registry

SAVED_GAME_FORMAT = "pipes-and-ducks/saved-game"
SAVED_GAME_VERSION = 1

NOT_OURS = "That file is not a Pipes & Ducks saved game."


class SavedFile(NamedTuple):
    wrapper: dict | None   # the saved-game wrapper, or None for a bare record
    record: dict
    game: Game             # the record replayed


def read(text: Any) -> tuple[dict | None, dict]:
    """The (wrapper or None, record) of a file's text; BadSave with a sentence otherwise.
    Checks the shape only: ``replay_file`` also replays the record."""
    if not isinstance(text, str) or not text.strip():
        raise BadSave("That file is empty.")
    if len(text) > MAX_FILE_CHARS:
        raise BadSave("That file is far too large to be a Pipes & Ducks saved game.")
    data = parse_json(text, MAX_FILE_CHARS, BadSave, "file",
                      "That file is damaged or incomplete: it is not a whole saved game (invalid JSON).")
    if not isinstance(data, dict):
        raise BadSave(NOT_OURS)
    wrapper = None
    record = data
    if data.get("format") == SAVED_GAME_FORMAT:
        version = data.get("version")
        if type(version) is not int or version < 1:
            raise BadSave("That saved game is damaged: its version is missing or wrong.")
        if version > SAVED_GAME_VERSION:
            raise BadSave(f"That saved game was made by a newer version of Pipes & Ducks (save format "
                          f"{version}; this version reads up to {SAVED_GAME_VERSION}). Update Pipes & Ducks (on the "
                          f"site: reload the page), then try again.")
        wrapper, record = data, data.get("record")
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise BadSave(NOT_OURS)
    if record.get("game") not in registry.names():
        raise BadSave(f"That saved game is for a game this version doesn't have "
                      f"({str(record.get('game'))[:40]}).")
    if wrapper is not None and wrapper.get("game") != record["game"]:
        raise BadSave("That saved game is damaged: its parts disagree about which game it is.")
    return wrapper, record


def replay_file(text: Any) -> SavedFile:
    """Read a file and replay its record move by move; BadSave with a sentence otherwise."""
    wrapper, record = read(text)
    try:
        game = files.open_record(record)
    except GameError as exc:
        raise BadSave(f"That saved game can't be opened: {exc.message}") from None
    return SavedFile(wrapper, record, game)
