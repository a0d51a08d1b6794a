"""Taking moves back, for every game (issue 18; the policy is in both rulings documents).

A take-back never edits a state: the game is rebuilt from its seed by replaying the move
log without the moves taken back, so an undone game is exactly a game that never made them
(same state, same saves, and bots deciding with the same seeded streams, which the service
derives from the seed and the length of this log).

Policy (docs/rulings/take-backs.md T1-T2): a player may take back their latest own move, with
the bots' moves made after it, and again the one before it, and so on.

* Against bots only (every other seat is a bot, the solo game included), as lichess allows
  take-backs against the computer: at any point until the game is over, even after the bots
  replied and new cards reached the player. Such a take-back is *revealing* when a move it
  takes back showed the player hidden cards (:func:`reveals`); the record keeps enough to tell
  (:func:`tally`), and a score with one is not ranked (T6).
* With another person at the table (a shared device, online): only back to the last point at
  which new hidden information reached a person or another person acted.

The engine learns what each move revealed from the game's ``undo_mark`` hook:

* ``sealed``: the move is a hidden choice of a simultaneous action that nothing has revealed
  yet. The other sealed choices of that same round are independent of it and stay.
* ``reached``: the seats that received new hidden information through the move (a card drawn
  or dealt, choices revealed). It only stops a take-back once a *person* has been shown it:
  the service notes, per seat, how far into the log the views it handed that seat went
  (:func:`note_seen`), so a card dealt to the next person of a shared device is not "seen"
  until the page shows that person their hand.

Each game keeps, beside its ``log`` (the moves that stand), ``marks`` (one per log entry,
``None`` when unknown: rebuilt by a replay), ``trail`` (the record's entries with the
take-backs, ``None`` while there were none) and ``seen`` (``None``: every seat has seen all).
"""
from __future__ import annotations

from .errors import BadRequest, BadSave, IllegalMove

GAME_OVER = "The game is over, so its moves stand."
NO_MOVE = "You have no move to take back."
OTHER_ACTED = "Another player has moved since your last move, so it stands."
#: The default sentence; a game names what it reveals in ``Game.UNDO_REVEALED``.
REVEALED = ("Since your last move new hidden information has reached a player "
            "(a card drawn or choices revealed), so it stands.")


def check_bots(game, player: int, bots) -> frozenset:
    """The seats the page says are bots; a bot never takes back a move itself."""
    if bots is None:
        return frozenset()
    if (not isinstance(bots, list) or any(type(b) is not int for b in bots)
            or len(set(bots)) != len(bots)):
        raise BadRequest("Parameter 'bots' must be a list of distinct seat numbers.")
    for b in bots:
        if not 0 <= b < game.num_players:
            raise BadRequest(f"There is no player {b} in this game.")
    if player in bots:
        raise BadRequest("A bot does not take back moves.")
    return frozenset(bots)


def note_seen(game, player) -> None:
    """Seat ``player`` is being shown the game as it is now (a view with its hidden parts)."""
    if player is None or game.seen is None:
        return
    game.seen[player] = len(game.log)


def ensure_marks(game) -> list:
    """The undo marks of every logged move (rebuilt by a replay for a loaded state)."""
    if game.marks is None or len(game.marks) != len(game.log):
        game.marks = rebuild(type(game), game.options, game.seed, game.log,
                             getattr(game, "scenario", None)).marks
    return game.marks


def rebuild(cls, options: dict, seed: int, moves: list, scenario: str | None = None):
    """A new game from seed and options (or dealt from its tutorial scenario) with these
    ``{player, move}`` entries applied."""
    if scenario is None:
        game = cls.new(options, seed)
    else:
        from . import scenario as sc
        game = sc.start(cls, sc.load(scenario))
    for entry in moves:
        game.apply(entry["player"], entry["move"])
    return game


def against_bots(game, player: int, bots: frozenset) -> bool:
    """Is every seat but ``player``'s a bot (a solo game too)? Then no other person can be
    wronged by a take-back, and nothing hidden stops one (T1)."""
    return all(p == player or p in bots for p in range(game.num_players))


def plan(game, player: int, bots: frozenset, seen=None):
    """``(indices, reason)``: the log entries an undo by ``player`` takes back, in order, or
    ``[]`` and a sentence saying why nothing can be. ``seen`` defaults to the game's own."""
    if game.is_over:
        return [], GAME_OVER
    log = game.log
    j = next((i for i in range(len(log) - 1, -1, -1) if log[i]["player"] == player), None)
    if j is None:
        return [], NO_MOVE
    marks = ensure_marks(game)
    n = game.num_players
    if seen is None:
        seen = game.seen if game.seen is not None else [len(log)] * n
    persons = [p not in bots for p in range(n)]
    same_round = marks[j][0]
    taken = [j]
    for i in range(j + 1, len(log)):
        sealed, _ = marks[i]
        if same_round and sealed:
            continue            # another seat's hidden choice in the same open round: it stays
        same_round = False
        if persons[log[i]["player"]]:
            return [], OTHER_ACTED
        taken.append(i)
    if against_bots(game, player, bots):
        return taken, None      # what the player has been shown since is theirs to weigh (T1)
    for i in range(j, len(log)):
        for s in marks[i][1]:
            if persons[s] and seen[s] > i:
                return [], getattr(game, "UNDO_REVEALED", REVEALED)
    return taken, None


def reveals(game, taken: list, player: int, bots: frozenset) -> bool:
    """Is this take-back against bots only, and did a move among ``taken`` show ``player``
    hidden cards (a card drawn into their hand, choices revealed, a hand dealt)? Then the player
    chooses again knowing them (T6). Told from the moves alone, so the verifier reaches the
    same answer from the record. (With another person at the table the policy never lets a
    player take back what they have been shown, so such a take-back is never revealing.)"""
    if not against_bots(game, player, bots):
        return False
    marks = ensure_marks(game)
    return any(player in marks[i][1] for i in taken)


