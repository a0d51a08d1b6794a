"""The ``pipes-and-ducks`` command: the engine on a computer, without the site.

``replay FILE`` replays a saved game (the site's export) or a bare record move by move and
prints where it ends; a file the site would refuse is refused with the site's sentence
(``arcade.savefile``) and exit status 1. ``verify FILE`` checks a score card, a score link or
a record as the leaderboard does (``arcade.verify``, docs/leaderboard.md).
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from . import __version__


def _names(players: int) -> list[str]:
    # A saved game's seat names are a label the page cleans for the screen; the command line
    # names seats by number, so nothing from the file reaches the terminal unchecked.
    return [f"Player {i + 1}" for i in range(players)]


def describe(game, names: list[str]) -> str:
    """One or two lines saying how a replayed game stands (a finished game's result in the
    game's own words: its ``plugin.summary``)."""
    from arcade import registry
    entry = registry.get(game.NAME)
    head = f"{entry.title}, {game.num_players} player{'s' if game.num_players != 1 else ''}, {len(game.log)} moves"
    if not game.is_over:
        waiting = ", ".join(names[p] for p in game.to_act())
        return f"{head}: not over; next to play: {waiting}."
    return registry.part(game.NAME, "plugin").summary(game, names, head)


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8", errors="replace") as fh:
        return fh.read()


def cmd_replay(args) -> int:
    from arcade.savefile import replay_file
    from gamecore import GameError
    try:
        text = _read(args.file)
    except OSError as exc:
        print(f"Cannot read {args.file}: {exc.strerror or exc}.", file=sys.stderr)
        return 1
    try:
        saved = replay_file(text)
    except GameError as exc:
        print(exc.message, file=sys.stderr)
        return 1
    game = saved.game
    if args.json:
        print(json.dumps({"game": game.NAME, "players": game.num_players, "moves": len(game.log),
                          "seed": str(game.seed), "options": game.options, "over": game.is_over,
                          "result": game.result()}, indent=2))
    else:
        print(describe(game, _names(game.num_players)))
    return 0


def _titles() -> str:
    """The games' titles as a list in words ("A and B")."""
    from arcade import registry
    titles = [registry.get(name).title for name in registry.names()]
    return ", ".join(titles[:-1]) + (" and " if len(titles) > 1 else "") + titles[-1]


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pipes-and-ducks",
                                description=f"{_titles()}: the rules engines on your computer.")
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    r = sub.add_parser("replay", help="replay a saved game or record and print its result",
                       description="Replay a saved game (the site's export) or a record move by move "
                                   "and print where it ends. A damaged file is refused with the reason.")
    r.add_argument("file", metavar="FILE", help="the .json file, or - for standard input")
    r.add_argument("--json", action="store_true", help="print the result as JSON")
    r.set_defaults(run=cmd_replay)
    # listed here for --help; main() hands its arguments to the verifier's own parser
    sub.add_parser("verify", add_help=False, help="verify a score card, score link or record "
                   "as the leaderboard does (pipes-and-ducks verify --help)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["verify"]:
        from arcade import verify
        return verify.main(argv[1:], prog="pipes-and-ducks verify")
    args = parser().parse_args(argv)
    return args.run(args)
