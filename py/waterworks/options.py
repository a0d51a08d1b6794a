"""Named options. Defaults are our rulings (docs/rulings/waterworks.md)."""
from gamecore import BadRequest

TABLES = {"small": (16, 10), "medium": (22, 14), "large": (30, 18)}
AUTO_TARGET = {2: 15, 3: 12, 4: 10, 5: 10}

OPTIONS = {
    "players": {"default": 2, "choices": [2, 3, 4, 5],
                "doc": "Number of players; 5 play with the 110-card edition."},
    "edition": {"default": "auto", "choices": ["auto", "88", "110"],
                "doc": "Deck: auto = the 88-card edition for 2-4 players and the 110-card edition "
                       "for 5; or always one of them (the 88-card deck has only 4 valves)."},
    "target": {"default": "auto", "choices": ["auto", "6", "8", "10", "12", "15"],
               "doc": "Pipe cards needed in the winning line; auto = 15/12/10 for 2/3/4 players (10 for 5)."},
    "table": {"default": "medium", "choices": list(TABLES),
              "doc": "Table size in card cells (width x height): small 16x10, medium 22x14, large 30x18."},
    "draw_out": {"default": "reshuffle", "choices": ["reshuffle", "end"],
                 "doc": "Empty draw pile: reshuffle the discards once (then the game ends), or end at once. "
                        "An ended game has no winner."},
    "last_card": {"default": "any_end", "choices": ["any_end", "newest"],
                  "doc": "Which cards of a pipeline count as its 'last card' for leaks: every card with an "
                         "open end, or only the most recently placed card that has an open end."},
    "spout_timing": {"default": "same_turn", "choices": ["same_turn", "next_turn"],
                     "doc": "The spout may be added right after the play that completes the line (same turn), "
                            "or only as a turn's own play."},
    "first_player": {"default": "random", "choices": ["random", "1", "2", "3", "4", "5"],
                     "doc": "Who plays first: drawn at random from the game's seed, or that seat "
                            "(counted from 1)."},
    "spout_side": {"default": "any", "choices": ["any", "left"],
                   "doc": "The spout attaches to the finished open end whichever way it faces, or only to an "
                          "end that faces left (west)."},
}


def edition_of(options: dict) -> str:
    """The deck in play: "auto" picks the smallest edition with a valve for everyone."""
    if options["edition"] == "auto":
        return "110" if options["players"] > 4 else "88"
    return options["edition"]


def check_options(options: dict) -> None:
    if options["players"] == 5 and edition_of(options) != "110":
        raise BadRequest("Five players need the 110-card edition (edition \"110\").")
    w, h = TABLES[options["table"]]
    if options["players"] * 2 > h:
        raise BadRequest("That table is too small for so many players.")
    first = options["first_player"]
    if first != "random" and int(first) > options["players"]:
        raise BadRequest(f"Seat {first} cannot play first in a {options['players']}-player game.")


def first_player_of(options: dict, rng) -> int:
    """The seat (from 0) that plays first; "random" draws it from the game's seeded stream."""
    first = options["first_player"]
    return rng.below(options["players"]) if first == "random" else int(first) - 1


def target_of(options: dict) -> int:
    t = options["target"]
    return AUTO_TARGET[options["players"]] if t == "auto" else int(t)


def valve_rows(players: int, height: int) -> list:
    """Valves sit in the rightmost column, at rows spread evenly down the table."""
    return [(2 * p + 1) * height // (2 * players) for p in range(players)]
