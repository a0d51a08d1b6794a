"""The specified stack, as the page really runs it (docs/startup.md): PyScript starts the engine
in its named worker with the configuration in pyscript.toml, micropip installs the engine
wheel from this site, and nothing is fetched from anywhere else. And what is served: the
engine wheel with its data, micropip compiled by the page's own Pyodide."""
from __future__ import annotations

import hashlib
import io
import json
import re
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from helpers_browser import wait_until_ready

ROOT = Path(__file__).resolve().parents[1]


def engine_wheel(site_root: Path) -> Path:
    """The wheel pyscript.toml names (web/vendor/wheels/ in a checkout, engine-HASH/ in a build)."""
    named = re.search(r'packages = \["\./([^"]+\.whl)"\]', (site_root / "pyscript.toml").read_text())
    assert named, "pyscript.toml names no engine wheel"
    return site_root / named.group(1)


@pytest.fixture(scope="module")
def wheel(site_root) -> zipfile.ZipFile:
    with zipfile.ZipFile(engine_wheel(site_root)) as zf:
        yield zf


def test_the_wheel_carries_every_engine_module_and_nothing_else(wheel):
    names = set(wheel.namelist())
    # py/'s top-level modules are the page's, not the engine's: the bridge is the worker's
    # script, stdlib_rest goes (compiled) into the standard library's start archive
    ours = {p.relative_to(ROOT / "py").as_posix() for p in (ROOT / "py").rglob("*.py")
            if "__pycache__" not in p.parts and p.parent != ROOT / "py"}
    assert ours == {n for n in names if n.endswith(".py")}
    assert not [n for n in names if n.endswith(".pyc") or "__pycache__" in n]


def test_micropip_is_served_compiled_with_the_hash_the_lock_file_names(site_root):
    """Like Pyodide's own distribution: sourceless .pyc, so the page compiles none of it; and
    the vendored lock file's sha256 is that of the file served (Pyodide checks it)."""
    runtime = site_root / "web" / "vendor" / re.search(
        r"pyodide: '([^']+)'", (site_root / "web" / "vendor" / "runtime.mjs").read_text()).group(1)
    entry = json.loads((runtime / "pyodide-lock.json").read_text())["packages"]["micropip"]
    served = (runtime / entry["file_name"]).read_bytes()
    assert hashlib.sha256(served).hexdigest() == entry["sha256"]
    with zipfile.ZipFile(io.BytesIO(served)) as zf:
        names = zf.namelist()
    assert "micropip/__init__.pyc" in names and not [n for n in names if n.endswith(".py")]


def test_the_wheel_carries_the_cards_and_every_tutorial(wheel, site_root):
    names = set(wheel.namelist())
    for folder in ("cards", "tutorials", "tutorials/pictures"):
        for path in (ROOT / folder).glob("*.json"):
            assert f"pipes_and_ducks/data/{folder}/{path.name}" in names
            assert wheel.read(f"pipes_and_ducks/data/{folder}/{path.name}") == path.read_bytes()
    assert all((site_root / "tutorials" / p.name).is_file() for p in (ROOT / "tutorials").glob("*.json"))
    record = wheel.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
    listed = {line.split(",")[0] for line in record.splitlines()}
    assert names == listed               # RECORD lists the bytecode added after the build too


