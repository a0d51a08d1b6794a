"""The score verifier (arcade.verify): real cards of both games verify; forged or damaged ones
are refused with a sentence naming what does not match."""
import datetime
import json
import subprocess
import sys
from pathlib import Path

import pytest

import lb_helpers as H
from arcade import board, daily, links, verify
from lb_fixtures import aq_daily, aq_solo, aq_versus_bots, ww_daily  # noqa: F401 (fixtures)
from gamecore import BadSave, Rng

ROOT = Path(__file__).resolve().parents[2]


def refused(card, kind, *words, **kw):
    with pytest.raises(verify.Refused) as err:
        verify.verify_card(card, **kw)
    assert err.value.kind == kind, err.value.message
    for w in words:
        assert w in err.value.message, err.value.message
    assert err.value.code == "bad_save"
    return err.value.message


# ----- real cards verify ----------------------------------------------------------------------
def test_a_daily_aqueducks_card_verifies(aq_daily):
    result = verify.verify_card(aq_daily, today=H.DAY)
    assert result["verified"] and result["message"] == verify.VERIFIED
    assert result["table"] == "daily/aqueducks/2025-05-03"
    assert result["claim"] == aq_daily["claim"] and result["claim"]["faction"] == "ravenna"
    assert result["favourites"] and len(result["favourites"]) <= 3


def test_a_daily_water_works_card_against_the_days_bots_verifies(ww_daily):
    result = verify.verify_card(ww_daily, today=H.DAY + datetime.timedelta(days=1))
    assert result["table"] == "daily/waterworks/2025-05-03"
    assert result["seats"] == ["human", "bot:greedy", "bot:greedy"]
    assert result["favourites"] == []


def test_a_solo_card_goes_to_its_factions_table(aq_solo):
    result = verify.verify_card(aq_solo)
    assert result["table"] == "solo/venetia" and result["claim"]["score"] == result["claim"]["duckats"]


def test_a_win_against_normal_bots_goes_to_the_wins_table(aq_versus_bots):
    result = verify.verify_card(aq_versus_bots)
    assert result["table"] == "wins/aqueducks" and result["claim"]["won"]


def test_a_game_with_friends_verifies_but_is_not_ranked(aq_versus_bots):
    card = H.edited(aq_versus_bots, seats__1="human")
    result = verify.verify_card(card)
    assert result["verified"] and result["table"] is None
    assert "easy or normal bots" in result["note"]


def test_a_lost_game_verifies_but_is_not_ranked():
    seats = ["human", "bot:greedy"]
    game = H.finished("waterworks", {"players": 2}, 5, seats, person="random")
    assert 0 not in game.result()["winners"]
    result = verify.verify_card(H.card_of(game, seats))
    assert result["table"] is None and result["note"] == "Only wins go on the multiplayer board."


def test_a_bare_record_verifies_with_every_seats_result(aq_versus_bots):
    result = verify.verify_text(json.dumps(aq_versus_bots["record"]))
    assert result["players"] == 2 and len(result["seats"]) == 2


def test_a_score_link_verifies(aq_daily):
    assert verify.verify_text("https://example.org/pnd/#" + links.encode(aq_daily))["verified"]


# ----- forged and damaged cards are refused ----------------------------------------------------
def test_a_changed_score_is_refused(aq_daily):
    score = aq_daily["claim"]["score"]
    msg = refused(H.edited(aq_daily, claim__score=score + 10), "forged", f"a score of {score + 10}",
                  f"a score of {score}")
    assert msg.startswith("The card claims")


def test_a_changed_rank_or_result_is_refused(ww_daily):
    refused(H.edited(ww_daily, claim__turns=ww_daily["claim"]["turns"] - 1), "forged", "turns")
    refused(H.edited(ww_daily, claim__won=not ww_daily["claim"]["won"]), "forged")


def test_a_swapped_seed_is_refused(aq_solo):
    card = H.edited(aq_solo, record__seed=str(int(aq_solo["record"]["seed"]) + 1))
    refused(card, "forged", "Move")      # the deal differs: a move of the record is not legal


