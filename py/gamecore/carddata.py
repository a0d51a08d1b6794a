"""Data files shipped with the engine (``cards/*.json``, ``tutorials/*.json``): one place that
knows where they are.

Installed (the wheel ``make build`` makes, in the page or on CPython) they travel inside the
``pipes_and_ducks`` package, in ``pipes_and_ducks/data/``; in the repository they sit next to
``py/``.
"""
from __future__ import annotations

import json
from pathlib import Path


def _roots() -> tuple[Path, Path]:
    here = Path(__file__).resolve()
    return here.parents[1] / "pipes_and_ducks" / "data", here.parents[2]


def data_file(folder: str, name: str) -> Path:
    """The path of ``<folder>/<name>``; FileNotFoundError if it is in neither place."""
    for root in _roots():
        path = root / folder / name
        if path.is_file():
            return path
    raise FileNotFoundError(f"{folder}/{name} is neither in the installed package nor next to py/")


def data_names(folder: str) -> list[str]:
    """The ``*.json`` file names in ``<folder>`` (the first place that has the folder)."""
    for root in _roots():
        path = root / folder
        if path.is_dir():
            return sorted(p.name for p in path.glob("*.json"))
    return []


def load_cards(name: str) -> dict:
    """The parsed ``cards/<name>``; FileNotFoundError if it is in neither place."""
    with open(data_file("cards", name), encoding="utf-8") as fh:
        return json.load(fh)
