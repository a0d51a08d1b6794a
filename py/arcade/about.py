"""Which engine answers: its version, and how it was installed (``hello`` reports both).

In the page PyScript installs the engine wheel with micropip (``pyscript.toml``), so the
installed distribution says ``micropip``; ``pip install .`` says ``pip``; the tests, which
import ``py/`` straight from the checkout, find no installed distribution.
"""
from __future__ import annotations

from pipes_and_ducks import __version__

DISTRIBUTION = "pipes-and-ducks"


def engine() -> dict:
    """``{version, installer}``; the installer is None when the engine runs from its sources."""
    from importlib import metadata   # imported by micropip in the page already
    try:
        dist = metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return {"version": __version__, "installer": None}
    installer = (dist.read_text("INSTALLER") or "").strip() or None
    return {"version": dist.version, "installer": installer}
