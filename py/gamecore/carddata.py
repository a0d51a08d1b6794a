"""Data files shipped with the engine (``cards/*.json``, ``tutorials/*.json``): one place that
knows where they are.

In the page, ``cards/`` and ``tutorials/`` are unpacked next to the Python packages; in the
repository they sit next to ``py/``.
"""
from __future__ import annotations

import json
from pathlib import Path


def data_file(folder: str, name: str) -> Path:
    """The path of ``<folder>/<name>``; FileNotFoundError if it is in neither place."""
    here = Path(__file__).resolve()
    for root in (here.parents[1], here.parents[2]):
        path = root / folder / name
        if path.is_file():
            return path
    raise FileNotFoundError(f"{folder}/{name} is neither next to the Python packages nor next to py/")


def data_names(folder: str) -> list[str]:
    """The ``*.json`` file names in ``<folder>`` (the first place that has the folder)."""
    here = Path(__file__).resolve()
    for root in (here.parents[1], here.parents[2]):
        path = root / folder
        if path.is_dir():
            return sorted(p.name for p in path.glob("*.json"))
    return []


def load_cards(name: str) -> dict:
    """The parsed ``cards/<name>``; FileNotFoundError if it is in neither place."""
    with open(data_file("cards", name), encoding="utf-8") as fh:
        return json.load(fh)
