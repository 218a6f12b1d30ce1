"""What a commit has to tell the match's signed-in players: the notice outbox's entries it writes
(`matchstore.notices`), decided here from the match as committed, and delivered, or not, by the
notifier (`notifications`), which reads each player's wishes.

- A new turn (the turn changed, or the match began) tells every player it waits on, once per
  turn: the key holds the turn, so the commits within one turn write one notice. A turn-based
  turn also files each waiting player's first reminder (`first_reminder`: the latest of
  `REMINDER_HOURS` still ahead of their deadline); the notifier files the next as it tells or
  skips one (the player's settings choose which they get), and the commit that ends the turn
  withdraws whichever waits.
- An end tells every player, with the version that ended it.
- A seat that leaves while the match goes on (a resignation or forfeit with three seats or
  more) tells every player, the leaver too.

The same commit logs the events a program's event stream tells (`matchstore.events`): the
match started and ended to every player, a new turn to each player it waits on."""

from __future__ import annotations

from playhall.matches.waiting import waiting_on
from playhall.matchstore.events import Event, EventKind, event_entry
from playhall.matchstore.model import Match, MatchPhase
from playhall.matchstore.notices import NOTICES, NoticeKey, NoticeKind, notice_entry
from playhall.matchstore.store import IndexUpdate


def notice_entries(
    match: Match, version: int, before_turn: int | None, day_s: int
) -> list[IndexUpdate]:
    """The outbox entries of committing `match` as `version`, over a version whose turn was
    `before_turn` (None: a new match)."""
    if not match.player_ids():
        return []
    at_ms = match.updated_unix_ms
    entries = []
    turn = match.status.turn
    running = match.phase == MatchPhase.RUNNING
    if match.clock.turn_based and before_turn is not None and (before_turn != turn or not running):
        # The reminders of a turn that is over never come (a live match has none).
        entries.extend(_reminders_withdrawn(match, before_turn))
    if running and (before_turn is None or match.stored_phase != MatchPhase.RUNNING):
        entries.extend(_logged_for_everyone(match, EventKind.MATCH_STARTED, 0))
    if running and (before_turn != turn or match.stored_phase != MatchPhase.RUNNING):
        for player_id, deadline_ms in sorted(waiting_on(match).items()):
            key = NoticeKey(NoticeKind.YOUR_TURN, player_id, match.match_id, turn)
            entries.append(notice_entry(key, at_ms))
            logged = Event(EventKind.YOUR_TURN, player_id, match.match_id, turn)
            entries.append(event_entry(logged))
            if match.clock.turn_based and deadline_ms:
                reminder = first_reminder(
                    player_id, match.match_id, turn, deadline_ms, at_ms, day_s
                )
                if reminder is not None:
                    entries.append(notice_entry(*reminder))
    if match.phase == MatchPhase.FINISHED != match.stored_phase:
        entries.extend(_to_everyone(match, NoticeKind.MATCH_ENDED, version, "", at_ms))
        entries.extend(_logged_for_everyone(match, EventKind.MATCH_ENDED, version))
    elif match.phase != MatchPhase.FINISHED:
        for seat in sorted(match.left() - match.stored_left):
            entries.extend(_to_everyone(match, NoticeKind.SEAT_LEFT, version, str(seat), at_ms))
    return entries


def started_entries(match: Match, kind: NoticeKind) -> list[IndexUpdate]:
    """A new match's notice to each of its players (a round paired, a ticket matched)."""
    return _to_everyone(match, kind, 0, "", match.created_unix_ms)


def first_reminder(
    player_id: str, match_id: str, turn: int, deadline_ms: int, now_ms: int, day_s: int, below=25
) -> tuple[NoticeKey, int] | None:
    """The next reminder of a turn: at the largest point of `REMINDER_HOURS` under `below`
    that is still ahead, with when it is due; None when none is. One reminder waits at a
    time: the notifier files the next when it tells (or skips) one."""
    for hours in REMINDER_HOURS:
        due_ms = deadline_ms - hours * day_s * 1000 // 24
        if hours < below and due_ms > now_ms:
            key = NoticeKey(NoticeKind.DEADLINE, player_id, match_id, turn, str(hours))
            return key, due_ms
    return None


def _to_everyone(
    match: Match, kind: NoticeKind, version: int, detail: str, at_ms: int
) -> list[IndexUpdate]:
    return [
        notice_entry(NoticeKey(kind, player_id, match.match_id, version, detail), at_ms)
        for player_id in sorted(match.player_ids())
    ]


def _logged_for_everyone(match: Match, kind: EventKind, version: int) -> list[IndexUpdate]:
    """The event in each player's event log (`matchstore.events`); a match started is logged
    with version 0, so once per player however often the match comes back to running."""
    return [
        event_entry(Event(kind, player_id, match.match_id, version))
        for player_id in sorted(match.player_ids())
    ]


def _reminders_withdrawn(match: Match, turn: int) -> list[IndexUpdate]:
    return [
        IndexUpdate(
            NOTICES,
            NoticeKey(NoticeKind.DEADLINE, player_id, match.match_id, turn, str(hours)).member(),
            operation="remove",
        )
        for player_id in sorted(match.player_ids())
        for hours in REMINDER_HOURS
    ]


REMINDER_HOURS = (24, 12, 6, 1)
"""The points before a deadline a player may be reminded at (hours of a day), latest first."""
