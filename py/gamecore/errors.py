"""Typed errors. Each carries a stable ``code`` for programs and a sentence for people."""


class GameError(Exception):
    """Base of every error the engine raises on purpose."""

    code = "game_error"

    def __init__(self, message: str):
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
