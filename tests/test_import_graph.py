"""No import circle in py/ or web/ (issue 25): a module that imports, however indirectly, a
module that imports it back can only be read (and loaded) as a pair, and which half runs first
decides what the other sees.

Python: every ``import`` and ``from ... import`` in py/, parsed with ast, *including* those
inside functions. A deferred import only hides a circle from the interpreter's start-up: the
two modules still need each other, and the three circles this test was written against
(stats <-> game in both engines, catalog <-> abilities) were all held together by one.
``from pkg import name`` is an edge to ``pkg.name`` when that is a module, else to ``pkg``
itself; the implicit import of a module's parent package is not an edge (every package
whose ``__init__`` imports its modules would otherwise be a circle).

JavaScript: the ES module specifiers of every web/**/*.js and .mjs except web/vendor (static
``import``, ``export ... from`` and dynamic ``import('./literal')``), read from the source with
its comments, template text and regular expressions blanked. A dynamic import built from a
template (``import(`./games/${game}/index.js`)``) names no one file and is not an edge.
Every relative specifier must name a file that exists, so a misread one cannot pass unseen.
"""
import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


# ----- Python -----------------------------------------------------------------------------
def python_graph(root: Path) -> dict[str, set[str]]:
    """``{module: {modules of this tree it imports}}`` for the package tree under ``root``."""
    files = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        is_package = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if is_package else parts)
        if name:
            files[name] = (path, is_package)
    graph = {name: set() for name in files}
    for name, (path, is_package) in files.items():
        package = name if is_package else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                targets = [_known(alias.name, files) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _absolute(node, package)
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in files else _known(base, files)
                           for a in node.names]
            else:
                continue
            graph[name].update(t for t in targets if t and t != name)
    return graph


