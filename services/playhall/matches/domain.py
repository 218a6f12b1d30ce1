"""Matches: what callers ask of them (create, join, list, read, watch, move, resign).

The orchestrator never interprets a title's state: it stores the rules service's answers and
commits each change with optimistic concurrency (`commits.py`). Nothing about a match lives in
process memory, so any replica can serve any request. Who calls is `identity.py`; the clocks,
idle matches, stalled bot turns and the lobby's repair are the housekeeper's
(`housekeeping.py`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import logging
import re
import secrets
import time
from collections.abc import AsyncGenerator, Mapping
from dataclasses import dataclass, field

from google.protobuf import any_pb2

from playhall.access.bots import BotAccounts
from playhall.accounts.names import clean_display_name
from playhall.accounts.tokens import Player, PlayerTokens
from playhall.archive.archive import reaching_archive
from playhall.archive.reputation import MOST_KARMA, Reputations
from playhall.common.errors import (
    InvalidRequest,
    MatchError,
    NoSuchMatch,
    NotAllowed,
    NotAuthenticated,
    NotNow,
    NotYourSeat,
    SeatResigned,
    StaleVersion,
    Unavailable,
)
from playhall.matches import clocks
from playhall.matches.commits import Commits
from playhall.matches.identity import (
    Caller,
    Credential,
    Identity,
    check_seat_number,
    token_hash,
)
from playhall.matches.metrics import MATCHES_CREATED, MOVE_SNAPSHOTS, MOVES_REFUSED, SEATS_LEFT
from playhall.matches.parking import Parking
from playhall.matches.vacations import Vacations
from playhall.matches.waiting import waiting_on
from playhall.matches.watchers import WatchHub
from playhall.matchstore import records
from playhall.matchstore.model import (
    ACTIVE_PHASES,
    BOT_LEVELS,
    LOBBY_PHASES,
    ChangeCause,
    Clock,
    EndReason,
    Match,
    MatchPhase,
    Seat,
    SeatKind,
    SeenChange,
    Setup,
)
from playhall.matchstore.notices import (
    PRESENCE_TTL_MS,
    NoticeKind,
    mark_watching,
    unmark_watching,
)
from playhall.matchstore.store import NO_SEAT, IdempotencyRecord, now_ms
from playhall.rules.v1 import rules_service_pb2 as rpb
from playhall.storage.v1 import storage_pb2 as spb

log = logging.getLogger(__name__)

BOT_REQUEST_PREFIX = "bot:"
UNDO_DIGEST = hashlib.sha256(b"playhall-undo").hexdigest()
"""What an undo's idempotency record holds in place of a move's digest: a request id used for
a move cannot take one back, nor the other way round."""
NAME_LIMIT = 64
"""The longest name a seat is shown by, in code points."""
MIN_CREATING_REQUEST_ID = 16
"""The shortest request id of a call that creates seats (CreateMatch, JoinMatch)."""
MATCH_ID = re.compile(r"[0-9a-f]{24}")
PLAYER_FILING_GRACE_MS = 60_000
"""A player's running-matches entry whose match does not seat them yet is a creation or a join
in progress until it is this old."""
PRESENCE_RENEW_S = PRESENCE_TTL_MS / 3000
"""How often a watch renews its player's presence."""
LOBBY_SCAN_PAGES = 8
"""Pages of `limit` entries one ListMatches reads from a list at most, past idle matches: the
list's newest matches are the likeliest played, and an idle one is abandoned in the end."""


@dataclass(frozen=True)
class NewMatch:
    """What a caller asks for in a new match (checked by `Matches.create`)."""

    title_id: str
    seats: list[Seat]
    options: dict[str, rpb.OptionValue] = field(default_factory=dict)
    clock: Clock = field(default_factory=Clock)
    seed: bytes = b""
    """Chosen by the caller (for tests and bot-only matches); empty: a random one."""
    request_id: str = ""
    body_digest: str = ""
    """The SHA-256 of the request but its request id: what tells a retry from a request id
    used again for something else."""
    min_karma: int = 0
    """The least karma a player needs to take a seat (the creator's included); 0: none."""


@dataclass(frozen=True)
class Created:
    """A match made, with the tokens of its human seats."""

    match: Match
    tokens: dict[int, str]


@dataclass(frozen=True)
class SeatTaken:
    """A seat joined or reclaimed, with its new token."""

    seat: int
    token: str
    match: Match


@dataclass(frozen=True)
class MyTurn:
    """A match waiting on a player: their seats to move, and when their time runs out (ms;
    0 without a clock)."""

    match: Match
    seats: list[int]
    deadline_ms: int


@dataclass(frozen=True)
class Seen:
    """A match as one caller sees it: the rules service's view for the caller's seat (None:
    a spectator), and the view drawn as text when asked."""

    match: Match
    seat: int | None
    view: any_pb2.Any
    legal_moves: rpb.MoveList
    drawing: str = ""


@dataclass(frozen=True)
class Moved:
    """A move applied (or a retry of one answered): the version it made, and the mover's view."""

    version: int
    match: Match
    view: any_pb2.Any
    legal_moves: rpb.MoveList


