"""Pictures for the Rules dialogs: small positions the game's own renderer draws.

``tutorials/pictures/<game>.json`` names a tutorial scenario (``gamecore.scenario``: its
options, seed and deal), the line of moves played from that deal, and the pictures: each is
the position after the first ``after`` moves of the line, as seat ``viewer`` sees it, with a
caption, a text alternative and the cells (Water Works) or rows (Aqueducks) worth framing.
Every move goes through ``Game.apply``, so a picture shows only what the rules allow; a line a
rule change makes illegal fails to load, with the engine's reason, instead of drawing a lie.

A picture's ``view`` is the spectators' view of its position (no hand, no hidden choice or
bridge card): a picture draws only the table, and an online host relays the answer to its
guests, who may never be sent a seat's private view.

Service method ``illustration`` (registered by ``arcade.service``; docs/api.md).
"""
from __future__ import annotations

import json

from gamecore import BadRequest, BadSave, GameError
from gamecore import scenario as S
from gamecore.carddata import data_file
from gamecore.errors import shown
from gamecore.jsonvalues import copy_json

from . import registry

FORMAT = "pipes-and-ducks/pictures"
VERSION = 1
FOLDER = "tutorials/pictures"
_answers: dict[tuple[str, str], dict] = {}   # the data never changes while the engine runs


def _bad(game: str, why: str):
    return BadSave(f"The picture file {game}.json is damaged: {why}.")


def load(game: str) -> dict:
    """The checked picture file of ``game`` (a registered game's name)."""
    try:
        path = data_file(FOLDER, game + ".json")
    except FileNotFoundError:
        raise BadRequest(f"{registry.get(game).title} has no rule pictures.") from None
    with open(path, encoding="utf-8") as fh:
        try:
            data = json.load(fh)
        except ValueError:
            raise _bad(game, "it is not valid JSON") from None
    return check(data, game)


def check(data, game: str) -> dict:
    """Refuse a picture file whose shape is wrong, with the reason; returns it unchanged."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise _bad(game, "it is not a version-1 picture file")
    if data.get("game") != game:
        raise _bad(game, "it is for another game")
    if not isinstance(data.get("scenario"), str) or not isinstance(data.get("moves"), list):
        raise _bad(game, "it needs a scenario name and a line of moves")
    if not all(isinstance(m, dict) and type(m.get("player")) is int and isinstance(m.get("move"), dict)
               for m in data["moves"]):
        raise _bad(game, "each move of the line names a player and a move")
    pictures = data.get("pictures")
    if not isinstance(pictures, dict) or not pictures:
        raise _bad(game, "it has no pictures")
    for name, pic in pictures.items():
        if not isinstance(pic, dict):
            raise _bad(game, f"picture {name!r} is not an object")
        for key in ("caption", "alt"):
            if not isinstance(pic.get(key), str) or not pic[key].strip():
                raise _bad(game, f"picture {name!r} needs its {key}")
        after = pic.get("after")
        if type(after) is not int or not 0 <= after <= len(data["moves"]):
            raise _bad(game, f"picture {name!r} must show the position after 0 to {len(data['moves'])} moves")
        if type(pic.get("viewer")) is not int or not isinstance(pic.get("frame"), dict):
            raise _bad(game, f"picture {name!r} needs a viewer seat and a frame")
    return data


def illustration(params: dict) -> dict:
    """``{game, name}`` -> ``{game, name, caption, alt, frame, viewer, view, result}``."""
    game = params.get("game")
    registry.get(game)                     # refuses a game the site does not know
    name = params.get("name")
    if not isinstance(name, str):
        raise BadRequest("Parameter 'name' must name a picture.")
    key = (game, name)
    if key not in _answers:
        data = load(game)
        if name not in data["pictures"]:
            raise BadRequest(f"{registry.get(game).title} has no rule picture {shown(name)}.")
        _answers[key] = _draw(game, name, data)
    return copy_json(_answers[key])


def _draw(game: str, name: str, data: dict) -> dict:
    pic = data["pictures"][name]
    sc = S.load(data["scenario"])
    if sc["game"] != game:
        raise _bad(game, "its scenario is for another game")
    position = S.start(registry.get(game).game, sc)
    if not 0 <= pic["viewer"] < position.num_players:
        raise _bad(game, f"picture {name!r} is seen by a seat the game does not have")
    for i, entry in enumerate(data["moves"][:pic["after"]]):
        try:
            position.apply(entry["player"], copy_json(entry["move"]))
        except GameError as exc:
            raise _bad(game, f"move {i + 1} of its line is refused ({exc.message})") from None
    viewer = pic["viewer"]
    return {"game": game, "name": name, "caption": pic["caption"], "alt": pic["alt"],
            "frame": pic["frame"], "viewer": viewer, "view": _public_view(position, viewer, pic["frame"]),
            "result": position.result()}


def _public_view(position, viewer: int, frame: dict) -> dict:
    """What the picture draws: the public view, and on a board picture (the Pondifex board)
    the spaces the viewer may donate on, which the board lights; they follow from public
    duckats and cubes (a pass or any other choice is not drawn)."""
    view = position.view(None)
    if "board" in frame:
        view["legal_moves"] = [m for m in position.legal_moves(viewer) if m.get("type") == "donate"]
    return view