def undoable(game, player: int, bots: frozenset) -> dict:
    """``{moves}`` (with ``revealed: true`` when the take-back would take back cards the
    player has been shown), or ``{moves: 0, reason}``."""
    taken, reason = plan(game, player, bots)
    if not taken:
        return {"moves": 0, "reason": reason}
    return {"moves": len(taken), "revealed": True} if reveals(game, taken, player, bots) else {"moves": len(taken)}


def _without(game, taken: list, entry: dict):
    """The game rebuilt without the log entries ``taken``, with the take-back on its trail."""
    drop = set(taken)
    kept = [e for i, e in enumerate(game.log) if i not in drop]
    new = rebuild(type(game), game.options, game.seed, kept, getattr(game, "scenario", None))
    trail = list(game.trail) if game.trail is not None else list(game.log)
    new.trail = trail + [entry]
    if game.seen is None:
        new.seen = None
    else:
        new.seen = [min(k, len(kept)) for k in game.seen]
    return new


def undo(game, player: int, bots: frozenset, expect: int | None = None):
    """``(new game, events)``; raises IllegalMove with the reason when nothing can be taken back,
    or when ``expect`` (the ``moves`` the page was told) no longer matches, e.g. a bot moved."""
    taken, reason = plan(game, player, bots)
    if not taken:
        raise IllegalMove(reason)
    if expect is not None and expect != len(taken):
        raise IllegalMove(f"The game has moved on: taking back now would undo {len(taken)} "
                          f"move{'s' if len(taken) != 1 else ''}, not {expect}.")
    entry = {"player": player, "undo": len(taken), "bots": sorted(bots)}
    new = _without(game, taken, entry)
    note_seen(new, player)
    return new, [took_back(game, player, len(taken), reveals(game, taken, player, bots))]


def took_back(game, player: int, n: int, revealed: bool = False) -> dict:
    """The event that tells a take-back, live and in a log rebuilt from the record; one that
    took back cards the player had been shown says so (T5, T6)."""
    ev = {"type": "undo", "player": player, "moves": n,
          "text": f"{game.seat_name(player)} took back {n} move{'s' if n != 1 else ''}"
                  + (", after seeing a new card." if revealed else ".")}
    if revealed:
        ev["revealed"] = True
    return ev


def _walk(game):
    """The record's entries replayed on a fresh copy dealt like ``game`` (which is not touched):
    yields ``(entry, events)`` for a move and ``(entry, revealing)`` for a take-back."""
    from .jsonvalues import copy_json
    fresh = game.beginning()
    for number, entry in enumerate(game.trail if game.trail is not None else game.log, 1):
        if "undo" in entry:
            new, taken = _replayed(fresh, entry, number)
            yield entry, reveals(fresh, taken, entry["player"], frozenset(entry.get("bots", ())))
            fresh = new
        else:
            yield entry, fresh.apply(entry["player"], copy_json(entry["move"]))


def story(game) -> list:
    """The game's log as it happened (docs/rulings/take-backs.md T5): ``[{player, events}]`` for
    every move made, the moves later taken back included, and ``{player, undo: n, events}``
    where a take-back was made."""
    out = []
    for entry, told in _walk(game):
        if "undo" in entry:
            out.append({"player": entry["player"], "undo": entry["undo"],
                        "events": [took_back(game, entry["player"], entry["undo"], told)]})
        else:
            out.append({"player": entry["player"], "events": told})
    return out


def replay_undo(game, entry: dict, number: int):
    """Reproduce a record's take-back ``{player, undo: n, bots}`` (entry ``number``, from 1).

    What a seat had been shown is not recorded, so only the structure is checked: the player
    has a move to take back, the game was not over, another person had not moved since, and
    the take-back spans ``n`` moves. (Whether its ``bots`` were bots is the score card's to
    say: ``arcade.verify`` compares them with the card's seats.)"""
    return _replayed(game, entry, number)[0]


def _replayed(game, entry: dict, number: int):
    """``(game after the take-back, the indices of ``game.log`` it took back)``."""
    player, n, bots = entry.get("player"), entry.get("undo"), entry.get("bots", [])
    if type(player) is not int or not 0 <= player < game.num_players or type(n) is not int or n < 1:
        raise BadSave(f"Take-back {number} of the record is damaged.")
    try:
        bots = check_bots(game, player, bots)
    except BadRequest as exc:
        raise BadSave(f"Take-back {number} of the record is damaged: {exc.message}") from None
    taken, reason = plan(game, player, bots, seen=[0] * game.num_players)
    if len(taken) != n:
        raise BadSave(f"Take-back {number} of the record is not allowed: "
                      + (reason or f"it would take back {len(taken)} moves, not {n}."))
    return _without(game, taken, {"player": player, "undo": n, "bots": sorted(bots)}), taken


def tally(game) -> dict:
    """``{seat: (take-backs, revealing take-backs)}`` from the game's record; seats that took
    nothing back are left out."""
    out: dict = {}
    if not game.trail:
        return out
    for entry, revealing in _walk(game):
        if "undo" in entry:
            made, shown = out.get(entry["player"], (0, 0))
            out[entry["player"]] = (made + 1, shown + revealing)
    return out


def count_into(game, players: list) -> None:
    """Write each seat's take-backs into a game's statistics rows (``{player, ...}``, one per
    seat): ``takebacks``, and ``takebacks_revealed``, those that took back cards the seat had
    been shown (T6), so the end screen says what the score card says."""
    counted = tally(game)
    for row in players:
        row["takebacks"], row["takebacks_revealed"] = counted.get(row["player"], (0, 0))
