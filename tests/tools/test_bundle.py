"""tools/bundle.mjs: the site's modules bundled into content-hashed files at web/'s top keep
meaning what they meant there, and a module the bundler cannot keep stops the build."""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from tests.node_module import NODE, needs_node

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [needs_node, pytest.mark.skipif(not (ROOT / "node_modules" / "rollup").exists(),
                                             reason="needs npm install")]


def site(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return tmp_path


def bundle(root: Path, page: list[str], worker: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([NODE, str(ROOT / "tools" / "bundle.mjs"), str(root),
                           json.dumps({"page": page, "worker": worker})],
                          cwd=ROOT, capture_output=True, text=True)


FILES = {
    "web/app.js": "import { look } from './shell/look.js';\n"
                  "import { where } from './vendor/runtime.mjs';\n"
                  "export const app = [look(), where, new URL('./icons/a.svg', import.meta.url).href];\n",
    "web/shell/look.js": "export const look = () => [new URL('../styles/x.css', import.meta.url).href,\n"
                         "  new URL('../../', import.meta.url).href,\n"
                         "  new Worker(new URL('../helper.mjs', import.meta.url), { type: 'module' }),\n"
                         "  import('../vendor/lib/lib.mjs')];\n",
    "web/helper.mjs": "import { look } from './shell/look.js';\nexport const helper = look;\n",
    "web/vendor/runtime.mjs": "export const where = 'built';\n",
    "web/vendor/lib/lib.mjs": "export default 1;\n",
    "web/worker.mjs": "import { where } from './vendor/runtime.mjs';\n"
                      "import { look } from './shell/look.js';\n"
                      "export const w = [where, look];\n",
}


def test_bundles_are_hashed_at_web_top_and_keep_every_address(tmp_path):
    root = site(tmp_path, FILES)
    done = bundle(root, ["web/app.js"], ["web/worker.mjs"])
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    app = out["entries"]["web/app.js"]
    assert re.fullmatch(r"web/app\.[0-9a-f]{16}\.js", app["file"])
    text = (root / app["file"]).read_text() + "".join((root / f).read_text() for f in app["imports"])
    # addresses made in a subfolder now mean the same files from web/
    assert "new URL('./styles/x.css', import.meta.url)" in text
    assert "new URL('../', import.meta.url)" in text
    assert "new URL('./icons/a.svg', import.meta.url)" in text          # a top-level one as it was
    # a worker's script is bundled too, and named by its bundle's address
    helper = re.search(r"new URL\('(helper\.[0-9a-f]{16}\.js)', import\.meta\.url\)", text)
    assert helper and (root / "web" / helper[1]).exists()
    # the build's own small vendor file is inside; a vendored library stays a file of its own
    assert "'built'" in text and "./vendor/lib/lib.mjs" in text
    assert "web/vendor/runtime.mjs" in out["bundled"] and "web/vendor/lib/lib.mjs" not in out["bundled"]
    assert {"web/app.js", "web/shell/look.js"} <= set(out["bundled"])
    # the worker's bundle is one file, with the worker's address left as a top-level module's
    worker = out["entries"]["web/worker.mjs"]
    assert worker["imports"] == []
    assert "'built'" in (root / worker["file"]).read_text()


@pytest.mark.parametrize("name, module, refusal", [
    ("games/pick.js", "export const screen = (g) => import(`./${g}/index.js`);\n",
     "web/games/pick.js imports a module by a path computed at run time"),
    ("shell/here.js", "export const here = import.meta.url;\n",
     "web/shell/here.js uses import.meta in a way a bundle cannot keep"),
])
def test_a_module_outside_web_top_that_a_bundle_cannot_keep_stops_the_build(tmp_path, name, module, refusal):
    root = site(tmp_path, {"web/app.js": f"import * as m from './{name}';\nexport default m;\n",
                           f"web/{name}": module,
                           "web/worker.mjs": "export const w = 1;\n"})
    done = bundle(root, ["web/app.js"], ["web/worker.mjs"])
    assert done.returncode != 0
    assert refusal in done.stderr


def test_the_built_site_loads_only_bundles_and_every_address_in_them_exists():
    """The real build: the pages name bundles, PyScript names the worker's, and every address a
    bundle makes relative to itself is a file of the site."""
    dist = ROOT / "dist"
    if not (dist / "index.html").exists():
        pytest.skip("dist/ not built (make build)")
    for page in ("index.html", "embed.html"):
        scripts = re.findall(r'<script type="module" src="([^"]+)"', (dist / page).read_text())
        assert scripts and all(re.fullmatch(r"web/[\w-]+\.[0-9a-f]{16}\.js", s) for s in scripts), scripts
    assert re.search(r'interpreter = "\./web/interpreter\.[0-9a-f]{16}\.js"', (dist / "pyscript.toml").read_text())
    bundles = list((dist / "web").glob("*.*.js"))
    assert len(bundles) > 5
    for path in bundles:
        for address in re.findall(r"new URL\('([^'$]+)', import\.meta\.url\)", path.read_text()):
            assert (path.parent / address).resolve().exists(), (path.name, address)
