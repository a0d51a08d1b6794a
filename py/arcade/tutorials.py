"""The tutorial runner: a real game dealt from a scenario file, walked through its steps.

Each step of ``tutorials/<name>.json`` has a sentence, a target to point at, the moves that
advance it (patterns: a move matches when it has every field the pattern gives) and the other
seats' scripted replies, each a move or a bot level (bots decide from the game's seed and
position, so a reply is reproducible). The engine validates every move; this module only
chooses which legal moves advance the tutorial. A move that does not advance changes nothing
and earns the step's hint, with the engine's reason when the rules refuse it.

Service methods (registered by ``arcade.service``; params and results in docs/api.md):
``tutorials``, ``tutorialStart``, ``tutorial``, ``tutorialPlay``, ``tutorialSkip``.
"""
from __future__ import annotations

from gamecore import BadRequest, GameError, Rng
from gamecore.errors import shown
from gamecore import scenario as S

from . import registry


class Tutorial:
    def __init__(self, sc: dict):
        self.sc = sc
        self.game_cls = registry.get(sc["game"]).game
        self.game = S.start(self.game_cls, sc)
        self.seat = sc["seat"]
        self.index = 0      # the current step
        self.done_here = 0  # advancing moves made in it so far (a step may repeat)

    # ----- reading -------------------------------------------------------------------
    @property
    def step(self) -> dict | None:
        steps = self.sc["steps"]
        return steps[self.index] if self.index < len(steps) else None

    def describe(self) -> dict:
        st = self.step
        out = {"tutorial": self.sc["id"], "title": self.sc["title"], "index": self.index,
               "count": len(self.sc["steps"]), "done": st is None}
        if st is not None:
            targets = st.get("target") or []
            explains = st.get("explains") or []
            out.update(text=st["text"], targets=[targets] if isinstance(targets, dict) else targets,
                       explains=[explains] if isinstance(explains, dict) else explains,
                       needsMove=bool(st.get("advance")),
                       repeat={"done": self.done_here, "of": st.get("repeat", 1)})
        return out

    # ----- moving --------------------------------------------------------------------
    def _advancing(self, move: dict) -> bool:
        return any(S.matches(p, move) for p in self.step.get("advance", []))

    def play(self, move: dict) -> dict:
        """The person's move: applied if it advances the step, else a hint and no change."""
        st = self.step
        if st is None:
            raise BadRequest("This tutorial is finished; keep playing the game instead.")
        if not st.get("advance"):
            return {"advanced": False, "hint": "Read this step, then press Next.", "reason": None,
                    "events": []}
        if self._advancing(move):
            try:
                events = self.game.apply(self.seat, move)
            except GameError as exc:     # a loose pattern ("any pick") let an illegal move in
                return {"advanced": False, "hint": st["hint"], "reason": exc.message, "events": []}
            return {"advanced": True, "events": events + self._after_move()}
        try:                             # what would the rules say? asked of a copy only
            self.game.clone().apply(self.seat, move)
            reason = None
        except GameError as exc:
            reason = exc.message
        return {"advanced": False, "hint": st["hint"], "reason": reason, "events": []}

    def skip(self) -> dict:
        """Next on a reading step; on a move step, the first legal advancing move is made for
        the person (through the engine like any other)."""
        st = self.step
        if st is None:
            raise BadRequest("This tutorial is finished.")
        if not st.get("advance"):
            self.index += 1
            self.done_here = 0
            return {"advanced": True, "events": []}
        legal = [m for m in self.game.legal_moves(self.seat) if self._advancing(m)]
        if not legal:
            raise GameError(f"Step {self.index + 1} of tutorial {self.sc['id']} has no legal advancing move.")
        return {"advanced": True, "events": self.game.apply(self.seat, legal[0]) + self._after_move()}

    def _after_move(self) -> list:
        st = self.step
        events = []
        for reply in st.get("then", []):
            q = reply["player"]
            if q not in self.game.to_act():
                raise GameError(f"Step {self.index + 1} of tutorial {self.sc['id']} scripts a move "
                                f"for seat {q}, who has no move to make.")
            move = reply.get("move")
            if move is None:
                bot = registry.get(self.sc["game"]).bots[reply["bot"]]
                move = bot(self.game, q, Rng(self.game.seed).fork(len(self.game.log) * 8 + q + 1))
            events += self.game.apply(q, move)
        self.done_here += 1
        if self.done_here >= st.get("repeat", 1):
            self.index += 1
            self.done_here = 0
        return events


def methods(service) -> dict:
    """The tutorial methods of ``service`` (an ``arcade.service.Service``)."""
    open_tutorials: dict[str, Tutorial] = {}
    service._forgetters.append(lambda gid: open_tutorials.pop(gid, None))   # closed: let it go

    def tutorial_of(params: dict) -> Tutorial:
        game = service._game(params)
        t = open_tutorials.get(params["id"])
        if t is None or t.game is not game:
            raise BadRequest(f"Game {params['id']!r} is not a tutorial.")
        return t

    def answer(t: Tutorial, out: dict, gid: str) -> dict:
        return {**out, "tutorial": t.describe(), **service._snapshot(t.game, t.seat), "id": gid}

    def listing(params: dict) -> list:
        out = []
        for name in S.names():
            sc = S.load(name)
            out.append({"id": name, "game": sc["game"], "title": sc["title"],
                        "summary": sc["summary"], "steps": len(sc["steps"])})
        return out

    def start(params: dict) -> dict:
        sc = S.load(params.get("tutorial"))
        at = params.get("step", 0)
        if type(at) is not int or not 0 <= at < len(sc["steps"]):
            raise BadRequest(f"The tutorial has steps 0 to {len(sc['steps']) - 1}; there is no step {shown(at)}.")
        t = Tutorial(sc)
        while t.index < at:          # resuming: the steps before are made as Skip makes them
            t.skip()
        gid = service._open(t.game)
        open_tutorials[gid] = t
        return answer(t, {"game": sc["game"], "options": t.game.options, "seed": str(t.game.seed),
                          "players": t.game.num_players, "seat": t.seat}, gid)

    return {
        "tutorials": listing,
        "tutorialStart": start,
        "tutorial": lambda p: answer(tutorial_of(p), {}, p["id"]),
        "tutorialPlay": lambda p: answer(tutorial_of(p), tutorial_of(p).play(_move(p)), p["id"]),
        "tutorialSkip": lambda p: answer(tutorial_of(p), tutorial_of(p).skip(), p["id"]),
    }


def _move(params: dict) -> dict:
    move = params.get("move")
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise BadRequest('Parameter "move" must be a move: an object with a "type" string.')
    return move
