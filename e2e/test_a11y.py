"""Accessibility: axe-core (from node_modules) finds no serious or critical violation on the
menu, the embed dialog, the saved-games list or either game screen; screenshots at phone and
desktop sizes go to e2e/artifacts/ to be looked at."""
from __future__ import annotations

import json

import pytest

from conftest import ARTIFACTS
from helpers_pwa import GAME_NAMES, ROOT, dist_root, dist_url, has_screen, new_game, wait_ready  # noqa: F401

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"phone": (375, 667), "desktop": (1440, 900)}


def axe_problems(page, name, context="document"):
    """Serious and critical violations, as readable lines; the full report goes to artifacts."""
    if not page.evaluate("!!window.axe"):
        # evaluated, not added as a <script>: the pages' CSP refuses inline scripts
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    result = page.evaluate(f"axe.run({context}, {{resultTypes: ['violations']}})")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"axe-{name}.json").write_text(json.dumps(result["violations"], indent=1))
    return [
        f"{v['impact']}: {v['id']} — {v['help']} — "
        + "; ".join(n["target"][0] if isinstance(n["target"][0], str) else str(n["target"]) for n in v["nodes"][:5])
        for v in result["violations"] if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("size", SIZES)
def test_menu_has_no_serious_violations(open_page, dist_url, artifacts, size):
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run `npm ci` (make test does it).")
    width, height = SIZES[size]
    page, _ = open_page(dist_url, width=width, height=height)
    # A saved game in the list, so its buttons are checked too.
    created = new_game(page, "waterworks", 2)
    page.evaluate("""async (c) => {
        const saves = await import(new URL('web/shell/saves.js', document.baseURI).href);
        saves.autosave({...c, engine: window.PipesAndDucks,
                        seats: [{name: 'You', controller: 'human'}, {name: 'Bo', controller: 'bot:greedy'}]});
    }""", created)
    page.reload()
    wait_ready(page)
    assert page.locator("#saves-list .save").count() == 1
    problems = axe_problems(page, f"menu-{size}")
    assert not problems, "\n".join(problems)
    page.screenshot(path=str(artifacts / f"menu-{size}.png"), full_page=True)
    page.click("#embed-open")
    page.wait_for_selector("#embed-dialog[open]")
    assert "embed.html?game=waterworks" in page.input_value("#embed-snippet")
    problems = axe_problems(page, f"embed-dialog-{size}")
    assert not problems, "\n".join(problems)
    if size == "phone":
        page.screenshot(path=str(artifacts / "menu-embed-dialog-phone.png"))


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("size", SIZES)
def test_game_screen_has_no_serious_violations(open_page, dist_url, dist_root, artifacts, game, size):
    if not has_screen(dist_root, game):
        pytest.skip(f"the {game} screen has not landed yet")
    width, height = SIZES[size]
    page, probe = open_page(dist_url, width=width, height=height)
    page.click(f".game-pick[data-game={game}]")
    page.click("#player-count button[data-players='2']")
    page.click("#start")
    page.wait_for_selector(f"html[data-screen={game}]", state="attached")
    page.wait_for_selector("#game .frame", timeout=20_000)
    page.wait_for_timeout(1500)  # let the first bot moves and animations settle
    problems = axe_problems(page, f"{game}-{size}")
    page.screenshot(path=str(artifacts / f"{game}-{size}.png"))
    assert not problems, "\n".join(problems)
    assert probe.errors == []
