"""Names as the page keeps them (``cleanName`` in web/shell/seats.js), for score cards and the
board: the same rule in both languages, checked by tests/leaderboard/test_names.py.

At most 16 characters (code points), without markup characters or control characters, with
the whitespace JavaScript's ``trim`` removes taken off both ends."""
from __future__ import annotations

import re

DEFAULT_NAMES = ["You", "Bo", "Cleo", "Dax", "Edda", "Finn"]
MAX_CHARS = 16
_DROPPED = re.compile("[<>&\"'`\u0000-\u001f\u007f]")
# ECMAScript's WhiteSpace and LineTerminator (what String.prototype.trim removes); Python's
# own strip() differs (it takes U+0085 and leaves U+FEFF).
_JS_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008" \
            "\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"


def clean_text(name) -> str:
    """The cleaned name, ``""`` when nothing is left."""
    if not isinstance(name, str):
        return ""
    return _DROPPED.sub("", name).strip(_JS_SPACE)[:MAX_CHARS]


def clean_name(name, i: int) -> str:
    """The cleaned name, or seat ``i``'s default when nothing is left."""
    return clean_text(name) or (DEFAULT_NAMES[i] if i < len(DEFAULT_NAMES) else f"Player {i + 1}")
