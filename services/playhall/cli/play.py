"""A person's turn in the terminal: the board, the numbered legal moves (narrowed by typing
part of a move when there are many), the clock, and refusals in one line; and the match from
its start to its end."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Console

from playhall.cli.boards import Choice, board, choices
from playhall.cli.gateway import CliError, Gateway
from playhall.match.v1 import match_service_pb2 as mpb

LISTED = 40
"""Legal moves listed at once; with more, the player narrows them by typing."""
RESIGN = {"resign", "quit"}
HELP = (
    "Type a move's number, or words to narrow the list (e.g. part of a move), "
    "'board' to see the board again, 'resign' to give up."
)

Ask = Callable[[str], str]


@dataclass(frozen=True)
class Seat:
    """One seat of a match, as the terminal plays it."""

    gateway: Gateway
    """Calls as the seat's token."""
    match_id: str
    seat: int
    title_id: str


def clock_line(match: mpb.MatchSummary) -> str:
    if not match.deadline_unix_ms:
        return ""
    left = max(0.0, match.deadline_unix_ms / 1000 - time.time())
    return f"  (time left this turn: {left:.0f} s)"


def narrow(moves: list[Choice], words: str) -> list[Choice]:
    wanted = words.lower().split()
    return [m for m in moves if all(word in m.text.lower() for word in wanted)]


def choose(moves: list[Choice], ask: Ask, console: Console, redraw: Callable[[], None]):
    """The move the person picks, or None when they resign."""
    shown = moves
    while True:
        if len(shown) <= LISTED:
            for number, choice in enumerate(shown, 1):
                console.print(f"  [bold]{number:>3}[/bold]  {choice.text}", highlight=False)
        else:
            console.print(f"  {len(shown)} legal moves: type part of one to narrow them.")
        answer = ask("Your move").strip()
        if answer.isdigit() and 1 <= int(answer) <= len(shown):
            return shown[int(answer) - 1]
        if answer.lower() in RESIGN:
            return None
        if answer.lower() == "board":
            redraw()
        elif not answer or answer == "?":
            console.print(HELP)
        elif answer.isdigit():
            console.print(f"There is no move {answer}: pick 1 to {len(shown)}.")
        elif narrowed := narrow(shown, answer):
            shown = narrowed
            continue
        else:
            console.print(f"No legal move matches {answer!r}; all {len(moves)} again.")
        shown = moves


def take_turn(seat: Seat, ask: Ask, console: Console) -> None:
    """Plays the seat's turn if it is the seat's now; a refusal is printed and the turn asked
    again, a change that came first ends it (the next change asks again)."""
    now = seat.gateway.call(
        seat.gateway.matches.get_match, mpb.GetMatchRequest(match_id=seat.match_id)
    )
    moves = choices(seat.title_id, now.legal_moves)
    if not moves or now.match.phase != mpb.MATCH_PHASE_RUNNING:
        return

    def redraw() -> None:
        console.print(board(seat.title_id, now.view), highlight=False)

    redraw()
    console.print(f"[bold]Your turn[/bold]{clock_line(now.match)}")
    while True:
        picked = choose(moves, ask, console, redraw)
        if picked is None:
            seat.gateway.call(
                seat.gateway.matches.resign, mpb.ResignRequest(match_id=seat.match_id)
            )
            console.print("You resigned.")
            return
        try:
            seat.gateway.call(
                seat.gateway.matches.submit_move,
                mpb.SubmitMoveRequest(
                    match_id=seat.match_id,
                    move=picked.move,
                    expected_version=now.match.version,
                    request_id=uuid.uuid4().hex,
                    omit_legal_moves=True,
                ),
            )
            return
        except CliError as refused:
            console.print(f"[red]Refused:[/red] {refused}")
            if refused.code != "invalid_argument":
                return  # not this seat's turn any more, or the clock ran out: see what changed


def seat_name(info: mpb.SeatInfo) -> str:
    if info.display_name:
        return info.display_name
    if info.kind == mpb.SEAT_KIND_BOT:
        level = mpb.BotLevel.Name(info.bot_level).removeprefix("BOT_LEVEL_").lower()
        return f"seat {info.seat} ({level} bot)"
    return f"seat {info.seat}"


def describe(change: mpb.MatchChange, match: mpb.MatchSummary) -> str:
    if change.HasField("seat") and 0 <= change.seat < len(match.seats):
        return f"{seat_name(match.seats[change.seat])} moved"
    return "the match started" if change.phase == mpb.MATCH_PHASE_RUNNING else "the server moved"


def play(seat: Seat, ask: Ask, console: Console) -> mpb.MatchSummary:
    """Follows the match to its end, playing the seat's turns; its final summary."""
    match = seat.gateway.call(
        seat.gateway.matches.get_match,
        mpb.GetMatchRequest(match_id=seat.match_id, omit_legal_moves=True),
    ).match
    for change in seat.gateway.watch(seat.match_id, after_version=0):
        if change.version > 1:
            console.print(f"[dim]{describe(change, match)} (version {change.version})[/dim]")
        if change.phase == mpb.MATCH_PHASE_FINISHED:
            break
        if seat.seat in change.status.to_move:
            take_turn(seat, ask, console)
    return seat.gateway.call(
        seat.gateway.matches.get_match,
        mpb.GetMatchRequest(match_id=seat.match_id, omit_legal_moves=True),
    ).match
