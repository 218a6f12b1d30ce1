"""A person's turn in the terminal: the board, the numbered legal moves (narrowed by typing
part of a move when there are many), the clock, and refusals in one line; and the match from
its start to its end, in the client's language (`words`)."""

from __future__ import annotations

import queue
import select
import sys
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Console
from rich.markup import escape

from playhall.cli.boards import Choice, board, choices
from playhall.cli.gateway import CliError, Gateway
from playhall.cli.words import day, duration, listing, t, whole
from playhall.match.v1 import match_service_pb2 as mpb

LISTED = 40
"""Legal moves listed at once; with more, the player narrows them by typing."""
RESIGN = {"resign", "quit"}
"""The words that give up, in English whatever the language, as "board" (the help names them)."""

Ask = Callable[[str, Callable[[], bool]], str | None]
"""Asks the person for a line; None when `interrupted()` turned true first."""
ANSWER_POLL_S = 0.25


def ask_terminal(prompt: str, interrupted: Callable[[], bool]) -> str | None:
    """A line from standard input, or None as soon as `interrupted()` (a change of the match
    while the person thinks: the opponent resigned, the clock ran out, a simultaneous move)."""
    print(f"{prompt}: ", end="", flush=True)
    while not interrupted():
        ready, _, _ = select.select([sys.stdin], [], [], ANSWER_POLL_S)
        if ready:
            line = sys.stdin.readline()
            if not line:
                raise EOFError
            return line.rstrip("\n")
    print()
    return None


def answering(answer: str, console: Console) -> Ask:
    """An `Ask` that gives `answer` once, as if typed (a move's number, for a command told
    its move in advance); asked again (the answer named no move, or the move was refused: the
    chooser said why), it ends the command with a `CliError`."""
    given: list[str] = []

    def ask(prompt: str, interrupted: Callable[[], bool]) -> str | None:
        if given:
            raise CliError(t("cli-choice-not-taken", choice=answer))
        given.append(answer)
        console.print(f"{prompt}: {answer}", highlight=False)
        return answer

    return ask


@dataclass(frozen=True)
class Seat:
    """One seat of a match, as the terminal plays it."""

    gateway: Gateway
    """Calls as the seat's token."""
    match_id: str
    seat: int
    title_id: str
    since: int = 1
    """The version that gave this token the seat (the match's creation, or a reclaim): the
    seat taken up again after it means another device or client holds it now."""
    opened: mpb.MatchSummary | None = None
    """The match as this terminal created it with seats left open (version 0: no change yet):
    every change is told, from the first (a player joining)."""


def time_left(deadline_unix_ms: int) -> str:
    """The time from now to a deadline (`duration`); "no clock" for none (0)."""
    if not deadline_unix_ms:
        return t("cli-no-clock")
    return duration(deadline_unix_ms - int(time.time() * 1000))


def clock_text(clock: mpb.Clock) -> str:
    """A match's clock in words: its pace, its time, and what a late seat's time running out
    does."""
    if clock.bank_initial_seconds:
        bank = duration(clock.bank_initial_seconds * 1000)
        if clock.bank_increment_seconds:
            back = duration(clock.bank_increment_seconds * 1000)
            kind = t("cli-clock-bank-increment", bank=bank, back=back)
        else:
            kind = t("cli-clock-bank", bank=bank)
    elif clock.seconds_per_turn:
        kind = t("cli-clock-per-turn", time=duration(clock.seconds_per_turn * 1000))
    else:
        return t("cli-no-clock")
    forfeit = clock.on_timeout == mpb.TIMEOUT_ACTION_FORFEIT
    late = t("cli-timeout-forfeit") if forfeit else t("cli-timeout-bot-move")
    live = clock.pace != mpb.PACE_TURN_BASED
    pace = t("cli-pace-live") if live else t("cli-pace-turn-based")
    return t("cli-clock", pace=pace, kind=kind, late=late)


def clock_line(match: mpb.MatchSummary) -> str:
    if not match.deadline_unix_ms:
        return ""
    return "  " + t("cli-time-left-this-turn", left=time_left(match.deadline_unix_ms))


def narrow(moves: list[Choice], words: str) -> list[Choice]:
    wanted = words.lower().split()
    return [m for m in moves if all(word in m.text.lower() for word in wanted)]


class Resign:
    """The person gave up."""


class Interrupted:
    """The match changed before the person answered."""


@dataclass(frozen=True)
class Turn:
    """What the person did with their turn: the move played (None: they resigned), and the
    match after it."""

    played: Choice | None
    match: mpb.MatchSummary


