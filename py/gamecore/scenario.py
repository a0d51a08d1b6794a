"""Scenarios: a real game on a prepared position, for the tutorials (``tutorials/*.json``).

A scenario file names a game, its options, a seed and a *deal*: which cards each hand holds and
the order in which cards will be drawn. :func:`start` makes the game exactly as ``cls.new``
would, lets the engine's ``arrange(state, deal)`` hook reorder the hidden stacks of that game's
saved state, and loads the state back through ``cls.from_dict``, so a prepared position passes
the same integrity checks as any save (every card exactly once, a consistent table). After that
nothing differs from a normal game: every move, the tutorial's own and the scripted ones of the
other seats, goes through ``Game.apply``.

A game started from a scenario remembers its name (``game.scenario``); its ``record()`` carries
it, and :func:`gamecore.replay` rebuilds the same deal from the file before replaying the moves,
so a tutorial game kept on as a free game saves and reloads like any other.

The steps (text, target, advancing moves, the other seats' replies) are read by the tutorial
runner, ``arcade.tutorials``; their shape is checked here, with the rest of the file.
"""
from __future__ import annotations

import json
from typing import Any

from .errors import BadRequest, BadSave, shown
from .carddata import data_file, data_names

FORMAT = "pipes-and-ducks/tutorial"
VERSION = 1
FOLDER = "tutorials"
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")
TARGET_KINDS = ("hand-card", "cell", "face", "slot", "pondifex", "pondifex-space", "button", "draft-card", "favour",
                "district", "none")
#: what a step's text may explain besides those (the coach keeps clear of it): the turn status
#: over the game, the news of what happened since the person's last move
EXPLAINS_KINDS = TARGET_KINDS + ("status", "news")


def names() -> list[str]:
    return [n[:-5] for n in data_names(FOLDER)]


def load(name: Any) -> dict:
    """The checked scenario ``tutorials/<name>.json``."""
    if (not isinstance(name, str) or not 0 < len(name) <= 48 or not set(name) <= _NAME_CHARS
            or name not in names()):
        raise BadRequest(f"There is no tutorial called {shown(name)}.")
    with open(data_file(FOLDER, name + ".json"), encoding="utf-8") as fh:
        try:
            data = json.load(fh)
        except ValueError:
            raise BadSave(f"The tutorial file {name}.json is not valid JSON.") from None
    return check(data, name)


def _bad(name: str, why: str):
    return BadSave(f"The tutorial file {name}.json is damaged: {why}.")


def check(data: Any, name: str) -> dict:
    """Refuse a scenario whose shape is wrong, with the reason; returns it unchanged."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _bad(name, "it is not a tutorial")
    if data.get("version") != VERSION:
        raise _bad(name, "its version is not one this engine reads")
    if data.get("id") != name:
        raise _bad(name, "its id is not its file name")
    for key, kind in (("game", str), ("title", str), ("options", dict), ("deal", dict),
                      ("seed", str), ("steps", list), ("seat", int), ("summary", str)):
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise _bad(name, f"{key!r} is missing or of the wrong type")
    if not data["seed"].isdigit() or int(data["seed"]) >= 1 << 64:
        raise _bad(name, "the seed must be a decimal string below 2**64")
    if not data["steps"]:
        raise _bad(name, "it has no steps")
    for i, step in enumerate(data["steps"]):
        where = f"step {i + 1}"
        if not isinstance(step, dict) or not isinstance(step.get("text"), str) or not step["text"]:
            raise _bad(name, f"{where} has no text")
        targets = step.get("target") or []   # one target, or the things to press in order
        targets = [targets] if isinstance(targets, dict) else targets
        if not isinstance(targets, list) or not all(
                isinstance(t, dict) and t.get("kind") in TARGET_KINDS for t in targets):
            raise _bad(name, f"{where} points at an unknown kind of target")
        explains = step.get("explains") or []   # what the text talks about, not to cover
        explains = [explains] if isinstance(explains, dict) else explains
        if not isinstance(explains, list) or not all(
                isinstance(t, dict) and t.get("kind") in EXPLAINS_KINDS for t in explains):
            raise _bad(name, f"{where} explains an unknown kind of thing")
        advance = step.get("advance", [])
        if not isinstance(advance, list) or not all(
                isinstance(m, dict) and isinstance(m.get("type"), str) for m in advance):
            raise _bad(name, f"{where}'s advancing moves must be moves")
        if advance and not isinstance(step.get("hint"), str):
            raise _bad(name, f"{where} needs a hint for other moves")
        repeat = step.get("repeat", 1)
        if type(repeat) is not int or not 1 <= repeat <= 20 or (repeat > 1 and not advance):
            raise _bad(name, f"{where} repeats a wrong number of times")
        then = step.get("then", [])
        if then and not advance:
            raise _bad(name, f"{where} is read, not played, so the other seats cannot reply to it")
        if not isinstance(then, list) or not all(
                isinstance(r, dict) and type(r.get("player")) is int
                and (isinstance(r.get("move"), dict) or isinstance(r.get("bot"), str)) for r in then):
            raise _bad(name, f"{where}'s scripted replies must each name a player and a move or a bot")
    return data


def start(cls, scenario: dict):
    """A new ``cls`` game dealt as ``scenario`` says (see the module doc)."""
    game = cls.new(scenario["options"], int(scenario["seed"]))
    state = game.to_dict()
    cls.arrange(state, scenario["deal"])
    game = cls.from_dict(state)
    game.scenario = scenario["id"]
    game.marks, game.seen = [], [0] * game.num_players    # a fresh game, as cls.new leaves it
    return game


def restack(pool: list, hand: list, draws: list, what: str) -> tuple[list, list]:
    """Deal from ``pool`` (every card of a hand and its pile, in their seeded order): exactly
    ``hand``, and a pile (drawn from its end) whose next draws are ``draws`` in that order, the
    rest beneath them in the pool's order. Raises BadRequest naming a card not in the pool."""
    named = list(hand) + list(draws)
    if any(type(c) is not int for c in named):
        raise BadRequest(f"The deal for {what} names cards by their integer ids.")
    if len(set(named)) != len(named):
        raise BadRequest(f"The deal for {what} names a card twice.")
    missing = [c for c in named if c not in pool]
    if missing:
        raise BadRequest(f"The deal for {what} names card {missing[0]}, which is not there to deal.")
    rest = [c for c in pool if c not in set(named)]
    return list(hand), rest + list(reversed(draws))


def matches(pattern: dict, move: dict) -> bool:
    """A move matches a step's pattern when it has every field the pattern gives, equal (a
    pattern may leave fields out: ``{"type": "pick"}`` is any pick)."""
    return all(k in move and type(move[k]) is type(v) and move[k] == v for k, v in pattern.items())
