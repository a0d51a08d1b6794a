"""Era flow: the action tracks and the per-era tables, read from the catalog."""
from __future__ import annotations

#: Actions every player takes at once, choices hidden until all are in.
SIMULTANEOUS = ("build", "protect", "draft")


def track(cat, solo: bool) -> tuple:
    return cat.tracks["solo" if solo else "multiplayer"]


def last_action_of_final_era(cat, solo: bool) -> int:
    return cat.last_action["solo_last_action" if solo else "multiplayer_last_action"]


def protect_count(cat, era: int) -> int:
    return cat.protect_per_era[era - 1] if era <= len(cat.protect_per_era) else 0


def draft_counts(cat, era: int, solo: bool) -> dict[int, int]:
    table = cat.draft["solo" if solo else "multiplayer"][era - 1]
    return {int(k): v for k, v in table.items()}
