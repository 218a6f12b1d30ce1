"""A notice as a person reads it, from its key and the match it is about, and checked against
the match as it is now: a notice whose cause no longer holds (a turn already played, a
commit that never happened on a Cluster) is not told. A notice filed outside a match's commit
(`matchstore.notices.TOLD_BY_FACTS`: a challenge) is told from the facts it was filed with
(`compose_told`).

Its title and body are message keys with language-neutral arguments (`reading` words them for
each reader, in the platform catalogue's `notices.ftl`); the kind, match and url let every
client show its own words."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from playhall.archive.ratings import shown
from playhall.core.i18n import Argument, Text
from playhall.matches.waiting import waiting_on
from playhall.matchstore.model import EndReason, Match, MatchPhase
from playhall.matchstore.notices import NoticeKey, NoticeKind
from playhall.notifications.reading import names


class Urgency:
    """Web Push urgencies (RFC 8030, 5.3)."""

    HIGH = "high"
    NORMAL = "normal"
    LOW = "low"


@dataclass(frozen=True)
class Notice:
    """What one notice tells one player: a title and a body, each a key, with their arguments
    (`reading`'s conventions)."""

    key: NoticeKey
    title_key: str
    body_key: str
    url: str
    urgency: str = Urgency.NORMAL
    expires_at: datetime.datetime | None = None
    """When it is no longer worth telling (a deadline passed); None: never."""
    args: Mapping[str, Argument] = field(default_factory=lambda: MappingProxyType({}))
    """The arguments of both keys."""

    @property
    def collapse_key(self) -> str:
        return self.key.member()

    @property
    def title(self) -> Text:
        return Text(self.title_key, self.args)

    @property
    def body(self) -> Text:
        return Text(self.body_key, self.args)


def compose(
    key: NoticeKey, match: Match | None, now_ms: int, rating: tuple[float, float] | None = None
) -> Notice | None:
    """The notice of `key` about `match` (None: the match is unknown), or None when its cause
    no longer holds; `rating`: the player's displayed rating before and after an ended match."""
    if match is None:
        return None
    url = f"/match.html?id={match.match_id}"
    facts: dict[str, Argument] = {"game": match.title_id, **_others(match, key.player_id)}
    if key.kind in (NoticeKind.YOUR_TURN, NoticeKind.DEADLINE):
        deadline_ms = waiting_on(match).get(key.player_id)
        if deadline_ms is None or match.status.turn != key.version:
            return None  # played already, or the match ended
        expires = _time(deadline_ms) if deadline_ms else None
        if deadline_ms:
            left = max(deadline_ms - now_ms, 0)
            facts |= {"left": left, "due_in": left, "due": deadline_ms}
        if key.kind == NoticeKind.YOUR_TURN:
            body = "notice-your-turn-body-due" if deadline_ms else "notice-your-turn-body"
            urgency = Urgency.NORMAL if match.clock.turn_based else Urgency.HIGH
            return Notice(key, "notice-your-turn-title", body, url, urgency, expires, facts)
        if not deadline_ms or deadline_ms <= now_ms:
            return None
        return Notice(
            key, "notice-deadline-title", "notice-deadline-body", url, Urgency.HIGH, expires, facts
        )
    if key.kind == NoticeKind.MATCH_ENDED:
        if match.phase != MatchPhase.FINISHED:
            return None
        facts |= {"result": _result(match, key.player_id), "reason": _ending(match)}
        body = "notice-match-ended-body"
        if rating is not None:
            before, after = (round(shown(value), 1) for value in rating)
            facts |= {"before": before, "after": after, "change": round(after - before, 1)}
            body = "notice-match-ended-body-rated"
        return Notice(key, "notice-match-ended-title", body, url, Urgency.LOW, None, facts)
    if key.kind == NoticeKind.SEAT_LEFT:
        seat = int(key.detail)
        if not match.seats[seat].resigned:
            return None
        if match.seats[seat].player_id == key.player_id:
            title = "notice-you-left-title"
        else:
            title = "notice-seat-left-title"
            facts["leaver"] = match.seats[seat].display_name or _unnamed(seat)
        return Notice(key, title, "notice-seat-left-body", url, Urgency.LOW, None, facts)
    if key.kind == NoticeKind.ROUND_PAIRED:
        title = "notice-round-paired-title"
        return Notice(key, title, "notice-you-play", url, Urgency.HIGH, None, facts)
    if key.kind == NoticeKind.TICKET_MATCHED:
        title = "notice-ticket-matched-title"
        return Notice(key, title, "notice-you-play", url, Urgency.HIGH, None, facts)
    return None


def compose_told(key: NoticeKey, facts: Mapping[str, str] | None) -> Notice | None:
    """The notice of `key` told from its facts (None without them: told already).

    A challenge received: `from` (the challenger's name), `title_id`, `turn_based` ("1" or
    "0") and `days` (a move's days, "0": none set), `expires_ms`; answered: `by` (who
    answered), `title_id`, and `reason_id` (a `DeclineReason` value) when declined. Facts
    filed before they were ids (`title`: the title id capitalized) still read. A moderator's
    action (`moderation`): `reason` (the moderator's own words), and `until_ms` for a chat
    ban, `matches` (how many) for matches ended."""
    if facts is None:
        return None
    if key.kind == NoticeKind.MODERATION:
        return _moderation(key, facts)
    game = facts.get("title_id") or facts.get("title", "").lower()
    if key.kind == NoticeKind.CHALLENGE_RECEIVED:
        expires_ms = int(facts["expires_ms"])
        told: dict[str, Argument] = {
            "from": facts["from"],
            "game": game,
            "pace": "turn-based" if _turn_based(facts) else "live",
            "days": int(facts.get("days", "0")),
            "until": expires_ms,
        }
        return Notice(
            key,
            "notice-challenge-received-title",
            "notice-challenge-received-body",
            "/challenges.html",
            Urgency.HIGH,
            _time(expires_ms),
            told,
        )
    answered: dict[str, Argument] = {"by": facts["by"], "game": game}
    if key.kind == NoticeKind.CHALLENGE_ANSWERED and key.detail == "accepted":
        return Notice(
            key,
            "notice-challenge-accepted-title",
            "notice-challenge-accepted-body",
            f"/match.html?id={key.match_id}",
            Urgency.HIGH,
            None,
            answered,
        )
    if key.kind == NoticeKind.CHALLENGE_ANSWERED:
        answered["reason"] = facts.get("reason_id", "other")
        return Notice(
            key,
            "notice-challenge-declined-title",
            "notice-challenge-declined-body",
            "/challenges.html",
            Urgency.LOW,
            None,
            answered,
        )
    return None


def _turn_based(facts: Mapping[str, str]) -> bool:
    """Whether a challenge's match is turn-based ("pace" said it in words before facts had
    `turn_based`)."""
    return facts.get("turn_based", "0" if facts.get("pace") == "live" else "1") == "1"


MODERATION_DONE = {
    "delete_message": "notice-moderation-deleted-title",
    "mute_from_chat": "notice-moderation-muted-title",
    "end_match": "notice-moderation-ended-title",
}
"""The title key of each moderator's action (`relations.moderation.ActionKind`)."""


def _moderation(key: NoticeKey, facts: Mapping[str, str]) -> Notice:
    """A moderator's action on the player (key detail: the action), with its reason."""
    told: dict[str, Argument] = {
        "reason": facts["reason"],
        "matches": int(facts.get("matches", "0")),
        "until": int(facts.get("until_ms", "0")),
    }
    url = f"/match.html?id={key.match_id}" if key.match_id else "/profile.html"
    title = MODERATION_DONE[key.detail]
    return Notice(key, title, "notice-moderation-body", url, Urgency.NORMAL, None, told)


def _unnamed(seat: int) -> str:
    """A seat without a display name, as a name: its number, counted from 1."""
    return f"#{seat + 1}"


def _others(match: Match, player_id: str) -> dict[str, Argument]:
    """The player's opponents: `others` (their names) and `count` (how many)."""
    opponents = [
        seat.display_name or _unnamed(seat.seat)
        for seat in match.seats
        if seat.player_id != player_id
    ]
    return {"others": names(*opponents), "count": len(opponents)}


def _result(match: Match, player_id: str) -> str:
    """ "won", "lost", or "none" (no winner): the `result` a notice words."""
    mine = set(match.seats_of(player_id)) | {
        s.seat for s in match.seats if s.player_id == player_id
    }
    if not match.winners:
        return "none"
    return "won" if mine & set(match.winners) else "lost"


ENDINGS = {
    EndReason.GAME_OVER: "game-over",
    EndReason.RESIGNATION: "resignation",
    EndReason.TIMEOUT: "timeout",
    EndReason.ABANDONED: "abandoned",
}
"""The `reason` a notice words for each way a match ends ("other": any other)."""


def _ending(match: Match) -> str:
    return ENDINGS.get(match.end_reason, "other")


def _time(unix_ms: int) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(unix_ms / 1000, datetime.UTC)
