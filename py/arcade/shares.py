"""One bot decision searched by several engines at once: the plan, a share, the merge.

The hard bots' search (gamecore.rollouts) is rounds of playouts on determinizations of the
seat's view, every round independent of the others. So a decision splits into *shares*: the
engine that holds the game ranks the candidates once (``plan``), each engine plays rounds of
those candidates on determinizations of its own (``share``: stateless, it needs only the
view, the candidates and a seed), and the game's engine adds their sums and picks as if it had
played every round itself (``merge``). The page runs a second engine worker for this on a
machine with cores to spare (web/engine/helper.js, docs/bots.md): twice the playouts in the
same wall time.

Every share's seed is drawn from the decision's own random stream (itself from the game's seed
and position), so a decision split with a fixed number of playouts is reproducible; seeds cross
as decimal strings, never as JS numbers. A tally is checked before it counts: its position (a
fingerprint of the seat's view) must be the seat's now, its candidates the seat's legal moves,
and every sum one that rewards in [0, 1] can make.
"""
from __future__ import annotations

import math

from gamecore import BadRequest, GameError, Rng
from gamecore.errors import shown

from . import registry
from .params import budget, param as _param

#: most shares a decision is split into (the page uses 2: its engine and one helper)
MOST_SHARES = 4
#: most complete rounds one tally may bring (a 10 s think of the cheapest playouts is far less)
MOST_ROUNDS = 1_000_000
#: longest playout a share may be asked for (the hint's solo playouts run to the game's end)
MOST_DEPTH = 10_000
#: salts of the shares' seeds, forked from the decision's stream
_SHARE_SALT = 0x5A4E


def _searcher(entry, level: str):
    from_view = getattr(entry.bots.get(level), "from_view", None)
    if from_view is None:
        raise BadRequest(f"The {shown(level)} bot of {entry.title} does not search, so it has no shares.")
    return from_view


def plan(game, player: int, level: str, rng: Rng, count: int, ms, cap, *, make=None, depth=None) -> dict:
    """The shares of ``player``'s decision, one for each engine: ``{"shares": [...]}``, or
    ``{"shares": None}`` when there is nothing to share (one legal move, a bot that does not
    search, or a search that is not the plain one from the view, such as hand reading).
    The search is the ``level`` bot's (``start``), or what ``make()`` builds from it (the
    hint's, whose playouts run ``depth`` moves: arcade.hint)."""
    entry = registry.get(game.NAME)
    bot = entry.bots[level]
    if getattr(bot, "from_view", None) is None:
        return {"shares": None}
    search = make() if make is not None else bot.start(game, player, rng)
    # a share deals plainly from the view: a search that deals otherwise (hand reading) or
    # drops candidates round by round (racing) is searched by its engine alone
    if search.prune is not None or search.determinize is not bot.from_view(search.view, player, rng).determinize:
        return {"shares": None}
    moves = search.prepare()
    if search.trivial:      # one legal move: nothing to search (prepare listed the moves once)
        return {"shares": None}
    shares = []
    for i in range(count):
        share = {"game": game.NAME, "level": level, "player": player, "view": search.view,
                 "moves": moves, "seed": str(rng.fork(_SHARE_SALT + i).next_u64()),
                 "position": position(search.view)}
        if depth is not None:
            share["depth"] = depth
        if ms is not None:
            share["ms"] = ms
        if cap is not None:
            # split a fixed budget by whole rounds, the first shares taking the odd ones
            k = len(moves)
            rounds = cap // k
            mine = rounds // count + (1 if i < rounds % count else 0)
            share["iterations"] = max(mine * k, 1)
        shares.append(share)
    return {"shares": shares}


