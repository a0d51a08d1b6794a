"""A JSON-in, JSON-out service over the engines, one request at a time.

The page never holds a Python object: it sends ``{"method": ..., "params": {...}}`` as a
JSON string and gets back ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": {"code": ..., "message": ...}}``. Every refusal leaves the games
unchanged. Unexpected exceptions become ``internal`` errors with a plain sentence; the
traceback goes to the developer console only, never into the UI.
"""
from __future__ import annotations

import json
import sys
import traceback
from typing import Any, Callable

from gamecore import BadRequest, BadSave, Game, GameError, Rng, replay
from gamecore.protocol import RECORD_FORMAT, SAVE_FORMAT

from . import registry

API_VERSION = 1


def _param(params: dict, name: str, kind: type | tuple, required: bool = True, default=None):
    if name not in params:
        if required:
            raise BadRequest(f"Missing parameter {name!r}.")
        return default
    value = params[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadRequest(f"Parameter {name!r} has the wrong type.")
    return value


class Service:
    def __init__(self) -> None:
        self._games: dict[str, Game] = {}
        self._next_id = 1
        self._methods: dict[str, Callable[[dict], Any]] = {
            "hello": self.hello,
            "newGame": self.new_game,
            "state": self.state,
            "play": self.play,
            "botMove": self.bot_move,
            "save": self.save,
            "record": self.record,
            "load": self.load,
            "close": self.close,
        }

    # ----- transport ------------------------------------------------------------
    def dispatch_json(self, request: str) -> str:
        return json.dumps(self.dispatch(request), separators=(",", ":"))

    def dispatch(self, request: Any) -> dict:
        try:
            if isinstance(request, str):
                try:
                    request = json.loads(request)
                except ValueError:
                    raise BadRequest("The request is not valid JSON.") from None
            if not isinstance(request, dict):
                raise BadRequest("A request must be an object.")
            method = self._methods.get(request.get("method"))
            if method is None:
                raise BadRequest(f"Unknown method {request.get('method')!r}.")
            params = request.get("params", {})
            if not isinstance(params, dict):
                raise BadRequest("Request params must be an object.")
            return {"ok": True, "result": method(params)}
        except GameError as exc:
            return {"ok": False, "error": exc.to_dict()}
        except Exception:
            traceback.print_exc(file=sys.stderr)
            return {"ok": False, "error": {"code": "internal",
                                           "message": "The engine hit an unexpected problem. "
                                                      "Your game is unchanged."}}

    # ----- helpers --------------------------------------------------------------
    def _game(self, params: dict) -> Game:
        gid = _param(params, "id", str)
        if gid not in self._games:
            raise BadRequest(f"There is no open game {gid!r}.")
        return self._games[gid]

    def _open(self, game: Game) -> str:
        gid = f"g{self._next_id}"
        self._next_id += 1
        self._games[gid] = game
        return gid

    @staticmethod
    def _player(params: dict, game: Game, name: str = "player", required: bool = True):
        p = _param(params, name, int, required=required)
        if p is not None and not 0 <= p < game.num_players:
            raise BadRequest(f"There is no player {p} in this game.")
        return p

    @staticmethod
    def _snapshot(game: Game, viewer: int | None) -> dict:
        to_act = game.to_act()
        return {
            "view": game.view(viewer),
            "toAct": to_act,
            "legal": game.legal_moves(viewer) if viewer is not None and viewer in to_act else [],
            "over": game.is_over,
            "result": game.result(),
            "moveCount": len(game.log),
        }

    # ----- methods ----------------------------------------------------------------
    def hello(self, params: dict) -> dict:
        return {"api": API_VERSION, "games": [
            {"name": e.name, "title": e.title, "options": e.game.OPTIONS, "bots": list(e.bots)}
            for e in registry.available()]}

    def new_game(self, params: dict) -> dict:
        entry = registry.get(params.get("game"))
        seed = _param(params, "seed", int)
        game = entry.game.new(_param(params, "options", dict, required=False), seed)
        return {"id": self._open(game), "game": entry.name, "options": game.options,
                "seed": game.seed, "players": game.num_players}

    def state(self, params: dict) -> dict:
        game = self._game(params)
        return self._snapshot(game, self._player(params, game, required=False))

    def play(self, params: dict) -> dict:
        game = self._game(params)
        player = self._player(params, game)
        move = _param(params, "move", dict)
        events = game.apply(player, move)
        viewer = self._player(params, game, "viewer", required=False)
        return {"events": events, **self._snapshot(game, viewer)}

    def bot_move(self, params: dict) -> dict:
        game = self._game(params)
        player = self._player(params, game)
        entry = registry.get(game.NAME)
        level = _param(params, "level", str)
        if level not in entry.bots:
            raise BadRequest(f"There is no bot level {level!r} for {entry.title}.")
        if player not in game.to_act():
            raise BadRequest("It is not that bot's turn.")
        # Derived from the game's own seed and position, so a game with bots replays exactly.
        rng = Rng(game.seed).fork(len(game.log) * 8 + player + 1)
        return {"move": entry.bots[level](game, player, rng)}

    def save(self, params: dict) -> dict:
        return self._game(params).save()

    def record(self, params: dict) -> dict:
        return self._game(params).record()

    def load(self, params: dict) -> dict:
        data = params.get("data")
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except ValueError:
                raise BadSave("The file is not valid JSON; it may be truncated or corrupt.") from None
        if not isinstance(data, dict):
            raise BadSave("This is not a Pipes & Ducks file.")
        if data.get("game") not in registry.names():
            raise BadSave("This file is not a game this site knows.")
        cls = registry.get(data["game"]).game
        if data.get("format") == RECORD_FORMAT:
            game = replay(cls, data)
        elif data.get("format") == SAVE_FORMAT:
            game = cls.load(data)
        else:
            raise BadSave("This is not a Pipes & Ducks file.")
        return {"id": self._open(game), "game": cls.NAME, "options": game.options,
                "seed": game.seed, "players": game.num_players}

    def close(self, params: dict) -> dict:
        self._game(params)
        del self._games[params["id"]]
        return {}
