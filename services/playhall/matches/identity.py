"""Who is calling: a seat through its token, a bot seat through the worker credential, a
signed-in player through a player token or a personal access token, or a spectator; and
whether a call comes from a gateway (its own credential). Seat tokens and credentials are
compared as SHA-256 hashes, in constant time; player tokens are checked by `accounts.tokens`,
personal access tokens (and their scopes) by the server's access gate before the call
(`access.tokens.ADMITTED`).

A bearer token is one of the four by its form, never by trial: the worker credential is
recognised by its hash first, a JWT has three dot-separated parts, a personal access token is
`playhall.` and one part, and a seat token (`secrets.token_urlsafe`) has no dot at all.

A player token is verified once in its life (`accounts.tokens.VerifiedTokens` keeps what it
signs in), and one refused is refused again without verifying it within one call (`one_call`:
the call's rate limits and its method both resolve its token). A seat token is matched against
its match's seats at every call, so a token its seat was given a new one in place of (revoked
by `ReclaimSeat`) is refused at once; a personal access token is looked up at every call by
the access gate."""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import hmac
from collections.abc import Iterator
from dataclasses import dataclass

from playhall.access.tokens import ADMITTED, looks_like_access_token, secret_hash
from playhall.accounts.tokens import InvalidPlayerToken, Player, PlayerTokens, looks_like_jwt
from playhall.common.errors import (
    InvalidRequest,
    NotAuthenticated,
    NotYourSeat,
    SeatResigned,
)
from playhall.core.i18n import Text
from playhall.matchstore.model import Match, SeatKind


@dataclass(frozen=True)
class Caller:
    """Who is calling: a seat (through its token, the worker credential or its player's
    token) or a spectator; `player` when the call came with a player token."""

    seat: int | None
    worker: bool = False
    player: Player | None = None


Credential = str | Player | None
"""What a call came with, as the domain takes it: a seat token or the worker credential (as
sent), a signed-in player (a player token checked by `Identity.resolve`), or nothing."""


_REFUSED_IN_CALL: contextvars.ContextVar[dict[str, Text] | None] = contextvars.ContextVar(
    "refused_in_call", default=None
)
"""Within `one_call`: the player tokens refused so far in this call, and why."""


@contextlib.contextmanager
def one_call() -> Iterator[None]:
    """One call's span: a player token `Identity.resolve` refused in it is refused again for
    the same reason without verifying its signature a second time. Only within one call: a
    refusal may not hold later (a provider's new key, a token whose `nbf` comes)."""
    outside = _REFUSED_IN_CALL.get()
    _REFUSED_IN_CALL.set({})
    try:
        yield
    finally:
        # Set back rather than `reset`: a stream's generator may be closed from another
        # context (the event loop's finalizer), where a reset token is refused.
        _REFUSED_IN_CALL.set(outside)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Identity:
    """Identifies callers; knows the worker credential's hash and checks player tokens."""

    def __init__(self, worker_credential: str, player_tokens: PlayerTokens):
        self._worker_hash = token_hash(worker_credential)
        self.player_tokens = player_tokens

    def is_worker(self, token: str) -> bool:
        return hmac.compare_digest(token_hash(token), self._worker_hash)

    async def resolve(self, token: str | None) -> Credential:
        """A bearer token as the domain takes it: a player token becomes the `Player` it
        signs in (`NotAuthenticated`, with the reason, when it is not accepted); any other
        token stays as it is, to be matched against the seats of the match it names."""
        if token is None or self.is_worker(token):
            return token
        if looks_like_access_token(token):
            return admitted_player(token)
        if not looks_like_jwt(token):
            return token
        refused_in_call = _REFUSED_IN_CALL.get()
        reason = None if refused_in_call is None else refused_in_call.get(token)
        if reason is None:
            try:
                return await self.player_tokens.verify(token)
            except InvalidPlayerToken as refused:
                reason = refused.text
            if refused_in_call is not None:
                refused_in_call[token] = reason
        raise NotAuthenticated(reason.key, **reason.args)

    def identify(self, match: Match, token: Credential, seat: int | None) -> Caller:
        """The caller of a request on `match`, from its credential and requested seat."""
        if isinstance(token, Player):
            return player_caller(match, token, seat)
        if token is None:
            if seat is not None:
                raise NotAuthenticated("seat-send-seat-token", seat=seat)
            return Caller(None)
        digest = token_hash(token)
        if hmac.compare_digest(digest, self._worker_hash):
            if seat is None:
                raise InvalidRequest("seat-worker-names-none")
            check_seat_number(match, seat)
            if match.seats[seat].kind != SeatKind.BOT:
                raise NotYourSeat("seat-not-a-bot", seat=seat)
            return Caller(seat, worker=True)
        owned = [s for s, h in match.token_hashes.items() if hmac.compare_digest(h, digest)]
        if not owned or (seat is not None and seat not in owned):
            if seat is None:
                raise NotYourSeat("seat-token-holds-none", match=match.match_id)
            raise NotYourSeat("seat-token-holds-other", seat=seat, match=match.match_id)
        if match.seats[owned[0]].resigned:
            raise SeatResigned(owned[0])
        return Caller(owned[0])


def admitted_player(secret: str) -> Player:
    """The player of the personal access token the access gate accepted for this call."""
    grant = ADMITTED.get()
    if grant is None or not hmac.compare_digest(grant.token_hash, secret_hash(secret)):
        # Only a server without the gate (an in-process test's) gets here.
        raise NotAuthenticated("token-not-taken")
    return grant.player


def player_caller(match: Match, player: Player, seat: int | None) -> Caller:
    """A signed-in player on `match`: in the seat they name (which must be theirs), else in
    their seat of the match, else a spectator."""
    held = match.seats_of(player.player_id)
    if seat is None:
        return Caller(held[0] if held else None, player=player)
    check_seat_number(match, seat)
    if seat in held:
        return Caller(seat, player=player)
    if match.seats[seat].player_id == player.player_id:
        raise SeatResigned(seat)
    raise NotYourSeat("seat-not-yours", seat=seat, match=match.match_id)


def check_seat_number(match: Match, seat: int) -> None:
    if not 0 <= seat < len(match.seats):
        raise InvalidRequest("seat-no-such", seat=seat, last=len(match.seats) - 1)


class GatewayCredential:
    """The secret the gateways share with the orchestrator (`PLAYHALL_GATEWAY_CREDENTIAL`): a
    call presenting it comes from a gateway, which may name the client it forwards for."""

    def __init__(self, credential: str):
        self._hash = token_hash(credential)

    def admits(self, presented: str) -> bool:
        return hmac.compare_digest(token_hash(presented), self._hash)
