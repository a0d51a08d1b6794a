"""The start-up snapshot as a test sees it (web/snapshot.mjs): what the origin private file
system holds, and a repeat visit that restores it."""
from __future__ import annotations

import time
from helpers_browser import SNAPSHOT_NAMES, wait_until_ready

def stored_snapshots(page) -> list[str]:
    """The names of the snapshots stored whole."""
    return page.evaluate(SNAPSHOT_NAMES)


def wait_until_stored(page, expected: list[str] | None = None, timeout: float = 30) -> list[str]:
    """After a fresh start the page stores the snapshot once idle: wait until the snapshots
    stored are exactly ``expected`` (by default: any)."""
    end = time.monotonic() + timeout
    urls = []
    while time.monotonic() < end:
        urls = stored_snapshots(page)
        if urls if expected is None else urls == expected:
            return urls
        page.wait_for_timeout(100)
    raise AssertionError(f"the page stored {urls}, not {expected or 'a start-up snapshot'}")


def boot_kind(page) -> str | None:
    return page.get_attribute("html", "data-engine-boot")


def revisit_from_snapshot(page) -> None:
    """Reload as a returning visitor: Python is restored from the stored snapshot."""
    assert boot_kind(page) == "fresh"
    wait_until_stored(page)
    page.reload()
    wait_until_ready(page)
    assert boot_kind(page) == "snapshot"