def choose(
    moves: list[Choice],
    ask: Ask,
    console: Console,
    redraw: Callable[[], None],
    interrupted: Callable[[], bool],
) -> Choice | type[Resign] | type[Interrupted]:
    """The move the person picks; Resign or Interrupted."""
    shown = moves
    while True:
        if len(shown) <= LISTED:
            for number, choice in enumerate(shown, 1):
                listed = f"{whole(number):>3}"
                console.print(f"  [bold]{listed}[/bold]  {escape(choice.text)}", highlight=False)
        else:
            console.print("  " + t("cli-moves-too-many", count=len(shown)))
        answer = ask(t("cli-your-move"), interrupted)
        if answer is None:
            return Interrupted
        answer = answer.strip()
        if answer.isdigit() and 1 <= int(answer) <= len(shown):
            return shown[int(answer) - 1]
        if answer.lower() in RESIGN:
            return Resign
        if answer.lower() == "board":
            redraw()
        elif not answer or answer == "?":
            console.print(t("cli-move-help"), markup=False)
        elif answer.isdigit():
            console.print(
                t("cli-no-such-move", choice=answer, first=1, count=len(shown)), markup=False
            )
        elif narrowed := narrow(shown, answer):
            shown = narrowed
            continue
        else:
            said = t("cli-no-move-matches", words=answer, count=len(moves))
            console.print(said, markup=False)
        shown = moves


def take_turn(
    seat: Seat, ask: Ask, console: Console, interrupted: Callable[[], bool]
) -> Turn | None:
    """Plays the seat's turn if it is the seat's now, and what came of it; None when there was
    no turn to play, a change came first (the next change asks again) or the server refused
    the move for a reason other than the move itself (printed). A move refused as illegal is
    printed and the turn asked again."""
    now = seat.gateway.call(
        seat.gateway.matches.get_match,
        mpb.GetMatchRequest(match_id=seat.match_id, render_text=True),
    )
    moves = choices(seat.title_id, now.legal_moves)
    if not moves or now.match.phase != mpb.MATCH_PHASE_RUNNING:
        return None

    def redraw() -> None:
        console.print(board(now), highlight=False, markup=False)

    redraw()
    console.print(f"[bold]{escape(t('cli-your-turn'))}[/bold]{escape(clock_line(now.match))}")
    if away := away_seats(now.match, seat.seat):
        console.print(t("cli-away-clocks", seats=listing(away), count=len(away)), markup=False)
    while True:
        picked = choose(moves, ask, console, redraw, interrupted)
        if picked is Interrupted:
            return None
        if picked is Resign:
            resigned = seat.gateway.call(
                seat.gateway.matches.resign, mpb.ResignRequest(match_id=seat.match_id)
            )
            console.print(t("cli-you-resigned"))
            return Turn(None, resigned.match)
        assert isinstance(picked, Choice)  # the other two answers returned above
        try:
            submitted = seat.gateway.call(
                seat.gateway.matches.submit_move,
                mpb.SubmitMoveRequest(
                    match_id=seat.match_id,
                    move=picked.move,
                    expected_version=now.match.version,
                    request_id=uuid.uuid4().hex,
                    omit_legal_moves=True,
                ),
            )
            return Turn(picked, submitted.match)
        except CliError as refused:
            console.print(f"[red]{escape(t('cli-refused'))}[/red] {escape(str(refused))}")
            if refused.code != "invalid_argument":
                return None  # not the seat's turn any more, or its time ran out


def seat_name(info: mpb.SeatInfo) -> str:
    """The seat's name; a bot account's marked "(bot)", as a house bot's is."""
    if info.display_name:
        if info.bot_account:
            return t("cli-seat-bot-account", name=info.display_name)
        return info.display_name
    if info.kind == mpb.SEAT_KIND_BOT:
        level = mpb.BotLevel.Name(info.bot_level).removeprefix("BOT_LEVEL_").lower()
        return t("cli-seat-house-bot", seat=info.seat, level=bot_level(level))
    return t("cli-seat-number", seat=info.seat)


def bot_level(level: str) -> str:
    """A bot level's name ("random", "easy", "normal", "hard") in the client's language."""
    return t(f"cli-bot-level-{level}")


def seat_label(info: mpb.SeatInfo) -> str:
    """The seat's name, marked while its player is away from their turn-based matches (their
    clock stands still): "Bob (away until Dec 9)"."""
    if not info.away_until_unix_ms:
        return seat_name(info)
    return t("cli-seat-away", name=seat_name(info), until=day(info.away_until_unix_ms))


