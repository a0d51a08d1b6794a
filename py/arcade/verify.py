"""Verify a score card (or a bare record) by replaying it with the engine.

``python -m arcade.verify FILE [--board FILE] [--today YYYY-MM-DD]`` (``py/`` on the path):
FILE holds a score card (JSON), a score link, or a record. Exit 0 and the verified result as
JSON on stdout; exit 1 and one sentence on stderr for a forged or damaged card. ``--board``
refuses a game already on that board; ``--today`` refuses a daily card outside its day
(docs/leaderboard.md, docs/rulings/leaderboard.md).

The record is opened by the same reader as the page's ``load`` (``arcade.files``), so a
damaged record is refused here with the page's sentence; every claim is then compared with
what ``arcade.scorecard`` computes from the replayed game, and every checkable bot seat's
move is recomputed.
"""
from __future__ import annotations

import datetime
import json
import sys

from gamecore import Game, GameError, Rng
from gamecore.errors import shown
from gamecore.protocol import RECORD_FORMAT
from gamecore.annotations import hint_counts
from gamecore.undo import against_bots
from gamecore.words import count

from . import daily, files, links, names, registry, scorecard
from .scorecard import Refused

VERIFIED = "Verified: this game reaches this score."
#: Bot levels whose moves follow from the seed and the position alone (the page runs them
#: without a time budget), so the verifier can tell whether a bot seat's moves are the bot's.
CHECKABLE_BOTS = ("bot:random", "bot:greedy")
_LEVEL_NAMES = {"bot:random": "easy", "bot:greedy": "normal", "bot:hard": "hard"}


# ----- the card's own shape ---------------------------------------------------------------
def _check_shape(card) -> None:
    if not isinstance(card, dict) or card.get("format") != scorecard.FORMAT:
        raise Refused("damaged", "This is not a Pipes & Ducks score card.")
    v = card.get("version")
    if type(v) is not int or v < 1:
        raise Refused("damaged", "The score card has no valid version.")
    if v > scorecard.VERSION:
        raise Refused("version", "This score card was made by a newer version of the game; "
                                 "reload the page to update it.")
    checks = (("record", dict), ("seats", list), ("seat", int), ("name", str), ("date", str),
              ("daily", bool), ("claim", dict), ("favourites", list), ("rules", int))
    for field, kind in checks:
        value = card.get(field)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise Refused("damaged", f"The score card's {field} is missing or damaged.")
    if any(c not in scorecard.CONTROLLERS for c in card["seats"]):
        raise Refused("damaged", "The score card names a seat's player this site does not know.")
    if (len(card["favourites"]) > scorecard.MAX_FAVOURITES
            or any(not isinstance(k, str) for k in card["favourites"])):
        raise Refused("damaged", f"A score card names at most {scorecard.MAX_FAVOURITES} favourite buildings.")
    daily.parse_date(card["date"], lambda m: Refused("damaged", f"The score card's date is damaged. {m}"))


def _check_rules(cls: type[Game], rules: int) -> None:
    if rules == cls.RULES_VERSION or rules in cls.RULES_REPLAYED:
        return
    title = registry.get(cls.NAME).title
    if rules > cls.RULES_VERSION:
        raise Refused("version", f"This score was made with newer {title} rules (version {rules}) "
                                 f"than this verifier knows ({cls.RULES_VERSION}); update it.")
    raise Refused("version", f"This score was made with {title} rules version {rules}, which this "
                             f"site no longer replays (it plays version {cls.RULES_VERSION}).")


# ----- the game against the claims ----------------------------------------------------------
def _bot_move_matches(history: list, entry: dict, bot, seed: int) -> bool:
    """Is ``entry`` the bot's choice at a position the page could have asked it at: the one
    before it, or an earlier one when only other seats moved since (the page asks the bots of
    a simultaneous action in the background while a person decides). ``history`` holds
    ``(moves made, position, who made the move that led to it)``, newest last."""
    p = entry["player"]
    for j, position, by in reversed(history):
        if p not in position.to_act():
            return False
        # the service's own stream for a bot's decision (Service._bot_seat)
        if bot(position.clone(), p, Rng(seed).fork(j * 8 + p + 1)) == entry["move"]:
            return True
        if by is None or by == p:
            return False
    return False


