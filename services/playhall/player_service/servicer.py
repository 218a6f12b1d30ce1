"""PlayerService in the orchestrator process (it has the match store and the archive's pool): a
thin adapter that checks the caller's player token, calls the match domain (running matches,
seats) or the archive's reads (`archive/pages.py`: finished matches, ratings, leaderboards),
and maps their refusals to status codes with MatchService's own table
(`matches.servicer.refusals`).
Without an archive the archive's calls answer UNIMPLEMENTED saying so."""

from __future__ import annotations

import logging

import grpc
import psycopg

from playhall.access.bots import BotAccounts
from playhall.accounts.tokens import Player
from playhall.archive.pages import PlayerPages, reputation_message
from playhall.common.errors import NoArchive, NotAuthenticated, Unavailable
from playhall.common.refusal_details import CALLER_LANGUAGE
from playhall.matches.domain import Matches
from playhall.matches.servicer import MatchServicer, bearer_token, refusals
from playhall.matches.vacations import Vacation
from playhall.matchstore import wire
from playhall.matchstore.store import now_ms
from playhall.notifications.players import PlayerNotices
from playhall.notifications.reading import Reader
from playhall.notifications.store import NoticeStore, PushSubscription
from playhall.player_service import notices
from playhall.players.v1 import player_service_pb2 as pb
from playhall.players.v1 import player_service_pb2_grpc
from playhall.relations.graph import Relations

log = logging.getLogger(__name__)

RUNNING_LIMIT, MAX_RUNNING_LIMIT = 50, 200


