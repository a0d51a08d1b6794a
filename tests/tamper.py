"""Editing saved states for the tampering tests of both engines."""


def paths(obj, prefix=()):
    """Every path (a tuple of keys and indexes) into a JSON value, move logs left out."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k != "log":
                yield prefix + (k,)
                yield from paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield prefix + (i,)
            yield from paths(v, prefix + (i,))


def set_at(obj, path, value) -> bool:
    """Put ``value`` at ``path``; False if an earlier edit took that path away."""
    try:
        for k in path[:-1]:
            obj = obj[k]
        obj[path[-1]] = value
    except (KeyError, IndexError, TypeError):
        return False
    return True
