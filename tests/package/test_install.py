"""`pip install .` in a fresh virtual environment: the wheel pyproject.toml builds installs on
CPython, carries the card and tutorial data, and gives the `pipes-and-ducks` command (also
`python -m pipes_and_ducks`). Run from a folder outside the checkout, so nothing of the
repository's own files can stand in for what the wheel must carry."""
import fcntl
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from positions import finished

ROOT = Path(__file__).resolve().parents[2]
# A fresh venv and a pip install: make test's, not make check's
pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def venv(tmp_path_factory, worker_id):
    """One fresh venv with the project pip-installed, for the whole run: make test's xdist
    workers share it (each built its own before: 100-170 s of venv and isolated build each,
    three times a run), the first to ask building it under a lock. The folder is this run's
    own (pytest's base temp; under xdist its parent, which only this run's workers share), so
    a venv of an earlier run's code is never used."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if worker_id != "master" else base
    where = shared / "install-venv"
    with open(shared / "install-venv.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (where / ".installed").exists():
            subprocess.run([sys.executable, "-m", "venv", "--clear", str(where)], check=True)
            python = where / "bin" / "python"
            subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(ROOT)], check=True,
                           env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
            (where / ".installed").touch()
    return where


def run(venv, *args, cwd):
    return subprocess.run([*args], cwd=cwd, capture_output=True, text=True,
                          env={"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "HOME": str(cwd)})


def test_the_command_replays_a_saved_game(venv, tmp_path):
    game = finished("aqueducks", 3, 17)
    save = tmp_path / "game.json"
    save.write_text(json.dumps({"format": "pipes-and-ducks/saved-game", "version": 1,
                                "game": "aqueducks", "record": game.record()}))
    for command in (["pipes-and-ducks"], ["python", "-m", "pipes_and_ducks"]):
        out = run(venv, *command, "replay", "--json", str(save), cwd=tmp_path)
        assert out.returncode == 0, out.stderr
        assert json.loads(out.stdout)["result"] == game.result()


def test_the_command_verifies_a_score_card_and_refuses_a_forged_one(venv, tmp_path):
    card = json.loads(next((ROOT / "tests" / "leaderboard" / "fixtures" / "cards").glob("*.json")).read_text())
    good, forged = tmp_path / "card.json", tmp_path / "forged.json"
    good.write_text(json.dumps(card))
    card["claim"]["score"] += 1
    forged.write_text(json.dumps(card))
    out = run(venv, "pipes-and-ducks", "verify", str(good), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["verified"]
    out = run(venv, "pipes-and-ducks", "verify", str(forged), cwd=tmp_path)
    assert out.returncode == 1 and out.stdout == "" and out.stderr.count("\n") == 1


def test_the_command_refuses_a_damaged_file(venv, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "pipes-and-ducks/record", "game": "waterworks", "version": 1, "seed": "1", "moves": [{}]}')
    out = run(venv, "pipes-and-ducks", "replay", str(bad), cwd=tmp_path)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.startswith("That saved game can't be opened: Move 1 of the record is")


def test_the_installed_engine_finds_its_data_and_knows_how_it_was_installed(venv, tmp_path):
    out = run(venv, "python", "-c", "import json, arcade.about, gamecore.carddata as c, gamecore.scenario as s;"
              "print(json.dumps([arcade.about.engine(), str(c.data_file('cards', 'waterworks.json')),"
              " sorted(c.data_names('tutorials'))]))", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    engine, cards, tutorials = json.loads(out.stdout)
    assert engine["installer"] == "pip"
    assert "site-packages/pipes_and_ducks/data/cards" in cards
    assert tutorials == sorted(p.name for p in (ROOT / "tutorials").glob("*.json"))
