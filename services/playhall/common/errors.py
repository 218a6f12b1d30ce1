"""Typed refusals of the match domain, as `core/errors.py` has for the rules. Each class says
why a request was refused; the servicer maps the classes to gRPC status codes in one table, so
the domain never names a status. Every `reason` is written for the caller who caused it."""

import datetime
import math

from playhall.core.i18n import Argument, Text, render


class MatchError(Exception):
    """Base class: a request the match domain refuses. `text` is the refusal as its reader
    formats it (a key of the platform's catalogue, `playhall/locales`, with its arguments),
    `reason` its English sentence (logs, a status message)."""

    def __init__(self, key: str, **args: Argument):
        # A sentence instead of a key is a bug (ValueError); only a relayed refusal of a
        # rules service (`RefusedByRules`) may come without a key.
        self.text: Text | None = Text(key, args)
        self.reason = render(self.text)
        super().__init__(self.reason)


class InvalidRequest(MatchError):
    """The request itself is wrong: an unknown title, a malformed field, an illegal move."""


class NoSuchMatch(MatchError):
    """No match has this id."""

    def __init__(self, match_id: str):
        super().__init__("match-not-found", match=match_id[:64])


class NotAuthenticated(MatchError):
    """The call needs a seat's token (or the worker credential) and came without one."""


class NotYourSeat(MatchError):
    """The token does not hold the seat, or the seat has left the match."""


class SeatResigned(NotYourSeat):
    """The token's seat resigned (or forfeited): it acts and reads as that seat no more."""

    def __init__(self, seat: int):
        super().__init__("seat-resigned")
        self.seat = seat


class NotAllowed(MatchError):
    """The caller is known and may not do this: a moderator's action without a moderator's
    token, a message from a player muted from chat."""


class NotModerator(NotAllowed):
    """The call is a moderator's, and the caller's token does not carry the moderator role."""

    def __init__(self) -> None:
        super().__init__("moderation-moderators-only")


class MissingScope(NotAllowed):
    """The call came with a personal access token that may not make it: the token lacks the
    scope the method needs, or the method never takes a token (`access.scopes`)."""


class ChatBanned(NotAllowed):
    """A moderator muted the player from all chat until `until` (UTC)."""

    def __init__(self, until: datetime.datetime):
        # An ISO time on the wire; each language's DATETIME formats it for its reader.
        iso_until = until.astimezone(datetime.UTC).isoformat(timespec="minutes")
        super().__init__("chat-banned", until=iso_until)
        self.until = until


class NotNow(MatchError):
    """The request is fine but the match is not where it could be done: over, waiting for
    players, not that seat's turn."""


class StaleVersion(NotNow):
    """The move was chosen at a version the match has moved on from."""

    def __init__(self, current: int, expected: int):
        super().__init__("match-stale-version", current=current, expected=expected)
        self.current = current


class KarmaTooLow(NotNow):
    """The player's karma (`archive.reputation`) is below what the request needs: the
    operator's floor for queues and challenges, or a match's minimum. `needed_for` names what
    asks for it, one of `NEEDED_FOR` (the catalogue says it in each language)."""

    NEEDED_FOR = ("match", "challenge", "opening-challenge", "queue")

    def __init__(self, karma: int, minimum: int, needed_for: str):
        super().__init__("karma-too-low", karma=karma, minimum=minimum, needed_for=needed_for)
        self.karma = karma
        self.minimum = minimum


class RulesVersionGone(MatchError):
    """No configured rules service plays the match's rules version (nor another of its major):
    the match waits until an operator deploys that version again, rather than being played
    under other rules. Not transient, unlike `Unavailable`: a retry gets the same answer."""


class MatchBusy(MatchError):
    """Other changes kept winning the race for the match; the caller may try again."""

    def __init__(self) -> None:
        super().__init__("match-busy")


class SlowDown(MatchError):
    """The caller sent more than their share in a while (chat messages); `wait_s` says when
    the next one is taken. `key` says what was sent too fast; its message shows `wait`."""

    def __init__(self, key: str, wait: int):
        super().__init__(key, wait=wait)
        self.wait_s = wait


