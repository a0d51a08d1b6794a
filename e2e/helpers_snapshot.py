"""The start-up snapshot as a test sees it (web/snapshot.mjs): what Cache Storage holds, and
a repeat visit that restores it."""
from __future__ import annotations

import time
from helpers_browser import SNAPSHOT_CACHE as CACHE, wait_until_ready

STORED = f"""async () => {{
    const cache = await caches.open('{CACHE}');
    return (await cache.keys()).map((r) => r.url); }}"""


def stored_snapshots(page) -> list[str]:
    return page.evaluate(STORED)


def wait_until_stored(page, expected: list[str] | None = None, timeout: float = 30) -> list[str]:
    """After a fresh start the page stores the snapshot once idle: wait until Cache Storage
    holds exactly ``expected`` (by default: anything)."""
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