@dataclass(frozen=True)
class History:
    """A match's changes as one caller may see them; once it is over, its moves too, for a
    replay: (version, seat, the move's encoded Any)."""

    match: Match
    changes: list[SeenChange]
    moves: list[tuple[int, int | None, bytes]]


class Matches:
    """The match domain; the gRPC servicer is a thin adapter over it."""

    def __init__(
        self,
        commits: Commits,
        watchers: WatchHub | None = None,
        archive=None,
        parking: Parking | None = None,
        reputations: Reputations | None = None,
        bot_accounts: BotAccounts | None = None,
    ):
        self.commits = commits
        self.bot_accounts = bot_accounts
        """Which players are bot accounts, asked once as seats are taken (the seat keeps the
        answer, so no move asks again); None: no player is one."""
        self.archive = archive
        """Where finished matches are read once their keys left Redis
        (`archive.archive.Archive`); None: such a match is unknown."""
        self.reputations = reputations
        """Players' karma, for matches that need a minimum; None: no match may ask for one."""
        self.parking = parking
        """Idle turn-based matches out of Redis and back (`parking`); None: never parked."""
        self.watchers = watchers or WatchHub(commits.store)
        if parking is not None:
            self.watchers.keep_unparked(parking.touch, parking.park_after_ms / 3000)
        self.store = commits.store
        self.rules = commits.rules
        self.settings = commits.settings
        self.vacations = Vacations(commits)
        self.identity = Identity(
            commits.settings.worker_credential, PlayerTokens(commits.settings.player_tokens)
        )

    # -- reading one match -------------------------------------------------------------------

    async def load(self, match_id: str) -> Match:
        if not MATCH_ID.fullmatch(match_id):
            raise NoSuchMatch(match_id)
        match = await self.store.load(match_id)
        if match is None:
            match, _ = await self._archived(match_id)
        return match

    async def snapshot(
        self, match_id: str, request_id: str = ""
    ) -> tuple[Match, bytes, str | None]:
        """The match with its state (and an idempotency record), all of one version."""
        if not MATCH_ID.fullmatch(match_id):
            raise NoSuchMatch(match_id)
        match, state, record = await self.store.snapshot(match_id, request_id)
        if match is None:
            match, state = await self._archived(match_id)
        if state is None:
            raise NotNow("match-archived")
        return match, state, record

    # -- the archive: a finished match whose keys have left Redis ------------------------------

    async def _archived(self, match_id: str) -> tuple[Match, bytes | None]:
        """An archived match with its final state."""
        with reaching_archive():
            found = await self.archive.match(match_id) if self.archive else None
        if found is None:
            raise NoSuchMatch(match_id)
        return found

    async def _archived_log(self, match_id: str) -> list[tuple[spb.StoredChange, bytes]]:
        """An archived match's log with its moves (empty without an archive)."""
        if self.archive is None:
            return []
        with reaching_archive():
            return await self.archive.changes(match_id)

    async def _changes(self, match_id: str) -> list[tuple[spb.StoredChange, bytes]]:
        """The match's log, from Redis, else (its keys are gone: a live match's log always
        holds its creation) from the archive."""
        return await self.store.changes(match_id) or await self._archived_log(match_id)

    # -- lobby ---------------------------------------------------------------------------------

    async def list_games(self) -> list[rpb.GameInfo]:
        games = await self.rules.game_infos()
        if not games:
            raise Unavailable("rules-none-answering")
        return games

    async def create(self, request: NewMatch, token: Credential = None) -> Created:
        """A new match; a signed-in creator holds its first human seat (the others are held
        by their tokens, which the creator hands out; open seats are for other players)."""
        player = self._signed_in_or_anonymous(token, "create")
        title = request.title_id
        if title not in self.rules.titles():
            raise InvalidRequest(
                "match-unknown-title", title=title, served=", ".join(self.rules.titles())
            )
        seats, humans = _checked_seats(request.seats)
        if player is not None and humans:
            _seat_player(seats[humans[0]], player)
        if not self.settings.allow_anonymous and len(humans) > 1:
            raise InvalidRequest("match-other-seats-open")
        people = any(seat.kind != SeatKind.BOT for seat in seats)
        if request.seed and people and not self.settings.testing:
            raise InvalidRequest("match-seed-not-allowed")
        clocks.check(request.clock, self.settings.turn_based_day_s)
        self._check_min_karma(request.min_karma)
        if player is not None and humans and request.clock.turn_based:
            await self._check_turn_based_room(player)
        if humans:
            await self._check_karma(request.min_karma, player)
        if not request.request_id:
            created = await self.start(
                title,
                seats,
                humans,
                request.options,
                request.clock,
                request.seed,
                min_karma=request.min_karma,
            )
            assert created is not None  # a fresh random id is never taken
            return created
        request_id = _creating_request_id(request.request_id)
        record = IdempotencyRecord(NO_SEAT, request.body_digest)
        match_id = _created_match_id(player, request_id)
        created = await self.start(
            title,
            seats,
            humans,
            request.options,
            request.clock,
            request.seed,
            match_id=match_id,
            request=(request_id, record),
            min_karma=request.min_karma,
        )
        return created or await self._created_before(match_id, request_id, record, humans)

    async def _created_before(
        self, match_id: str, request_id: str, sent: IdempotencyRecord, humans: list[int]
    ) -> Created:
        """The answer to a creation's retry: the match the first call created, with new
        tokens for its human seats (the first tokens were never acknowledged, or their answer
        was lost), in a change of its own."""

        async def attempt() -> Created | None:
            match, _, stored = await self.snapshot(match_id, request_id)
            if _replayed(stored, request_id, sent) is None:
                raise NotNow("request-too-old-to-retry", request=request_id)
            if match.phase == MatchPhase.FINISHED:
                raise NotNow("request-created-match-over")
            tokens = self._new_tokens(match, humans)
            if (
                await self.commits.commit(
                    match, None, ChangeCause.NEW_TOKEN, request=(request_id, sent)
                )
                is None
            ):
                return None
            return Created(match, tokens)

        return await self.commits.retry(attempt)

    @staticmethod
    def _new_tokens(match: Match, seats: list[int]) -> dict[int, str]:
        """New tokens for `seats` of `match` (to commit); their old ones read no more."""
        tokens = {seat: secrets.token_urlsafe(32) for seat in seats}
        for seat, token in tokens.items():
            match.token_hashes[seat] = token_hash(token)
        return tokens

    async def start(
        self,
        title: str,
        seats: list[Seat],
        humans: list[int],
        options: Mapping[str, rpb.OptionValue] | None = None,
        clock: Clock | None = None,
        seed: bytes = b"",
        match_id: str | None = None,
        tournament_id: str = "",
        request: tuple[str, IdempotencyRecord] | None = None,
        started: NoticeKind | None = None,
        min_karma: int = 0,
    ) -> Created | None:
        """Sets up and stores a match of checked `seats` (`humans` get seat tokens); under
        `match_id` if given (a random id otherwise), and then None when a match of that id
        exists already: a creation whose id was chosen ahead happens once. `tournament_id`:
        the tournament the match is a game of; `request`: the creating request's id and
        record; `started`: what its players are told of it; `min_karma`: the least karma a
        player needs to take a seat."""
        clock = clock or Clock()
        options = dict(options or {})
        seed = seed or secrets.token_bytes(32)
        await self._mark_bot_accounts(seats)
        new_game = await self.rules.call(
            title,
            "NewGame",
            rpb.NewGameRequest(players=len(seats), options=options, seed=seed),
        )
        tokens = {seat: secrets.token_urlsafe(32) for seat in humans}
        created = now_ms()
        phase = (
            MatchPhase.OPEN if any(s.kind == SeatKind.OPEN for s in seats) else MatchPhase.RUNNING
        )
        match = Match(
            match_id=match_id or secrets.token_hex(12),
            title_id=title,
            rules_version=new_game.status.rules_version,
            setup=Setup(players=len(seats), options=options, seed=seed),
            seed_sha256=hashlib.sha256(seed).digest(),
            clock=clock,
            seats=seats,
            token_hashes={seat: token_hash(token) for seat, token in tokens.items()},
            version=0,
            step=new_game.status.step,
            step_version=0,
            status=new_game.status,
            phase=phase,
            end_reason=EndReason.UNSPECIFIED,
            winners=[],
            created_unix_ms=created,
            updated_unix_ms=created,
            deadline_unix_ms=0,
            bank_ms=clocks.initial_banks(clock, len(seats)),
            tournament_id=tournament_id,
            min_karma=min_karma,
        )
        state = new_game.state.SerializeToString()
        maybe_parked = match_id is not None and clock.turn_based
        if not await self.commits.create(
            match, state, new_game.events, request, started, maybe_parked
        ):
            return None
        MATCHES_CREATED.labels(title).inc()
        log.info(
            "match created", extra={"match_id": match.match_id, "title": title, "seats": len(seats)}
        )
        return Created(match, tokens)

    async def list_matches(
        self, title_id: str = "", phase: MatchPhase = MatchPhase.UNSPECIFIED, limit: int = 0
    ) -> list[Match]:
        """The lobby: the newest matches of a title (all titles: "") in a phase (all the lobby
        shows: UNSPECIFIED), at most `limit` (50 when 0 or less, 500 at most)."""
        limit = 50 if limit <= 0 else min(limit, 500)
        titles = [title_id] if title_id else self.rules.titles()
        phases = [phase] if phase else LOBBY_PHASES
        found = []
        for title in titles:
            for phase in phases:
                found.extend(await self._listed(title, phase, limit))
        found.sort(key=lambda m: m.created_unix_ms, reverse=True)
        return found[:limit]

    async def _listed(self, title: str, phase: MatchPhase, limit: int) -> list[Match]:
        """The `limit` newest matches the lobby shows from one list: each in the phase the
        list is for (one filed wrong is re-filed), and a running match only while someone
        plays it (a change within `lobby_idle_after_s`). Idle matches stay in the list, so a
        move shows them again without an index update per move; the scan passes over at most
        `LOBBY_SCAN_PAGES` pages of them."""
        idle_before = now_ms() - self.settings.lobby_idle_after_s * 1000
        found: list[Match] = []
        for page in range(LOBBY_SCAN_PAGES):
            ids = await self.store.lobby(title, phase, limit, page * limit)
            for match in await self.store.load_many(ids):
                if match is None:
                    continue
                if match.phase != phase:
                    await self.store.place_in_lobby(match)
                elif phase != MatchPhase.RUNNING or match.updated_unix_ms >= idle_before:
                    found.append(match)
            if len(found) >= limit or len(ids) < limit:
                break
        return found[:limit]

    async def join(
        self,
        match_id: str,
        token: Credential = None,
        seat: int | None = None,
        display_name: str = "",
        request_id: str = "",
        body_digest: str = "",
    ) -> SeatTaken:
        """An open seat (the first, unless `seat` is named) taken by the caller; `request_id`
        and `body_digest` as for `create`."""
        player = self._signed_in_or_anonymous(token, "join")
        bots = await self._bot_accounts_among([player.player_id] if player else [])
        joining = None
        if request_id:
            joining = (_creating_request_id(request_id), IdempotencyRecord(NO_SEAT, body_digest))

        async def attempt() -> SeatTaken | None:
            if joining is None:
                match = await self.load(match_id)
            else:
                match, _, stored = await self.snapshot(match_id, joining[0])
                if stored is not None:
                    return await self._joined_before(match, stored, *joining)
            if match.phase != MatchPhase.OPEN:
                raise NotNow("seat-none-open")
            open_seats = [s.seat for s in match.seats if s.kind == SeatKind.OPEN]
            chosen = open_seats[0] if seat is None else seat
            if chosen not in open_seats:
                check_seat_number(match, chosen)
                raise NotNow("seat-not-open", seat=chosen)
            await self._check_karma(match.min_karma, player)
            seat_token = secrets.token_urlsafe(32)
            match.seats[chosen].kind = SeatKind.HUMAN
            match.seats[chosen].display_name = clean_display_name(display_name, NAME_LIMIT)
            match.token_hashes[chosen] = token_hash(seat_token)
            if player is not None:
                held = match.seats_of(player.player_id)
                if held:
                    raise NotNow("seat-already-held", seat=held[0])
                turn_based = match.clock.turn_based
                if turn_based:
                    await self._check_turn_based_room(player)
                _seat_player(match.seats[chosen], player)
                match.seats[chosen].bot_account = player.player_id in bots
                await self.store.file_for_player(
                    player.player_id, match.match_id, now_ms(), turn_based
                )
            if len(open_seats) == 1:
                match.phase = MatchPhase.RUNNING
            record = joining and (joining[0], dataclasses.replace(joining[1], seat=chosen))
            if await self.commits.commit(match, chosen, ChangeCause.JOIN, request=record) is None:
                return None
            return SeatTaken(chosen, seat_token, match)

        return await self.commits.retry(attempt)

    async def _bot_accounts_among(self, player_ids: list[str]) -> set[str]:
        """Those of the players that are bot accounts (none without `bot_accounts`). A mark is
        not worth a match: while the archive is out of reach, play goes on with the seats
        unmarked (logged)."""
        if self.bot_accounts is None or not player_ids:
            return set()
        try:
            return await self.bot_accounts.bots_among(player_ids)
        except Unavailable as error:
            log.warning("bot accounts not marked", extra={"error": error.reason})
            return set()

    async def _mark_bot_accounts(self, seats: list[Seat]) -> None:
        """Marks the seats held by bot accounts, in one look-up for all of them."""
        bots = await self._bot_accounts_among([seat.player_id for seat in seats if seat.player_id])
        for seat in seats:
            seat.bot_account = seat.player_id in bots

    async def _joined_before(
        self, match: Match, stored: str, request_id: str, sent: IdempotencyRecord
    ) -> SeatTaken | None:
        """The answer to a join's retry: the seat the first call claimed, with a new token
        (the first was never acknowledged, or its answer was lost), in a change of its own;
        None when another change won the race."""
        recorded = IdempotencyRecord.parse(stored)
        if not recorded.same_body(sent):
            raise InvalidRequest("request-used-for-another-join", request=request_id)
        if match.phase == MatchPhase.FINISHED:
            raise NotNow("request-joined-match-over")
        tokens = self._new_tokens(match, [recorded.seat])
        # The server's change, not the seat's, as the seat's player did not ask for it.
        if (
            await self.commits.commit(
                match, None, ChangeCause.NEW_TOKEN, request=(request_id, recorded)
            )
            is None
        ):
            return None
        return SeatTaken(recorded.seat, tokens[recorded.seat], match)

    async def _check_turn_based_room(self, player: Player) -> None:
        """Refuses a seat in another turn-based match to a player who holds the most allowed.
        (Two seats taken at the very same moment may pass it by one.)"""
        most = self.settings.turn_based_max_open
        if await self.store.turn_based_count(player.player_id) >= most:
            raise NotNow("match-turn-based-most", most=most)

    def _check_min_karma(self, min_karma: int) -> None:
        """Refuses a minimum karma outside 0..100, or any on a server without reputations."""
        if not 0 <= min_karma <= MOST_KARMA:
            raise InvalidRequest("karma-minimum-out-of-range", most=MOST_KARMA, given=min_karma)
        if min_karma and self.reputations is None:
            raise InvalidRequest("karma-not-kept")

    async def _check_karma(self, min_karma: int, player: Player | None) -> None:
        """Refuses a seat of a match that needs `min_karma` to a player with less (or to an
        anonymous caller, who has none)."""
        if not min_karma:
            return
        if player is None:
            raise NotAuthenticated("karma-sign-in", minimum=min_karma)
        if self.reputations is None:
            raise Unavailable("karma-unavailable")
        await self.reputations.require_at_least(player.player_id, min_karma, "match")

    def _signed_in_or_anonymous(self, token: Credential, what: str) -> Player | None:
        """The signed-in player of a call that may seat its caller; None for an anonymous
        caller, where the operator allows anonymous play. `what` is the call: "create" or
        "join"."""
        if isinstance(token, Player):
            return token
        if not self.settings.allow_anonymous:
            raise NotAuthenticated("account-sign-in-to-play", action=what)
        return None

    # -- a signed-in player's matches ----------------------------------------------------------

    async def running_matches(self, player: Player, limit: int) -> list[tuple[Match, list[int]]]:
        """The player's matches not yet over, newest first, with their seats in each. Entries
        of matches that ended (or that no longer seat the player, once past the filing grace)
        are dropped on the way: an end whose index update was cut short is repaired here."""
        entries = await self.store.player_matches(player.player_id, limit)
        loaded = await self.store.load_many([match_id for match_id, _ in entries])
        running, stale = [], []
        for (match_id, filed_ms), match in zip(entries, loaded, strict=True):
            over = match is not None and match.phase not in ACTIVE_PHASES
            held = match.seats_of(player.player_id) if match is not None and not over else []
            if match is not None and held:
                running.append((match, held))
            elif over or now_ms() - filed_ms > PLAYER_FILING_GRACE_MS:
                stale.append(match_id)
        if stale:
            await self.store.unfile_player_matches(player.player_id, stale)
        return running

    async def my_turn(self, player: Player, limit: int) -> tuple[list[MyTurn], int]:
        """The matches waiting on the player, the nearest deadline first, at most `limit`;
        and how many wait on them in all. An entry whose match no longer waits on them (a
        change on a Cluster that did not commit) is left out; the next commit corrects it."""
        entries, count = await self.store.my_turn(player.player_id, limit)
        loaded = await self.store.load_many([match_id for match_id, _ in entries])
        waiting = []
        for (_, deadline_ms), match in zip(entries, loaded, strict=True):
            if match is None or player.player_id not in waiting_on(match):
                continue
            seats = [s for s in match.seats_of(player.player_id) if s in match.status.to_move]
            waiting.append(MyTurn(match, seats, deadline_ms))
        return waiting, count

    async def reclaim(self, match_id: str, player: Player, seat: int | None = None) -> SeatTaken:
        """A fresh token of the player's seat (`seat`, if they hold several); the seat's
        previous token is revoked (a seat has one token: whoever held the old one, on a lost
        phone say, acts in it no more)."""

        async def attempt() -> SeatTaken | None:
            match = await self.load(match_id)
            held = self._players_seat(match, player, seat)
            if match.phase == MatchPhase.FINISHED:
                raise NotNow("match-over-history-available")
            seat_token = secrets.token_urlsafe(32)
            match.token_hashes[held] = token_hash(seat_token)
            if await self.commits.commit(match, held, ChangeCause.NEW_TOKEN) is None:
                return None
            return SeatTaken(held, seat_token, match)

        return await self.commits.retry(attempt)

    def _players_seat(self, match: Match, player: Player, seat: int | None) -> int:
        caller = self.identity.identify(match, player, seat)
        if caller.seat is None:
            raise NotYourSeat("seat-none-in-match", match=match.match_id)
        return caller.seat

    # -- reading -------------------------------------------------------------------------------

    async def get(
        self,
        match_id: str,
        token: Credential,
        seat: int | None = None,
        omit_legal_moves: bool = False,
        render_text: bool = False,
    ) -> Seen:
        """The match as the caller sees it (in `seat`, if they hold several); drawn as text
        too with `render_text`."""
        match, state, _ = await self.snapshot(match_id)
        caller = self.identity.identify(match, token, seat)
        await self._read_now(match)
        viewing = self.commits.view(match, state, caller, omit_legal_moves)
        if render_text:
            drawn = self.commits.render(match, state, caller)
            seen, drawing = await asyncio.gather(viewing, drawn)
        else:
            seen, drawing = await viewing, ""
        return Seen(match, caller.seat, seen.view, seen.legal_moves, drawing)

    async def history(self, match_id: str, token: Credential, seat: int | None = None) -> History:
        match = await self.load(match_id)
        caller = self.identity.identify(match, token, seat)
        await self._read_now(match)
        entries = await self._changes(match.match_id)
        changes = [records.visible_change(change, caller.seat) for change, _ in entries]
        moves = []
        if match.phase == MatchPhase.FINISHED:
            moves = [
                (change.version, change.seat if change.HasField("seat") else None, move)
                for change, move in records.standing_moves(entries)
            ]
        return History(match, changes, moves)

    async def _read_now(self, match: Match) -> None:
        """A read of a running turn-based match keeps it from being parked for a while."""
        running = match.phase == MatchPhase.RUNNING
        if self.parking is not None and match.clock.turn_based and running:
            await self.parking.touch([match.match_id])

    async def watch(
        self,
        match_id: str,
        token: Credential,
        seat: int | None = None,
        after_version: int | None = None,
    ) -> AsyncGenerator[SeenChange, None]:
        """The match's changes after `after_version`, as the caller may see them, until the
        match ends (or the caller resigns, or cancels the stream). A resigned seat whose
        leaving ended the match may still read the rest of it (a watch cut just before the end
        resumes to the end, as the uncut one got there); one whose seat a bot plays now is
        refused (SeatResigned), never shown the bot's secrets."""
        match = await self.load(match_id)
        try:
            caller = self.identity.identify(match, token, seat)
        except SeatResigned as left:
            if not _left_at_the_end(match, left.seat):
                raise
            caller = Caller(left.seat)
        await self._read_now(match)
        after = after_version
        if after is not None and after > match.version:
            raise InvalidRequest("match-after-version-ahead", after=after, version=match.version)
        # Fed from now on, before the backlog is read: nothing committed in between is missed.
        watcher = self.watchers.watch(match.match_id, after)
        watching = match.seats[caller.seat].player_id if caller.seat is not None else ""
        present_at = 0.0
        try:
            backlog = [change for change, _ in await self.watchers.read(match.match_id, after)]
            if not backlog and match.phase == MatchPhase.FINISHED:
                backlog = [
                    change
                    for change, _ in await self._archived_log(match.match_id)
                    if after is None or change.version > after
                ]
                if not backlog:
                    return  # nothing after `after`, and nothing will ever come
            while True:
                for change in backlog:
                    yield records.visible_change(change, caller.seat)
                    after = change.version
                    if records.ends_match(change):
                        return
                backlog = []
                while not backlog:
                    if watching and time.monotonic() - present_at > PRESENCE_RENEW_S:
                        # Notices about the match wait while its player watches it.
                        present_at = time.monotonic()
                        await mark_watching(self.store.redis, watching, match.match_id)
                    backlog = await watcher.next(after, self.settings.watch_poll_ms / 1000) or []
                if caller.seat is not None and await self._resigned(match, caller.seat):
                    return  # the seat is a bot's now: its secrets are no longer this caller's
        finally:
            watcher.close()
            if present_at:
                await unmark_watching(self.store.redis, watching, match.match_id)

    # -- moving --------------------------------------------------------------------------------

    async def submit(
        self,
        match_id: str,
        move: any_pb2.Any,
        request_id: str,
        token: Credential,
        seat: int | None = None,
        expected_version: int = 0,
        omit_legal_moves: bool = False,
    ) -> Moved:
        """Applies the caller's `move` (made at `expected_version`) once for `request_id`: a
        retry is answered with the version the first made."""
        if token is None:
            raise NotAuthenticated("seat-send-token", action="move")
        if not 1 <= len(request_id) <= 128:
            raise InvalidRequest("request-id-length")
        encoded = move.SerializeToString(deterministic=True)
        digest = hashlib.sha256(encoded).hexdigest()

        async def attempt() -> Moved | None:
            kept = self.store.kept_snapshot(match_id, expected_version)
            if kept is None:
                read = await self.snapshot(match_id, request_id)
                MOVE_SNAPSHOTS.labels(read[0].title_id, "read").inc()
                return await attempt_on(*read)
            MOVE_SNAPSHOTS.labels(kept[0].title_id, "kept").inc()
            try:
                # No read: the commit's version test confirms the guess, and its look-up of the
                # request id stands in for the record the snapshot would have held.
                return await attempt_on(*kept, None)
            except MatchError:
                # A refusal made on the guess stands where a read confirms the guess: the match
                # at that version, no record of the request id. Else the read decides.
                match, state, record = await self.snapshot(match_id, request_id)
                if match.version == expected_version and record is None:
                    raise
                return await attempt_on(match, state, record)

        async def attempt_on(match: Match, state: bytes, record: str | None) -> Moved | None:
            caller = self.identity.identify(match, token, seat)
            mover = _seat_of(caller, "move")
            if request_id.startswith(BOT_REQUEST_PREFIX) and not caller.worker:
                raise InvalidRequest("request-id-reserved", prefix=BOT_REQUEST_PREFIX)
            recorded = _replayed(record, request_id, IdempotencyRecord(mover, digest))
            if recorded is not None:
                # Answered only once the change is where a first answer would have been.
                await self.store.confirm(match.match_id)
                seen = await self.commits.view(match, state, caller, omit_legal_moves)
                return Moved(recorded, match, seen.view, seen.legal_moves)
            self._check_can_move(match, mover, expected_version)
            committed = await self.commits.apply(
                match,
                state,
                mover,
                move,
                (request_id, IdempotencyRecord(mover, digest)),
                omit_legal_moves=omit_legal_moves,
                encoded_move=encoded,
            )
            if committed is None:
                return None  # another change won: read again
            return Moved(match.version, match, committed.view, committed.legal_moves)

        return await self.commits.retry(attempt)

    async def undo(
        self,
        match_id: str,
        request_id: str,
        token: Credential,
        seat: int | None = None,
        expected_version: int | None = None,
        omit_legal_moves: bool = False,
    ) -> Moved:
        """Takes back the caller's last move of the turn, once for `request_id`, when the rules
        said it may be and nothing else was committed since (`Commits.undo`)."""
        if token is None:
            raise NotAuthenticated("seat-send-token", action="undo")
        if not 1 <= len(request_id) <= 128:
            raise InvalidRequest("request-id-length")

        async def attempt() -> Moved | None:
            match, state, record = await self.snapshot(match_id, request_id)
            caller = self.identity.identify(match, token, seat)
            mover = _seat_of(caller, "undo")
            if caller.worker or match.seats[mover].kind != SeatKind.HUMAN:
                raise NotAllowed("undo-not-for-bots")
            recorded = _replayed(record, request_id, IdempotencyRecord(mover, UNDO_DIGEST))
            if recorded is not None:
                await self.store.confirm(match.match_id)
                seen = await self.commits.view(match, state, caller, omit_legal_moves)
                return Moved(recorded, match, seen.view, seen.legal_moves)
            _check_can_undo(match, mover, expected_version)
            restored = await self.commits.undo(
                match,
                mover,
                (request_id, IdempotencyRecord(mover, UNDO_DIGEST)),
                omit_legal_moves,
            )
            if restored is None:
                return None  # another change won: read again
            return Moved(match.version, match, restored.view, restored.legal_moves)

        return await self.commits.retry(attempt)

    async def _resigned(self, match: Match, seat: int) -> bool:
        current = await self.store.load(match.match_id)
        return current is None or current.seats[seat].resigned

    def _check_can_move(self, match: Match, seat: int, expected: int) -> None:
        if match.phase == MatchPhase.OPEN:
            raise NotNow("match-waiting-for-players")
        if match.phase == MatchPhase.FINISHED:
            raise NotNow("match-over")
        if expected == match.version:
            return
        # Within one simultaneous step, changes by other seats do not make a move stale: it is
        # re-validated against the current state instead.
        same_step = match.step_version <= expected < match.version
        if not (same_step and seat in match.status.to_move):
            MOVES_REFUSED.labels(match.title_id, "stale_version").inc()
            raise StaleVersion(match.version, expected)

    async def resign(self, match_id: str, token: Credential, seat: int | None = None) -> Match:
        async def attempt() -> Match | None:
            match = await self.load(match_id)
            caller = self.identity.identify(match, token, seat)
            leaving = _seat_of(caller, "resign")
            if match.phase == MatchPhase.FINISHED:
                raise NotNow("match-over")
            if match.phase == MatchPhase.OPEN:
                # Nobody has played yet: the match is called off, nobody wins.
                match.seats[leaving].resigned = True
                self.commits.finish(match, EndReason.RESIGNATION, [])
            else:
                self.commits.leave(match, [leaving], EndReason.RESIGNATION)
            if await self.commits.commit(match, leaving, ChangeCause.RESIGNATION) is None:
                return None
            SEATS_LEFT.labels(match.title_id, "resigned").inc()
            return match

        return await self.commits.retry(attempt)

    async def give_time(
        self, match_id: str, token: Credential, to_seat: int, seconds: int, seat: int | None = None
    ) -> Match:
        """The caller's seat gives `to_seat` of a turn-based match `seconds` more (a day at
        most, once a turn): to its bank, or to its turn's deadline on a clock with a time per
        turn, where only a seat to move has a deadline."""
        day_s = self.settings.turn_based_day_s
        if not 1 <= seconds <= day_s:
            raise InvalidRequest("time-give-range", most=day_s)

        async def attempt() -> Match | None:
            match = await self.load(match_id)
            caller = self.identity.identify(match, token, seat)
            giver = _seat_of(caller, "give-time")
            check_seat_number(match, to_seat)
            _check_can_give(match, giver, to_seat)
            match.deadline_unix_ms, match.paused_left_ms = clocks.give(
                match.bank_ms,
                match.deadline_unix_ms,
                match.paused_left_ms,
                to_seat,
                seconds * 1000,
            )
            match.time_given_in_turn[giver] = match.status.turn
            if await self.commits.commit(match, giver, ChangeCause.TIME_GIVEN) is None:
                return None
            return match

        return await self.commits.retry(attempt)

    # -- committing ----------------------------------------------------------------------------