def test_an_illegal_move_is_refused(ww_daily):
    moves = ww_daily["record"]["moves"]
    other = next(i for i, e in enumerate(moves) if e["player"] == 0 and i > 2)
    card = H.edited(ww_daily, **{f"record__moves__{other}__move": {"type": "discard", "card": 9999}})
    refused(card, "forged", f"Move {other + 1} of the record is not legal")


def test_a_changed_faction_is_refused(aq_solo):
    refused(H.edited(aq_solo, claim__faction="pisae"), "forged", "the faction pisae", "the faction venetia")
    # and a record whose faction option was changed is another deal: its moves do not fit it
    refused(H.edited(aq_solo, record__options__factions="pisae"), "forged")


def test_a_wrong_seat_is_refused(aq_versus_bots):
    refused(H.edited(aq_versus_bots, seat=1), "forged", "Seat 2 was played by a bot")
    refused(H.edited(aq_versus_bots, seat=5), "forged", "not a seat of its game")
    # the other seat's result claimed from seat 2 when seat 1 is said to be the bot
    card = H.edited(aq_versus_bots, seat=1, seats=["bot:greedy", "human"])
    refused(card, "forged")


def test_a_bot_seat_that_did_not_play_the_bots_moves_is_refused(ww_daily):
    # The same game told as if seat 2 had been an easy bot: its moves are not that bot's.
    refused(H.edited(ww_daily, seats__1="bot:random"), "forged", "not the easy bot's move for seat 2")


def test_the_person_may_not_play_the_days_bots():
    """A daily Water Works game whose bot seats were played by another policy (the person
    choosing the bots' moves) is refused, even though every move is legal."""
    deal = daily.deal("waterworks", H.DAY)
    game = H.finished("waterworks", deal["options"], deal["seed"], ["human", "human", "human"], person="random")
    card = H.card_of(game, deal["seats"], daily_card=True)
    refused(card, "forged", "normal bot's move")


def test_a_wrong_daily_date_is_refused(aq_daily, ww_daily):
    refused(H.edited(aq_daily, date="2025-05-04"), "forged", "not the daily deal of 2025-05-04",
            "seed")
    refused(H.edited(ww_daily, date="2025-05-02"), "forged", "2025-05-02")


def test_a_non_daily_game_stamped_daily_is_refused(aq_solo):
    refused(H.edited(aq_solo, daily=True), "forged", "not the daily deal")


def test_a_daily_card_is_taken_on_its_day_and_the_next(aq_daily):
    day = H.DAY
    assert verify.verify_card(aq_daily, today=day)["verified"]
    assert verify.verify_card(aq_daily, today=day + datetime.timedelta(days=1))["verified"]
    # played ahead of its day by setting the page's clock forward: refused when sent before it
    refused(aq_daily, "wrong_day", "has not begun", today=day - datetime.timedelta(days=1))
    refused(aq_daily, "wrong_day", "has closed", today=day + datetime.timedelta(days=2))


def test_a_duplicate_against_a_given_board_is_refused(aq_daily):
    result = verify.verify_card(aq_daily)
    refused(aq_daily, "duplicate", "already on the board", board_ids={result["id"]})
    # a take-back and the same move again is the same game
    card = H.edited(aq_daily, name="Someone else")
    refused(card, "duplicate", board_ids={result["id"]})


def test_old_new_and_unknown_versions_are_refused(aq_solo):
    refused(H.edited(aq_solo, rules=0), "version", "rules version 0", "no longer replays")
    refused(H.edited(aq_solo, rules=2), "version", "newer Aqueducks rules")
    refused(H.edited(aq_solo, version=2), "version", "newer version of the game")
    refused(H.edited(aq_solo, record__version=3), "forged", "newer version")


def test_an_older_rules_version_the_engine_lists_still_replays(aq_solo, monkeypatch):
    from aqueducks import GAME
    monkeypatch.setattr(GAME, "RULES_REPLAYED", frozenset({0}))
    assert verify.verify_card(H.edited(aq_solo, rules=0))["verified"]


def test_favourites_must_be_in_the_city(aq_solo):
    refused(H.edited(aq_solo, favourites=["quackitol_not_built"]), "forged", "not in the card's city")
    refused(H.edited(aq_solo, favourites=["a", "b", "c", "d"]), "damaged", "at most 3")