class OverLimit(SlowDown):
    """A published rate limit (`access.limits`) refused the call: `subject` ("token:<id>" or
    "address:<ip>") made `calls` (a class of call) faster than `per_second` calls a second,
    `burst` at once, allow; one passes in `retry_after_s`. `limit` is the rate as the settings
    write it ("20/s burst 40")."""

    def __init__(
        self, subject: str, calls: str, per_second: float, burst: int, retry_after_s: float
    ):
        rate = f"{per_second:g}"  # as the settings write it: "20", "0.5"
        MatchError.__init__(
            self,
            "limit-too-many-calls",
            calls=calls,
            kind=subject.partition(":")[0],
            # A number the reader's locale writes ("0.5", "0,5"), the same after the wire.
            rate=int(per_second) if float(per_second).is_integer() else per_second,
            burst=burst,
            # Whole milliseconds: a number that reads the same after the wire's strings.
            retry_ms=math.ceil(retry_after_s * 1000),
        )
        self.wait_s = math.ceil(retry_after_s)
        self.subject = subject
        self.limit = f"{rate}/s burst {burst}"
        self.retry_after_s = retry_after_s


class TooManyStreams(SlowDown):
    """A published limit (`access.limits`) refused a stream: `subject` already holds `most`
    streams open, on any replica. No wait frees one (`wait_s` is 0): closing a stream does."""

    def __init__(self, subject: str, most: int):
        MatchError.__init__(
            self, "limit-too-many-streams", kind=subject.partition(":")[0], most=most
        )
        self.wait_s = 0
        self.subject = subject
        self.most = most


class Unavailable(MatchError):
    """A service the request needs (a rules service) does not answer; nothing was changed."""


class NoArchive(MatchError):
    """The call reads the match archive, and this deployment has none."""


class Broken(MatchError):
    """Something that should never fail did: a stored record that cannot be read, a rules
    service answering outside its contract."""


class RefusedByRules(MatchError):
    """The title's rules service refused the request; `kind` names its refusal for metrics.
    The rules service owns its texts: `reason` is its English, `text` its key and arguments,
    `localized` the (locale, sentence) it wrote in the caller's language."""

    kind = "refused"

    def __init__(
        self,
        reason: str,
        text: Text | None = None,
        localized: tuple[str, str] | None = None,
    ):
        Exception.__init__(self, reason)
        self.reason = reason
        self.text = text
        self.localized = localized


class IllegalByRules(RefusedByRules, InvalidRequest):
    """The rules refused the move or the setup as illegal."""

    kind = "invalid_argument"


class NotNowByRules(RefusedByRules, NotNow):
    """The rules say the seat may not move now (not its turn, the game is over)."""

    kind = "failed_precondition"


class NoSuchTournament(NoSuchMatch):
    """No tournament has this id (refused as an unknown match is)."""

    def __init__(self, tournament_id: str):
        MatchError.__init__(self, "tournament-not-found", tournament=tournament_id[:64])


class NoSuchChallenge(NoSuchMatch):
    """No challenge has this id (refused as an unknown match is)."""

    def __init__(self, challenge_id: str):
        MatchError.__init__(self, "challenge-not-found", challenge=challenge_id[:64])


class NoSuchPlayer(NoSuchMatch):
    """Nobody has signed in or been archived under this player id (refused as an unknown match
    is)."""

    def __init__(self, player_id: str):
        MatchError.__init__(self, "player-not-found", player=player_id[:64])


class Blocked(NotAllowed):
    """One of two players blocked the other: neither follows, challenges or chats to the
    other. The reason says which way only to the player who blocked."""


class NoSuchReport(NoSuchMatch):
    """No report has this id (refused as an unknown match is)."""

    def __init__(self, report_id: int):
        MatchError.__init__(self, "report-not-found", report=report_id)


class NoSuchMessage(NoSuchMatch):
    """The match has no chat message of this id that the caller may read (refused as an
    unknown match is)."""

    def __init__(self, match_id: str, message_id: int):
        MatchError.__init__(self, "chat-message-not-found", match=match_id[:64], message=message_id)


class NoSuchToken(NoSuchMatch):
    """The caller has no personal access token of this id (refused as an unknown match is)."""

    def __init__(self, token_id: str):
        MatchError.__init__(self, "token-not-found", token=token_id[:40])
