"""AccountService in the orchestrator process: a thin adapter that checks the caller, calls the
access stores (`access.tokens`, `access.bots`) and maps their refusals with MatchService's table
(`matches.servicer.refusals`). Managing tokens and the bot upgrade take a player token only (the
access gate refuses a personal access token before these handlers run; here a seat token or no
token is refused). Without the archive's database every call answers UNIMPLEMENTED saying so."""

from __future__ import annotations

import datetime
from typing import Any

import grpc

from playhall.access.bots import BotAccounts
from playhall.access.limits import CallClass, LimitSettings, LimitTable, SubjectKind
from playhall.access.scopes import Scope
from playhall.access.tokens import AccessToken, AccessTokens
from playhall.accounts.tokens import Player
from playhall.api.v1 import account_service_pb2 as pb
from playhall.api.v1 import account_service_pb2_grpc
from playhall.common.errors import InvalidRequest, NoArchive, NotAuthenticated
from playhall.matches.port import MatchPort
from playhall.matches.servicer import bearer_token, refusals
from playhall.relations.presence import Presence

Context = grpc.aio.ServicerContext[Any, Any]

SCOPE_OF_WIRE: dict[int, Scope] = {pb.Scope.Value(f"SCOPE_{scope.name}"): scope for scope in Scope}
"""Each scope's number in the contract (a scope missing from the contract fails at import)."""
WIRE_OF_SCOPE = {scope: number for number, scope in SCOPE_OF_WIRE.items()}
CALL_CLASS_OF = {
    kind: pb.CallClass.Name(pb.CallClass.Value(f"CALL_CLASS_{kind.name}")) for kind in CallClass
}
"""Each class of calls by its name in the contract (a class missing there fails at import)."""


class Access:
    """What AccountService stands on: the token and bot account stores, and the presence."""

    def __init__(self, tokens: AccessTokens, bots: BotAccounts, presence: Presence):
        self.tokens = tokens
        self.bots = bots
        self.presence = presence


class AccountServicer(account_service_pb2_grpc.AccountServiceServicer):
    def __init__(self, matches: MatchPort, access: Access | None, limits: LimitSettings):
        self.matches = matches
        self.access = access
        self.limits = limits

    def _access(self) -> Access:
        if self.access is None:
            raise NoArchive("token-no-archive")
        return self.access

    async def _player(self, context: Context) -> tuple[Player, Access]:
        """The signed-in caller and the stores (refused without either)."""
        player = await self.matches.caller(bearer_token(context))
        if not isinstance(player, Player):
            raise NotAuthenticated("account-sign-in-first")
        return player, self._access()

    async def CreateAccessToken(
        self, request: pb.CreateAccessTokenRequest, context: Context
    ) -> pb.CreateAccessTokenResponse:
        async with refusals(context):
            player, access = await self._player(context)
            token, secret = await access.tokens.create(
                player, request.name, scope_names(request.scopes), request.expires_in_days
            )
            return pb.CreateAccessTokenResponse(token=token_message(token), secret=secret)

    async def ListAccessTokens(
        self, request: pb.ListAccessTokensRequest, context: Context
    ) -> pb.ListAccessTokensResponse:
        async with refusals(context):
            player, access = await self._player(context)
            tokens = await access.tokens.list(player.player_id)
            return pb.ListAccessTokensResponse(tokens=[token_message(t) for t in tokens])

    async def RevokeAccessToken(
        self, request: pb.RevokeAccessTokenRequest, context: Context
    ) -> pb.RevokeAccessTokenResponse:
        async with refusals(context):
            player, access = await self._player(context)
            await access.tokens.revoke(player.player_id, request.token_id)
            return pb.RevokeAccessTokenResponse()

    async def UpgradeToBot(
        self, request: pb.UpgradeToBotRequest, context: Context
    ) -> pb.UpgradeToBotResponse:
        async with refusals(context):
            player, access = await self._player(context)
            upgraded = await access.bots.upgrade(player)
            return pb.UpgradeToBotResponse(upgraded_unix_ms=unix_ms(upgraded))

    async def ListOnlineBots(
        self, request: pb.ListOnlineBotsRequest, context: Context
    ) -> pb.ListOnlineBotsResponse:
        async with refusals(context):
            access = self._access()
            page = await access.bots.online(
                access.presence.online, request.page_size, request.page_token
            )
            return pb.ListOnlineBotsResponse(
                bots=[
                    pb.OnlineBot(
                        player_id=bot.player_id,
                        name=bot.display_name,
                        upgraded_unix_ms=unix_ms(bot.upgraded_at),
                    )
                    for bot in page.bots
                ],
                next_page_token=page.next_page_token,
            )

    async def GetLimits(
        self, request: pb.GetLimitsRequest, context: Context
    ) -> pb.GetLimitsResponse:
        async with refusals(context):
            exempt = self.matches.is_operator(bearer_token(context))
            table = self.limits.table()
            return pb.GetLimitsResponse(
                limited=self.limits.rate_limits and not exempt,
                limits=limit_messages(table),
                token_open_streams=table.most_open(SubjectKind.TOKEN),
                address_open_streams=table.most_open(SubjectKind.ADDRESS),
            )


def limit_messages(table: LimitTable) -> list[pb.RateLimit]:
    """Each class of calls with its limits and methods, in the classes' order."""
    messages = []
    for kind in CallClass:
        token, address = table.for_token(kind), table.for_address(kind)
        messages.append(
            pb.RateLimit(
                call_class=CALL_CLASS_OF[kind],
                name=kind.value,
                token_per_second=token.per_second,
                token_burst=token.burst,
                address_per_second=address.per_second,
                address_burst=address.burst,
                methods=[method.lstrip("/") for method in table.methods(kind)],
            )
        )
    return messages


def scope_names(numbers: list[int] | Any) -> list[str]:
    """The names of the scopes a request lists by number (the store checks what they are)."""
    names = []
    for number in numbers:
        scope = SCOPE_OF_WIRE.get(number)
        if scope is None:
            raise InvalidRequest("token-scope-number-unknown", number=number)
        names.append(scope.value)
    return names


def token_message(token: AccessToken) -> pb.AccessToken:
    return pb.AccessToken(
        token_id=token.token_id,
        name=token.name,
        scopes=[
            f"SCOPE_{scope.name}" for scope in sorted(token.scopes, key=WIRE_OF_SCOPE.__getitem__)
        ],
        created_unix_ms=unix_ms(token.created_at),
        last_used_unix_ms=unix_ms(token.last_used_at),
        expires_unix_ms=unix_ms(token.expires_at),
        prefix=token.prefix,
    )


def unix_ms(moment: datetime.datetime | None) -> int:
    return 0 if moment is None else int(moment.timestamp() * 1000)
