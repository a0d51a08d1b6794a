"""Typed errors. Each carries a stable ``code`` for programs and a sentence for people."""

#: A refusal names what was sent by at most this many characters of it.
ECHO = 40
#: Backstop: no message is longer, whatever a caller put in it.
MAX_MESSAGE = 200


def cut(text: str, limit: int = ECHO) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"


def shown(value) -> str:
    """``repr(value)`` cut short, for naming a caller's value in a refusal."""
    return cut(repr(value))


class GameError(Exception):
    """Base of every error the engine raises on purpose."""

    code = "game_error"

    def __init__(self, message: str):
        message = cut(message, MAX_MESSAGE)
        super().__init__(message)
        self.message = message

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message}


class IllegalMove(GameError):
    """A well-formed move that the rules forbid right now. State is left unchanged."""

    code = "illegal_move"


class BadRequest(GameError):
    """Input that is not even a move or request: wrong type, missing field, bad JSON."""

    code = "bad_request"


class BadSave(GameError):
    """A saved game or record that is corrupt, foreign, truncated or from a future version."""

    code = "bad_save"


class reading:
    """``with reading("open ends"):`` around the code that reads one part of a saved state.

    A save may be tampered anywhere, so a value of the wrong shape can break the reader deep
    inside (``None`` where a list was written). Such a refusal names the part in words, never
    Python's exception text, which means nothing to a person ("TypeError: 'NoneType' object is
    not iterable"). A refusal the reader raised on purpose keeps its own sentence; another
    engine error (a bad option: "Option players must be one of ...") becomes a BadSave with
    that sentence as it is."""

    def __init__(self, part: str):
        self.part = part

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if kind is None or issubclass(kind, BadSave):
            return False
        if issubclass(kind, GameError):
            raise BadSave(exc.message) from None
        if issubclass(kind, Exception):
            raise BadSave(f"The save is damaged in its {self.part}: something there is missing "
                          "or of the wrong kind.") from None
        return False
