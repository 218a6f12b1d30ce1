"""Who is calling: a seat through its token, a bot seat through the worker credential, or a
spectator; and whether a call comes from a gateway (its own credential). Tokens and
credentials are compared as SHA-256 hashes, in constant time."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from playhall.match.v1 import match_service_pb2 as mpb
from playhall.orchestrator.errors import InvalidRequest, NotAuthenticated, NotYourSeat
from playhall.orchestrator.store import Match


@dataclass(frozen=True)
class Caller:
    """Who is calling: a seat (through its token or the worker credential) or a spectator."""

    seat: int | None
    worker: bool = False


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Identity:
    """Identifies callers; knows the worker credential's hash."""

    def __init__(self, worker_credential: str):
        self._worker_hash = token_hash(worker_credential)

    def identify(self, match: Match, token: str | None, seat: int | None) -> Caller:
        """The caller of a request on `match`, from its bearer token and requested seat."""
        if token is None:
            if seat is not None:
                raise NotAuthenticated(f"Send seat {seat}'s token to act as that seat")
            return Caller(None)
        digest = token_hash(token)
        if hmac.compare_digest(digest, self._worker_hash):
            if seat is None:
                raise InvalidRequest("The worker credential must name the seat it acts for")
            check_seat_number(match, seat)
            if match.seats[seat].kind != mpb.SEAT_KIND_BOT:
                raise NotYourSeat(f"Seat {seat} is not a bot seat")
            return Caller(seat, worker=True)
        owned = [s for s, h in match.token_hashes.items() if hmac.compare_digest(h, digest)]
        if not owned or (seat is not None and seat not in owned):
            where = f"seat {seat}" if seat is not None else "a seat"
            raise NotYourSeat(f"This token does not hold {where} in match {match.match_id}")
        if match.seats[owned[0]].resigned:
            raise NotYourSeat("You resigned from this match")
        return Caller(owned[0])


def check_seat_number(match: Match, seat: int) -> None:
    if not 0 <= seat < len(match.seats):
        raise InvalidRequest(f"There is no seat {seat}: seats are 0 to {len(match.seats) - 1}")


class GatewayCredential:
    """The secret the gateways share with the orchestrator (`PLAYHALL_GATEWAY_CREDENTIAL`): a
    call presenting it comes from a gateway, which may name the client it forwards for."""

    def __init__(self, credential: str):
        self._hash = token_hash(credential)

    def admits(self, presented: str) -> bool:
        return hmac.compare_digest(token_hash(presented), self._hash)
