"""A notice as a person reads it, from its key and the match it is about, and checked against
the match as it is now: a notice whose cause no longer holds (a turn already played, a
commit that never happened on a Cluster) is not told. A notice filed outside a match's commit
(`matchstore.notices.TOLD_BY_FACTS`: a challenge) is told from the facts it was filed with
(`compose_told`).

The text is English; the kind, match and url let every client show its own words."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass

from playhall.archive.ratings import shown
from playhall.matches.waiting import waiting_on
from playhall.matchstore.model import EndReason, Match, MatchPhase
from playhall.matchstore.notices import NoticeKey, NoticeKind


class Urgency:
    """Web Push urgencies (RFC 8030, 5.3)."""

    HIGH = "high"
    NORMAL = "normal"
    LOW = "low"


@dataclass(frozen=True)
class Notice:
    """What one notice tells one player."""

    key: NoticeKey
    title: str
    body: str
    url: str
    urgency: str = Urgency.NORMAL
    expires_at: datetime.datetime | None = None
    """When it is no longer worth telling (a deadline passed); None: never."""

    @property
    def collapse_key(self) -> str:
        return self.key.member()


def compose(
    key: NoticeKey, match: Match | None, now_ms: int, rating: tuple[float, float] | None = None
) -> Notice | None:
    """The notice of `key` about `match` (None: the match is unknown), or None when its cause
    no longer holds; `rating`: the player's displayed rating before and after an ended match."""
    if match is None:
        return None
    url = f"/match.html?id={match.match_id}"
    name = match.title_id.capitalize()
    others = _others(match, key.player_id)
    if key.kind in (NoticeKind.YOUR_TURN, NoticeKind.DEADLINE):
        deadline_ms = waiting_on(match).get(key.player_id)
        if deadline_ms is None or match.status.turn != key.version:
            return None  # played already, or the match ended
        expires = _time(deadline_ms) if deadline_ms else None
        if key.kind == NoticeKind.YOUR_TURN:
            left = f" You have {_span(deadline_ms - now_ms)}." if deadline_ms else ""
            return Notice(
                key,
                f"Your turn in {name}",
                f"{others} wait for your move.{left}",
                url,
                Urgency.NORMAL if match.clock.turn_based else Urgency.HIGH,
                expires,
            )
        if not deadline_ms or deadline_ms <= now_ms:
            return None
        return Notice(
            key,
            f"{_span(deadline_ms - now_ms)} left in {name}",
            f"Your move against {others} is due {_span(deadline_ms - now_ms)} from now.",
            url,
            Urgency.HIGH,
            expires,
        )
    if key.kind == NoticeKind.MATCH_ENDED:
        if match.phase != MatchPhase.FINISHED:
            return None
        body = _ending(match)
        if rating is not None:
            before, after = (shown(value) for value in rating)
            body += f" Your rating: {before:.1f} → {after:.1f} ({after - before:+.1f})."
        return Notice(
            key,
            f"{name} against {others}: {_result(match, key.player_id)}",
            body,
            url,
            Urgency.LOW,
        )
    if key.kind == NoticeKind.SEAT_LEFT:
        seat = int(key.detail)
        if not match.seats[seat].resigned:
            return None
        leaver = match.seats[seat].display_name or f"Seat {seat}"
        mine = match.seats[seat].player_id == key.player_id
        title = "You left" if mine else f"{leaver} left"
        return Notice(
            key, f"{title} the {name} match", "A bot plays the seat on.", url, Urgency.LOW
        )
    if key.kind == NoticeKind.ROUND_PAIRED:
        return Notice(
            key,
            f"Your tournament game in {name} is ready",
            f"You play {others}.",
            url,
            Urgency.HIGH,
        )
    if key.kind == NoticeKind.TICKET_MATCHED:
        return Notice(key, f"Matched in {name}", f"You play {others}.", url, Urgency.HIGH)
    return None


def compose_told(key: NoticeKey, facts: Mapping[str, str] | None) -> Notice | None:
    """The notice of `key` told from its facts (None without them: told already).

    A challenge received: `from` (the challenger's name), `title`, `pace` (in words),
    `expires_ms`; answered: `by` (who answered), `title`, and `reason` (in words) when
    declined. A moderator's action (`moderation`): `reason`, and `until_ms` for a chat ban,
    `matches` (how many) for matches ended."""
    if facts is None:
        return None
    if key.kind == NoticeKind.MODERATION:
        return _moderation(key, facts)
    if key.kind == NoticeKind.CHALLENGE_RECEIVED:
        return Notice(
            key,
            f"{facts['from']} challenges you to {facts['title']}",
            f"A {facts['pace']} match. Accept or decline it in your challenges.",
            "/challenges.html",
            Urgency.HIGH,
            _time(int(facts["expires_ms"])),
        )
    if key.kind == NoticeKind.CHALLENGE_ANSWERED and key.detail == "accepted":
        return Notice(
            key,
            f"{facts['by']} accepted your challenge",
            f"Your {facts['title']} match has begun.",
            f"/match.html?id={key.match_id}",
            Urgency.HIGH,
        )
    if key.kind == NoticeKind.CHALLENGE_ANSWERED:
        return Notice(
            key,
            f"{facts['by']} declined your challenge",
            f"{facts['title']}: {facts['reason']}.",
            "/challenges.html",
            Urgency.LOW,
        )
    return None


MODERATION_DONE = {
    "delete_message": "A moderator deleted a message of yours",
    "mute_from_chat": "A moderator muted you from chat until {until:%Y-%m-%d %H:%M} UTC",
    "end_match": "A moderator ended your part in {matches} as abandoned",
}
"""What each moderator's action (`relations.moderation.ActionKind`) did, as its notice says."""


def _moderation(key: NoticeKey, facts: Mapping[str, str]) -> Notice:
    """A moderator's action on the player (key detail: the action), with its reason."""
    matches = int(facts.get("matches", "0"))
    until = _time(int(facts.get("until_ms", "0")))
    title = MODERATION_DONE[key.detail].format(
        until=until, matches="a match" if matches == 1 else f"{matches} matches"
    )
    url = f"/match.html?id={key.match_id}" if key.match_id else "/profile.html"
    return Notice(key, title, f"Reason: {facts['reason']}", url, Urgency.NORMAL)


def _others(match: Match, player_id: str) -> str:
    names = [
        seat.display_name or f"seat {seat.seat}"
        for seat in match.seats
        if seat.player_id != player_id
    ]
    return ", ".join(names) or "Your opponents"


def _result(match: Match, player_id: str) -> str:
    mine = set(match.seats_of(player_id)) | {
        s.seat for s in match.seats if s.player_id == player_id
    }
    if not match.winners:
        return "no winner"
    return "you won" if mine & set(match.winners) else "you lost"


def _ending(match: Match) -> str:
    reasons = {
        EndReason.GAME_OVER: "The game is over.",
        EndReason.RESIGNATION: "A player resigned.",
        EndReason.TIMEOUT: "A player ran out of time.",
        EndReason.ABANDONED: "Nobody moved for a long time.",
    }
    return reasons.get(match.end_reason, "The match ended.")


def _span(ms: int) -> str:
    """A duration as people say it: days and hours, hours and minutes, or minutes."""
    minutes = max(ms, 0) // 60_000
    days, hours = divmod(minutes // 60, 24)
    if days:
        return f"{days} d {hours} h" if hours else f"{days} d"
    if hours:
        return f"{hours} h {minutes % 60} min"
    return f"{max(minutes, 1)} min"


def _time(unix_ms: int) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(unix_ms / 1000, datetime.UTC)