def _left_at_the_end(match: Match, seat: int) -> bool:
    """Whether `seat`'s leaving ended the match, so that nobody played it after (with more
    than two seats a bot takes a leaving seat over)."""
    return match.phase == MatchPhase.FINISHED and match.seats[seat].kind != SeatKind.BOT


def _check_can_give(match: Match, giver: int, to_seat: int) -> None:
    """Refuses time given where it cannot be: not turn-based, not running, to oneself, to a
    seat a bot plays, twice in a turn, or to a seat without a deadline."""
    if not match.clock.turn_based:
        raise NotNow("time-turn-based-only")
    if match.phase != MatchPhase.RUNNING:
        raise NotNow("time-match-not-running")
    if to_seat == giver:
        raise InvalidRequest("time-to-another-seat")
    if match.seats[to_seat].kind != SeatKind.HUMAN or match.seats[to_seat].resigned:
        raise NotNow("time-seat-not-a-person", seat=to_seat)
    if match.time_given_in_turn.get(giver) == match.status.turn:
        raise NotNow("time-given-this-turn")
    if not match.bank_ms and to_seat not in match.status.to_move:
        raise NotNow("time-seat-not-to-move", seat=to_seat)
    if not match.bank_ms and giver in match.status.to_move:
        raise NotNow("time-you-move-too")


