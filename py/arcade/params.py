"""One request parameter read from a request's params, with a sentence when it is missing or
of the wrong type: the service (arcade.service) and its score methods (arcade.score_service)
read theirs through it."""
from __future__ import annotations

from gamecore import BadRequest


def param(params: dict, name: str, kind: type | tuple, required: bool = True, default=None):
    if name not in params:
        if required:
            raise BadRequest(f"Missing parameter {name!r}.")
        return default
    value = params[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadRequest(f"Parameter {name!r} has the wrong type.")
    return value


def budget(params: dict, most: int) -> tuple:
    """``ms`` (1 to 10000) and ``iterations`` (1 to ``most``), each optional, checked."""
    ms = param(params, "ms", (int, float), required=False)
    if ms is not None and (isinstance(ms, bool) or not 1 <= ms <= 10_000):
        raise BadRequest("Parameter 'ms' must be a number of milliseconds from 1 to 10000.")
    cap = param(params, "iterations", int, required=False)
    if cap is not None and not 1 <= cap <= most:
        raise BadRequest(f"Parameter 'iterations' must be from 1 to {most}.")
    return ms, cap
