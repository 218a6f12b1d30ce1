"""Challenges: a signed-in player invites one player, anyone (an open challenge, listed in the
lobby as Board Game Arena's open tables), or a bot to a match of a title with its options,
seats and clock (live, or turn-based with its days a move).

- Seats: two is the core, the challenger's and the opponent's; the seats past two are bots of
  the challenge's bot level (`Terms.bot_level`, which a challenge of more seats must name). Who
  sits where is drawn when the match starts.
- A bot challenge starts its match at once, the bot of its level as the opponent.
- A challenge to a player or to anyone waits: the invited accept or decline with a reason from a
  fixed list (`DeclineReason`), the challenger withdraws it, or it expires (by default
  `challenge_live_expiry_s` for a live one, `challenge_turn_based_expiry_s` for a turn-based
  one; at most `challenge_max_expiry_s`). An open one may ask its accepter for a minimum karma.
- Accepting starts the match exactly once. The match's id is the challenge's, chosen when it
  is made; the accept is one conditional UPDATE (open -> accepted, by whom), so of racing
  accepts one wins and the others are refused "already accepted"; the winner then creates the
  match under that id through the match port, which makes it once however often it is asked.
  An accepter's retry after a crash in between finishes the creation. Both people's seats are
  theirs from the start (as a turn-based matchmade match's): the accepter gets their seat
  token in the answer, the challenger collects theirs with ReclaimSeat (a notice tells them).
- Refused, writing nothing: challenging oneself, an unknown player, a player one blocked or
  who blocked one (either way, `relations.graph`), an unknown title or a setup its rules
  service refuses, a challenger below the operator's karma floor, an accepter below an open
  challenge's minimum, and more than `challenge_max_open` open challenges of one challenger.
- Notices (`matchstore.notices`, filed with their facts): the invited is told of a challenge,
  the challenger of its answer (accepted, or declined with the reason).

Every match here is rated as any other: the archive rates every match with people."""

from __future__ import annotations

import datetime
import hashlib
import random
import secrets
from collections.abc import Mapping
from dataclasses import dataclass

from playhall.accounts.tokens import Player
from playhall.archive.archive import bot_player, reaching_archive
from playhall.archive.reputation import MOST_KARMA, Reputations
from playhall.common.errors import (
    Blocked,
    InvalidRequest,
    NoSuchChallenge,
    NotAllowed,
    NotNow,
)
from playhall.common.settings import setting
from playhall.matches.domain import MATCH_ID, SeatTaken
from playhall.matches.port import MatchPort
from playhall.matchstore.events import Event, EventKind, EventLog
from playhall.matchstore.model import BotLevel, Seat, SeatKind
from playhall.matchstore.notices import NoticeKey, NoticeKind, NoticeOutbox
from playhall.matchstore.store import now_ms
from playhall.relations.graph import Relations
from playhall.social.challenge_store import (
    Challenge,
    ChallengeStore,
    DeclineReason,
    Opponent,
    State,
    Terms,
)
from playhall.social.metrics import (
    CHALLENGE_ACCEPT_RACES_LOST,
    CHALLENGE_ANSWERS_TOO_LATE,
    CHALLENGE_DECLINES,
    CHALLENGES_CREATED,
    count_answer,
    pace_label,
)

MIN_REQUEST_ID = 16
"""The shortest request id a challenge's retries are known by (a random one, such as a UUID)."""
ANSWERED = {
    State.ACCEPTED: "challenge-already-accepted",
    State.DECLINED: "challenge-declined",
    State.WITHDRAWN: "challenge-withdrawn",
}
"""The refusal of an answer to a challenge no longer open, by what became of it (an expired
one's names when: `_refuse_answered`)."""


@dataclass(frozen=True)
class ChallengeSettings:
    """How long challenges wait and how many one player may have open (`common.settings`: each
    from `PLAYHALL_<NAME>`)."""

    challenge_max_open: int = setting(20, minimum=1)
    """Open challenges one player may have at once; another is refused until one is answered,
    withdrawn or expired."""
    challenge_live_expiry_s: int = setting(600, minimum=10)
    """How long a live challenge waits for its answer unless its challenger says otherwise."""
    challenge_turn_based_expiry_s: int = setting(86_400, minimum=10)
    """How long a turn-based challenge waits unless its challenger says otherwise."""
    challenge_max_expiry_s: int = setting(7 * 86_400, minimum=10)
    """The longest a challenger may have a challenge wait."""


