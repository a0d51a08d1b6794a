"""``python -m pipes_and_ducks``: the same as the ``pipes-and-ducks`` command."""
from .cli import main

raise SystemExit(main())
