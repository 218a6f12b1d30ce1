"""The scopes of personal access tokens and the one table of which RPC needs which.

A call that comes with a personal access token is let through only if the token holds the
scope its method needs (`required`). A player token (a JWT: the portal's sign-in) holds every
scope, and seat tokens authorize their seat as before: neither is checked here. Besides scopes,
two gates: OPEN methods answer anyone (a token is still checked, not its scopes), SIGN_IN
methods never take a personal access token (managing tokens, the bot upgrade, moderators'
actions), so a leaked token can neither breed more nor moderate.

The names are the contract's (`playhall.api.v1.Scope`, documented there): `match:play` is
SCOPE_MATCH_PLAY. `bot:play` is a bot's whole kit in one scope: it grants what BOT_KIT lists."""

from __future__ import annotations

import enum
from collections.abc import Iterable

from playhall.common.errors import MissingScope


class Scope(enum.StrEnum):
    """A scope of a personal access token, by its name on the wire and in the docs."""

    MATCH_PLAY = "match:play"
    """Create matches, take seats and play in them (moves, resign, time, queues)."""
    MATCH_READ = "match:read"
    """Watch matches and read their state, history and the tournaments (a seat's own view)."""
    BOT_PLAY = "bot:play"
    """Play as a bot: everything BOT_KIT lists."""
    CHALLENGE_READ = "challenge:read"
    """Read the challenges to and from the account and the open tables."""
    CHALLENGE_WRITE = "challenge:write"
    """Make, accept, decline and withdraw challenges."""
    PROFILE_READ = "profile:read"
    """Read the account's profile and inbox and its notification settings."""
    PROFILE_WRITE = "profile:write"
    """Change the account's notification settings, vacation and inbox."""
    CHAT_READ = "chat:read"
    """Read and watch the chat rooms the account may read, and its mutes."""
    CHAT_WRITE = "chat:write"
    """Write in the chat, mute and unmute authors, report messages."""
    SOCIAL_READ = "social:read"
    """Read friends, followers, blocks and presence."""
    SOCIAL_WRITE = "social:write"
    """Follow, block, report players, keep the account online (Heartbeat)."""
    EVENTS_READ = "events:read"
    """Open the account's event stream."""


BOT_KIT = frozenset(
    {
        Scope.MATCH_PLAY,
        Scope.MATCH_READ,
        Scope.CHALLENGE_READ,
        Scope.CHALLENGE_WRITE,
        Scope.EVENTS_READ,
    }
)
"""What `bot:play` grants: the event stream, the challenges, and playing and watching."""


class Gate(enum.Enum):
    """A method's rule that is not a scope."""

    OPEN = "open"
    """Answers anyone: a personal access token needs no scope for it (it must still be valid)."""
    SIGN_IN = "sign-in"
    """Only with a player token (the portal's sign-in): never with a personal access token."""


class UnknownScope(ValueError):
    """A scope name that is not one of Scope's."""


def parse(names: Iterable[str]) -> frozenset[Scope]:
    """The scopes named (each once); UnknownScope names the first name that is none."""
    known = {scope.value: scope for scope in Scope}
    parsed = set()
    for name in names:
        if name not in known:
            raise UnknownScope(name)
        parsed.add(known[name])
    return frozenset(parsed)


def granted(held: Iterable[Scope]) -> frozenset[Scope]:
    """The scopes a token's scopes let it use: themselves, and BOT_KIT with `bot:play`."""
    scopes = frozenset(held)
    return scopes | BOT_KIT if Scope.BOT_PLAY in scopes else scopes


def _methods(service: str, rules: dict[str, Scope | Gate]) -> dict[str, Scope | Gate]:
    return {f"/{service}/{method}": rule for method, rule in rules.items()}


