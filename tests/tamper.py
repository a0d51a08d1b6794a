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


def edits(paths_list, odd_values):
    """A hypothesis strategy: one to three ``(path, value)`` edits of a saved state."""
    from hypothesis import strategies as st
    values = st.one_of(st.none(), st.booleans(), st.integers(-3, 200), st.sampled_from(odd_values))
    return st.lists(st.tuples(st.sampled_from(paths_list), values), min_size=1, max_size=3)


def load_or_refuse(engine, saved, changes, moves):
    """``saved`` with ``changes`` loads as BadSave (returns None), or as a game that plays on
    soundly for ``moves`` moves: every seat's view works, the player to move has legal moves,
    a few of them apply, and the greedy bot's choice applies. Returns that game."""
    import copy

    from gamecore import BadSave, Rng
    d = copy.deepcopy(saved)
    for path, value in changes:
        set_at(d, path, value)
    try:
        g = engine.GAME.from_dict(d)
    except BadSave:
        return None
    rng = Rng(1)
    for _ in range(moves):
        if g.is_over:
            break
        for p in g.to_act():
            g.view(p)
        p = g.to_act()[0]
        legal = g.legal_moves(p)
        assert legal, "the player to move has no legal move"
        for mv in legal[:5]:
            g.clone().apply(p, mv)
        g.apply(p, engine.BOTS["greedy"](g, p, rng))
    return g


def refused(game_cls, d, needle=None) -> str:
    """``game_cls.from_dict(d)`` is BadSave with one short sentence (containing ``needle``)."""
    import pytest

    from gamecore import BadSave
    with pytest.raises(BadSave) as e:
        game_cls.from_dict(d)
    assert e.value.message.endswith(".") and len(e.value.message) < 200
    if needle:
        assert needle in e.value.message, e.value.message
    return e.value.message
