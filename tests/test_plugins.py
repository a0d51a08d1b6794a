"""Games as plug-ins (issue 58 item 2): each game registers once on each side, and no shared
module names a game. Python: ``arcade.registry`` lists the games; everything shared code needs
of one (move words, search hooks, budgets, the daily deal, score claims, the board's order,
the command line's summary) is in the game's own package, asked for through
``registry.part``. JavaScript: web/shell/games.js registers each game's shell parts
(web/games/<game>/shell-parts.js) and web/games/screens.js its screen.

"Names a game": a game's registry name or title in the code itself, as an identifier or in a
string or template literal; comments and docstrings may use a game as an example. The test
reads the games from the registry, so a third game is checked as soon as it registers.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from arcade import registry

ROOT = Path(__file__).resolve().parent.parent

#: the one place per side that names each game
REGISTRIES = {"py/arcade/registry.py", "web/shell/games.js", "web/games/screens.js"}

def game_words() -> re.Pattern:
    words = set()
    for name in registry.names():
        words |= {name, registry.get(name).title}
    return re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)), re.IGNORECASE)


def shared_python() -> list[Path]:
    py = ROOT / "py"
    games = set(registry.names())
    return [p for p in sorted(py.rglob("*.py")) if p.relative_to(py).parts[0] not in games]


def shared_js() -> list[Path]:
    web = ROOT / "web"
    games = set(registry.names())
    out = []
    for p in sorted(web.rglob("*")):
        parts = p.relative_to(web).parts
        if p.suffix not in (".js", ".mjs") or parts[0] == "vendor" or (parts[0] == "games" and parts[1] in games):
            continue
        out.append(p)
    return out


def python_code_text(src: str) -> list[str]:
    """The identifiers and string literals of a module, docstrings and comments left out."""
    tree = ast.parse(src)
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant) and isinstance(node.body[0].value.value, str)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            out.append(node.value)
        elif isinstance(node, ast.Name):
            out.append(node.id)
        elif isinstance(node, ast.Attribute):
            out.append(node.attr)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            out.extend(a.name for a in node.names)
            out.append(getattr(node, "module", None) or "")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.append(node.name)
    return out


def js_without_comments(src: str) -> str:
    """The source with its comments blanked; strings, templates and regular expressions kept
    (a ``//`` inside them is no comment)."""
    out, i, n = [], 0, len(src)
    quote = None            # the quote of the literal being read, or None in code
    while i < n:
        c = src[i]
        if quote:
            if c == "\\":
                out.append(src[i:i + 2])
                i += 2
                continue
            if c == quote:
                quote = None
            out.append(c)
        elif src.startswith("//", i) or src.startswith("/*", i):
            end = src.find("\n", i) if src[i + 1] == "/" else src.find("*/", i) + 2
            end = n if end < (1 if src[i + 1] == "/" else 2) else end
            out.append(re.sub(r"[^\n]", " ", src[i:end]))
            i = end
            continue
        elif c in "'\"`":
            quote = c
            out.append(c)
        elif c == "/" and _opens_regex("".join(out[-40:]).rstrip()):
            quote = "/"
            out.append(c)
        else:
            out.append(c)
        i += 1
    return "".join(out)


def _opens_regex(before: str) -> bool:
    return not before or before[-1] in "(,=:[!&|?{};+-*%<>~^" or bool(
        re.search(r"\b(?:return|typeof|case|of|in|void|delete|yield|await)$", before))


def naming(path: Path) -> list[str]:
    """What in ``path``'s code names a game."""
    words = game_words()
    src = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return sorted({m.group(0) for text in python_code_text(src) for m in words.finditer(text)})
    code = js_without_comments(src)
    return sorted({f"line {code.count(chr(10), 0, m.start()) + 1}: {m.group(0)}" for m in words.finditer(code)})


def test_the_readers_see_code_and_not_comments():
    words = game_words()
    py = python_code_text('"""Aqueducks, say."""\n# waterworks\nx = "aqueducks"\nfrom waterworks import cards\n')
    assert sorted(m.group(0) for t in py for m in words.finditer(t)) == ["aqueducks", "waterworks"]
    js = js_without_comments("// aqueducks\nconst a = '//' + `Water Works ${b}`; /* waterworks */ const r = /x\\//;\n")
    assert [m.group(0) for m in words.finditer(js)] == ["Water Works"]
    assert "const r = /x\\//;" in js


@pytest.mark.parametrize("path", shared_python() + shared_js(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_shared_module_names_a_game(path):
    rel = path.relative_to(ROOT).as_posix()
    found = naming(path)
    if rel in REGISTRIES:
        return
    assert not found, (f"{rel} names a game ({', '.join(found)}): what it needs belongs in the game's "
                       "own package (py/<game>/plugin.py, web/games/<game>/shell-parts.js), "
                       "reached through the registry (docs/api.md, 'Adding a game')")


def test_each_game_carries_the_parts_shared_code_asks_for():
    """Every registered game has the plug-in's parts (a third game missing one fails here,
    not in a player's hands)."""
    needs = {"plugin": ("HINT_ITERATIONS", "ANALYSIS_ITERATIONS", "DAILY", "daily_options", "claim",
                        "city_buildings", "rank_key", "own_table", "summary"),
             "advice_words": ("name", "place", "effects", "drawback")}
    for name in registry.names():
        for module, attrs in needs.items():
            part = registry.part(name, module)
            missing = [a for a in attrs if not hasattr(part, a)]
            assert not missing, f"{name}.{module} lacks {missing}"
        assert set(registry.part(name, "plugin").DAILY) == {"options", "seats", "seat"}