REQUIRED: dict[str, Scope | Gate] = {
    **_methods(
        "playhall.match.v1.MatchService",
        {
            "ListGames": Gate.OPEN,
            "CreateMatch": Scope.MATCH_PLAY,
            "ListMatches": Scope.MATCH_READ,
            "JoinMatch": Scope.MATCH_PLAY,
            "GetMatch": Scope.MATCH_READ,
            "SubmitMove": Scope.MATCH_PLAY,
            "WatchMatch": Scope.MATCH_READ,
            "GetHistory": Scope.MATCH_READ,
            "Resign": Scope.MATCH_PLAY,
            "GiveTime": Scope.MATCH_PLAY,
            "UndoMove": Scope.MATCH_PLAY,
        },
    ),
    **_methods(
        "playhall.players.v1.PlayerService",
        {
            "GetProfile": Scope.PROFILE_READ,
            "ListRunningMatches": Scope.MATCH_READ,
            "ListMyTurn": Scope.MATCH_READ,
            "GoAway": Scope.PROFILE_WRITE,
            "ComeBack": Scope.PROFILE_WRITE,
            "ReclaimSeat": Scope.MATCH_PLAY,
            "ListFinishedMatches": Scope.MATCH_READ,
            "GetRatings": Gate.OPEN,
            "GetRatingHistory": Gate.OPEN,
            "GetLeaderboard": Gate.OPEN,
            "ListNotices": Scope.PROFILE_READ,
            "MarkNoticesRead": Scope.PROFILE_WRITE,
            "WatchNotices": Scope.PROFILE_READ,
            "GetNotificationSettings": Scope.PROFILE_READ,
            "UpdateNotificationSettings": Scope.PROFILE_WRITE,
            "AddPushSubscription": Scope.PROFILE_WRITE,
            "RemovePushSubscription": Scope.PROFILE_WRITE,
            "ConfirmEmail": Gate.OPEN,
            "Unsubscribe": Gate.OPEN,
        },
    ),
    **_methods(
        "playhall.matchmaking.v1.MatchmakingService",
        {"EnterQueue": Scope.MATCH_PLAY, "LeaveQueue": Scope.MATCH_PLAY},
    ),
    **_methods(
        "playhall.tournament.v1.TournamentService",
        {
            "CreateTournament": Scope.MATCH_PLAY,
            "JoinTournament": Scope.MATCH_PLAY,
            "GetTournament": Scope.MATCH_READ,
            "ListTournaments": Scope.MATCH_READ,
            "WatchStandings": Scope.MATCH_READ,
        },
    ),
    **_methods(
        "playhall.social.v1.FriendsService",
        {
            "Follow": Scope.SOCIAL_WRITE,
            "Unfollow": Scope.SOCIAL_WRITE,
            "Block": Scope.SOCIAL_WRITE,
            "Unblock": Scope.SOCIAL_WRITE,
            "ListFriends": Scope.SOCIAL_READ,
            "ListBlocked": Scope.SOCIAL_READ,
            "Heartbeat": Scope.SOCIAL_WRITE,
            "GetRelation": Scope.SOCIAL_READ,
        },
    ),
    **_methods(
        "playhall.social.v1.ChallengeService",
        {
            "CreateChallenge": Scope.CHALLENGE_WRITE,
            "AcceptChallenge": Scope.CHALLENGE_WRITE,
            "DeclineChallenge": Scope.CHALLENGE_WRITE,
            "WithdrawChallenge": Scope.CHALLENGE_WRITE,
            "ListChallenges": Scope.CHALLENGE_READ,
            "ListOpenChallenges": Scope.CHALLENGE_READ,
        },
    ),
    **_methods(
        "playhall.social.v1.ChatService",
        {
            "SendMessage": Scope.CHAT_WRITE,
            "ListMessages": Scope.CHAT_READ,
            "WatchChat": Scope.CHAT_READ,
            "MutePlayer": Scope.CHAT_WRITE,
            "UnmutePlayer": Scope.CHAT_WRITE,
            "ListMuted": Scope.CHAT_READ,
        },
    ),
    **_methods(
        "playhall.social.v1.ModerationService",
        {
            "ReportMessage": Scope.CHAT_WRITE,
            "ReportPlayer": Scope.SOCIAL_WRITE,
            # A moderator's work is never a program's: a token cannot moderate.
            "ListReports": Gate.SIGN_IN,
            "ResolveReport": Gate.SIGN_IN,
            "DeleteMessage": Gate.SIGN_IN,
            "MuteFromChat": Gate.SIGN_IN,
            "EndMatches": Gate.SIGN_IN,
            "ListActions": Gate.SIGN_IN,
        },
    ),
    **_methods(
        "playhall.api.v1.AccountService",
        {
            # A token cannot make, see or revoke tokens, nor turn its account into a bot.
            "CreateAccessToken": Gate.SIGN_IN,
            "ListAccessTokens": Gate.SIGN_IN,
            "RevokeAccessToken": Gate.SIGN_IN,
            "UpgradeToBot": Gate.SIGN_IN,
            "ListOnlineBots": Gate.OPEN,
            "GetLimits": Gate.OPEN,
        },
    ),
    **_methods("playhall.api.v1.EventService", {"StreamEvents": Scope.EVENTS_READ}),
}
"""Each method the orchestrator serves (its full gRPC name) and what a personal access token
needs to call it. A method missing here is refused to every token (and a unit test fails)."""


def require(method: str, held: frozenset[Scope]) -> None:
    """Refuses (MissingScope) a call of `method` (its full gRPC name) with a personal access
    token holding the scopes `held`, unless the table lets it through."""
    rule = REQUIRED.get(method)
    name = method.rpartition("/")[2]
    if rule is None:
        raise MissingScope("token-method-not-open", method=name)
    if rule is Gate.SIGN_IN:
        raise MissingScope("token-method-sign-in", method=name)
    if isinstance(rule, Scope) and rule not in granted(held):
        raise MissingScope("token-scope-missing", scope=rule.value, method=name)