def share(params: dict, clock=None) -> dict:
    """Play one share of a decision (``plan``) and return its tally; changes nothing."""
    entry = registry.get(_param(params, "game", str))
    from_view = _searcher(entry, _param(params, "level", str))
    player = _param(params, "player", int)
    view = _param(params, "view", dict)
    moves = _param(params, "moves", list)
    if not 2 <= len(moves) <= 64 or not all(isinstance(m, dict) for m in moves):
        raise BadRequest("Parameter 'moves' must list 2 to 64 candidate moves.")
    seed = _seed(_param(params, "seed", str))
    at = _param(params, "position", str)
    if at != position(view):
        raise BadRequest("This share's position does not match its view.")
    ms, cap = budget(params, 100_000)
    if ms is None and cap is None:
        raise BadRequest("A share needs a budget: 'ms' or 'iterations'.")
    depth = _param(params, "depth", int, required=False)
    if depth is not None and not 1 <= depth <= MOST_DEPTH:
        raise BadRequest(f"Parameter 'depth' must be from 1 to {MOST_DEPTH} moves.")
    search = from_view(view, player, Rng(seed), **({} if depth is None else {"rollout_depth": depth}))
    search.adopt(moves)
    # the view must make a game in which the candidates are the seat's to play (an outsider's
    # view or moves would otherwise fail, or worse run, deep in a playout)
    probe = _unless_unfit(entry, lambda: search.determinize(view, player, Rng(seed)))
    if not 0 <= player < probe.num_players or player not in probe.to_act():
        raise BadRequest(f"This share's view does not await seat {shown(player)}.")
    legal = probe.legal_moves(player)
    if any(m not in legal for m in moves) or _has_twins(moves):
        raise BadRequest("This share's candidates are not moves the seat can make in its view.")
    kw = {} if clock is None else {"clock": clock}
    _unless_unfit(entry, lambda: search.step(cap) if ms is None
                  else search.run_for(ms / 1000.0, max_iterations=cap, **kw))
    return {"moves": moves, "position": at, **search.tally()}


def _unless_unfit(entry, work):
    """``work()``, with a view or move that the game's code cannot take said in a sentence."""
    try:
        return work()
    except (GameError, KeyError, IndexError, TypeError, ValueError, AttributeError) as err:
        raise BadRequest(f"This share does not fit a game of {entry.title}: {shown(str(err))}.") from None


def position(view: dict) -> str:
    """A short fingerprint of the seat's view, which a tally carries back, so that a tally from
    another position (a take-back and another move while the shares were played) is refused
    even when its candidates happen to be legal again. (An analysis share names its record by
    it too: arcade.analysis_shares.)"""
    import hashlib
    import json
    text = json.dumps(view, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _seed(text: str) -> int:
    if not text.isdigit() or len(text) > 20 or int(text) >= 1 << 64:
        raise BadRequest("Parameter 'seed' must be a 64-bit number written in decimal.")
    return int(text)


def merge(search, legal: list, tallies: object) -> None:
    """Add the shares' tallies to ``search`` (not yet run), after checking each one."""
    if not isinstance(tallies, list) or not 1 <= len(tallies) <= MOST_SHARES:
        raise BadRequest(f"Parameter 'tallies' must list 1 to {MOST_SHARES} shares' tallies.")
    moves = None
    checked = []
    here = position(search.view)
    for tally in tallies:
        if not isinstance(tally, dict) or not isinstance(tally.get("moves"), list):
            raise BadRequest("A share's tally must be an object with the moves it played.")
        if tally.get("position") != here:
            raise BadRequest("A share's tally is from another position than the seat's now.")
        if moves is None:
            moves = tally["moves"]
            if len(moves) < 2 or any(m not in legal for m in moves) or _has_twins(moves):
                raise BadRequest("A share's tally is for other moves than this seat can make now.")
        elif tally["moves"] != moves:
            raise BadRequest("The shares' tallies played different candidate moves.")
        checked.append(_checked(tally, len(moves)))
    search.adopt(moves)
    for tally in checked:
        search.absorb(tally)


def _has_twins(moves: list) -> bool:
    return any(moves[j] == moves[i] for i in range(len(moves)) for j in range(i))


def _count(tally: dict, name: str) -> int:
    value = tally.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MOST_ROUNDS * 64:
        raise BadRequest(f"A share's tally has no valid {name!r}.")
    return value


def _checked(tally: dict, k: int) -> dict:
    rounds = _count(tally, "rounds")
    if rounds > MOST_ROUNDS:
        raise BadRequest("A share's tally has no valid 'rounds'.")
    out = {"rounds": rounds, "iterations": _count(tally, "iterations"), "actions": _count(tally, "actions")}
    for name in ("totals", "diffs", "squares"):
        sums = tally.get(name)
        if not isinstance(sums, list) or len(sums) != k or not all(_real(x) for x in sums):
            raise BadRequest(f"A share's tally has no valid {name!r}.")
        out[name] = [float(x) for x in sums]
    # rewards lie in [0, 1]: a candidate's total over n rounds in [0, n], a paired difference
    # in [-n, n] and its square sum in [0, n]; the first candidate's differences are 0
    eps = 1e-6 * (rounds + 1)
    if (any(not -eps <= t <= rounds + eps for t in out["totals"])
            or any(abs(d) > rounds + eps for d in out["diffs"])
            or any(not -eps <= q <= rounds + eps for q in out["squares"])
            or abs(out["diffs"][0]) > eps or out["iterations"] < rounds * k):
        raise BadRequest("A share's tally has sums that its rounds cannot make.")
    return out


def _real(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
