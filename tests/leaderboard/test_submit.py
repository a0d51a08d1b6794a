"""The leaderboard workflow's one script (tools/leaderboard_submit.py), run here as the
workflow runs it, on issue bodies as GitHub's issue form writes them."""
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import lb_helpers as H
from arcade import board, links

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "leaderboard_submit.py"
FIXTURE = Path(__file__).parent / "fixtures" / "issue-body.md"


def body(card):
    return f"### Score link\n\nhttps://example.github.io/pipes-and-ducks/#{links.encode(card)}\n"


def submit(tmp_path, text, opened="2025-05-03T21:30:00Z", folder=None):
    folder = folder or tmp_path / "leaderboard"
    (tmp_path / "body.md").write_text(text)
    res = subprocess.run([sys.executable, SCRIPT, "--body", tmp_path / "body.md", "--opened", opened,
                          "--board", folder, "--comment", tmp_path / "comment.md"],
                         capture_output=True, text=True)
    return res.returncode, (tmp_path / "comment.md").read_text()


@pytest.fixture()
def fixture_card():
    return links.decode(FIXTURE.read_text())


def test_the_fixture_issue_is_accepted_and_written_to_the_board(tmp_path, fixture_card):
    code, comment = submit(tmp_path, FIXTURE.read_text())
    assert code == 0, comment
    assert comment.startswith("Accepted: Ada's win in 22 turns is number 1 in the Water Works daily table of 2025-05-03.")
    saved = board.read(str(tmp_path / "leaderboard"))
    [entry] = saved["tables"]["daily/waterworks/2025-05-03"]
    assert entry["name"] == "Ada" and entry["claim"]["won"] and entry["accepted"] == "2025-05-03"
    assert entry["opponents"] == ["bot:greedy", "bot:greedy"]
    # no device data: exactly the documented fields
    assert set(entry) == {"id", "name", "game", "rules", "date", "daily", "players", "claim",
                          "favourites", "takebacks", "opponents", "accepted"}
    card = json.loads((tmp_path / "leaderboard" / "cards" / f"{entry['id']}.json").read_text())
    assert card["record"] == fixture_card["record"]


def test_a_forged_score_is_refused_and_nothing_is_written(tmp_path, fixture_card):
    code, comment = submit(tmp_path, body(H.edited(fixture_card, claim__turns=5)))
    assert code == 1 and comment.startswith("Not accepted: The card claims 5 turns")
    assert not (tmp_path / "leaderboard").exists()


def test_a_duplicate_is_refused(tmp_path, fixture_card):
    assert submit(tmp_path, FIXTURE.read_text())[0] == 0
    code, comment = submit(tmp_path, body(H.edited(fixture_card, name="Bo")))
    assert (code, comment) == (1, "Not accepted: This game is already on the board.\n")


def test_a_second_daily_score_of_the_same_name_is_refused(tmp_path):
    assert submit(tmp_path, FIXTURE.read_text())[0] == 0
    other = H.daily_card("waterworks", person="random", player="ada")
    code, comment = submit(tmp_path, body(other))
    assert code == 1 and "one scored attempt a day" in comment


@pytest.mark.parametrize("opened, words", [("2025-05-02T23:59:59Z", "has not begun"),
                                           ("2025-05-05T00:00:01Z", "has closed"),
                                           ("2025-05-04T23:30:00-02:00", "has closed")])
def test_the_wrong_day_is_refused(tmp_path, opened, words):
    code, comment = submit(tmp_path, FIXTURE.read_text(), opened=opened)
    assert code == 1 and words in comment


def test_an_unknown_version_is_refused(tmp_path, fixture_card):
    code, comment = submit(tmp_path, body(H.edited(fixture_card, rules=7)))
    assert code == 1 and "newer Water Works rules (version 7)" in comment


def test_a_body_without_a_link_or_with_a_cut_link_is_refused(tmp_path):
    assert submit(tmp_path, "### Score link\n\n_No response_\n") == (1, f"Not accepted: {links.NO_CARD}\n")
    cut = FIXTURE.read_text()[:-200] + "\n"
    assert submit(tmp_path, cut) == (1, f"Not accepted: {links.DAMAGED}\n")


def test_an_unranked_game_is_refused_with_the_reason(tmp_path):
    seats = ["human", "bot:greedy"]
    game = H.finished("waterworks", {"players": 2}, 5, seats)
    code, comment = submit(tmp_path, body(H.card_of(game, seats)))
    assert (code, comment) == (1, "Not accepted: Only wins go on the multiplayer board.\n")


def test_a_broken_board_fails_the_job_instead_of_answering(tmp_path):
    folder = tmp_path / "leaderboard"
    folder.mkdir()
    (folder / "board.json").write_text("{")
    code, comment = submit(tmp_path, FIXTURE.read_text(), folder=folder)
    assert code == 1 and "cannot be read" in comment


def test_the_workflow_runs_this_script_and_nothing_else_decides():
    flow = (ROOT / ".github" / "workflows" / "leaderboard.yml").read_text()
    runs = re.findall(r"python3? (\S+\.py)", flow)
    assert runs == ["tools/leaderboard_submit.py"]
    assert "--board leaderboard" in flow and "secrets." not in flow
    form = (ROOT / ".github" / "ISSUE_TEMPLATE" / "leaderboard.yml").read_text()
    assert re.search(r"^\s+id: score$", form, re.M)     # the field the page prefills (?score=)
    assert "leaderboard" in form.split("labels:")[1].splitlines()[0]


def test_the_shipped_board_is_a_valid_board():
    shipped = board.read(str(ROOT / "leaderboard"))
    assert shipped["format"] == board.FORMAT
