"""Card data files (``cards/*.json``): one place that knows where they are.

In the page, ``cards/`` is unpacked next to the Python packages; in the repository it sits
next to ``py/``.
"""
from __future__ import annotations

import json
from pathlib import Path


def load_cards(name: str) -> dict:
    """The parsed ``cards/<name>``; FileNotFoundError if it is in neither place."""
    here = Path(__file__).resolve()
    for root in (here.parents[1], here.parents[2]):
        path = root / "cards" / name
        if path.is_file():
            with open(path, encoding="utf-8") as fh:
                return json.load(fh)
    raise FileNotFoundError(f"cards/{name} is neither next to the Python packages nor next to py/")
