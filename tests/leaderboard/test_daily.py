"""The daily deal's rule (arcade.daily, docs/leaderboard.md): one deal per UTC date and game."""
import datetime
import hashlib

import pytest

from arcade import daily
from aqueducks.cards import FACTIONS
from gamecore import BadRequest


def test_the_seed_is_the_documented_digest_of_the_date():
    text = b"pipes-and-ducks daily aqueducks 2025-05-03"
    expected = int.from_bytes(hashlib.sha256(text).digest()[:8], "big")
    assert daily.deal("aqueducks", datetime.date(2025, 5, 3))["seed"] == str(expected)
    # pinned, so a change to the rule (which would change every past day's deal) is noticed
    assert str(expected) == "11913334658979836448"


def test_one_deal_per_date_and_game_and_seeds_travel_as_text():
    day = datetime.date(2025, 5, 3)
    a, b = daily.deal("waterworks", day), daily.deal("waterworks", day)
    assert a == b and isinstance(a["seed"], str)
    assert daily.deal("waterworks", day + datetime.timedelta(days=1))["seed"] != a["seed"]
    assert daily.deal("aqueducks", day)["seed"] != a["seed"]
    assert a["seats"] == ["human", "bot:greedy", "bot:greedy"] and a["options"] == {"players": 3}


def test_the_faction_of_the_day_takes_turns():
    start = datetime.date(2025, 1, 1)
    week = [daily.deal("aqueducks", start + datetime.timedelta(days=i))["options"]["factions"]
            for i in range(len(FACTIONS) * 2)]
    assert sorted(week[:len(FACTIONS)]) == sorted(FACTIONS)
    assert week[:len(FACTIONS)] == week[len(FACTIONS):]
    assert all(week[i] != week[i + 1] for i in range(len(week) - 1))


@pytest.mark.parametrize("text", ["2025-5-3", "2025-02-30", "", None, 20250503, "2025-05-03T00:00"])
def test_dates_are_written_yyyy_mm_dd(text):
    with pytest.raises(BadRequest):
        daily.parse_date(text)


def test_there_is_no_daily_deal_of_an_unknown_game():
    with pytest.raises(BadRequest):
        daily.deal("chess", datetime.date(2025, 5, 3))
