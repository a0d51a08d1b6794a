"""Which Chromium a tool or a test starts. $CHROMIUM, when set, is used by both; without it,
None means Playwright's own build (macOS, Windows)."""
from __future__ import annotations

import os
import shutil


def desktop_chromium() -> str | None:
    """The full browser, the one a person runs: `make bench`, the icons, the screenshots."""
    return os.environ.get("CHROMIUM") or shutil.which("chromium")


def chromium_for_tests() -> str | None:
    """What the browser tests drive: Debian's headless shell (chromium-headless-shell: the
    same Chromium build, Blink and V8 without the desktop browser around them, which is what
    Playwright itself runs headless tests in) where it is installed, else the full browser.
    A page's start cost 6.2-7.4 CPU s in the shell against 9.5-10.4 in the full browser on
    this 2-core machine (idle, 4 starts each, alternating): its browser and GPU processes do
    far less for a page nobody sees."""
    return os.environ.get("CHROMIUM") or shutil.which("chromium-headless-shell") or desktop_chromium()