def _check_bots(game: Game, seats: list) -> None:
    """Every seat played by an easy or normal bot made exactly that bot's moves."""
    bots = registry.get(game.NAME).bots
    checked = {p: bots[c.split(":", 1)[1]] for p, c in enumerate(seats) if c in CHECKABLE_BOTS}
    if not checked:
        return
    g = game.beginning()
    history = [(0, g, None)]
    for i, entry in enumerate(game.log):
        p = entry["player"]
        if p in checked and not _bot_move_matches(history, entry, checked[p], game.seed):
            raise Refused("forged", f"Move {i + 1} is not the {_LEVEL_NAMES[seats[p]]} bot's move "
                                    f"for seat {p + 1}, which the card says a bot played.")
        g = g.clone()
        g.apply(p, entry["move"])
        history = (history + [(i + 1, g, p)])[-(game.num_players + 1):]


def _describe(field: str, value) -> str:
    return {"score": f"a score of {value}", "faction": f"the faction {value}",
            "rank": f"rank {value}", "won": "a win" if value else "no win",
            "turns": count(value, "turn"), "duckats": count(value, "duckat"),
            "favour": f"{value} Favour", "line": f"a line of {value}",
            "takebacks": _takebacks(value), "takebacks_revealed": f"{_takebacks(value)} after seeing a new card",
            }.get(field, f"{field} {value}")


def _takebacks(value) -> str:
    if type(value) is not int:
        return f"take-backs {value}"
    return "no take-backs" if value == 0 else count(value, "take-back")


def _check_takebacks(game: Game, seats: list) -> None:
    """A take-back the record makes as one against bots only (its ``bots`` are every other
    seat, which lets it reach past cards shown) must be from a game whose card says so: a
    person's seat named a bot in the record would lift the strict rule (docs/rulings/take-backs.md)."""
    for number, entry in enumerate(game.trail or (), 1):
        if "undo" not in entry:
            continue
        p = entry["player"]
        if seats[p] not in scorecard.PERSONS:
            raise Refused("forged", f"Entry {number} of the record is a take-back by seat {p + 1}, "
                                    "which the card says a bot played.")
        if against_bots(game, p, frozenset(entry.get("bots", ()))):
            others = [c for q, c in enumerate(seats) if q != p]
            if any(c in scorecard.PERSONS for c in others):
                raise Refused("forged", f"Entry {number} of the record is a take-back against bots only, "
                                        "but the card names another person at the table.")


def _check_claims(game: Game, card: dict) -> dict:
    seat = card["seat"]
    if not 0 <= seat < game.num_players:
        raise Refused("forged", f"The card's seat {seat + 1} is not a seat of its game.")
    if len(card["seats"]) != game.num_players:
        raise Refused("forged", f"The card lists {len(card['seats'])} seats for a game of {game.num_players}.")
    if card["seats"][seat] not in scorecard.PERSONS:
        raise Refused("forged", f"Seat {seat + 1} was played by a bot, not by the card's player.")
    truth = scorecard.claim(game, seat)
    for field, value in truth.items():
        if field in scorecard.TAKEBACK_CLAIMS and field not in card["claim"]:
            continue    # a card made before take-backs were carried: the record alone counts
        said = card["claim"].get(field)
        if said != value or type(said) is not type(value):
            raise Refused("forged", f"The card claims {_describe(field, shown(said) if type(said) is not type(value) else said)}, "
                                    f"but its game gives seat {seat + 1} {_describe(field, value)}.")
    city = scorecard.city_buildings(game, seat)
    for key in card["favourites"]:
        if key not in city:
            raise Refused("forged", f"The favourite building {shown(key)} is not in the card's city.")
    _check_takebacks(game, card["seats"])
    _check_bots(game, card["seats"])
    return truth


def check_daily(game: Game, card: dict, today: datetime.date | None) -> None:
    day = daily.parse_date(card["date"])
    deal = daily.deal(game.NAME, day)
    if str(game.seed) != deal["seed"] or getattr(game, "scenario", None):
        raise Refused("forged", f"This is not the daily deal of {card['date']}: its seed is not that day's.")
    if game.options != type(game).normalize_options(deal["options"]):
        raise Refused("forged", f"This is not the daily deal of {card['date']}: its settings are not that day's.")
    if card["seats"] != deal["seats"] or card["seat"] != deal["seat"]:
        raise Refused("forged", f"The daily deal of {card['date']} is played from seat {deal['seat'] + 1} "
                                f"against the day's bots; this card's seats differ.")
    if today is None:
        return
    if day > today:
        raise Refused("wrong_day", f"The daily deal of {card['date']} has not begun: today is "
                                   f"{today.isoformat()} (UTC).")
    if (today - day).days > 1:
        raise Refused("wrong_day", f"The daily table of {card['date']} has closed: a daily score is "
                                   "taken on its day and the day after (UTC).")