def away_seats(match: mpb.MatchSummary, mine: int) -> list[str]:
    """The other seats of the match whose players are away, labelled."""
    return [seat_label(i) for i in match.seats if i.seat != mine and i.away_until_unix_ms]


class TakenElsewhere(CliError):
    """The seat was taken up again by another device or client: this one plays it no more."""


def describe(
    change: mpb.MatchChange, moves_before: int, before: mpb.MatchSummary, now: mpb.MatchSummary
) -> str:
    """What a change did, in words. A change by a seat that applied no move (the status's
    move count stands) is the seat joining, resigning, or being taken up again: a reclaim
    gives the seat a fresh token (another device, a resumed terminal, the matchmaker handing
    it over) and is logged as a change without events. `before` and `now` are the match's
    summary before and after it."""
    moved = change.status.move_count > moves_before
    if not change.HasField("seat") or not 0 <= change.seat < len(now.seats):
        if change.end_reason == mpb.END_REASON_ABANDONED:
            return t("cli-change-abandoned")
        if moved:
            return t("cli-change-server-moved")
        # A forfeit on the clock: the match ends, or bots play the late seats from now on.
        if change.phase == mpb.MATCH_PHASE_RUNNING:
            return t("cli-change-time-out-bots-play")
        return t("cli-change-time-out")
    name = seat_name(now.seats[change.seat])
    if moved:
        return t("cli-change-moved", name=name)
    if now.seats[change.seat].resigned and not before.seats[change.seat].resigned:
        if change.phase == mpb.MATCH_PHASE_RUNNING:
            return t("cli-change-resigned-bot-plays", name=name)
        return t("cli-change-resigned", name=name)
    if before.seats[change.seat].kind == mpb.SEAT_KIND_OPEN:
        return t("cli-change-joined", name=name)
    return t("cli-change-handover", name=name)


def follow(seat: Seat, changes: queue.Queue) -> None:
    """Puts the match's changes in `changes`, then what ended the watch: None, or its error."""
    try:
        for change in seat.gateway.watch(seat.match_id, after_version=max(0, seat.since - 1)):
            changes.put(change)
        changes.put(None)
    except CliError as error:
        changes.put(error)


def play(seat: Seat, ask: Ask, console: Console) -> mpb.MatchSummary:
    """Follows the match to its end, playing the seat's turns; its final summary (not final
    when the seat resigned and a bot plays it on). The watch
    runs beside the prompt, so a change while the person thinks is shown at once. It starts at
    the change that gave this token the seat; a later handover of the seat ends the play
    (`TakenElsewhere`)."""
    request = mpb.GetMatchRequest(match_id=seat.match_id, omit_legal_moves=True)
    # Reads the seats after a change that moved nothing, whoever holds this seat by then.
    spectator = seat.gateway.as_caller(None)
    match = seat.gateway.call(seat.gateway.matches.get_match, request).match
    changes: queue.Queue = queue.Queue()
    threading.Thread(target=follow, args=(seat, changes), daemon=True).start()
    moves: int | None = None
    told_after = max(1, seat.since)  # the creation, or the change that gave the token the seat
    if seat.opened is not None:
        match, moves, told_after = seat.opened, seat.opened.status.move_count, seat.opened.version
    while isinstance(change := changes.get(), mpb.MatchChange):
        moved = moves is not None and change.status.move_count > moves
        if change.version > told_after and moves is not None:
            before = match
            if not moved and change.HasField("seat"):
                match = spectator.call(spectator.matches.get_match, request).match
            said = describe(change, moves, before, match)
            told = t("cli-change-version", change=said, version=change.version)
            console.print(f"[dim]{escape(told)}[/dim]")
            mine = change.HasField("seat") and change.seat == seat.seat
            if mine and not moved and not match.seats[seat.seat].resigned:
                raise TakenElsewhere(t("cli-seat-taken-elsewhere", match=seat.match_id))
        moves = change.status.move_count
        if change.phase == mpb.MATCH_PHASE_FINISHED:
            break
        if seat.seat in change.status.to_move and changes.empty():
            take_turn(seat, ask, console, lambda: not changes.empty())
    if isinstance(change, CliError):
        raise change
    # Read as a spectator: a seat that resigned reads the match no more with its token.
    return spectator.call(spectator.matches.get_match, request).match
