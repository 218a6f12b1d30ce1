"""The gateway as the terminal client reaches it: MatchService, PlayerService,
MatchmakingService, TournamentService, ChatService, FriendsService, ChallengeService,
AccountService, EventService and the guest sign-in over Connect, each call's refusal turned
into one line a person can read, in the client's language: every call sends it as
`accept-language`, so the gateway words its refusals in it."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar
from urllib.parse import urlsplit, urlunsplit

from connectrpc.code import Code
from connectrpc.errors import ConnectError

from playhall.accounts.tokens import looks_like_jwt
from playhall.api.v1 import event_service_pb2 as epb
from playhall.api.v1.account_service_connect import AccountServiceClientSync
from playhall.api.v1.event_service_connect import EventServiceClientSync
from playhall.cli.words import language, t
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match.v1.match_service_connect import MatchServiceClientSync
from playhall.matchmaking.v1 import matchmaking_service_pb2 as qpb
from playhall.matchmaking.v1.matchmaking_service_connect import MatchmakingServiceClientSync
from playhall.players.v1 import guest_service_pb2 as gpb
from playhall.players.v1.guest_service_connect import GuestServiceClientSync
from playhall.players.v1.player_service_connect import PlayerServiceClientSync
from playhall.social.v1.challenge_service_connect import ChallengeServiceClientSync
from playhall.social.v1.chat_service_connect import ChatServiceClientSync
from playhall.social.v1.friends_service_connect import FriendsServiceClientSync
from playhall.tournament.v1 import tournament_service_pb2 as tpb
from playhall.tournament.v1.tournament_service_connect import TournamentServiceClientSync

DEFAULT_GATEWAY = "http://127.0.0.1:8080"
"""Where `make run` serves the gateway."""
CALL_TIMEOUT_MS = 10_000
WATCH_TIMEOUT_MS = 6 * 60 * 60 * 1000
"""A watch lasts as long as a long match; the gateway's own limits end idle streams sooner."""
RESUMED = {Code.UNAVAILABLE, Code.RESOURCE_EXHAUSTED, Code.DEADLINE_EXCEEDED}
"""Stream endings after which a watch is opened again after the last version it saw."""
WATCH_RESUMES = 5
BUSY_RETRIES, BUSY_PAUSE_S = 5, 0.2
UNSENT = "Request failed"
"""How the Connect client begins the message of a request that never reached a server."""
LOOPBACK = {"localhost", "127.0.0.1", "::1"}
"""Names of this machine that reach the same gateway (`make run` binds 127.0.0.1)."""
DEFAULT_PORTS = {"http": 80, "https": 443}

T = TypeVar("T")


def sign_in() -> str:
    """How to sign in, for a command that needs it."""
    return t("cli-sign-in-first")


class CliError(Exception):
    """A refusal or an unreachable gateway, said in one line (in the client's language)."""

    def __init__(self, message: str, code: str = "error"):
        super().__init__(message)
        self.code = code


def gateway_url(url: str) -> str:
    """The gateway's URL as given, with `http://` before a bare `host:port` and no trailing
    slash."""
    url = url.strip()
    if "://" not in url:
        url = f"http://{url}"
    return url.rstrip("/")


def gateway_key(url: str) -> str:
    """What names one gateway, whatever the spelling of its URL: the scheme and host in lower
    case, `localhost` (and ::1) as 127.0.0.1, no default port, no trailing slash. The saved
    sign-in is for the gateway of the same key."""
    parts = urlsplit(gateway_url(url))
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    try:
        port = parts.port
    except ValueError:  # not a port number: the URL cannot be called anyway
        return gateway_url(url)
    host = "127.0.0.1" if host in LOOPBACK else host
    netloc = f"[{host}]" if ":" in host else host
    if port is not None and port != DEFAULT_PORTS.get(scheme):
        netloc += f":{port}"
    return urlunsplit((scheme, netloc, parts.path.rstrip("/"), parts.query, ""))


def same_gateway(one: str, other: str) -> bool:
    return gateway_key(one) == gateway_key(other)


def refusal(error: ConnectError, gateway: str, token: str | None = None) -> CliError:
    """One line for a refusal: a call that needed a sign-in made without one says how to sign
    in (not the server's word on headers)."""
    name = error.code.name.lower()
    if error.message.startswith(UNSENT):
        return CliError(t("cli-gateway-unreachable", gateway=gateway), name)
    if error.code is Code.UNAUTHENTICATED:
        if not token:
            return CliError(sign_in(), name)
        if looks_like_jwt(token):  # a player token the server refused (not a program's token)
            return CliError(t("cli-sign-in-refused", reason=error.message), name)
    return CliError(error.message or name.replace("_", " "), name)


