"""The Publican visit: Faith order, the Pondifex donation board, strong-arming, Favour."""
from __future__ import annotations


def faith_order(players: list[dict]) -> list[int]:
    """Highest Faith first; ties by Military, Luxury, duckats, then lower seat number."""
    return sorted(range(len(players)), key=lambda p: (
        -players[p]["res"]["faith"], -players[p]["res"]["military"],
        -players[p]["res"]["luxury"], -players[p]["duckats"], p))


def cost_for(row: dict, faction_ability: dict) -> int:
    cost = row["cost"]
    if faction_ability.get("kind") == "donation_discount" and cost >= faction_ability.get("min_cost", 0):
        cost -= faction_ability["value"]
    return cost


def landing(cubes: list[int], military: list[int], player: int, ties_push: bool) -> int:
    """Index where ``player``'s cube lands in a row: ahead of every cube whose owner has
    lower Military (equal too, for a faction that strong-arms ties), behind the others."""
    mine = military[player]
    for i, q in enumerate(cubes):
        if mine > military[q] or (ties_push and mine == military[q]):
            return i
    return len(cubes)


def place(cubes: list[int], idx: int, player: int, spaces: int) -> int | None:
    """Insert the cube; returns the player pushed off the end, if any."""
    cubes.insert(idx, player)
    if len(cubes) > spaces:
        return cubes.pop()
    return None
