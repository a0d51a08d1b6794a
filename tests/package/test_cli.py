"""The `pipes-and-ducks` command line (pipes_and_ducks.cli), run in-process: what `replay`
prints for a finished game, a game in progress and a damaged file."""
import json

import pytest

from pipes_and_ducks.cli import main
from positions import finished, ww_midgame


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("games")
    out = {}
    for name, game in [("ww", finished("waterworks", 3, 4)), ("aq", finished("aqueducks", 2, 9)),
                       ("solo", finished("aqueducks", 1, 5)), ("midgame", ww_midgame(8, 6))]:
        out[name] = folder / f"{name}.json"
        out[name].write_text(json.dumps(game.record()))
        out[f"{name}:game"] = game
    out["damaged"] = folder / "damaged.json"
    out["damaged"].write_text(out["ww"].read_text()[:-30])
    return out


def test_replay_says_who_won_a_water_works_game(files, capsys):
    assert main(["replay", str(files["ww"])]) == 0
    out = capsys.readouterr().out
    game = files["ww:game"]
    assert out.startswith(f"Water Works, 3 players, {len(game.log)} moves: over.")
    if game.result()["winners"]:
        assert f"Player {game.result()['winners'][0] + 1} wins" in out


def test_replay_gives_the_favour_table_and_the_solo_score(files, capsys):
    assert main(["replay", str(files["aq"])]) == 0
    out = capsys.readouterr().out
    assert "Favour" in out and "duckats" in out
    assert main(["replay", str(files["solo"])]) == 0
    score = files["solo:game"].result()["score"]
    assert f"Solo score: {score} duckats." in capsys.readouterr().out


def test_replay_of_a_game_in_progress_names_who_is_next(files, capsys):
    assert main(["replay", str(files["midgame"])]) == 0
    assert "not over; next to play: Player" in capsys.readouterr().out


def test_replay_json_is_the_engine_result(files, capsys):
    assert main(["replay", "--json", str(files["ww"])]) == 0
    data = json.loads(capsys.readouterr().out)
    game = files["ww:game"]
    assert data["result"] == game.result() and data["moves"] == len(game.log)
    assert data["seed"] == str(game.seed) and data["over"] is True


def test_replay_refuses_a_damaged_file_with_the_sites_sentence(files, capsys):
    assert main(["replay", str(files["damaged"])]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == "That file is damaged or incomplete: it is not a whole saved game (invalid JSON)."


def test_replay_reads_standard_input(files, capsys, monkeypatch):
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO(files["aq"].read_text()))
    assert main(["replay", "-"]) == 0
    assert capsys.readouterr().out.startswith("Aqueducks, 2 players")


def test_replay_of_a_missing_file_says_so(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nothing.json")]) == 1
    assert "Cannot read" in capsys.readouterr().err


def test_verify_hands_its_arguments_to_the_leaderboards_verifier(capsys):
    from pathlib import Path
    card = next((Path(__file__).resolve().parents[1] / "leaderboard" / "fixtures" / "cards").glob("*.json"))
    assert main(["verify", str(card)]) == 0
    assert json.loads(capsys.readouterr().out)["verified"]
    with pytest.raises(SystemExit):
        main(["verify", "--help"])
    assert "pipes-and-ducks verify" in capsys.readouterr().out
