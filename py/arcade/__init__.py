"""The arcade: every game the site offers, and the JSON service the page talks to.

Nothing here imports the browser; ``py/bridge.py`` is the only module that does.
"""