@dataclass(frozen=True)
class NewChallenge:
    """What a challenger asks for: an opponent (`invited_id`, or `bot` for a bot's challenge,
    or neither: open to anyone), the match's terms, how long it waits (0: the default of its
    pace), and a request id its retries share ("": none)."""

    terms: Terms
    invited_id: str = ""
    bot: bool = False
    expires_in_s: int = 0
    request_id: str = ""


@dataclass(frozen=True)
class Made:
    """A challenge made; a bot's comes with its match begun and the challenger's seat."""

    challenge: Challenge
    seat: SeatTaken | None = None


class Challenges:
    """The challenges domain; the servicer is a thin adapter over it."""

    def __init__(
        self,
        matches: MatchPort,
        store: ChallengeStore,
        relations: Relations,
        reputations: Reputations,
        outbox: NoticeOutbox,
        settings: ChallengeSettings = ChallengeSettings(),
    ):
        self.matches = matches
        self.store = store
        self.relations = relations
        self.reputations = reputations
        self.outbox = outbox
        self.settings = settings

    # -- making one -----------------------------------------------------------------------------

    async def create(self, player: Player, request: NewChallenge) -> Made:
        """A new challenge of `player`'s (checked; nothing written when refused)."""
        await self._check_terms(request)
        await self._check_opponent(player, request)
        await self.reputations.require_floor(player.player_id, "opening-challenge")
        if request.terms.clock.turn_based:
            await self.matches.check_turn_based_room(player)
        challenge = _new_challenge(player, request)
        if request.bot:
            made = await self._against_bot(player, challenge)
        else:
            made = Made(await self._store(challenge, self._expiry_s(request)))
        with reaching_archive():
            await self.relations.make_known(player)  # an opponent others may challenge back
        terms = made.challenge.terms
        CHALLENGES_CREATED.labels(terms.title_id, pace_label(terms), made.challenge.opponent).inc()
        return made

    async def _store(self, challenge: Challenge, expires_in_s: int) -> Challenge:
        """Stores an open challenge (its invited player told), or answers the one its request
        id made before; refuses one past the challenger's cap."""
        most = self.settings.challenge_max_open
        stored = await self.store.create(challenge, expires_in_s, most)
        if stored is None:
            raise NotNow("challenge-open-most", most=most)
        _check_same_challenge(stored, challenge)
        if stored.opponent == Opponent.PLAYER:
            await self._tell_received(stored)
        return stored

    async def _check_terms(self, request: NewChallenge) -> None:
        terms = request.terms
        served = self.matches.titles()
        if terms.title_id not in served:
            raise InvalidRequest(
                "match-unknown-title", title=terms.title_id[:64], served=", ".join(served)
            )
        if terms.seats < 2:
            raise InvalidRequest("challenge-seats-least")
        if terms.bot_level is None and (request.bot or terms.seats > 2):
            raise InvalidRequest("challenge-bot-level-missing")
        if not 0 <= terms.min_karma <= MOST_KARMA:
            raise InvalidRequest("challenge-karma-range", most=MOST_KARMA)
        if terms.min_karma and (request.bot or request.invited_id):
            raise InvalidRequest("challenge-karma-open-only")
        most = self.settings.challenge_max_expiry_s
        if not 0 <= request.expires_in_s <= most:
            raise InvalidRequest("challenge-expiry-most", most=most)
        if request.request_id and not MIN_REQUEST_ID <= len(request.request_id) <= 128:
            raise InvalidRequest("request-id-creating-length", least=MIN_REQUEST_ID)
        self.matches.check_clock(terms.clock)
        await self.matches.check_setup(terms.title_id, terms.seats, terms.options)

    async def _check_opponent(self, player: Player, request: NewChallenge) -> None:
        """Refuses an opponent one cannot challenge: oneself, nobody, or across a block."""
        invited = request.invited_id
        if request.bot and invited:
            raise InvalidRequest("challenge-player-or-bot")
        if not invited:
            return
        if invited == player.player_id:
            raise InvalidRequest("challenge-self")
        with reaching_archive():
            relation = await self.relations.relation(player.player_id, invited)
        if relation.blocking:
            raise Blocked("challenge-blocking")
        if relation.blocked_by:
            raise Blocked("challenge-blocked-by")

    def _expiry_s(self, request: NewChallenge) -> int:
        if request.expires_in_s:
            return request.expires_in_s
        if request.terms.clock.turn_based:
            return self.settings.challenge_turn_based_expiry_s
        return self.settings.challenge_live_expiry_s

    async def _against_bot(self, player: Player, challenge: Challenge) -> Made:
        """A bot's challenge: its match begun at once, then the challenge stored as accepted
        (a crash in between leaves a match without its challenge, which the player finds among
        their matches)."""
        seat = await self._start(challenge, player, against_bot=True)
        stored = await self.store.create(challenge, 0, self.settings.challenge_max_open)
        assert stored is not None  # an accepted challenge counts against no cap
        return Made(stored, seat)

    # -- answering one --------------------------------------------------------------------------

    async def accept(self, player: Player, challenge_id: str) -> SeatTaken:
        """Starts the challenge's match with `player` in the opponent's seat (once, however
        many accept at once); the player's seat, with a fresh token."""
        challenge = await self._get(challenge_id)
        if not _accepted_by(challenge, player):
            await self._check_accepter(player, challenge)
            challenge = await self.store.accept(
                challenge_id, player.player_id, player.display_name
            ) or await self._get(challenge_id)
            if not _accepted_by(challenge, player):  # another accept won the race
                _refuse_lost_race(challenge)
            count_answer(challenge.terms, State.ACCEPTED)
            with reaching_archive():
                await self.relations.make_known(player)
        # The winner's call, or its retry after a crash: the match is made once either way.
        seat = await self._start(challenge, player, against_bot=False)
        await self._tell_answered(challenge, "accepted", {"by": player.display_name})
        return seat

    async def _check_accepter(self, player: Player, challenge: Challenge) -> None:
        if challenge.challenger_id == player.player_id:
            raise InvalidRequest("challenge-accept-own")
        if challenge.invited_id and challenge.invited_id != player.player_id:
            raise NotAllowed("challenge-for-another")
        if challenge.state != State.OPEN:
            _refuse_answered(challenge)
        with reaching_archive():
            blocked = await self.relations.blocked_between(
                challenge.challenger_id, player.player_id
            )
        if blocked:
            raise Blocked("challenge-accept-blocked")
        await self.reputations.require_at_least(
            player.player_id, challenge.terms.min_karma, "challenge"
        )
        if challenge.terms.clock.turn_based:
            full = await self.matches.at_turn_based_cap([challenge.challenger_id, player.player_id])
            if player.player_id in full:
                await self.matches.check_turn_based_room(player)  # refuses with the reason
            if challenge.challenger_id in full:
                raise NotNow("challenge-challenger-turn-based-most")

    async def _start(self, challenge: Challenge, taker: Player, against_bot: bool) -> SeatTaken:
        """Creates the challenge's match under its id (or finds it made); `taker`'s seat in
        it (the accepter's, or the challenger's against a bot), with a fresh token."""
        terms = challenge.terms
        seats = _seats(challenge, against_bot)
        humans = [seat.seat for seat in seats if seat.kind == SeatKind.HUMAN]
        created = await self.matches.start_challenge(
            terms.title_id, seats, humans, terms.options, terms.clock, challenge.challenge_id
        )
        if created is None:
            return await self.matches.reclaim(challenge.challenge_id, taker)
        (seat,) = created.match.seats_of(taker.player_id)
        return SeatTaken(seat, created.tokens[seat], created.match)

    async def decline(self, player: Player, challenge_id: str, reason: DeclineReason) -> Challenge:
        """The challenge declined by the player it invited, for `reason` (its challenger is
        told)."""
        challenge = await self._get(challenge_id)
        if challenge.opponent != Opponent.PLAYER:
            raise InvalidRequest("challenge-decline-open")
        if challenge.invited_id != player.player_id:
            raise NotAllowed("challenge-decline-not-invited")
        declined = await self.store.decline(challenge_id, player.player_id, reason)
        if declined is None:
            _refuse_answered(await self._get(challenge_id))
        assert declined is not None  # refused otherwise
        count_answer(declined.terms, State.DECLINED)
        CHALLENGE_DECLINES.labels(reason.value).inc()
        await self._tell_answered(
            declined,
            "declined",
            {"by": player.display_name, "reason": reason.words, "reason_id": reason.value},
        )
        return declined

    async def withdraw(self, player: Player, challenge_id: str) -> Challenge:
        """The challenger's own challenge withdrawn, if nobody answered it yet."""
        challenge = await self._get(challenge_id)
        if challenge.challenger_id != player.player_id:
            raise NotAllowed("challenge-withdraw-not-challenger")
        withdrawn = await self.store.withdraw(challenge_id, player.player_id)
        if withdrawn is None:
            _refuse_answered(await self._get(challenge_id))
        assert withdrawn is not None  # refused otherwise
        count_answer(withdrawn.terms, State.WITHDRAWN)
        await self._log_withdrawn(withdrawn)
        return withdrawn

    async def _get(self, challenge_id: str) -> Challenge:
        found = await self.store.get(challenge_id) if MATCH_ID.fullmatch(challenge_id) else None
        if found is None:
            raise NoSuchChallenge(challenge_id)
        return found

    # -- lists ----------------------------------------------------------------------------------

    async def of_player(self, player: Player, limit: int) -> list[Challenge]:
        """The player's challenges, made and received, newest first."""
        return await self.store.of_player(player.player_id, limit)

    async def open_to_anyone(
        self, player: Player | None, title_id: str, limit: int
    ) -> list[Challenge]:
        """The lobby's open challenges (of a title; "": all), newest first; to a signed-in
        player, none of a challenger they blocked or who blocked them (so a page may hold fewer
        than `limit`)."""
        found = await self.store.open_to_anyone(title_id, limit)
        if player is None:
            return found
        challengers = {challenge.challenger_id for challenge in found}
        with reaching_archive():
            blocked = await self.relations.blocked_with(player.player_id, challengers)
        return [challenge for challenge in found if challenge.challenger_id not in blocked]

    # -- notices --------------------------------------------------------------------------------

    async def _tell_received(self, challenge: Challenge) -> None:
        """The invited player is told of the challenge (until it expires)."""
        key = NoticeKey(
            NoticeKind.CHALLENGE_RECEIVED, challenge.invited_id, challenge.challenge_id, 0
        )
        clock, day_s = challenge.terms.clock, self.matches.turn_based_day_s
        facts = {
            "from": challenge.challenger_name or "A player",
            "title": challenge.terms.title_id.capitalize(),
            "pace": _pace_words(challenge.terms, self.matches.turn_based_day_s),
            "expires_ms": str(int(challenge.expires_at.timestamp() * 1000)),
            # The notice's words come from these (issue 41): the reader's language names them.
            "title_id": challenge.terms.title_id,
            "turn_based": "1" if clock.turn_based else "0",
            "days": str((clock.seconds_per_turn or clock.bank_initial_seconds) // day_s),
        }
        await self.outbox.file(key, now_ms(), facts)

    async def _tell_answered(
        self, challenge: Challenge, answer: str, facts: Mapping[str, str]
    ) -> None:
        """The challenger is told of the answer (once: a retry files the same notice)."""
        key = NoticeKey(
            NoticeKind.CHALLENGE_ANSWERED,
            challenge.challenger_id,
            challenge.challenge_id,
            0,
            answer,
        )
        told = {
            "title": challenge.terms.title_id.capitalize(),
            "title_id": challenge.terms.title_id,
            **facts,
        }
        told["by"] = told["by"] or "Your opponent"
        await self.outbox.file(key, now_ms(), told)

    async def _log_withdrawn(self, challenge: Challenge) -> None:
        """The invited player's event stream is told (their inbox is not: nothing to do)."""
        if challenge.invited_id:
            withdrawn = Event(
                EventKind.CHALLENGE_ANSWERED,
                challenge.invited_id,
                challenge.challenge_id,
                detail="withdrawn",
            )
            await EventLog(self.outbox.redis).add(withdrawn)


def _accepted_by(challenge: Challenge, player: Player) -> bool:
    return challenge.state == State.ACCEPTED and challenge.accepted_by == player.player_id


def _refuse_lost_race(challenge: Challenge) -> None:
    """Refuses an accept that found the challenge open and lost it to another accept, or to
    its end meanwhile (each counted)."""
    if challenge.state == State.ACCEPTED:
        CHALLENGE_ACCEPT_RACES_LOST.labels(challenge.terms.title_id).inc()
    _refuse_answered(challenge)


def _refuse_answered(challenge: Challenge) -> None:
    """Refuses (and counts) an answer to a challenge that is no longer open (NotNow, saying
    what became of it)."""
    CHALLENGE_ANSWERS_TOO_LATE.labels(challenge.state.value).inc()
    if challenge.state == State.EXPIRED:
        # An ISO time on the wire; each language's DATETIME formats it for its reader.
        at = challenge.expires_at.astimezone(datetime.UTC).isoformat(timespec="minutes")
        raise NotNow("challenge-expired", at=at)
    raise NotNow(ANSWERED.get(challenge.state, "challenge-still-open"))


def _new_challenge(player: Player, request: NewChallenge) -> Challenge:
    """The challenge asked for, before it is stored (which sets its times)."""
    return Challenge(
        challenge_id=_challenge_id(player, request.request_id),
        challenger_id=player.player_id,
        challenger_name=player.display_name,
        opponent=_opponent(request),
        invited_id=request.invited_id,
        invited_name="",
        terms=request.terms,
        state=State.ACCEPTED if request.bot else State.OPEN,
        decline_reason=None,
        accepted_by="",
        accepted_name=_bot_name(request.terms) if request.bot else "",
        created_at=_now(),
        expires_at=_now(),
    )


def _opponent(request: NewChallenge) -> Opponent:
    if request.bot:
        return Opponent.BOT
    return Opponent.PLAYER if request.invited_id else Opponent.ANYONE


def _check_same_challenge(stored: Challenge, made: Challenge) -> None:
    """Refuses a request id used again for another challenge."""
    if (stored.invited_id, stored.terms) != (made.invited_id, made.terms):
        raise InvalidRequest("challenge-request-id-reused")


def _challenge_id(player: Player, request_id: str) -> str:
    """The challenge's id, which its match takes: the same for a request's retries, and apart
    for each player; random without a request id."""
    if not request_id:
        return secrets.token_hex(12)
    scope = f"challenge\0{player.player_id}\0{request_id}"
    return hashlib.sha256(scope.encode()).hexdigest()[:24]


def _seats(challenge: Challenge, against_bot: bool) -> list[Seat]:
    """The match's seats in a drawn order: the challenger, the accepter (unless
    `against_bot`), and bots of the challenge's level for the rest."""
    terms = challenge.terms
    people = [
        Seat(
            seat=0,
            kind=SeatKind.HUMAN,
            player_id=challenge.challenger_id,
            display_name=challenge.challenger_name,
        )
    ]
    if not against_bot:
        accepter = Seat(
            seat=0,
            kind=SeatKind.HUMAN,
            player_id=challenge.accepted_by,
            display_name=challenge.accepted_name,
        )
        people.append(accepter)
    bots = [
        Seat(seat=0, kind=SeatKind.BOT, bot_level=terms.bot_level, display_name=_bot_name(terms))
        for _ in range(terms.seats - len(people))
        if terms.bot_level is not None
    ]
    seats = people + bots
    random.SystemRandom().shuffle(seats)  # who sits first is luck
    for number, seat in enumerate(seats):
        seat.seat = number
    return seats


def _bot_name(terms: Terms) -> str:
    level = terms.bot_level or BotLevel.NORMAL
    return bot_player(terms.title_id, level).display_name


def _pace_words(terms: Terms, day_s: int) -> str:
    """The pace as a notice says it: "live", "turn-based (3 days a move)"."""
    clock = terms.clock
    if not clock.turn_based:
        return "live"
    days = (clock.seconds_per_turn or clock.bank_initial_seconds) // day_s
    return f"turn-based ({days} day{'s' if days != 1 else ''} a move)" if days else "turn-based"


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)
