"""The only Python module that touches the browser.

It hands the page one function, ``dispatch(requestJSON) -> responseJSON``, and announces
readiness. Strings cross the FFI in both directions, so no Python object ever leaks into
JavaScript and no proxy needs destroying; ``web/engine.js`` builds the documented
``window.PipesAndDucks`` API on top of it.
"""
from js import CustomEvent, Object, window
from pyodide.ffi import create_proxy, to_js

from arcade.service import Service

_service = Service()
# One long-lived proxy for the page's lifetime: created once, never destroyed.
_dispatch = create_proxy(_service.dispatch_json)
# Both a property (for a page script that arrives late) and an event (for one waiting).
window.__pndDispatch = _dispatch
window.dispatchEvent(CustomEvent.new(
    "pnd:bridge", to_js({"detail": _dispatch}, dict_converter=Object.fromEntries)))