def test_pyscript_starts_the_engine_and_micropip_installs_the_wheel(browser, base_url, site_root):
    """A whole first visit, every request of the page and of its workers seen by the browser
    context: PyScript's core and pyscript.toml (once, by the worker: a built page carries its
    own part of it), the engine's script, micropip's wheel from the
    vendored Pyodide, the standard library's start archive (compiled) and the engine
    wheel, all from this site and none failed; none of
    PyScript's editor, terminal or game chunks; and the engine says micropip installed it."""
    ctx = browser.new_context(service_workers="block")
    urls, failed, errors = [], [], []
    ctx.on("request", lambda r: urls.append(r.url))
    ctx.on("requestfailed", lambda r: failed.append(r.url))
    ctx.on("response", lambda r: r.status >= 400 and failed.append(f"{r.status} {r.url}"))
    try:
        page = ctx.new_page()
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base_url)
        wait_until_ready(page)
        assert page.get_attribute("html", "data-engine-runtime") == "pyscript"
        assert page.get_attribute("html", "data-engine-wasm") == "ahead"   # web/pyodide-wasm.mjs
        assert sum(u.endswith("/pyodide.asm.wasm") for u in urls) == 1   # downloaded once
        hello = page.evaluate("async () => (await window.PipesAndDucks.hello()).result")
        assert hello["engine"]["installer"] == "micropip"
        assert page.evaluate("""() => Boolean(document.querySelector(
            'script[type="py"][worker][name="engine"]').xworker)""")   # PyScript's named worker
        origin = "{0.scheme}://{0.netloc}".format(urlsplit(base_url))
        assert [u for u in urls if not u.startswith((origin, "blob:", "data:"))] == []
        prefix = urlsplit(base_url).path
        paths = [urlsplit(u).path for u in urls]
        assert f"{prefix}pyscript.toml" in paths and f"{prefix}py/bridge.py" in paths
        if (site_root / "sw.js").exists():   # a build: the page's own config is written in it
            assert paths.count(f"{prefix}pyscript.toml") == 1, "the page fetched pyscript.toml too"
        assert any(re.search(r"/pyscript(-[0-9a-f]{16})?/core\.js$", p) for p in paths)
        names = [p.rsplit("/", 1)[-1] for p in paths]
        assert any(re.fullmatch(r"micropip-[\d.]+-py3-none-any\.whl", n) for n in names), names
        assert any(re.fullmatch(r"pipes_and_ducks-[\d.]+-py3-none-any\.whl", n) for n in names), names
        # Python started on the start archive, compiled; the rest of the stdlib is not needed to
        # start, nor Pyodide's own archive of sources
        assert any(re.search(r"/stdlib(-[0-9a-f]{16})?/start\.zip$", p) for p in paths), paths
        assert "rest.zip" not in names and "python_stdlib.zip" not in names, names
        unwanted = ("codemirror", "xterm", "py-editor", "py-terminal", "py-game", "donkey", "zip-")
        assert [n for n in names if n.startswith(unwanted)] == []
        assert failed == [] and errors == []
    finally:
        ctx.close()


def test_pyscripts_bytecode_is_only_a_gain_a_damaged_one_costs_nothing_else(browser, base_url):
    """PyScript's package compiled at build time (tools/compile_pyscript.mjs): when what arrives
    is not a zip, the worker says why and PyScript's package is compiled as before; the engine
    starts and answers."""
    ctx = browser.new_context(service_workers="block")
    warnings = []
    try:
        ctx.route("**/pyscript-bytecode.zip", lambda route: route.fulfill(body=b"not a zip"))
        page = ctx.new_page()
        page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
        page.goto(base_url)
        wait_until_ready(page)
        assert page.evaluate("async () => (await window.PipesAndDucks.hello()).ok")
        assert any("bytecode could not be unpacked" in w for w in warnings), warnings
    finally:
        ctx.close()


@pytest.mark.parametrize("fault", ["no helper", "helper fails"])
def test_the_engine_worker_compiles_pyodides_wasm_itself_when_the_page_has_none(browser, base_url, fault):
    """The page compiles Pyodide's wasm in a helper worker and hands it to the engine worker
    (web/engine/wasm-ahead.js, web/pyodide-wasm.mjs). When the helper cannot be loaded, or
    cannot download the wasm, the engine worker downloads and compiles it itself: the engine
    starts and answers, and the page says the worker's own compile was used."""
    ctx = browser.new_context(service_workers="block")
    served = []

    def helper(route):
        served.append(route.request.url)
        if fault == "no helper":
            route.abort()
        else:   # the helper runs, but its download of the wasm is refused
            res = route.fetch()
            route.fulfill(response=res, body=res.text().replace("fetch(url,", "fetch(url + '?refused',"))
    try:
        ctx.route(re.compile(r"/web/pyodide-wasm-worker(\.[0-9a-f]{16}\.js|\.mjs)$"), helper)
        ctx.route("**/pyodide.asm.wasm?refused", lambda route: route.abort())
        page = ctx.new_page()
        page.goto(base_url)
        wait_until_ready(page)
        assert served, "the page loaded no WebAssembly helper"
        assert page.get_attribute("html", "data-engine-wasm") == "pyodide"
        assert page.evaluate("async () => (await window.PipesAndDucks.hello()).ok")
    finally:
        ctx.close()
