"""Named options. Defaults are our rulings (docs/rulings/waterworks.md).

``doc`` says what an option does for a developer (docs/api.md); ``label``, ``choice_labels``
(one per choice, in order) and ``help`` are what the menu's House rules show a player, so no
option name or stored value reaches a screen (the values stored and sent stay the same)."""
from gamecore import BadRequest

TABLES = {"small": (16, 10), "medium": (22, 14), "large": (30, 18)}
AUTO_TARGET = {2: 15, 3: 12, 4: 10, 5: 10}

OPTIONS = {
    "players": {"default": 2, "choices": [2, 3, 4, 5], "label": "Players",
                "doc": "Number of players; 5 play with the 110-card edition."},
    "edition": {"default": "auto", "choices": ["auto", "88", "110"],
                "doc": "Deck: auto = the 88-card edition for 2-4 players and the 110-card edition "
                       "for 5; or always one of them (the 88-card deck has only 4 valves).",
                "label": "Deck",
                "choice_labels": ["To suit the players", "88 cards", "110 cards"],
                "help": "The 88-card deck for 2 to 4 players and the 110-card deck for 5, or always "
                        "one of them (the 88-card deck has only 4 valves)."},
    "target": {"default": "auto", "choices": ["auto", "6", "8", "10", "12", "15"],
               "doc": "Pipe cards needed in the winning line; auto = 15/12/10 for 2/3/4 players (10 for 5).",
               "label": "Pipes in a winning line",
               "choice_labels": ["To suit the players", "6", "8", "10", "12", "15"],
               "help": "Usually 15 pipe cards for 2 players, 12 for 3, 10 for 4 or 5."},
    "table": {"default": "medium", "choices": list(TABLES),
              "doc": "Table size in card cells (width x height): small 16x10, medium 22x14, large 30x18.",
              "label": "Table size", "choice_labels": ["Small", "Medium", "Large"],
              "help": "Room for the lines, in cards across and down: 16 by 10, 22 by 14 or 30 by 18."},
    "draw_out": {"default": "reshuffle", "choices": ["reshuffle", "end"],
                 "doc": "Empty draw pile: reshuffle the discards once (then the game ends), or end at once. "
                        "An ended game has no winner.",
                 "label": "When the draw pile runs out",
                 "choice_labels": ["Reshuffle once", "The game ends"],
                 "help": "Shuffle the discards into a new draw pile once (the next time, the game "
                         "ends), or end at once. A game that ends this way has no winner."},
    "last_card": {"default": "any_end", "choices": ["any_end", "newest"],
                  "doc": "Which cards of a pipeline count as its 'last card' for leaks: every card with an "
                         "open end, or only the most recently placed card that has an open end.",
                  "label": "Where a leak may go",
                  "choice_labels": ["Any open end", "Only the newest"],
                  "help": "A leak may cover any card of a line that has an open end, or only the card "
                          "with an open end placed most recently."},
    "spout_timing": {"default": "same_turn", "choices": ["same_turn", "next_turn"],
                     "doc": "The spout may be added right after the play that completes the line (same turn), "
                            "or only as a turn's own play.",
                     "label": "When a spout may go on",
                     "choice_labels": ["In the same turn", "On a later turn"],
                     "help": "The spout may be added in the same turn as the play that finishes the "
                             "line, or only as a later turn's play."},
    "first_player": {"default": "random", "choices": ["random", "1", "2", "3", "4", "5"],
                     "doc": "Who plays first: drawn at random from the game's seed, or that seat "
                            "(counted from 1).",
                     "label": "Who plays first",
                     "choice_labels": ["Drawn at random", "Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5"],
                     "help": "Drawn at random with the deal, or always the same seat."},
    "spout_side": {"default": "any", "choices": ["any", "left"],
                   "doc": "The spout attaches to the finished open end whichever way it faces, or only to an "
                          "end that faces left (west).",
                   "label": "Which way a spout may face", "choice_labels": ["Any way", "Only to the left"],
                   "help": "The spout fits a finished line's open end whichever way it faces, or only "
                           "an end that faces left."},
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
