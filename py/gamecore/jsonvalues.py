"""Tests of values that arrived as JSON (moves, saves)."""


def is_int(value) -> bool:
    """A JSON integer: ``True`` is a bool in JSON, not the number 1."""
    return type(value) is int
