"""The board (arcade.board): ranks, ties, at most N entries per name per table, duplicates."""
import pytest

from arcade import board
from arcade.verify import Refused


def entry(n, score, name="Ada", game="aqueducks", players=1, **claim):
    c = {"duckats": score, "favour": 0, "score": score, "won": True, "turns": 20, "line": 12, **claim}
    return {"id": f"id{n}", "name": name, "game": game, "players": players, "claim": c}


def fill(table, *entries):
    b = board.empty()
    for e in entries:
        b = board.add(b, table, e)[0]
    return b


def test_best_first_and_equal_scores_share_a_rank_in_the_order_accepted():
    b = fill("solo/venetia", entry(1, 50, "A"), entry(2, 80, "B"), entry(3, 50, "C"))
    b, rank, _ = board.add(b, "solo/venetia", entry(4, 50, "D"))
    table = b["tables"]["solo/venetia"]
    assert [e["name"] for e in table] == ["B", "A", "C", "D"]
    assert board.ranks(table) == [1, 2, 2, 2] and rank == 2


def test_a_name_keeps_its_best_three_per_table():
    b = fill("solo/venetia", entry(1, 50), entry(2, 60, "ada"), entry(3, 70))
    b, rank, replaced = board.add(b, "solo/venetia", entry(4, 65, "ADA"))
    assert replaced["id"] == "id1" and rank == 2
    assert sorted(e["claim"]["score"] for e in b["tables"]["solo/venetia"]) == [60, 65, 70]
    with pytest.raises(Refused) as err:
        board.add(b, "solo/venetia", entry(5, 60))
    assert err.value.kind == "unranked" and "3 better or equal" in err.value.message


def test_one_score_per_name_per_daily_deal():
    b = fill("daily/aqueducks/2025-05-03", entry(1, 50))
    with pytest.raises(Refused) as err:
        board.add(b, "daily/aqueducks/2025-05-03", entry(2, 90, "ADA"))
    assert "one scored attempt a day" in err.value.message
    assert board.add(b, "daily/aqueducks/2025-05-04", entry(2, 90))[1] == 1


def test_the_same_game_is_never_on_the_board_twice():
    b = fill("solo/venetia", entry(1, 50))
    with pytest.raises(Refused) as err:
        board.add(b, "solo/pisae", entry(1, 50, "Bo"))
    assert err.value.kind == "duplicate"


def test_a_table_keeps_its_top_entries(monkeypatch):
    monkeypatch.setattr(board, "TABLE_SIZE", 3)
    b = fill("wins/aqueducks", *(entry(i, 10 * i, f"P{i}", players=2, favour=i) for i in range(1, 4)))
    with pytest.raises(Refused):
        board.add(b, "wins/aqueducks", entry(9, 5, "Low", players=2, favour=0))
    b = board.add(b, "wins/aqueducks", entry(9, 5, "High", players=2, favour=9))[0]
    assert [e["name"] for e in b["tables"]["wins/aqueducks"]] == ["High", "P3", "P2"]


def test_water_works_ranks_a_win_then_fewer_turns_then_the_longer_line():
    ww = dict(game="waterworks", players=3)
    b = fill("daily/waterworks/2025-05-03", entry(1, 9, "Lost9", won=False, line=9, **ww),
             entry(2, 12, "Slow", turns=30, **ww), entry(3, 12, "Fast", turns=18, **ww),
             entry(4, 4, "Lost4", won=False, line=4, **ww))
    assert [e["name"] for e in b["tables"]["daily/waterworks/2025-05-03"]] == ["Fast", "Slow", "Lost9", "Lost4"]


def test_adding_leaves_the_given_board_as_it_was():
    b = fill("solo/venetia", entry(1, 50))
    board.add(b, "solo/venetia", entry(2, 60, "Bo"))
    assert [e["id"] for e in b["tables"]["solo/venetia"]] == ["id1"]


def test_a_damaged_board_file_is_refused(tmp_path):
    (tmp_path / "board.json").write_text('{"format": "x"}')
    with pytest.raises(Exception) as err:
        board.read(str(tmp_path))
    assert "not a Pipes & Ducks leaderboard" in str(err.value)
    assert board.read(str(tmp_path / "none")) == board.empty()


def test_the_fixture_board_is_what_verified_games_give(tmp_path):
    """tests/leaderboard/fixtures/ (read by the e2e Leaderboard screen) is rebuilt from real
    games by lb_helpers.fixture_board: every entry verifies with today's engine."""
    import json
    from pathlib import Path
    import lb_helpers as H
    here = Path(__file__).parent / "fixtures"
    made, cards = H.fixture_board()
    assert board.read(str(here)) == json.loads(json.dumps(made))
    for gid, card in cards.items():
        assert json.loads((here / "cards" / f"{gid}.json").read_text()) == card
