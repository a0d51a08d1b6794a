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
