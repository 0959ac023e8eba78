"""Refusals the service gives. Every message is meant for the player who asked."""

from __future__ import annotations


class Refusal(Exception):
    """A request that cannot be carried out; nothing was changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NoMatch(Refusal):
    pass


class NotAPlayer(Refusal):
    pass


class WrongStatus(Refusal):
    pass


class NotAllowed(Refusal):
    pass


class StaleClick(Refusal):
    """A button or command computed against an older version of the match."""

    def __init__(self, message: str, match_id: int, version: int) -> None:
        super().__init__(message)
        self.match_id = match_id
        self.version = version