def test_unfinished_and_damaged_cards_are_refused(aq_solo):
    record = dict(aq_solo["record"], moves=aq_solo["record"]["moves"][:10])
    refused(H.edited(aq_solo, record=record), "forged", "not finished")
    refused(H.edited(aq_solo, format="x"), "damaged", "not a Pipes & Ducks score card")
    refused(H.edited(aq_solo, date="3 May"), "damaged", "YYYY-MM-DD")
    refused(H.edited(aq_solo, seats=["robot"]), "damaged")
    refused(H.edited(aq_solo, game="waterworks"), "forged", "another game")
    refused([], "damaged")


def test_damaged_links_are_refused_with_the_sites_sentences(aq_daily):
    link = links.encode(aq_daily)
    for bad in (link[:-40], link[:60] + "!" + link[61:], "score=", "nothing here"):
        with pytest.raises(BadSave) as err:
            verify.verify_text(bad)
        assert err.value.message in (links.DAMAGED, links.NO_CARD), err.value.message


# ----- many random finished games verify ----------------------------------------------------------
def test_many_random_finished_games_verify_and_a_changed_score_never_does():
    from hypothesis import given, settings, strategies as st

    @settings(max_examples=12, deadline=None)
    @given(st.sampled_from(["aqueducks-solo", "aqueducks-2", "waterworks-2", "waterworks-3"]),
           st.integers(0, 2**64 - 1), st.integers(1, 5))
    def check(kind, seed, bump):
        name, players = kind.split("-")
        options = {"players": 1 if players == "solo" else int(players)}
        seats = ["human"] + ["bot:random"] * (options["players"] - 1)
        game = H.finished(name, options, seed, seats)
        card = H.card_of(game, seats)
        result = verify.verify_card(card)
        assert result["claim"] == card["claim"]
        with pytest.raises(verify.Refused):
            verify.verify_card(H.edited(card, claim__score=card["claim"]["score"] + bump))

    check()


# ----- the command line ---------------------------------------------------------------------------
def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "arcade.verify", *map(str, args)], cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT / "py")}, capture_output=True, text=True)


def test_the_command_line_prints_the_verified_result_or_one_sentence(aq_daily, tmp_path):
    good = tmp_path / "card.json"
    good.write_text(json.dumps(aq_daily))
    res = run_cli(good, "--today", "2025-05-03")
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["claim"] == aq_daily["claim"]

    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(H.edited(aq_daily, claim__score=999)))
    res = run_cli(forged)
    assert res.returncode == 1 and res.stdout == ""
    assert res.stderr.startswith("The card claims a score of 999") and res.stderr.count("\n") == 1

    on = tmp_path / "board.json"
    entry = board.entry_of(verify.verify_card(aq_daily), "2025-05-03")
    board.write(str(on), board.add(board.empty(), "daily/aqueducks/2025-05-03", entry)[0])
    res = run_cli(good, "--board", on)
    assert res.returncode == 1 and res.stderr == "This game is already on the board.\n"


def test_the_main_function_takes_an_argument_list(aq_daily, tmp_path, capsys):
    link = tmp_path / "link.txt"
    link.write_text("https://example.org/#" + links.encode(aq_daily) + "\n")
    assert verify.main([str(link)]) == 0
    assert json.loads(capsys.readouterr().out)["verified"]
    assert verify.main([str(tmp_path / "missing.json")]) == 1


def test_a_bot_that_chose_while_the_person_decided_verifies():
    """The page asks a bot for its simultaneous choice in the background, so the person's own
    choice may be logged between the bot's question and its move: the bot's move was the bot's
    at the position before the person's."""
    from aqueducks import BOTS, GAME
    seats = ["human", "bot:greedy"]
    game = GAME.new({"players": 2}, 3)
    interleaved = 0
    while not game.is_over:
        owing = game.to_act()
        stream = Rng(game.seed).fork(len(game.log) * 8 + 1 + 1)
        if owing == [0, 1]:         # both choose: the bot asks first, the person's move lands first
            bot_move = BOTS["greedy"](game, 1, stream)
            game.apply(0, BOTS["random"](game, 0, Rng(len(game.log))))
            game.apply(1, bot_move)
            interleaved += 1
        else:
            H.play_out(game, seats, moves=1)
    assert interleaved > 10
    assert verify.verify_card(H.card_of(game, seats))["verified"]
