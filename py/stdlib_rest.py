"""The rest of the standard library, mounted the first time something imports from it.

The page starts Python on a standard library of two archives (tools/split_stdlib.mjs,
docs/startup.md): the start archive holds what a start imports, compiled, and is what Pyodide
boots from; the rest archive holds every other module as source and is fetched only when one
of them is first imported. A start never needs it, so a first visit downloads 1.6 MB less
before the engine answers; a game that does import such a module waits once for the download
(from the browser's caches after the first visit: the service worker precaches it).

web/interpreter.mjs installs this finder after Python has started (or been restored from the
snapshot) with ``install(load)``: ``load(path)`` writes the rest archive to ``path`` (in the
page, a synchronous download: imports are synchronous). The rest's top-level modules and
packages are listed beside this module in the start archive (stdlib_rest.json). Plain
Python, so pytest tests it on CPython too.
"""
from __future__ import annotations

import importlib.machinery
import json
import sys
from collections.abc import Callable, Iterable

ARCHIVE = "/lib/stdlib-rest.zip"


class RestOfStdlib:
    """A meta path finder, last on sys.meta_path: asked only for a top-level module that no
    other finder found. For one of the rest's names it mounts the rest archive (once) and
    finds the module there; for any other name (a module that is nowhere, as optional imports
    expect) it answers None at once, without mounting anything."""

    def __init__(self, names: Iterable[str], load: Callable[[str], None], archive: str = ARCHIVE):
        self.names = frozenset(names)
        self.load = load
        self.archive = archive

    def find_spec(self, name, path=None, target=None):
        if path is not None or name not in self.names:
            return None   # a submodule's parent is mounted already; or not the rest's
        self.mount()
        return importlib.machinery.PathFinder.find_spec(name, None, target)

    def mount(self) -> None:
        try:
            self.load(self.archive)
        except Exception as err:   # offline, say: this import fails, a later one tries again
            raise ImportError(f"the rest of the standard library could not be loaded: {err}") from err
        sys.meta_path.remove(self)   # mounted: the path finder finds the rest from now on
        sys.path.append(self.archive)


def rest_names() -> list[str]:
    """The rest's names, as tools/split_stdlib.mjs wrote them beside this module."""
    here = __file__.rsplit("/", 1)[0]
    return json.loads(__loader__.get_data(f"{here}/stdlib_rest.json"))


def install(load: Callable[[str], None], names: Iterable[str] | None = None,
            archive: str = ARCHIVE) -> RestOfStdlib:
    finder = RestOfStdlib(rest_names() if names is None else names, load, archive)
    sys.meta_path.append(finder)
    return finder
