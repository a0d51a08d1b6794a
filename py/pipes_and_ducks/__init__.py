"""Pipes & Ducks on your own computer: the command line of the engine package.

The rules engines themselves are top-level packages: ``gamecore``, one package per game
(``arcade.registry`` names them) and ``arcade`` (the JSON service the site talks to); this
package adds the ``pipes-and-ducks`` command (``cli``) and carries the card and tutorial data
(``data/``).
"""
__version__ = "0.1.0"
