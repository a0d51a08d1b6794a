"""The engine's one entry point in the page, and the only Python that knows it runs there.

PyScript runs this file in the engine's named worker (``<script type="py" worker
name="engine">``, configured by ``pyscript.toml``), after installing the engine wheel with
micropip; ``__export__`` hands ``dispatch`` to the page through PyScript's worker API
(``pyscript.sync``), where ``web/engine.js`` awaits it as ``xworker.sync.dispatch(text)``.

Requests and answers cross as JSON text (``{method, params}`` in, the envelope out), so no
Python object reaches JavaScript and no proxy needs destroying: a Python ``str`` and a JS
string convert by value in the FFI. ``web/engine.js`` builds the documented
``window.PipesAndDucks`` API on the page's side; nothing else in the engine knows it runs in a
browser.
"""
from arcade.service import Service

_service = Service()


def dispatch(request: str) -> str:
    """One request (JSON text) in, its envelope (JSON text) out; never raises."""
    return _service.dispatch_json(request)


__export__ = ["dispatch"]