def _replayed(stored: str | None, request_id: str, sent: IdempotencyRecord) -> int | None:
    """The version an earlier identical request created, None for a new request id."""
    if stored is None:
        return None
    recorded = IdempotencyRecord.parse(stored)
    if not recorded.same_request(sent):
        what = "match" if sent.seat == NO_SEAT else "move"
        raise InvalidRequest("request-used-for-different", request=request_id, kind=what)
    return recorded.version


def _creating_request_id(request_id: str) -> str:
    """A creating call's request id, checked: long enough that nobody guesses it, as it is
    what entitles a retry to the seats."""
    if not MIN_CREATING_REQUEST_ID <= len(request_id) <= 128:
        raise InvalidRequest("request-id-creating-length", least=MIN_CREATING_REQUEST_ID)
    return request_id


def _created_match_id(player: Player | None, request_id: str) -> str:
    """The id of the match a creating request makes: the same for its retries, and apart for
    each signed-in player (anonymous callers share one space of request ids)."""
    scope = player.player_id if player is not None else ""
    return hashlib.sha256(f"create\0{scope}\0{request_id}".encode()).hexdigest()[:24]


def _check_can_undo(match: Match, seat: int, expected: int | None) -> None:
    """Refuses an undo of a match that is not running, seen at a stale version, with nothing
    to take back, or whose move to take back is another seat's."""
    if match.phase == MatchPhase.OPEN:
        raise NotNow("match-waiting-for-players")
    if match.phase == MatchPhase.FINISHED:
        raise NotNow("undo-match-over")
    if expected is not None and expected != match.version:
        raise StaleVersion(match.version, expected)
    if not match.undo_points:
        raise NotNow("undo-nothing")
    owner = match.status.to_move[0]
    if owner != seat:
        raise NotYourSeat("undo-only-owner", seat=owner)


