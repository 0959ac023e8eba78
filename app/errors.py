"""Refusals the service gives. Every message is meant for the player who asked."""

from __future__ import annotations

from engine.i18n import Text


class Refusal(Exception):
    """A request that cannot be carried out; nothing was changed.

    `msg` is a catalogue message (engine.i18n) that the one error handler renders in the asker's locale;
    plain text is still taken from code not yet moved into catalogues. `message` is the English text."""

    def __init__(self, message: Text) -> None:
        super().__init__(message)
        self.msg: Text = message

    @property
    def message(self) -> str:
        return str(self.msg)


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

    def __init__(self, message: Text, match_id: int, version: int) -> None:
        super().__init__(message)
        self.match_id = match_id
        self.version = version
