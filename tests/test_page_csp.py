"""Both pages carry a Content-Security-Policy (issue 15 item 22) whose script-src admits each
inline script by its sha256 hash: an inline script edited without its hash would be blocked
in the browser, so this fails first. What the policy must allow at run time is checked in the
page by e2e/test_robustness.py (no violation while a game plays).

Neither page allows 'unsafe-eval' (issue 42 item 2): nothing of ours evaluates text as code
(checked below), and PyScript, which sends its worker hooks to the worker as source text and
rebuilds them with Function(), is vendored patched to carry them as code
(tools/patch_pyscript.py, checked below against the npm bundle). Pyodide needs
'wasm-unsafe-eval' to compile its WebAssembly. No worker is a Blob: PyScript's is started from
a file, also by the patch (so worker-src is 'self' alone); docs/startup.md."""
import base64
import hashlib
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import patch_pyscript  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
INLINE = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.S)
CSP = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"')


def policy(html: str) -> dict:
    found = CSP.findall(html)
    assert len(found) == 1, "one CSP meta tag"
    return {d.split()[0]: d.split()[1:] for d in (p.strip() for p in found[0].split(";")) if d}


@pytest.mark.parametrize("page", ["index.html", "embed.html"])
def test_every_inline_script_is_admitted_by_its_hash(page):
    html = (ROOT / page).read_text()
    csp = policy(html)
    hashes = {"'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'"
              for s in INLINE.findall(html)}
    admitted = {s for s in csp["script-src"] if s.startswith("'sha256-")}
    assert hashes == admitted  # no script without its hash, no hash left for a script now gone
    assert "'unsafe-inline'" not in csp["script-src"]
    assert "'unsafe-eval'" not in csp["script-src"]      # PyScript is patched (below)
    assert "'wasm-unsafe-eval'" in csp["script-src"]     # Pyodide compiles its WebAssembly
    assert csp["worker-src"] == ["'self'"]     # PyScript's worker is a file (tools/patch_pyscript.py)
    assert csp["object-src"] == ["'none'"] and csp["default-src"] == ["'self'"]


def test_nothing_of_ours_evaluates_text_as_code():
    """The policy has no 'unsafe-eval', so none of this may be in the site's own scripts: no
    eval(), new Function() or string timer (each would be refused in the page)."""
    pattern = re.compile(r"\beval\s*\(|\bnew\s+Function\s*\(|\bFunction\s*\(\s*['\"`]|set(?:Timeout|Interval)\s*\(\s*['\"`]")
    found = [f"{js.relative_to(ROOT)}: {m.group(0)}"
             for js in sorted((ROOT / "web").rglob("*.*js")) if "vendor" not in js.parts
             for m in pattern.finditer(js.read_text())]
    assert found == []


@pytest.mark.parametrize("page", ["index.html", "embed.html"])
def test_no_inline_event_handler_attributes(page):
    # a CSP with hashes blocks onclick="..." attributes, so none may be written
    assert not re.search(r"<[^>]+\son[a-z]+=", (ROOT / page).read_text())


def test_no_inline_event_handler_in_markup_the_scripts_write():
    # the screens build markup in template strings; a handler attribute there is blocked too
    # (and reported as a CSP violation), as an `onclick=""` in the Aqueducks panel once was
    found = [f"{js.relative_to(ROOT)}: {m.group(0)[:60]}"
             for js in sorted((ROOT / "web").rglob("*.js")) if "vendor" not in js.parts
             for m in re.finditer(r"<[a-z][^<>]*\son[a-z]+=", js.read_text())]
    assert found == []


PYSCRIPT_DIST = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
# What may stay of Function() in PyScript's bundle once patched: coincident's handler for a
# worker calling a page function by its source (only with SharedArrayBuffer, which the site
# does not enable) and a Python string (`window.Function`, same condition, in a try).
LEFT_ALONE = ["Function(`return(${e}).apply(null,arguments)`)", "window.Function('return"]


@pytest.mark.skipif(not PYSCRIPT_DIST.is_dir(), reason="npm packages not installed (make does it)")
def test_the_pyscript_patch_leaves_no_hook_built_from_text():
    text = patch_pyscript.core_bundle(PYSCRIPT_DIST).read_text()
    patched = patch_pyscript.patch(text)
    assert text.count("Function(") == len(LEFT_ALONE) + 2       # the two hook builders, before
    rest = patched
    for kept in LEFT_ALONE:
        assert rest.count(kept) == 1
        rest = rest.replace(kept, "")
    assert "Function(" not in rest
    # `_pyscript` is registered by the worker itself now, with what the page's hook gave it
    assert text.count('registerJsModule("_pyscript",') == patched.count('registerJsModule("_pyscript",')
    assert patched.count('y.registerJsModule("_pyscript",{fs:{ERROR:"storage permissions not granted"') == 1


def test_the_patch_stops_on_a_bundle_it_does_not_know():
    with pytest.raises(SystemExit, match="PyScript changed"):
        patch_pyscript.patch("const x = 1;")


VENDORED = ROOT / "web" / "vendor" / "pyscript"


@pytest.mark.skipif(not VENDORED.is_dir(), reason="not vendored yet (make vendor)")
def test_the_vendored_pyscript_is_the_patched_one():
    core = patch_pyscript.core_bundle(VENDORED).read_text()
    assert core.startswith(patch_pyscript.MARK)
    assert patch_pyscript.BLOB_START not in core and 'new URL("./worker.js",import.meta.url)' in core
    assert (VENDORED / patch_pyscript.WORKER).read_text().startswith("/*@*/")


@pytest.mark.skipif(not PYSCRIPT_DIST.is_dir(), reason="npm packages not installed (make does it)")
def test_pyscripts_worker_becomes_a_file_with_the_source_its_blob_had():
    """The worker's source, written to PyScript's folder, is the Blob's text exactly (the
    JavaScript string read by Node, the same as the page would have), less the page's rewriting
    of its chunks' addresses, which in that folder mean the same relative as absolute."""
    patched = patch_pyscript.patch(patch_pyscript.core_bundle(PYSCRIPT_DIST).read_text())
    core, worker = patch_pyscript.split_worker(patched)
    assert patch_pyscript.BLOB_START not in core and core.count('new URL("./worker.js",import.meta.url)') == 1
    assert worker.startswith("/*@*/const{assign:e}=Object,")
    assert 'y.registerJsModule("_pyscript",' in worker   # the patch's edits inside it are kept
    assert "\\'" not in worker and "It=e=>{throw new Error(\"PyScript worker hooks" in worker
    assert re.findall(r'import\("\./(toml|error)-[\w-]+\.js"\)', worker)   # relative, as in the folder
    with pytest.raises(SystemExit, match="PyScript changed"):
        patch_pyscript.split_worker(core)
