"""Accessibility: axe-core (from node_modules) finds no serious or critical violation on the
menu, the embed dialog, the saved-games list or either game screen; screenshots at phone and
desktop sizes go to e2e/artifacts/ to be looked at."""
from __future__ import annotations

import json

import pytest

from helpers_browser import ARTIFACTS
from helpers_pwa import GAME_NAMES, ROOT, dist_root, dist_url, new_game, wait_until_ready  # noqa: F401

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
    wait_until_ready(page)
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


#: The screen is drawn and still: its status is said, nothing flies, and no finite CSS
#: transition or animation is running (a looping one, a pulse, never ends and is not waited on).
STILL = """() => document.querySelector('[data-testid=status]')?.textContent.trim()
    && !document.querySelector('[data-testid=motion] *')
    && document.getAnimations().every((a) => a.playState !== 'running'
        || a.effect?.getComputedTiming().iterations === Infinity)"""


@pytest.mark.parametrize("game", GAME_NAMES)
def test_game_screen_has_no_serious_violations(open_page, dist_url, dist_root, artifacts, game):
    """A new 2-player game's screen at each size, started from the menu in one page (a page
    start per size cost the suite 8-10 CPU s more, issue 25): the window is resized at the
    menu, so each screen is built at its size."""
    page, probe = open_page(dist_url, width=SIZES["phone"][0], height=SIZES["phone"][1])
    for i, (size, (width, height)) in enumerate(SIZES.items()):
        if i:
            page.click("#game [data-act=menu]")
            page.wait_for_selector("html[data-screen=menu]", state="attached")
            page.set_viewport_size({"width": width, "height": height})
        page.click(f".game-pick[data-game={game}]")
        page.click("#player-count button[data-players='2']")
        page.click("#start")
        page.wait_for_selector(f"html[data-screen={game}]", state="attached")
        page.wait_for_selector("#game .frame", timeout=20_000)
        # axe reads the screen once it is drawn and still (a card caught mid-fade has the
        # contrast of its fade): its status said, nothing flying, no transition running
        page.wait_for_function(STILL, timeout=20_000)
        problems = axe_problems(page, f"{game}-{size}")
        page.screenshot(path=str(artifacts / f"{game}-{size}.png"))
        assert not problems, f"{size}:\n" + "\n".join(problems)
    assert probe.errors == []


DRAWN = """() => [...document.querySelectorAll('dialog[data-testid=rules] figure[data-picture]')].map((f) => {
    const art = f.querySelector('.rules-pic-art');
    const canvas = f.querySelector('canvas');
    let colours = 0;
    if (canvas) {       // a blank canvas has one colour; a drawn position has many
      const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      const seen = new Set();
      for (let i = 0; i < data.length; i += 16) seen.add(((data[i] >> 4) << 8) | ((data[i + 1] >> 4) << 4) | (data[i + 2] >> 4));
      colours = seen.size;
    }
    return { name: f.dataset.picture, drawn: f.dataset.drawn, role: art.getAttribute('role'),
      label: art.getAttribute('aria-label'), caption: f.querySelector('figcaption').textContent,
      colours, board: !!f.querySelector('.aq-pondifex [data-space="0-0"] .aq-cube'),
      height: art.getBoundingClientRect().height };
  })"""


def test_the_rules_dialogs_are_illustrated_by_the_games_renderers(open_page, dist_url):
    """Each game's Rules dialog draws its pictures (tutorials/pictures/*.json) with the game's
    own renderer: every figure drawn, labelled for screen readers and captioned; nothing
    serious for axe in the dialog on a phone; no console errors."""
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run `npm ci` (make test does it).")
    page, probe = open_page(dist_url, width=375, height=812)
    expected = {"waterworks": {"leak-after", "leak-on-top", "copper", "cover", "plumber", "tee-cap", "spout"},
                "aqueducks": {"hidden-face", "dousing", "bridge", "strong-arm"}}
    for game, names in expected.items():
        page.click(f".game-pick[data-game={game}]")
        page.click("#player-count button[data-players='2']")
        page.click("#start")
        page.wait_for_selector("#game .frame", timeout=20_000)
        page.click(".frame-tools [data-act=rules]")
        page.wait_for_function("""() => { const f = [...document.querySelectorAll('dialog[data-testid=rules] figure[data-picture]')];
            return f.length > 0 && f.every((x) => x.dataset.drawn); }""", timeout=30_000)
        figures = page.evaluate(DRAWN)
        assert {f["name"] for f in figures} == names
        for f in figures:
            assert f["drawn"] == "yes" and f["role"] == "img", f
            assert len(f["label"]) > 30 and f["caption"] not in ("", "…") and f["height"] > 40, f
            assert f["colours"] >= 12 or (f["name"] == "strong-arm" and f["board"]), f
        problems = axe_problems(page, f"rules-{game}-phone", "document.querySelector('dialog[data-testid=rules]')")
        assert not problems, "\n".join(problems)
        page.click("dialog[data-testid=rules] button:has-text('Close')")
        page.click("[data-act=menu]")
        page.wait_for_selector(".game-pick[data-game=aqueducks]", timeout=20_000)
    assert probe.errors == []
