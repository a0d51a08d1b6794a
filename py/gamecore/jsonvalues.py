"""JSON that arrived from outside (requests, moves, saves): bounded parsing and value tests."""
import json
import re
from itertools import accumulate

#: Refused before parsing: the longest save or record of a real game is about 30,000
#: characters and nests about 8 levels, so these leave room while keeping a hostile text
#: from exhausting memory or, nested thousands deep, the parser's stack (fatal in Pyodide).
#: A request may carry a file as an escaped JSON string, hence its larger bound.
MAX_FILE_CHARS = 1_000_000
MAX_REQUEST_CHARS = 4_000_000
MAX_DEPTH = 32

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r'[^\[\]{}]+')
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class _NotFinite(ValueError):
    pass


def _refuse_constant(name):
    raise _NotFinite(name)


def _finite_float(text):
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _NotFinite(text)
    return value


def nesting(text: str) -> int:
    """How deep ``text``'s arrays and objects nest, counted without parsing it (brackets
    inside strings are text); C-speed regular expressions and itertools, no Python loop."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def parse_json(text: str, limit: int, error: type, what: str, invalid: str):
    """``json.loads`` for outside text, refusing with ``error`` (a GameError class) and a
    sentence: longer than ``limit``, too deep, not JSON (``invalid``), or holding NaN/Infinity."""
    if len(text) > limit:
        raise error(f"The {what} is too large (over {limit:,} characters).")
    if nesting(text) > MAX_DEPTH:
        raise error(f"The {what} is nested too deeply (more than {MAX_DEPTH} levels).")
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except _NotFinite:
        raise error(f"The {what} holds NaN or Infinity, which are not JSON numbers.") from None
    except ValueError:
        raise error(invalid) from None


_DECIMAL = re.compile(r"[0-9]{1,20}")
U64_MAX = (1 << 64) - 1


def u64(value):
    """A 64-bit value (a seed, an rng state) from JSON: an integer, or its decimal string
    (the form the service emits, since a JS number keeps only 53 bits); ``None`` if neither
    or out of 0..2**64-1."""
    if type(value) is int:
        v = value
    elif isinstance(value, str) and _DECIMAL.fullmatch(value):
        v = int(value)
    else:
        return None
    return v if 0 <= v <= U64_MAX else None


def is_int(value) -> bool:
    """A JSON integer: ``True`` is a bool in JSON, not the number 1."""
    return type(value) is int


def copy_json(value):
    """A copy of a JSON value that shares no list or dict with the original (moves are
    small, so this stays cheap in the bots' playouts)."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value