def _absolute(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module
    base = package.split(".") if package else []
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _known(module: str, files: dict) -> str | None:
    """The module itself if it is in the tree, else its nearest package that is (``import
    a.b.c`` runs a/b/c.py; a name that is not a module is an attribute of its package)."""
    while module and module not in files:
        module = module.rpartition(".")[0]
    return module or None


# ----- JavaScript -------------------------------------------------------------------------
# on code_only's text, where a string's text is ____
STATIC = re.compile(r"""\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?(['"])(_+)\1"""
                    r"""|\bexport\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[\w$\s,]*\})\s*from\s*(['"])(_+)\3""")
DYNAMIC = re.compile(r"""\bimport\s*\(\s*(['"])(_+)\1\s*\)""")
# a slash after one of these (or a keyword, or nothing) opens a regular expression, not a division
REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^")
KEYWORD_END = re.compile(r"\b(?:return|typeof|case|of|in|void|delete|yield|await)$")


def code_only(src: str) -> str:
    """The source with comments, template text and regular expressions blanked and the text of
    string literals filled with ``_``; the same length, so a string found in it is read back
    from the source at the same place."""
    out = []
    depth = []          # the open ${...} of template literals: their inner brace depth
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            out.append(_blank(src[i:j]))
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(_blank(src[i:j]))
        elif c in "'\"":
            j = i + 1
            while j < n and src[j] not in (c, "\n"):
                j += 2 if src[j] == "\\" else 1
            j += 1
            out.append(c + "_" * (j - i - 2) + src[j - 1:j])   # its text read back from src
        elif c == "`" or (c == "}" and depth and depth[-1] == 0):
            if c == "}":
                depth.pop()                    # back in the template's text
            j = i + 1
            while j < n and src[j] != "`" and not src.startswith("${", j):
                j += 2 if src[j] == "\\" else 1
            out.append(c + _blank(src[i + 1:j]))
            if src.startswith("${", j):
                depth.append(0)
                out.append("${")
                j += 2
            else:
                out.append(src[j:j + 1])
                j += 1
        elif c == "/" and _opens_regex("".join(out).rstrip()):
            j, in_class = i + 1, False
            while j < n and src[j] != "\n" and (in_class or src[j] != "/"):
                if src[j] == "\\":
                    j += 1
                elif src[j] in "[]":
                    in_class = src[j] == "["
                j += 1
            j += 1
            out.append("/" + _blank(src[i + 1:j - 1]) + "/")
        else:
            if depth and c in "{}":
                depth[-1] += 1 if c == "{" else -1
            out.append(c)
            j = i + 1
        i = j
    return "".join(out)


def _blank(text: str) -> str:
    return re.sub(r"[^\n]", " ", text)


def _opens_regex(before: str) -> bool:
    return not before or before[-1] in REGEX_AFTER or bool(KEYWORD_END.search(before))


def js_specifiers(src: str) -> list[str]:
    code = code_only(src)
    spans = [m.span(2) if m.group(2) else m.span(4) for m in STATIC.finditer(code)]
    spans += [m.span(2) for m in DYNAMIC.finditer(code)]
    return [src[a:b] for a, b in spans]


def js_graph(root: Path, skip: tuple[str, ...] = ("vendor",)) -> dict[str, set[str]]:
    """``{file: {files it imports}}`` (paths relative to ``root``) for the ES modules under
    ``root``, the folders in ``skip`` left out; an unresolvable relative import fails."""
    files = [p for p in sorted(root.rglob("*")) if p.suffix in (".js", ".mjs")
             and p.relative_to(root).parts[0] not in skip]
    graph = {}
    for path in files:
        edges = set()
        for spec in js_specifiers(path.read_text()):
            if not spec.startswith((".", "/")):
                continue                      # a package or a URL: outside the tree
            target = (path.parent / spec).resolve()
            assert target.is_file(), f"{path.relative_to(root)} imports {spec!r}: no such file"
            edges.add(target.relative_to(root.resolve()).as_posix())
        graph[path.relative_to(root).as_posix()] = edges
    return graph


# ----- circles ----------------------------------------------------------------------------
def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import each other round (Tarjan's strongly connected
    components of more than one module), each as one circle through it, sorted."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(_loop(graph, group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def _loop(graph, group) -> list[str]:
    """One circle inside a strongly connected group: from its first module round to it."""
    start = min(group)
    path, seen, node = [start], {start}, start
    while True:
        nxt = sorted(w for w in graph[node] if w in group)
        back = start if start in nxt else None
        node = back or next((w for w in nxt if w not in seen), nxt[0])
        path.append(node)
        if node == start or node in seen:
            return path[path.index(node):] if node != start else path
        seen.add(node)


def said(found: list[list[str]]) -> str:
    return "; ".join(" -> ".join(c) for c in found)


# ----- the project ------------------------------------------------------------------------
def test_no_import_circle_in_the_engines():
    graph = python_graph(ROOT / "py")
    assert "aqueducks.game" in graph["aqueducks"] and "gamecore.protocol" in graph["gamecore"]
    assert not circles(graph), f"import circles in py/: {said(circles(graph))}"


def test_no_import_circle_in_the_page():
    graph = js_graph(ROOT / "web")
    assert {"engine.js", "shell/game-screen.js"} <= graph["app.js"]      # the parse sees imports
    assert "online/lobby.js" in graph["shell/online-tables.js"]         # and dynamic ones
    assert not circles(graph), f"import circles in web/: {said(circles(graph))}"


# ----- the test can fail ------------------------------------------------------------------
def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_a_python_circle_through_a_function_level_import_is_found(tmp_path):
    root = write(tmp_path, {
        "pkg/__init__.py": "from .game import Game\n",
        "pkg/game.py": "class Game:\n    def stats(self):\n        from .stats import stats\n"
                       "        return stats(self)\n",
        "pkg/stats.py": "from pkg.game import Game\n",
        "pkg/other.py": "import pkg.game\nfrom pkg import stats\n",
    })
    graph = python_graph(root)
    assert graph["pkg.other"] == {"pkg.game", "pkg.stats"}
    assert circles(graph) == [["pkg.game", "pkg.stats", "pkg.game"]]


def test_a_python_circle_through_a_package_init_is_found(tmp_path):
    root = write(tmp_path, {"core/__init__.py": "from .protocol import Game\n",
                            "core/protocol.py": "from core import errors\nfrom core import Game\n",
                            "core/errors.py": ""})
    assert circles(python_graph(root)) == [["core", "core.protocol", "core"]]


def test_python_without_a_circle_passes(tmp_path):
    root = write(tmp_path, {"pkg/__init__.py": "from .game import Game\n",
                            "pkg/game.py": "from . import rules\nimport json\n",
                            "pkg/rules.py": "from .errors import Bad\n", "pkg/errors.py": ""})
    assert circles(python_graph(root)) == []


def test_a_javascript_circle_is_found_through_re_exports_and_dynamic_imports(tmp_path):
    root = write(tmp_path, {
        "app.js": "import { a } from './shell/a.js';\n",
        "shell/a.js": "import {\n  b,\n  c as d,\n} from './b.js';\nexport const a = 1;\n",
        "shell/b.js": "export { a } from './a.js';\n",
        "games/x.js": "const load = () => import('../games/y.mjs');\n",
        "games/y.mjs": "export * as x from './x.js';\n",
        "vendor/lib.js": "import './lib.js';\n",
    })
    graph = js_graph(root)
    assert "vendor/lib.js" not in graph
    assert circles(graph) == [["games/x.js", "games/y.mjs", "games/x.js"],
                              ["shell/a.js", "shell/b.js", "shell/a.js"]]


def test_javascript_comments_strings_and_templates_are_not_imports(tmp_path):
    root = write(tmp_path, {
        "a.js": "// import { b } from './b.js';\n/* import('./b.js') */\n"
                "const t = `import { b } from './b.js' ${x ? '/' : `import('./b.js')`}`;\n"
                "const re = /['\"`]/g; const s = 'import(\"./b.js\")';\n"
                "const screen = (g) => import(`./games/${g}/index.js`);\n"
                "import { c } from './c.js';\n",
        "b.js": "import './a.js';\n",
        "c.js": "",
    })
    assert js_graph(root)["a.js"] == {"c.js"}
    assert circles(js_graph(root)) == []


def test_a_javascript_import_of_a_missing_file_fails(tmp_path):
    root = write(tmp_path, {"a.js": "import { b } from './missing.js';\n"})
    try:
        js_graph(root)
    except AssertionError as exc:
        assert "missing.js" in str(exc)
    else:
        raise AssertionError("an import of a file that is not there went unnoticed")
