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
from typing import Any, Callable

from gamecore import BadRequest, Game, GameError, Rng
from gamecore.errors import shown
from gamecore.jsonvalues import MAX_REQUEST_CHARS, parse_json
from gamecore import annotations as record_notes, undo as takeback
from gamecore.timeline import Timeline

from . import about, analysis_shares, files, pictures, registry, savefile, shares, tutorials
from .params import budget, param as _param

API_VERSION = 1
SCORE_METHODS = ("dailyDeal", "scoreCard", "verifyScore")


class Service:
    def __init__(self) -> None:
        self._games: dict[str, Game] = {}
        self._next_id = 1
        self._timeline = Timeline()
        # What else holds on to an open game, told its id when the game is closed.
        self._forgetters: list[Callable[[str], None]] = [self._timeline.drop]
        self._methods: dict[str, Callable[[dict], Any]] = {
            "ping": self.ping,
            "hello": self.hello,
            "newGame": self.new_game,
            "state": self.state,
            "play": self.play,
            "botMove": self.bot_move,
            "botPlan": self.bot_plan,
            "searchShare": shares.share,
            "undoable": self.undoable,
            "undo": self.undo,
            "stats": self.stats,
            "viewAt": self.view_at,
            "save": self.save,
            "record": self.record,
            "load": self.load,
            "readFile": self.read_file,
            "close": self.close,
            "moveLog": self.move_log,
            "openGames": self.open_games,
            "illustration": pictures.illustration,
            "hint": self.hint,
            "hintPlan": self.hint_plan,
            "analyse": self.analyse,
            "analysisPlan": self.analysis_plan,
            "analysisShare": analysis_shares.share,
        }
        self._analyses: dict = {}     # game id -> its analysis under way (arcade.analysis)
        self._forgetters.append(lambda gid: self._analyses.pop(gid, None))
        self._methods.update(tutorials.methods(self))
        # Score cards and the daily deal (arcade.score_service) load on their first call:
        # hashing, compression and the verifier are not needed to start a game.
        self._scores = None
        for name in SCORE_METHODS:
            self._methods[name] = lambda params, name=name: self._score_method(name, params)

    def _score_method(self, name: str, params: dict):
        if self._scores is None:
            from . import score_service
            self._scores = score_service.methods(self)
        return self._scores[name](params)

    # ----- transport ------------------------------------------------------------
    def dispatch_json(self, request: str) -> str:
        return json.dumps(self.dispatch(request), separators=(",", ":"))

    def dispatch(self, request: Any) -> dict:
        try:
            if isinstance(request, str):
                request = parse_json(request, MAX_REQUEST_CHARS, BadRequest, "request", "The request is not valid JSON.")
            if not isinstance(request, dict):
                raise BadRequest("A request must be an object.")
            name = request.get("method")
            if not isinstance(name, str):
                raise BadRequest('A request needs a "method" name (a string).')
            method = self._methods.get(name)
            if method is None:
                raise BadRequest(f"Unknown method {shown(name)}.")
            params = request.get("params", {})
            if not isinstance(params, dict):
                raise BadRequest("Request params must be an object.")
            return {"ok": True, "result": method(params)}
        except GameError as exc:
            return {"ok": False, "error": exc.to_dict()}
        except Exception:
            import traceback  # only on this rare path, to keep start-up imports few
            traceback.print_exc(file=sys.stderr)
            return {"ok": False, "error": {"code": "internal",
                                           "message": "The engine hit an unexpected problem. "
                                                      "Your game is unchanged."}}

    # ----- helpers --------------------------------------------------------------
    def _game(self, params: dict) -> Game:
        gid = _param(params, "id", str)
        if gid not in self._games:
            raise BadRequest(f"There is no open game {shown(gid)}.")
        return self._games[gid]

    def _open(self, game: Game) -> str:
        gid = f"g{self._next_id}"
        self._next_id += 1
        self._games[gid] = game
        return gid

    def _opened(self, game: Game) -> dict:
        """newGame's and load's answer; the seed as a decimal string (64 bits do not fit a JS number)."""
        return {"id": self._open(game), "game": game.NAME, "options": game.options,
                "seed": str(game.seed), "players": game.num_players}

    @staticmethod
    def _player(params: dict, game: Game, name: str = "player", required: bool = True):
        p = _param(params, name, int, required=required)
        if p is not None and not 0 <= p < game.num_players:
            raise BadRequest(f"There is no player {p} in this game.")
        return p

    @staticmethod
    def _snapshot(game: Game, viewer: int | None) -> dict:
        takeback.note_seen(game, viewer)   # what this seat has been shown stops its take-backs
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
    def ping(self, params: dict) -> dict:
        """Cheapest possible answer: proves the interpreter and bridge are up."""
        return {"api": API_VERSION}

    def hello(self, params: dict) -> dict:
        return {"api": API_VERSION, "engine": about.engine(), "games": [
            {"name": e.name, "title": e.title, "options": e.game.OPTIONS, "bots": list(e.bots)}
            for e in registry.available()]}

    def new_game(self, params: dict) -> dict:
        entry = registry.get(params.get("game"))
        seed = _param(params, "seed", (int, str))      # Game.new checks it is a 64-bit value
        game = entry.game.new(_param(params, "options", dict, required=False), seed)
        return self._opened(game)

    def state(self, params: dict) -> dict:
        game = self._game(params)
        return self._snapshot(game, self._player(params, game, required=False))

    def play(self, params: dict) -> dict:
        game = self._game(params)
        player = self._player(params, game)
        move = _param(params, "move", dict)
        viewer = self._player(params, game, "viewer", required=False)   # checked before the move
        events = game.apply(player, move)
        return {"events": events, **self._snapshot(game, viewer)}

    def _bot_seat(self, params: dict):
        """The game, the bot's seat, the bot for ``level`` and its random stream."""
        game = self._game(params)
        player = self._player(params, game)
        entry = registry.get(game.NAME)
        level = _param(params, "level", str)
        if level not in entry.bots:
            raise BadRequest(f"There is no bot level {shown(level)} for {entry.title}.")
        if player not in game.to_act():
            raise BadRequest("It is not that bot's turn.")
        # Derived from the game's own seed and position, so a bot's choice is reproducible.
        rng = Rng(game.seed).fork(len(game.log) * 8 + player + 1)
        return game, player, entry.bots[level], rng

    def bot_move(self, params: dict, clock=None) -> dict:
        """A bot's move (not applied: send it to ``play``, so bots and people share one path).

        Search levels (a bot with a ``start`` hook) think for ``ms`` milliseconds when it is
        given (the page runs the engine in a worker, so one call may think for its whole
        budget), or for exactly ``iterations`` playouts (reproducible: tests, benchmarks),
        else for the bot's own fixed one-shot budget. One-shot levels ignore both."""
        game, player, bot, rng = self._bot_seat(params)
        ms, cap = budget(params, 100_000)
        start = getattr(bot, "start", None)
        tallies = _param(params, "tallies", list, required=False)
        if tallies is not None and start is None:
            raise BadRequest("Only a searching bot's decision comes in shares: this one has no tallies.")
        if start is None or (ms is None and cap is None and tallies is None):
            return {"move": bot(game, player, rng), "iterations": 0, "actions": 0}
        legal = game.legal_moves(player)
        if len(legal) == 1:
            return {"move": legal[0], "iterations": 0, "actions": 0}
        search = start(game, player, rng)
        if tallies is not None:
            # the decision was searched in shares (botPlan, searchShare): add them up and pick
            shares.merge(search, legal, tallies)
            return {"move": search.best_move(), "iterations": search.iterations,
                    "actions": search.actions}
        if ms is None:
            search.step(cap)
        else:
            kw = {} if clock is None else {"clock": clock}
            search.run_for(ms / 1000.0, max_iterations=cap, **kw)
        if search.iterations == 0:
            search.step(1)
        return {"move": search.best_move(), "iterations": search.iterations,
                "actions": search.actions}

    def bot_plan(self, params: dict) -> dict:
        """A search bot's decision split into ``shares`` (2 unless asked) for several engines
        to play at once (``searchShare``); their tallies go back to ``botMove`` (arcade.shares)."""
        game, player, _bot, rng = self._bot_seat(params)
        ms, cap, count = self._plan_budget(params)
        return shares.plan(game, player, params["level"], rng, count, ms, cap)

    @staticmethod
    def _plan_budget(params: dict) -> tuple:
        ms, cap = budget(params, 100_000)
        if ms is None and cap is None:
            raise BadRequest("A plan needs a budget: 'ms' or 'iterations'.")
        return ms, cap, _share_count(params)

    # ----- advice: a hint now, an analysis afterwards (arcade.hint, arcade.analysis) ----
    def _hint_seat(self, params: dict, budgets) -> tuple:
        """The game, the seat a hint is for and the budget ``budgets(params)`` reads, checked
        in that order."""
        game = self._game(params)
        player = self._player(params, game)
        budgeted = budgets(params)
        if game.is_over:
            raise BadRequest("The game is over: there is no move to hint at.")
        if player not in game.to_act():
            raise BadRequest("It is not that player's turn: a hint is for a move they are to make.")
        return (game, player, *budgeted)

    def hint(self, params: dict, clock=None) -> dict:
        """The hard search's move for ``player``, from their own view, with its reason; with
        ``tallies``, from the shares of ``hintPlan`` that other engines played."""
        game, player, ms, cap = self._hint_seat(params, lambda p: budget(p, 100_000))
        tallies = _param(params, "tallies", list, required=False)
        from . import hint
        return hint.hint(game, player, ms=ms, iterations=cap, tallies=tallies,
                         **({} if clock is None else {"clock": clock}))

    def hint_plan(self, params: dict) -> dict:
        """A hint's search split into shares, as ``botPlan`` splits a bot's (arcade.shares)."""
        game, player, ms, cap, count = self._hint_seat(params, self._plan_budget)
        from . import hint
        return hint.plan(game, player, ms=ms, iterations=cap, count=count)

    def _finished_game(self, params: dict) -> tuple:
        """The finished game an analysis is of, its ``ms`` and its playouts a decision: the budget asked,
        else the analysis it has (a saved game's, a replay link's), else the engine's default."""
        game = self._game(params)
        ms, cap = budget(params, analysis_shares.MOST_ITERATIONS)
        if not game.is_over:
            raise BadRequest("The game is not finished: it can be analysed once it is over.")
        from . import analysis
        done = game.analysis
        return game, ms, cap or (done["iterations"] if done else analysis.default_iterations(game))

    def analyse(self, params: dict, clock=None) -> dict:
        """Every decision of a finished game judged for ``player``; with ``ms``, a slice of
        the work and its progress until it is complete (call again to go on); with ``rows``,
        put together from the shares of ``analysisPlan`` that other engines worked out."""
        game = self._game(params)
        player = self._player(params, game)
        game, ms, iterations = self._finished_game(params)
        rows = _param(params, "rows", list, required=False)
        from . import analysis
        done = game.analysis
        if rows is not None:
            analysis_shares.merge(game, iterations, rows)
            self._analyses.pop(params["id"], None)
        elif done is None or done["iterations"] != iterations:
            gid = params["id"]
            job = self._analyses.get(gid)
            if job is None or job.iterations != iterations:
                job = self._analyses[gid] = analysis.Analysis(game, iterations)
            kw = {} if clock is None else {"clock": clock}
            if not job.work(None if ms is None else ms / 1000.0, **kw):
                return {"complete": False, "progress": job.progress(), "iterations": iterations}
            del self._analyses[gid]
        return analysis.answer(game, player)

    def analysis_plan(self, params: dict) -> dict:
        """A finished game's analysis split into ``shares`` (2 unless asked) for several
        engines to work out at once (``analysisShare``); their rows go back to ``analyse``."""
        game, _ms, iterations = self._finished_game(params)
        return analysis_shares.plan(game, iterations, _share_count(params))

    # ----- take-backs and statistics (gamecore.undo; policy in docs/rulings) ----------
    def _undo_params(self, params: dict):
        game = self._game(params)
        player = self._player(params, game)
        bots = takeback.check_bots(game, player, _param(params, "bots", list, required=False))
        return game, player, bots

    def undoable(self, params: dict) -> dict:
        game, player, bots = self._undo_params(params)
        return takeback.undoable(game, player, bots)

    def undo(self, params: dict) -> dict:
        game, player, bots = self._undo_params(params)
        expect = _param(params, "moves", int, required=False)
        if expect is not None and expect < 1:
            raise BadRequest("Parameter 'moves' must be at least 1.")
        new, events = takeback.undo(game, player, bots, expect)
        record_notes.carry(game, new)
        self._games[params["id"]] = new
        return {"events": events, **self._snapshot(new, player)}

    def stats(self, params: dict) -> dict:
        return self._game(params).stats()

    def view_at(self, params: dict) -> dict:
        """The table as ``player`` saw it after the first ``move`` moves that stand (``0``: the
        deal), with that move's events; a spectator's view without ``player``. ``reveal`` adds
        every seat's view, only once the game is over (a record shows every hand anyway)."""
        game = self._game(params)
        player = self._player(params, game, required=False)
        k = _param(params, "move", int)
        if not 0 <= k <= len(game.log):
            raise BadRequest(f"Parameter 'move' must be from 0 to {len(game.log)}, the moves made so far.")
        reveal = _param(params, "reveal", bool, required=False, default=False)
        if reveal and not game.is_over:
            raise BadRequest("Every hand is shown only once the game is over.")
        past, events = self._timeline.at(params["id"], game, k)
        out = {"view": past.view(player), "toAct": past.to_act(), "legal": [], "over": past.is_over,
               "result": past.result(), "moveCount": k, "of": len(game.log), "events": events}
        if reveal:
            out["views"] = [past.view(p) for p in range(past.num_players)]
        return out

    def save(self, params: dict) -> dict:
        return self._game(params).save()

    def record(self, params: dict) -> dict:
        return self._game(params).record()

    def load(self, params: dict) -> dict:
        game = files.open_file(params.get("data"))
        game.seen = [len(game.log)] * game.num_players   # a loaded table has been seen
        return self._opened(game)

    def read_file(self, params: dict) -> dict:
        """A saved-game file's text (the site's export or a bare record) checked and replayed
        (``arcade.savefile``), without opening a game: what the page needs to store it."""
        saved = savefile.replay_file(_param(params, "text", str))
        game = saved.game
        label = saved.wrapper or {}
        return {"record": saved.record, "game": game.NAME, "players": game.num_players,
                "moveCount": len(game.log), "over": game.is_over, "result": game.result(),
                "seats": label.get("seats"), "createdAt": label.get("createdAt")}

    def close(self, params: dict) -> dict:
        self._game(params)
        del self._games[params["id"]]
        for forget in self._forgetters:
            forget(params["id"])
        return {}

    def move_log(self, params: dict) -> dict:
        """The public events of every move as it was made, take-backs included where they were
        made (``gamecore.undo.story``), so a resumed game shows the log it showed live."""
        return {"moves": takeback.story(self._game(params))}

    def open_games(self, params: dict) -> dict:
        """How many games the service holds (a page closes each game it leaves)."""
        return {"count": len(self._games)}


def _share_count(params: dict) -> int:
    """How many shares a plan makes: ``shares``, 2 unless asked (the page's engine and helper)."""
    count = _param(params, "shares", int, required=False, default=2)
    if not 1 <= count <= shares.MOST_SHARES:
        raise BadRequest(f"Parameter 'shares' must be from 1 to {shares.MOST_SHARES}.")
    return count
