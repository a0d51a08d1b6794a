"""The README's screenshots (docs/screenshots/): both game screens part-way through a game
against bots, played through the page in headless Chromium on the built site (dist/), at
1440x900 and on a 375x812 phone; each game's illustrated Rules dialog and the start menu at
1440x900 (`--games ''`: the menu alone).

Run: make build && .venv/bin/python tools/screenshots.py
To look at other sizes without touching the README's set:
     .venv/bin/python tools/screenshots.py --out /tmp/shots --sizes 375x812,812x375 --games aqueducks
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))
from site_browser import open_ready, site_browser  # noqa: E402
from helpers_menu import start_from_menu  # noqa: E402
from helpers_play import AQ_HAND, WW_HAND, aq_build, ww_fitting_cards, ww_turn  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = {"": (1440, 900), "-phone": (375, 812)}


def waterworks(page, turns=9):
    start_from_menu(page, "waterworks", 3, ["human", "bot:greedy", "bot:greedy"], ["You", "Bo", "Cleo"],
                    {"first_player": "1"}, "instant")
    for _ in range(turns):
        ww_turn(page)
    page.wait_for_selector(WW_HAND, timeout=30_000)
    ids = ww_fitting_cards(page)
    if ids:  # a card picked: its spots lit
        page.click(f".ww-card[data-card-id='{ids[0]}']")


def aqueducks(page, builds=4):
    start_from_menu(page, "aqueducks", 3, ["human", "bot:greedy", "bot:greedy"], None, None, "instant")
    done = 0
    while done < builds:
        page.wait_for_selector(".aq:not([data-turn=''])", timeout=30_000)
        turn = page.get_attribute(".aq", "data-turn")
        if turn == "build":
            aq_build(page)
            done += 1
        elif turn == "publican":
            page.click("[data-testid=action-panel] [data-testid=pass]")
        elif turn == "protect":
            page.click("[data-testid=confirm-protect]")
        elif turn == "draft":
            page.locator(AQ_HAND).first.click()
            page.click("[data-testid=confirm-pick]")
        page.wait_for_timeout(200)
    page.wait_for_selector(".aq:not([data-turn=''])", timeout=30_000)
    # no hover tip from the last click, and the city column at its top (the miniatures)
    page.mouse.move(1, 1)
    page.evaluate("() => { document.activeElement.blur(); document.querySelector('.aq-citycol').scrollTop = 0; }")


RULES_DRAWN = """() => { const f = [...document.querySelectorAll('dialog[data-testid=rules] figure[data-picture]')];
    return f.length > 0 && f.every((x) => x.dataset.drawn); }"""


def rules(page, game):
    """The Rules dialog, scrolled to its first pictures once the game's renderer has drawn them."""
    start_from_menu(page, game, 2, None, None, None, "instant")
    page.click(".frame-tools [data-act=rules]")
    page.wait_for_function(RULES_DRAWN, timeout=30_000)
    page.evaluate("""() => { const body = document.querySelector('dialog[data-testid=rules] .frame-dialog-body');
        const pics = body.querySelector('.rules-pics');
        body.scrollTop = pics.offsetTop - body.offsetTop - 140; }""")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=OUT, help="folder (default: docs/screenshots)")
    ap.add_argument("--sizes", help="WxH,WxH,... (named GAME-WxH.png; default: the README's set)")
    ap.add_argument("--games", default="waterworks,aqueducks")
    args = ap.parse_args()
    sizes = SIZES if not args.sizes else {f"-{s}": tuple(int(n) for n in s.split("x")) for s in args.sizes.split(",")}
    plays = {"waterworks": waterworks, "aqueducks": aqueducks}
    args.out.mkdir(parents=True, exist_ok=True)
    with site_browser() as (browser, url):
        ctx, page = open_ready(browser, url, 1440, 900)   # the start menu, as a visitor meets it
        page.wait_for_timeout(400)
        page.screenshot(path=str(args.out / "menu.png"))
        print(f"wrote {args.out / 'menu.png'}")
        ctx.close()
        for game in [g for g in args.games.split(",") if g]:
            for suffix, (w, h) in sizes.items():
                ctx, page = open_ready(browser, url, w, h)
                plays[game](page)
                page.wait_for_timeout(400)
                path = args.out / f"{game}{suffix}.png"
                page.screenshot(path=str(path))
                print(f"wrote {path}")
                ctx.close()
            ctx, page = open_ready(browser, url, 1440, 900)   # and its illustrated Rules dialog
            rules(page, game)
            page.wait_for_timeout(400)
            path = args.out / f"rules-{game}.png"
            page.screenshot(path=str(path))
            print(f"wrote {path}")
            ctx.close()


if __name__ == "__main__":
    main()
