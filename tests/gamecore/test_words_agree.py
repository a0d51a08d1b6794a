"""The engine's English (gamecore.words) and the page's (web/shell/words.js) follow one rule:
"1 duckat", "an 8-pipe line", "an 11-pipe line", "a 5-pipe line"; and the engine's own texts
use it (issue 26 item 11: "gaining 1 duckats")."""
import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from aqueducks import GAME as AQ
from gamecore import words

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
PHRASES = ["8-pipe line", "5-pipe line", "11-pipe line", "18-pipe line", "1-pipe line", "80 ducks",
           "800", "110", "1100", "11000", "18500", "8000", "iron bend", "upper storey", "unique",
           "unusual", "one", "hour", "Aqueducks game", "Water Works game", "eu", "", "copper cap"]
COUNTS = [(0, "duckat"), (1, "duckat"), (2, "duckat"), (1, "open end"), (3, "open end"),
          (1, "Favour"), (4, "Favour"), (1, "move"), (7, "move")]


def test_articles_and_counts():
    assert [words.with_article(p) for p in ("8-pipe line", "11-pipe line", "5-pipe line", "iron bend", "unique one")] == \
        ["an 8-pipe line", "an 11-pipe line", "a 5-pipe line", "an iron bend", "a unique one"]
    assert [words.count(n, w) for n, w in COUNTS[:3]] == ["0 duckats", "1 duckat", "2 duckats"]


@pytest.mark.skipif(NODE is None, reason="needs Node")
def test_the_page_says_the_same(tmp_path):
    module = tmp_path / "words.mjs"
    shutil.copy(ROOT / "web" / "shell" / "words.js", module)
    script = ("import { article, count } from %s;\n"
              "const [phrases, counts] = %s;\n"
              "process.stdout.write(JSON.stringify([phrases.map(article), counts.map(([n, w]) => count(n, w))]));\n"
              % (json.dumps(module.as_uri()), json.dumps([PHRASES, COUNTS])))
    out = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == [[words.article(p) for p in PHRASES], [words.count(n, w) for n, w in COUNTS]]


def test_the_engine_says_1_duckat():
    """Random two-player games of the first era: every event text with a count of duckats
    agrees in number ("1 duckat", never "1 duckats")."""
    texts = []
    for seed in range(1, 40):
        game, rng = AQ.new({"players": 2}, seed), random.Random(seed)
        while not game.is_over and game.view(0)["era"] == 1:
            for p in game.to_act():
                texts += [e.get("text", "") for e in game.apply(p, rng.choice(game.legal_moves(p))) or []]
    assert any("1 duckat" in t for t in texts), "no text counts 1 duckat: the test proves nothing"
    assert not [t for t in texts if " 1 duckats" in t]
