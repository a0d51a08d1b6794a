"""Finished games shared by the leaderboard tests (each is played once per test session).

Imported by the tests that use them rather than kept in a conftest.py: `make test` collects
tests/ and e2e/ in one run, and a second module named `conftest` would stand in for
e2e/conftest.py where the browser tests import from it."""
import pytest

import lb_helpers as H


@pytest.fixture(scope="session")
def aq_daily():
    return H.daily_card("aqueducks")


@pytest.fixture(scope="session")
def ww_daily():
    return H.daily_card("waterworks", person="greedy")


@pytest.fixture(scope="session")
def aq_solo():
    seats = ["human"]
    return H.card_of(H.finished("aqueducks", {"players": 1, "factions": "venetia"}, 11, seats), seats)


@pytest.fixture(scope="session")
def aq_versus_bots():
    """A 2-player Aqueducks game the person wins against a normal bot."""
    return H.won_against_bots()
