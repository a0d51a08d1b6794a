"""Real finished games for the leaderboard tests: bots play every seat to the end in-process,
each bot seat with the stream the service gives it (Service._bot_seat), so the verifier can
recompute its moves; the person's seat is played by a bot of ``person`` level."""
from __future__ import annotations

import copy
import datetime

from arcade import daily, registry, scorecard
from gamecore import Rng

DAY = datetime.date(2025, 5, 3)


def play_out(game, seats, person="random", moves=None, salt=0):
    """Play ``game`` to its end (or ``moves`` more moves); returns it. ``salt`` varies the
    person's choices (a bot seat's stream is the service's)."""
    bots = registry.get(game.NAME).bots
    made = 0
    while not game.is_over and (moves is None or made < moves):
        p = game.to_act()[0]
        bot = seats[p].startswith("bot:")
        level = seats[p].split(":")[1] if bot else person
        stream = Rng(game.seed ^ (0 if bot else salt)).fork(len(game.log) * 8 + p + 1)
        game.apply(p, bots[level](game, p, stream))
        made += 1
    return game


def finished(name, options, seed, seats, person="random", salt=0):
    return play_out(registry.get(name).game.new(options, seed), seats, person, salt=salt)


def daily_game(name, day=DAY, person="random", salt=0):
    deal = daily.deal(name, day)
    return finished(name, deal["options"], deal["seed"], deal["seats"], person, salt), deal


def card_of(game, seats, seat=0, name="Ada", date=DAY.isoformat(), daily_card=False, **kw):
    return scorecard.make(game, seat, seats, name, date, daily=daily_card, **kw)


def daily_card(name, day=DAY, person="random", player="Ada", salt=0):
    game, deal = daily_game(name, day, person, salt)
    return card_of(game, deal["seats"], deal["seat"], player, day.isoformat(), True)


def edited(card, **changes):
    """A deep copy of ``card`` with ``changes`` (``claim__score=3`` sets card["claim"]["score"])."""
    out = copy.deepcopy(card)
    for path, value in changes.items():
        *keys, last = path.split("__")
        target = out
        for k in keys:
            target = target[int(k)] if isinstance(target, list) else target[k]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
    return out


def won_against_bots(seats=("human", "bot:greedy")):
    """The card of a 2-player Aqueducks game the person (greedy) wins against a normal bot."""
    seats = list(seats)
    for seed in range(1, 40):
        game = finished("aqueducks", {"players": len(seats)}, seed, seats, person="greedy")
        if 0 in game.result()["winners"]:
            return card_of(game, seats, name="Bo")
    raise AssertionError("no seed in 1..39 gives the person a win")


def fixture_board() -> tuple[dict, dict]:
    """``(board, {id: card})``: the small board the tests and the e2e Leaderboard screen read
    (tests/leaderboard/fixtures/), every entry a real verified game, accepted on its day."""
    from arcade import board, verify
    b, cards = board.empty(), {}
    played = []
    for i, who in enumerate(["Ada", "Bo", "Cleo"]):
        played.append(daily_card("aqueducks", person="random" if i else "greedy", player=who, salt=i))
    played.append(daily_card("waterworks", person="greedy", player="Dax"))
    played.append(won_against_bots())
    for seed, faction, who in [(11, "venetia", "Edda"), (12, "venetia", "Finn"), (13, "florentia", "Ada")]:
        seats = ["human"]
        game = finished("aqueducks", {"players": 1, "factions": faction}, seed, seats, person="greedy")
        played.append(card_of(game, seats, name=who))
    for card in played:
        result = verify.verify_card(card, board.ids(b), today=DAY)
        b = board.add(b, result["table"], board.entry_of(result, DAY.isoformat()))[0]
        card["name"] = result["name"]
        cards[result["id"]] = card
    return b, cards


def write_fixtures(folder) -> None:
    """Rebuild tests/leaderboard/fixtures/ (``python tests/leaderboard/lb_helpers.py`` with
    py/ on the path) after a rules change that the fixture test reports."""
    import json
    import shutil
    from pathlib import Path
    from arcade import board
    folder = Path(folder)
    made, cards = fixture_board()
    shutil.rmtree(folder / "cards", ignore_errors=True)
    (folder / "cards").mkdir(parents=True)
    board.write(str(folder / "board.json"), made)
    for gid, card in cards.items():
        (folder / "cards" / f"{gid}.json").write_text(
            json.dumps(card, separators=(",", ":"), ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    from pathlib import Path
    write_fixtures(Path(__file__).parent / "fixtures")
