"""Helpers for the PWA, embed, saves and a11y tests: the built site (dist/) and a second
origin. Plain functions and fixtures imported by those test files; conftest.py is untouched."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from helpers_browser import ROOT, SUBPATH, serve_folder, wait_until_ready  # noqa: F401 (the tests' import)

GAME_NAMES = ["waterworks", "aqueducks"]


def built_root() -> Path:
    """The built site: SITE_ROOT when it is a build (has sw.js), else dist/."""
    env = os.environ.get("SITE_ROOT")
    if env and (Path(env).resolve() / "sw.js").exists():
        return Path(env).resolve()
    root = ROOT / "dist"
    if not (root / "sw.js").exists():
        pytest.fail("dist/ is missing: run `make build` (make test does it).")
    return root


@pytest.fixture(scope="session")
def dist_root() -> Path:
    return built_root()


@pytest.fixture(scope="session")
def dist_url(dist_root):
    """The built site served under the GitHub Pages-like sub-path /pipes-and-ducks/."""
    server, url = serve_folder(dist_root, SUBPATH)
    yield url
    server.shutdown()


def play_some(page, game_id: str, moves: int) -> int:
    """Play `moves` legal moves (first legal move of whoever acts) through the engine API."""
    return page.evaluate(
        """async ([id, n]) => {
            const E = window.PipesAndDucks;
            for (let k = 0; k < n; k++) {
              const s = (await E.state({id})).result;
              if (s.over) break;
              const p = s.toAct[0];
              const mine = (await E.state({id, player: p})).result;
              const r = (await E.play({id, player: p, move: mine.legal[0]}));
              if (!r.ok) throw new Error(r.error.message);
            }
            return (await E.state({id})).result.moveCount;
        }""",
        [game_id, moves],
    )


def new_game(page, game: str, players: int, seed: int = 7) -> dict:
    res = page.evaluate(
        "async ([g, n, s]) => (await window.PipesAndDucks.newGame({game: g, options: {players: n}, seed: s}))",
        [game, players, seed])
    assert res["ok"], res
    return res["result"]