class PlayerServicer(player_service_pb2_grpc.PlayerServiceServicer):
    """Runs its changes (ReclaimSeat) like MatchService's, through `changes.finish`: to their
    end even if the caller goes away, and drained on shutdown with the others."""

    def __init__(self, matches: Matches, changes: MatchServicer):
        self.matches = matches
        self.changes = changes
        self.pages = PlayerPages(matches.archive, matches.rules.titles) if matches.archive else None
        self.notices = None
        self.relations = None
        self.bots = None
        if matches.archive is not None:
            self.relations = Relations(matches.archive.pool)
            self.bots = BotAccounts(matches.archive.pool)
            store = NoticeStore(matches.archive.pool)
            self.notices = PlayerNotices(store, allow_local=matches.settings.testing)

    def _notices(self) -> PlayerNotices:
        if self.notices is None:
            raise NoArchive("notice-no-archive")
        return self.notices

    def _pages(self) -> PlayerPages:
        if self.pages is None:
            raise NoArchive("archive-none")
        return self.pages

    async def _player(self, context: grpc.aio.ServicerContext) -> Player:
        player = await self._reader(context)
        if player is None:
            raise NotAuthenticated("account-sign-in-player")
        return player

    async def _reader(self, context: grpc.aio.ServicerContext) -> Player | None:
        """The signed-in caller of a public read, None for nobody (a player token that is not
        accepted is still refused: it says who the caller means to be)."""
        credential = await self.matches.identity.resolve(bearer_token(context))
        return credential if isinstance(credential, Player) else None

    async def _make_known(self, player: Player) -> None:
        """Makes the signed-in player known to others (followable, challengeable: the portal
        reads the profile at sign-in); best effort, as the profile itself is read from Redis:
        an archive out of reach is logged, and the next profile read tries again."""
        if self.relations is None:
            return
        try:
            await self.relations.make_known(player)
        except psycopg.OperationalError as error:
            log.warning("signed-in player not made known", extra={"error": str(error)})

    async def _add_reputation(self, shown: pb.Player) -> None:
        """The player's reputation on their profile where the archive has it; best effort, as
        the rest of the profile is not the archive's (an archive out of reach leaves it
        unset, and the sign-in that reads the profile goes on)."""
        if self.matches.reputations is None:
            return
        try:
            known = await self.matches.reputations.of(shown.player_id)
        except Unavailable as error:
            log.warning("reputation not read for a profile", extra={"error": error.reason})
            return
        shown.reputation.CopyFrom(reputation_message(known))

    async def _mark_bot(self, shown: pb.Player) -> None:
        """Marks a bot account's profile; best effort, as `_add_reputation`."""
        if self.bots is None:
            return
        try:
            shown.bot = shown.player_id in await self.bots.bots_among([shown.player_id])
        except Unavailable as error:
            log.warning("bot account not read for a profile", extra={"error": error.reason})

    async def GetProfile(self, request, context):
        async with refusals(context):
            player = await self._player(context)
            await self._make_known(player)
            vacation = await self.matches.vacations.status(player.player_id)
            shown = profile(player)
            await self._add_reputation(shown)
            await self._mark_bot(shown)
            return pb.GetProfileResponse(player=shown, vacation=_vacation(vacation))

    async def GoAway(self, request, context):
        async with refusals(context):
            player = await self._player(context)
            away = self.matches.vacations.go_away(player.player_id, request.days)
            return pb.GoAwayResponse(vacation=_vacation(await self.changes.run_to_end(away)))

    async def ComeBack(self, request, context):
        async with refusals(context):
            player = await self._player(context)
            back = self.matches.vacations.come_back(player.player_id)
            return pb.ComeBackResponse(vacation=_vacation(await self.changes.run_to_end(back)))

    async def ListRunningMatches(self, request, context):
        async with refusals(context):
            player = await self._player(context)
            limit = _limit(request.limit)
            running = await self.matches.running_matches(player, limit)
            return pb.ListRunningMatchesResponse(
                matches=[
                    pb.RunningMatch(match=wire.summary(match), seats=seats)
                    for match, seats in running
                ]
            )

    async def ListMyTurn(self, request, context):
        async with refusals(context):
            player = await self._player(context)
            limit = _limit(request.limit)
            waiting, count = await self.matches.my_turn(player, limit)
            now = now_ms()
            return pb.ListMyTurnResponse(
                matches=[
                    pb.MyTurn(
                        match=wire.summary(turn.match),
                        seats=turn.seats,
                        deadline_unix_ms=turn.deadline_ms,
                        time_left_ms=max(turn.deadline_ms - now, 0) if turn.deadline_ms else 0,
                    )
                    for turn in waiting
                ],
                count=count,
            )

    async def ReclaimSeat(self, request, context):
        async with refusals(context, request):
            player = await self._player(context)
            seat = request.seat if request.HasField("seat") else None
            taken = await self.changes.run_to_end(
                self.matches.reclaim(request.match_id, player, seat)
            )
            return pb.ReclaimSeatResponse(
                token=wire.seat_token(taken.seat, taken.token),
                match=wire.summary(taken.match),
            )

    async def ListFinishedMatches(self, request, context):
        async with refusals(context):
            player = await self._player(context)
            return await self._pages().finished_matches(player, request)

    async def GetRatings(self, request, context):
        async with refusals(context):
            reader = await self._reader(context)
            return await self._pages().ratings(reader, request)

    async def GetRatingHistory(self, request, context):
        async with refusals(context):
            reader = await self._reader(context)
            return await self._pages().rating_history(reader, request)

    async def GetLeaderboard(self, request, context):
        async with refusals(context):
            return await self._pages().leaderboard(request)

    # -- notices ---------------------------------------------------------------------------------

    async def ListNotices(self, request, context):
        async with refusals(context):
            player = await self._player(context)
            found, unread = await self._notices().inbox(
                player.player_id, request.limit, request.before_id, request.unread_only
            )
            reader = await self._reader_of(player)
            return pb.ListNoticesResponse(
                notices=[notices.notice(n, reader) for n in found], unread=unread
            )

    async def _reader_of(self, player: Player) -> Reader:
        """Who reads the inbox on this call: the caller's language (`refusals` noted it from
        the call's accept-language) in the player's time zone."""
        chosen = await self._notices().preferences(player.player_id)
        return Reader(CALLER_LANGUAGE.get(), chosen.time_zone)

    async def MarkNoticesRead(self, request, context):
        async with refusals(context):
            player = await self._player(context)
            unread = await self._notices().mark_read(player.player_id, request.ids, request.all)
            return pb.MarkNoticesReadResponse(unread=unread)

    async def WatchNotices(self, request, context):
        async with refusals(context):
            player = await self._player(context)
            reader = await self._reader_of(player)
            async for update in self._notices().watch(player.player_id):
                response = pb.WatchNoticesResponse(unread=update.unread)
                if update.notice is not None:
                    response.notice.CopyFrom(notices.notice(update.notice, reader))
                yield response

    async def GetNotificationSettings(self, request, context):
        async with refusals(context):
            player = await self._player(context)
            chosen = await self._notices().preferences(player.player_id)
            return pb.GetNotificationSettingsResponse(
                settings=notices.settings(chosen, self.matches.settings.vapid_public_key)
            )

    async def UpdateNotificationSettings(self, request, context):
        async with refusals(context):
            player = await self._player(context)
            wanted = notices.preferences_of(request.settings)
            updated = await self._notices().update(player.player_id, wanted)
            return pb.UpdateNotificationSettingsResponse(
                settings=notices.settings(
                    updated.preferences, self.matches.settings.vapid_public_key
                ),
                webhook_secret=updated.webhook_secret,
            )

    async def AddPushSubscription(self, request, context):
        async with refusals(context):
            player = await self._player(context)
            subscription = PushSubscription(request.endpoint, request.p256dh, request.auth)
            await self._notices().subscribe(player.player_id, subscription)
            return pb.AddPushSubscriptionResponse()

    async def RemovePushSubscription(self, request, context):
        async with refusals(context):
            player = await self._player(context)
            removed = await self._notices().unsubscribe(player.player_id, request.endpoint)
            return pb.RemovePushSubscriptionResponse(removed=removed)

    async def ConfirmEmail(self, request, context):
        async with refusals(context):
            email = await self._notices().confirm_email(request.token)
            return pb.ConfirmEmailResponse(email=email)

    async def Unsubscribe(self, request, context):
        async with refusals(context):
            await self._notices().unsubscribe_mail(request.token)
            return pb.UnsubscribeResponse()


def profile(player: Player) -> pb.Player:
    return pb.Player(
        player_id=player.player_id, display_name=player.display_name, moderator=player.moderator
    )


def _vacation(vacation: Vacation) -> pb.Vacation:
    return pb.Vacation(
        away_since_unix_ms=vacation.since_ms,
        away_until_unix_ms=vacation.until_ms,
        allowance_left_ms=vacation.left_ms,
    )


def _limit(asked: int) -> int:
    """How many matches a list returns for `asked` (0 or less: the default)."""
    return RUNNING_LIMIT if asked <= 0 else min(asked, MAX_RUNNING_LIMIT)
