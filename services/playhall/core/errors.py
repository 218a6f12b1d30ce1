"""Typed refusals of the rules. Every message is written for the player who caused it.

The rules service maps each class to one gRPC status code, so the class says *why* a request was
refused, not where: an illegal move is always `IllegalMove`, whichever title refuses it.
"""


class RuleError(Exception):
    """Base class: a request the rules refuse. `reason` is shown to the player as it is."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


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
