"""The engine's one entry point in the page: the engine worker (``web/engine/worker.mjs``)
imports this module and calls ``dispatch(requestJSON) -> responseJSON`` for every request.

Strings cross in both directions, so no Python object ever reaches JavaScript and no proxy
needs destroying beyond the one function proxy the worker keeps for its lifetime;
``web/engine.js`` builds the documented ``window.PipesAndDucks`` API on the page's side.
Nothing else in ``py/`` knows that it runs in a browser.
"""
from arcade.service import Service

_service = Service()
dispatch = _service.dispatch_json
