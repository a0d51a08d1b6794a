"""Names on score cards and the board are cleaned by the page's rule (cleanName in
web/shell/seats.js): the Python copy (arcade.names) gives the same name for every input."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from arcade import names

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
# The characters the rule is about: markup, controls, every kind of space JS or Python trims,
# astral characters (an emoji is two UTF-16 units), a lone surrogate.
SPECIAL = list("<>&\"'` \t\n\r\x00\x1f\x7f\x85\xa0\u1680\u2003\u2028\u202f\u3000\ufeff\u200b") + \
    ["\U0001F986", "\U0001F30A", "\ud83d", "é", "ß", "𝒜"]
NAMES = st.lists(st.one_of(st.sampled_from(SPECIAL), st.characters()), max_size=24).map("".join)


def js_clean(texts, tmp_path):
    """cleanName(text, i) in Node, for every text (seats.js copied as an ES module)."""
    module = tmp_path / "seats.mjs"
    shutil.copy(ROOT / "web" / "shell" / "seats.js", module)
    script = ("import { cleanName } from %s;\n"
              "let input = ''; process.stdin.on('data', (d) => { input += d; });\n"
              "process.stdin.on('end', () => { const items = JSON.parse(input);\n"
              "  process.stdout.write(JSON.stringify(items.map(([t, i]) => cleanName(t, i)))); });\n"
              % json.dumps(module.as_uri()))
    out = subprocess.run([NODE, "--input-type=module", "-e", script], input=json.dumps(texts),
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


@pytest.mark.slow
@pytest.mark.skipif(NODE is None, reason="needs Node")
def test_python_and_the_page_clean_names_alike(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("names")
    cases = [["  Ada  ", 0], ["<b>Bo</b>", 1], ["", 2], [None, 7], ["\ufeffZoé\u0085", 0],
             ["\U0001F986" * 20, 0], ["a" * 15 + "\U0001F986", 3], ["\u3000\u2003", 5]]

    @settings(max_examples=60, deadline=None)
    @given(st.lists(st.tuples(NAMES, st.integers(0, 7)), min_size=1, max_size=40))
    def agree(batch):
        items = cases + [list(x) for x in batch]
        assert js_clean(items, tmp) == [names.clean_name(t, i) for t, i in items]

    agree()


def test_names_are_cut_to_16_characters_without_markup():
    assert names.clean_name("<script>alert(1)</script>", 0) == "scriptalert(1)/s"
    assert names.clean_name("\U0001F986" * 20, 0) == "\U0001F986" * 16
    assert names.clean_name("   ", 1) == "Bo" and names.clean_name(None, 9) == "Player 10"
