"""Files kept in a start-up snapshot's memory for the Python it restores.

A Pyodide memory snapshot holds the interpreter's memory, not its file system: a Python
restored from one has the engine's modules imported (tools/snapshot.mjs imports them) but none
of the files micropip wrote when it installed the engine wheel, which the engine still reads
(its cards and tutorials, its version and installer in ``hello``), nor the bytecode of
PyScript's own package the page puts beside the sources PyScript writes. Installing the wheel
again after every restore, as the page once did, wrote its ninety-odd files from Python, about
50 ms of a repeat visit in the browser, and unpacking the bytecode's archive another 20-40 ms
under Node. So tools/snapshot.mjs keeps those files here (``keep``), and after a restore
web/interpreter.mjs takes them (``take``) and writes them back with Pyodide's file system from
JavaScript, a few milliseconds (docs/startup.md). Plain Python, so pytest tests it on CPython
too.
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

_wheels: list[str] = []
_files: dict[str, bytes] = {}


def keep(paths: Iterable[str], wheel: str | None = None) -> None:
    """Keep the files at ``paths`` (absolute): with ``wheel``, the ones installing the wheel of
    that name wrote."""
    for path in paths:
        _files[path] = Path(path).read_bytes()
    if wheel:
        _wheels.append(wheel)


def take() -> tuple[list[str], dict[str, bytes]]:
    """The names of the wheels kept, and their files' contents by absolute path. Forgotten
    here once taken, so their memory is freed when the caller has written them."""
    wheels, files = list(_wheels), dict(_files)
    _wheels.clear()
    _files.clear()
    return wheels, files