def _seat_of(caller: Caller, what: str) -> int:
    """The caller's seat. Refuses a spectator: a signed-in player without a seat here is
    refused the seat (PERMISSION_DENIED), a caller without any token is asked for one. `what`
    is the action: "move", "undo", "resign" or "give-time" (the catalogue says it)."""
    if caller.seat is not None:
        return caller.seat
    if caller.player is not None:
        raise NotYourSeat("seat-none-cannot", action=what)
    raise NotAuthenticated("seat-send-token", action=what)


def _seat_player(seat: Seat, player: Player) -> None:
    """The seat belongs to `player`, under the name their token gives."""
    seat.player_id = player.player_id
    seat.display_name = player.display_name


def _checked_seats(seats: list[Seat]) -> tuple[list[Seat], list[int]]:
    """The seats a caller asks for, checked, with their names cleaned; and the human ones."""
    checked, humans = [], []
    for number, seat in enumerate(seats):
        if seat.kind not in (SeatKind.HUMAN, SeatKind.OPEN, SeatKind.BOT):
            raise InvalidRequest("seat-kind-missing", seat=number)
        if seat.kind == SeatKind.BOT and seat.bot_level not in BOT_LEVELS:
            raise InvalidRequest("seat-bot-level-missing", seat=number)
        if seat.kind == SeatKind.HUMAN:
            humans.append(number)
        checked.append(
            Seat(
                seat=number,
                kind=seat.kind,
                bot_level=seat.bot_level,
                display_name=clean_display_name(seat.display_name, NAME_LIMIT),
            )
        )
    return checked, humans
