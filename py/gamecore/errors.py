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
