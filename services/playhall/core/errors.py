"""Typed refusals of the rules. Every refusal is a message key with its arguments (`i18n.Text`),
written for the player who caused it and shown in their language.

The rules service maps each class to one gRPC status code, so the class says *why* a request was
refused, not where: an illegal move is always `IllegalMove`, whichever title refuses it.
"""

from playhall.core.i18n import Argument, Text, render


class RuleError(Exception):
    """Base class: a request the rules refuse. `text` is the refusal as its reader formats it
    (a key of the title's catalogue, or the platform's), `reason` its English sentence (logs,
    a status message)."""

    def __init__(self, key: str, **args: Argument):
        self.text = Text(key, args)  # a sentence instead of a key is a bug: ValueError
        self.reason = render(self.text)
        super().__init__(self.reason)


class IllegalMove(RuleError):
    """The move breaks a rule (wrong card, occupied square, ...)."""


class NotYourTurn(RuleError):
    """The seat may not move now: another seat is to move, or it already moved this step."""


class GameOver(NotYourTurn):
    """The game has ended; no move is accepted."""


class InvalidSetup(RuleError):
    """A new game was asked for with impossible players, options or seed."""


class MalformedMessage(RuleError):
    """A state, move or view cannot be decoded, is of another title, or is inconsistent."""


class IncompatibleVersion(RuleError):
    """A state was written by a rules version this service cannot continue."""
