"""Take-backs on score cards (docs/rulings/take-backs.md T6): a card carries how many take-backs
its player made and how many took back cards they had been shown; the verifier counts both from
the record, refuses a card that says otherwise, and ranks no score with a revealing take-back."""
import pytest

import lb_helpers as H
from arcade import verify
from gamecore import undo


def solo_with_take_back(revealing: bool):
    """A solo Aqueducks game (nobody else at the table: take-backs as against bots) in which the
    person takes back one move, one that showed them a new card or one that did not."""
    seats = ["human"]
    game = H.registry.get("aqueducks").game.new({"players": 1, "factions": "venetia"}, 11)
    while True:
        H.play_out(game, seats, moves=1)
        offered = undo.undoable(game, 0, frozenset())
        if len(game.log) > 12 and offered["moves"] == 1 and offered.get("revealed", False) is revealing:
            break
    game, _ = undo.undo(game, 0, frozenset())
    return H.play_out(game, seats), seats


@pytest.fixture(scope="module")
def revealing_card():
    game, seats = solo_with_take_back(True)
    return H.card_of(game, seats)


def test_a_take_back_that_showed_nothing_new_is_counted_and_ranked():
    game, seats = solo_with_take_back(False)
    card = H.card_of(game, seats)
    assert (card["claim"]["takebacks"], card["claim"]["takebacks_revealed"]) == (1, 0)
    result = verify.verify_card(card)
    assert result["takebacks"] == 1 and result["table"] == "solo/venetia"


def test_a_revealing_take_back_verifies_but_is_not_ranked(revealing_card):
    assert (revealing_card["claim"]["takebacks"], revealing_card["claim"]["takebacks_revealed"]) == (1, 1)
    result = verify.verify_card(revealing_card)
    assert result["verified"] and result["takebacks"] == 1
    assert result["table"] is None and "not ranked" in result["note"]


@pytest.mark.parametrize("field, value, words", [
    ("claim__takebacks", 0, "claims no take-backs"),
    ("claim__takebacks_revealed", 0, "no take-backs after seeing a new card"),
    ("claim__takebacks", "1", "take-backs"),
])
def test_a_card_that_hides_its_take_backs_is_refused(revealing_card, field, value, words):
    card = H.edited(revealing_card, **{field: value})
    with pytest.raises(verify.Refused) as err:
        verify.verify_card(card)
    assert err.value.kind == "forged" and words in err.value.message, err.value.message


def test_a_card_made_before_take_backs_were_carried_is_counted_from_its_record(revealing_card):
    card = H.edited(revealing_card)
    del card["claim"]["takebacks"], card["claim"]["takebacks_revealed"]
    result = verify.verify_card(card)
    assert result["takebacks"] == 1 and result["claim"]["takebacks_revealed"] == 1
    assert result["table"] is None


def test_a_take_back_against_bots_only_needs_bots_in_the_other_seats():
    """The record's take-back names seat 2 a bot, which lets it reach past a card shown; a card
    that says seat 2 was a person (a shared device) is refused."""
    game = H.registry.get("waterworks").game.new({"players": 2, "first_player": "1"}, 5)
    seats = ["human", "bot:greedy"]
    H.play_out(game, seats, moves=4)
    assert undo.undoable(game, 0, frozenset({1}))["revealed"]
    game, _ = undo.undo(game, 0, frozenset({1}))
    H.play_out(game, seats)
    card = H.card_of(game, seats, seat=0)
    assert verify.verify_card(card)["takebacks"] == 1
    with pytest.raises(verify.Refused) as err:
        verify.verify_card(H.edited(card, seats__1="human"))
    assert err.value.kind == "forged" and "another person at the table" in err.value.message