def table_of(game: Game, card: dict, truth: dict):
    """``(table, note)``: the board table the card belongs in, or ``None`` and why not."""
    if getattr(game, "scenario", None):
        return None, "Tutorial games are not ranked."
    if truth["takebacks_revealed"]:
        return None, ("A game with a take-back made after seeing a new card is not ranked: "
                      "the move was chosen again knowing the cards it led to.")
    if card["daily"]:
        return f"daily/{game.NAME}/{card['date']}", None
    own = registry.part(game.NAME, "plugin").own_table(game, truth)
    if own:
        return own, None
    others = [c for p, c in enumerate(card["seats"]) if p != card["seat"]]
    if not truth["won"]:
        return None, "Only wins go on the multiplayer board."
    if any(c not in CHECKABLE_BOTS for c in others):
        return None, ("Only wins against easy or normal bots go on the board: their moves can be "
                      "checked, a person's or a hard bot's cannot.")
    return f"wins/{game.NAME}", None


# ----- the whole check ------------------------------------------------------------------------
def verify_card(card, board_ids=(), today: datetime.date | None = None) -> dict:
    """The verified result of a score card, or Refused with a sentence."""
    _check_shape(card)
    cls = files.game_class(card["record"])
    if card.get("game") != cls.NAME:
        raise Refused("forged", "The card names another game than its record.")
    _check_rules(cls, card["rules"])
    try:
        game = files.open_record(card["record"])
    except Refused:
        raise
    except GameError as exc:
        raise Refused("forged", exc.message) from None
    if not game.is_over:
        raise Refused("forged", "The game on this card is not finished.")
    truth = _check_claims(game, card)
    if card["daily"]:
        check_daily(game, card, today)
    gid = scorecard.record_id(game)
    if gid in board_ids:
        raise Refused("duplicate", "This game is already on the board.")
    table, note = table_of(game, card, truth)
    return {"verified": True, "message": VERIFIED, "id": gid, "game": cls.NAME,
            "rules": card["rules"], "name": names.clean_name(card["name"], 0),
            "date": card["date"], "daily": card["daily"], "seat": card["seat"],
            "players": game.num_players, "seats": card["seats"], "claim": truth,
            "favourites": card["favourites"], "takebacks": truth["takebacks"],
            "hints": hint_counts(game)[card["seat"]],
            "table": table, "note": note}


def verify_record(record) -> dict:
    """A bare record: replayed, each seat's claim given (nobody claimed anything)."""
    game = files.open_record(record)
    if not game.is_over:
        raise Refused("forged", "The game in this record is not finished.")
    return {"verified": True, "id": scorecard.record_id(game), "game": game.NAME,
            "players": game.num_players, "result": game.result(),
            "seats": [scorecard.claim(game, p) for p in range(game.num_players)]}


def read(text: str):
    """A file's text as a card or a record: JSON, or a score link."""
    stripped = text.strip()
    if stripped.startswith("{"):
        return files.read_json(stripped)
    return links.decode(stripped)


def verify_text(text: str, board_ids=(), today=None) -> dict:
    data = read(text)
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        return verify_record(data)
    return verify_card(data, board_ids, today)


def main(argv=None, prog: str = "python -m arcade.verify") -> int:
    import argparse
    ap = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    ap.add_argument("file", help="a score card (JSON), a score link, or a record")
    ap.add_argument("--board", help="a leaderboard file: refuse a game already on it")
    ap.add_argument("--today", help="the UTC date (YYYY-MM-DD) a daily card is checked against")
    args = ap.parse_args(argv)
    try:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"The file cannot be read: {exc}.", file=sys.stderr)
        return 1
    try:
        from . import board
        ids = board.ids(board.read(args.board)) if args.board else ()
        today = daily.parse_date(args.today) if args.today else None
        result = verify_text(text, ids, today)
    except GameError as exc:
        print(exc.message, file=sys.stderr)
        return 1
    print(json.dumps(result, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
