"""The hard bot's reading of the other hands: every deal gives each opponent a hand with which
the normal bot would have made the move that opponent last made.

The normal bot's move depends on its hand: it discards only when no lay, repair or leak scores
higher, and leaks only when it cannot extend its own line, so its last move says something about
the cards it kept. A deal (``search.determinize``) gives out the unseen cards at random;
``Reader.determinize`` then deals an opponent's hand again, from that hand and the draw pile,
until the normal bot, holding it and the card it last played, would score that move highest
(rejection sampling). After ``TRIES`` misses the last deal stands: a person, or a bot of another
level, need not play as the normal bot would, and the reading must not rule their hand out.

Only what the seat saw is read. The position before an opponent's last move is the game rebuilt
from its record up to that move (``gamecore.undo.rebuild``), seen through the seat's own view and
dealt like any other; of that deal the normal bot's scoring reads the public table and the hand
being tried (``bots.best_moves``).

Measured in docs/bots.md ("How far knowing more would go"): not shown to help, so the hard bot
does not read (``hard.READ_HANDS``); ``hard.start(..., read=True)`` and tools/bench_ceiling.py
try it."""
from __future__ import annotations

from gamecore import Rng
from gamecore.undo import rebuild

from .bots import best_moves
from .search import determinize

#: deals tried per opponent and round before the last one stands
TRIES = 16


def last_moves(log: list, player: int) -> dict:
    """{opponent: index in ``log`` of its last move}, for those who moved since ``player`` did."""
    last: dict = {}
    for i in range(len(log) - 1, -1, -1):
        q = log[i]["player"]
        if q == player:
            break
        last.setdefault(q, i)
    return last


def would_play(game, q: int, move: dict) -> bool:
    """Whether the normal bot in seat ``q`` of ``game`` scores ``move`` highest (ties count)."""
    return move in best_moves(game, q)


class Reader:
    """Deals for ``player``'s search in ``game`` that fit the opponents' last moves."""

    def __init__(self, game, player: int, rng: Rng):
        # (opponent, a deal of the position before its last move, that move, the card it played)
        self.clues: list[tuple] = []
        last = last_moves(game.log, player)
        if not last:
            return
        order = sorted((i, q) for q, i in last.items())
        at = order[0][0]
        past = rebuild(type(game), game.options, game.seed, game.log[:at], getattr(game, "scenario", None))
        for i, q in order:
            for entry in game.log[at:i]:
                past.apply(entry["player"], entry["move"])
            at = i
            move = game.log[i]["move"]
            card = move.get("card", move.get("discard"))
            if card is not None:     # a spout ends the game: nothing left to read
                self.clues.append((q, determinize(past.view(player), player, Rng(rng.next_u64())), move, card))

    def determinize(self, view: dict, player: int, rng: Rng):
        game = determinize(view, player, rng)
        for q, before, move, card in self.clues:
            for _ in range(TRIES):
                before.hands[q] = game.hands[q] + [card]
                if would_play(before, q, move):
                    break
                pool = game.hands[q] + game.draw
                rng.shuffle(pool)
                k = len(game.hands[q])
                game.hands[q], game.draw = pool[:k], pool[k:]
        return game
