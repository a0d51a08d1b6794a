"""Which games exist, by name: the one place the Python side names each game (docs/api.md,
"Adding a game"). Engines stay unaware of each other and of the page; shared code reaches
what it needs of a game (its ``plugin``, ``advice_words``, ``search``) through ``part``."""
from __future__ import annotations

import importlib
from typing import Callable, NamedTuple

from gamecore import BadRequest, Game
from gamecore.errors import shown

#: name -> (package, title shown in menus)
_PACKAGES = {
    "waterworks": ("waterworks", "Water Works"),
    "aqueducks": ("aqueducks", "Aqueducks"),
}


# A NamedTuple rather than a dataclass: `dataclasses` pulls in `inspect`, which the page
# would otherwise import just for this before it can answer its first call.
class Entry(NamedTuple):
    name: str
    title: str
    game: type[Game]
    bots: dict[str, Callable]


_cache: dict[str, Entry] = {}


def names() -> list[str]:
    return list(_PACKAGES)


def get(name: object) -> Entry:
    if not isinstance(name, str) or name not in _PACKAGES:
        raise BadRequest(f"There is no game called {shown(name)}.")
    if name not in _cache:
        package, title = _PACKAGES[name]
        module = importlib.import_module(package)
        _cache[name] = Entry(name, title, module.GAME, dict(module.BOTS))
    return _cache[name]


def part(name: object, module: str):
    """A game's own module ``module`` (its package's ``advice_words``, say), imported when first
    asked: shared code reaches a game's wording through here instead of naming the game."""
    package, _title = _PACKAGES[get(name).name]
    return importlib.import_module(f"{package}.{module}")


def available() -> list[Entry]:
    """Entries whose engine imports; a missing engine must not take the site down."""
    out = []
    for name in names():
        try:
            out.append(get(name))
        except ImportError:
            continue
    return out