class Gateway:
    """Calls as one caller: a player token, a seat token, or nobody (a spectator)."""

    def __init__(self, url: str = DEFAULT_GATEWAY, token: str | None = None):
        self.url = gateway_url(url)
        self.token = token
        self.matches = MatchServiceClientSync(self.url, timeout_ms=CALL_TIMEOUT_MS)
        self.players = PlayerServiceClientSync(self.url, timeout_ms=CALL_TIMEOUT_MS)
        self.guests = GuestServiceClientSync(self.url, timeout_ms=CALL_TIMEOUT_MS)
        self.queues = MatchmakingServiceClientSync(self.url, timeout_ms=CALL_TIMEOUT_MS)
        self.tournaments = TournamentServiceClientSync(self.url, timeout_ms=CALL_TIMEOUT_MS)
        self.friends = FriendsServiceClientSync(self.url, timeout_ms=CALL_TIMEOUT_MS)
        self.chat = ChatServiceClientSync(self.url, timeout_ms=CALL_TIMEOUT_MS)
        self.challenges = ChallengeServiceClientSync(self.url, timeout_ms=CALL_TIMEOUT_MS)
        self.accounts = AccountServiceClientSync(self.url, timeout_ms=CALL_TIMEOUT_MS)
        self.events = EventServiceClientSync(self.url, timeout_ms=CALL_TIMEOUT_MS)

    def as_caller(self, token: str | None) -> Gateway:
        return Gateway(self.url, token)

    @property
    def headers(self) -> dict[str, str]:
        """Every call's headers: the caller's token, and the client's language, in which the
        gateway words a refusal."""
        headers = {"accept-language": language()}
        if self.token:
            headers["authorization"] = f"Bearer {self.token}"
        return headers

    def call(self, method: Callable[..., T], request) -> T:
        """One unary call, its refusal raised as a `CliError`. A call refused for going too
        fast is made again after a pause: the refusal changed nothing (and SubmitMove carries
        its request id, so a move is applied once whatever happens)."""
        attempt = 0
        while True:
            try:
                return method(request, headers=self.headers)
            except ConnectError as error:
                if error.code is not Code.RESOURCE_EXHAUSTED or attempt == BUSY_RETRIES:
                    raise refusal(error, self.url, self.token) from None
            attempt += 1
            time.sleep(BUSY_PAUSE_S * attempt)

    def sign_in_guest(self, name: str) -> gpb.SignInGuestResponse:
        try:
            return self.call(self.guests.sign_in_guest, gpb.SignInGuestRequest(display_name=name))
        except CliError as error:
            if error.code == "unimplemented":
                raise CliError(t("cli-no-guest-sign-in"), error.code) from None
            raise

    def _resumed(
        self, open_stream: Callable[[], Iterable[T]], last: Callable[[T], bool] = lambda _: False
    ) -> Iterator[T]:
        """The responses of a server stream until it ends or `last` says one is its last; a
        stream cut by the network or a restarted gateway is opened again by `open_stream`
        (which starts after what was seen), a few times in a row at most."""
        resumes = 0
        while True:
            try:
                for response in open_stream():
                    resumes = 0
                    yield response
                    if last(response):
                        return
                return
            except ConnectError as error:
                if error.code not in RESUMED or resumes >= WATCH_RESUMES:
                    raise refusal(error, self.url, self.token) from None
                resumes += 1
                time.sleep(min(0.5 * resumes, 2.0))

    def watch(self, match_id: str, after_version: int = 0) -> Iterator[mpb.MatchChange]:
        """The match's changes after `after_version`, each once and in order, until the server
        ends the watch; a cut stream is opened again after the last change it delivered."""
        seen = after_version

        def opened():
            request = mpb.WatchMatchRequest(match_id=match_id, after_version=seen)
            return self.matches.watch_match(
                request, headers=self.headers, timeout_ms=WATCH_TIMEOUT_MS
            )

        for response in self._resumed(opened):
            seen = response.change.version
            yield response.change

    def account_events(self, after: str = "") -> Iterator[epb.StreamEventsResponse]:
        """The signed-in account's events for as long as the caller reads: what is pending
        first unless `after` (an event id) resumes, then each new one. A stream the server ends
        (it stops, or the gateway's limit on a stream's life) or the network cuts is opened
        again after the last event it told, so nothing is told twice or missed."""
        seen = after

        def opened():
            request = epb.StreamEventsRequest(after=seen)
            return self.events.stream_events(
                request, headers=self.headers, timeout_ms=WATCH_TIMEOUT_MS
            )

        while True:
            for event in self._resumed(opened):
                seen = event.event_id
                yield event
            time.sleep(BUSY_PAUSE_S)  # ended by the server: open it again after a breath

    def queue(self, title_id: str, players: int, days: int = 0) -> Iterator[qpb.EnterQueueResponse]:
        """The player's ticket in a queue (live, or turn-based at `days` a move): where it
        stands while it waits, then the seat; a cut stream enters again, which follows the same
        ticket (it waits in the queue meanwhile)."""
        pace = mpb.PACE_TURN_BASED if days else mpb.PACE_LIVE
        request = qpb.EnterQueueRequest(
            title_id=title_id, players=players, pace=pace, days_per_turn=days
        )
        return self._resumed(
            lambda: self.queues.enter_queue(
                request, headers=self.headers, timeout_ms=WATCH_TIMEOUT_MS
            ),
            lambda update: update.HasField("matched"),
        )

    def standings(self, tournament_id: str) -> Iterator[tpb.Tournament]:
        """The tournament now and after each change until its end; a cut stream is opened
        again (it starts with the tournament as it stands)."""
        request = tpb.WatchStandingsRequest(tournament_id=tournament_id)
        updates = self._resumed(
            lambda: self.tournaments.watch_standings(
                request, headers=self.headers, timeout_ms=WATCH_TIMEOUT_MS
            ),
            lambda update: update.tournament.phase == tpb.TOURNAMENT_PHASE_FINISHED,
        )
        return (update.tournament for update in updates)
