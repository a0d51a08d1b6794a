"""Score links: a score card in a page address's fragment (``#score=...``), which browsers
never send to a server. JSON, raw deflate (as the page's CompressionStream('deflate-raw')),
base64url. Made and read here only, so the page, the verifier and the leaderboard workflow
refuse a damaged link with the same sentence."""
from __future__ import annotations

import base64
import json
import re
import zlib

from gamecore import BadSave
from gamecore.jsonvalues import MAX_FILE_CHARS, parse_json

TAG = "score="
#: Longer than any card of ours by far (a 6-player Aqueducks card is about 3,000 characters).
MAX_LINK = 200_000
_TOKEN = re.compile(r"score=([A-Za-z0-9_-]*)")

DAMAGED = "This score link is damaged (it may have been cut short when it was copied)."
NO_CARD = "This link does not carry a score."


def encode(card: dict) -> str:
    """The fragment text (without ``#``) that carries ``card``."""
    text = json.dumps(card, separators=(",", ":"), ensure_ascii=False).encode()
    pack = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = pack.compress(text) + pack.flush()
    return TAG + base64.urlsafe_b64encode(data).decode().rstrip("=")


def token(text: str) -> str:
    """The base64url text of the one score link in ``text`` (a whole address, a fragment, an
    issue body); BadSave when it holds none, or two different ones."""
    if not isinstance(text, str):
        raise BadSave(NO_CARD)
    found = set(_TOKEN.findall(text))
    if not found:
        raise BadSave(NO_CARD)
    if len(found) > 1:
        raise BadSave("This text holds more than one score link; send one at a time.")
    return found.pop()


def decode(text: str) -> dict:
    """The score card a link carries (its shape is checked by ``arcade.verify``)."""
    body = token(text)
    if len(body) > MAX_LINK:
        raise BadSave("This score link is too long to be one of ours.")
    if not body:
        raise BadSave(DAMAGED)
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpack = zlib.decompressobj(-15)
        plain = unpack.decompress(raw, MAX_FILE_CHARS + 1)
    except (ValueError, zlib.error):
        raise BadSave(DAMAGED) from None
    if len(plain) > MAX_FILE_CHARS or unpack.unconsumed_tail:
        raise BadSave("This score is larger than any game of ours.")
    if not unpack.eof:
        raise BadSave(DAMAGED)
    try:
        text = plain.decode("utf-8")
    except UnicodeDecodeError:
        raise BadSave(DAMAGED) from None
    return parse_json(text, MAX_FILE_CHARS, BadSave, "score card", DAMAGED)
