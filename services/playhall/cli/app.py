"""The `playhall` commands (typer): sign in, play against bots, players who join your match or
players at your level, live or turn-based (a move at a time, from the list of matches waiting
on you, giving an opponent time, going away on vacation and coming back), take your seat up
again, watch, list your games, read ratings, run bot tournaments, chat at a match, challenge
a player, anyone or a bot, follow and block players, and follow your account's events (as a
bot does), all through a gateway. Errors are one line on stderr and exit status 1 (130 for
Ctrl-C); `--json` prints what scripts need instead of tables. Every text is in the person's
language (`--lang`, else the locale's variables: `words`), help texts included."""

from __future__ import annotations

import contextlib
import enum
import json
import sys
import uuid
from collections.abc import Iterable, Iterator
from typing import Annotated, Any

import typer
from google.protobuf import json_format
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from playhall.access.scopes import Scope
from playhall.api.v1 import account_service_pb2 as apb
from playhall.api.v1 import event_service_pb2 as epb
from playhall.cli import login as saved
from playhall.cli import tournament
from playhall.cli.boards import board, know_messages
from playhall.cli.gateway import (
    DEFAULT_GATEWAY,
    CliError,
    Gateway,
    gateway_url,
    same_gateway,
    sign_in,
)
from playhall.cli.play import (
    Seat,
    Turn,
    answering,
    ask_terminal,
    bot_level,
    clock_text,
    play,
    seat_label,
    seat_name,
    take_turn,
    time_left,
)
from playhall.cli.words import (
    chosen,
    clock,
    duration,
    from_argv,
    listing,
    moment,
    number,
    percent,
    short_moment,
    t,
    title_name,
    use,
    whole,
)
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.matchmaking.v1 import matchmaking_service_pb2 as qpb
from playhall.players.v1 import player_service_pb2 as ppb
from playhall.social.v1 import challenge_service_pb2 as chpb
from playhall.social.v1 import chat_service_pb2 as cpb
from playhall.social.v1 import friends_service_pb2 as fpb
from playhall.tournament.v1 import tournament_service_pb2 as tpb

# Typer reads the help texts below as it defines the commands, before it parses the command
# line: they are in the language of a `--lang` on it, else the locale's.
use(chosen(from_argv(sys.argv[1:])))

# Plain help (rich_markup_mode=None): typer's rich panels show a `<bool>` placeholder beside
# every flag, --help included, as if a flag took a value.
app = typer.Typer(
    help=t("cli-help-app"),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,
)
tournaments = typer.Typer(
    help=t("cli-help-tournament"),
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(tournaments, name="tournament")
friends = typer.Typer(
    help=t("cli-help-friends"),
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(friends, name="friends")
chats = typer.Typer(
    help=t("cli-help-chat"),
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(chats, name="chat")
challenges = typer.Typer(
    help=t("cli-help-challenge"),
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(challenges, name="challenge")
tokens = typer.Typer(
    help=t("cli-help-token"),
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(tokens, name="token")
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


class Language(enum.StrEnum):
    """The languages `--lang` offers: the shipped ones (`i18n.SHIPPED_LANGUAGES`)."""

    en = "en"
    de = "de"
    fa = "fa"


@app.callback()
def main_options(
    lang: Annotated[
        Language | None, typer.Option("--lang", help=t("cli-help-lang"), show_default=False)
    ] = None,
) -> None:
    """The options of every command: the language it speaks."""
    use(chosen(lang))


GatewayOption = Annotated[
    str,
    typer.Option(
        "--gateway",
        envvar="PLAYHALL_GATEWAY",
        help=t("cli-help-gateway"),
    ),
]
TokenOption = Annotated[
    str | None,
    typer.Option(
        "--token",
        envvar="PLAYHALL_TOKEN",
        help=t("cli-help-token-option"),
    ),
]
TitleArgument = Annotated[str, typer.Argument(help=t("cli-help-title"))]
JsonOption = Annotated[bool, typer.Option("--json", help=t("cli-help-json"))]


INTERRUPTED = 130
"""The exit status of a command stopped with Ctrl-C (128 + SIGINT), as shells have it."""


def fail(message: str, status: int = 1) -> typer.Exit:
    # One line, however long; the message as is (a refusal may hold brackets).
    err.print(f"[red]playhall:[/red] {escape(message)}", soft_wrap=True)
    return typer.Exit(status)


def connect(url: str, token: str | None) -> Gateway:
    """The gateway as the signed-in player: the token given, else the saved sign-in for this
    gateway (however its URL is spelled), else nobody (anonymous, where the operator allows
    it)."""
    if token is None and (login := saved.load()) is not None and same_gateway(login.gateway, url):
        token = login.token
    return Gateway(url, token)


def signed_in(url: str, token: str | None) -> Gateway:
    """`connect`, for a command only a signed-in player may run: without a sign-in it fails
    at once, saying how to sign in."""
    caller = connect(url, token)
    if caller.token is None:
        raise fail(sign_in())
    return caller


def emit(message) -> None:
    print(json_format.MessageToJson(message, preserving_proto_field_name=True, indent=None))


@app.command("login", help=t("cli-help-login"))
def login_command(
    guest: Annotated[str | None, typer.Option(help=t("cli-help-login-guest"))] = None,
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
    as_json: JsonOption = False,
) -> None:
    """Sign in (as a guest, or with a player token) and save it for the other commands."""
    try:
        if guest is not None:
            signed = Gateway(gateway).sign_in_guest(guest)
            token, expires = signed.token, signed.expires_unix
        elif token is None:
            raise fail(t("cli-login-say-who"))
        else:
            expires = 0
        player = (
            Gateway(gateway, token)
            .call(Gateway(gateway, token).players.get_profile, ppb.GetProfileRequest())
            .player
        )
    except CliError as error:
        raise fail(str(error)) from None
    path = saved.save(
        saved.Login(gateway_url(gateway), token, player.player_id, player.display_name, expires)
    )
    if as_json:
        emit(player)
    else:
        said = t("cli-signed-in", name=player.display_name, player=player.player_id, path=str(path))
        out.print(said, markup=False)


@app.command("logout", help=t("cli-help-logout"))
def logout_command() -> None:
    """Forget the saved sign-in."""
    out.print(t("cli-signed-out") if saved.forget() else t("cli-nobody-signed-in"))


def seat_specs(bots: str, name: str) -> list[mpb.SeatSpec]:
    """The person's seat, then a bot's per level of `bots` (none for an empty list)."""
    seats = [mpb.SeatSpec(kind=mpb.SEAT_KIND_HUMAN, display_name=name)]
    return seats + tournament.bot_seats(tuple(tournament.levels_of(bots)) if bots else ())


def drawn(match: mpb.MatchSummary) -> bool:
    """A game that ended under its rules with nobody ahead: no winner (Eynsteyn's 0-0), or
    every seat sharing the win (Galileo's all-equal end)."""
    winners = set(match.winners)
    everyone = {info.seat for info in match.seats}
    return match.end_reason == mpb.END_REASON_GAME_OVER and winners in (set(), everyone)


def results(match: mpb.MatchSummary) -> Table:
    """The final scores of a match, under its title's name, its id and how it ended."""
    ending = "finished"
    if drawn(match):
        ending = "draw"
    elif match.end_reason == mpb.END_REASON_ABANDONED:
        ending = "abandoned"
    heading = t(f"cli-results-{ending}", game=title_name(match.title_id), match=match.match_id)
    table = Table(title=heading, min_width=len(heading))  # the heading on one line
    for column in ("seat", "player", "score"):
        table.add_column(t(f"cli-column-{column}"))
    table.add_column("")
    scores = list(match.status.scores)
    draw = drawn(match)
    for info in match.seats:
        if info.resigned:
            outcome = t("cli-outcome-resigned")
        elif draw:
            outcome = t("cli-outcome-draw")
        else:
            outcome = t("cli-outcome-winner") if info.seat in match.winners else ""
        score = whole(scores[info.seat]) if info.seat < len(scores) else "-"
        table.add_row(whole(info.seat), seat_name(info), score, outcome)
    return table


def play_to_the_end(seat: Seat) -> None:
    """Plays the person's seat in the terminal until the match ends; then the results."""
    try:
        final = play(seat, ask_terminal, out)
    except CliError as error:
        raise fail(str(error)) from None
    except (EOFError, KeyboardInterrupt) as stopped:
        raise fail(
            t("cli-stopped-match-goes-on", match=seat.match_id),
            INTERRUPTED if isinstance(stopped, KeyboardInterrupt) else 1,
        ) from None
    if final.phase != mpb.MATCH_PHASE_FINISHED:  # with more than two seats, a bot plays on
        out.print(t("cli-left-match-bot-plays", match=final.match_id))
        return
    out.print(results(final))


DAY_S = 86_400
"""A day of a turn-based clock, in seconds (a server's tests may shorten its own)."""


class TurnDays(enum.StrEnum):
    """The times per turn a turn-based match offers, in days."""

    ONE = "1"
    TWO = "2"
    THREE = "3"
    FIVE = "5"
    SEVEN = "7"
    FOURTEEN = "14"


class OnTimeout(enum.StrEnum):
    FORFEIT = "forfeit"
    BOT_MOVE = "bot-move"


TIMEOUT_ACTIONS = {
    OnTimeout.FORFEIT: mpb.TIMEOUT_ACTION_FORFEIT,
    OnTimeout.BOT_MOVE: mpb.TIMEOUT_ACTION_BOT_MOVE,
}


def turn_based_clock(
    days: TurnDays | None, bank: int | None, increment: int, on_timeout: OnTimeout
) -> mpb.Clock | None:
    """The clock of a turn-based match: a time per turn or a bank, in days (the server refuses
    what it does not offer, both included, and says why); None for a live match without a
    clock. An int32 overflow (a bank of thousands of years) raises ValueError."""
    if days is None and bank is None and not increment:
        return None
    return mpb.Clock(
        pace=mpb.PACE_TURN_BASED,
        seconds_per_turn=int(days.value) * DAY_S if days is not None else 0,
        bank_initial_seconds=(bank or 0) * DAY_S,
        bank_increment_seconds=increment * DAY_S,
        on_timeout=TIMEOUT_ACTIONS[on_timeout],
    )


def to_move(match: mpb.MatchSummary) -> str:
    """Who the match waits on, by name, and the time left to them."""
    names = listing(seat_label(match.seats[seat]) for seat in match.status.to_move)
    names = names or t("cli-nobody")
    if match.deadline_unix_ms:
        return t("cli-to-move-time-left", names=names, left=time_left(match.deadline_unix_ms))
    return t("cli-to-move", names=names)


def next_step(match: mpb.MatchSummary, seat: int) -> str:
    """What a player of a turn-based match does next, having created, joined or moved in it."""
    if match.phase == mpb.MATCH_PHASE_OPEN:
        open_seats = sum(info.kind == mpb.SEAT_KIND_OPEN for info in match.seats)
        return t("cli-waiting-for-players", count=open_seats, match=match.match_id)
    if seat in match.status.to_move:
        if match.deadline_unix_ms:
            left = time_left(match.deadline_unix_ms)
            return t("cli-your-move-time-left", left=left, match=match.match_id)
        return t("cli-your-move-next", match=match.match_id)
    return t("cli-others-move-next", who=to_move(match))


@app.command("play", help=t("cli-help-play"))
def play_command(
    title: TitleArgument,
    bots: Annotated[
        str | None,
        typer.Option(help=t("cli-help-play-bots")),
    ] = None,
    open_seats: Annotated[
        int,
        typer.Option("--open", min=0, help=t("cli-help-play-open-seats")),
    ] = 0,
    turn_based: Annotated[
        TurnDays | None,
        typer.Option(
            "--turn-based",
            metavar="DAYS",
            help=t("cli-help-play-turn-based"),
        ),
    ] = None,
    bank: Annotated[
        int | None,
        typer.Option(
            metavar="DAYS",
            help=t("cli-help-play-bank"),
        ),
    ] = None,
    bank_increment: Annotated[
        int,
        typer.Option(
            metavar="DAYS",
            help=t("cli-help-play-bank-increment"),
        ),
    ] = 0,
    on_timeout: Annotated[
        OnTimeout,
        typer.Option(help=t("cli-help-play-on-timeout")),
    ] = OnTimeout.FORFEIT,
    name: Annotated[str, typer.Option(help=t("cli-help-name"))] = "Terminal player",
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
) -> None:
    """Play a match against bots, or players who join it (--open): the board, your numbered
    legal moves, and the clock. Turn-based (--turn-based or --bank), the match is created and
    this command leaves: playhall move plays a move when it is your turn."""
    caller = connect(gateway, token)
    try:
        clock = turn_based_clock(turn_based, bank, bank_increment, on_timeout)
        if clock is not None and caller.token is None:
            raise CliError(t("cli-turn-based-sign-in", sign_in=sign_in()))
        levels = bots if bots is not None else ("" if open_seats else "normal")
        seats = seat_specs(levels, name) + [mpb.SeatSpec(kind=mpb.SEAT_KIND_OPEN)] * open_seats
        request = mpb.CreateMatchRequest(title_id=title, seats=seats, clock=clock)
        created = caller.call(caller.matches.create_match, request)
        mine, match = created.tokens[0], created.match
        out.print(t("cli-match-created", match=match.match_id, seat=mine.seat))
    except (CliError, ValueError) as error:
        raise fail(str(error)) from None
    if clock is not None:
        out.print(clock_heading(match))
        out.print(next_step(match, mine.seat))
        return
    opened = match.phase == mpb.MATCH_PHASE_OPEN
    if opened:
        out.print(next_step(match, mine.seat))
    play_to_the_end(
        Seat(
            caller.as_caller(mine.token),
            match.match_id,
            mine.seat,
            title,
            match.version,
            opened=match if opened else None,
        )
    )


def clock_heading(match: mpb.MatchSummary) -> str:
    """The match's title and its clock in words, in one line."""
    return t("cli-clock-of", game=title_name(match.title_id), clock=clock_text(match.clock))


def seconds(ms: int) -> int:
    """Milliseconds as whole seconds, rounded (a wait, as the queue tells it)."""
    return round(ms / 1000)


def waiting_line(waiting: qpb.Waiting) -> str:
    line = t(
        "cli-queue-waiting",
        waited=seconds(waiting.waited_ms),
        rating=number(waiting.rating, "#,##0.0"),
        window=number(waiting.window, "#,##0.0"),
        queued=waiting.queued,
    )
    if waiting.bots_in_ms:
        line = t("cli-queue-waiting-bots", waiting=line, bots_in=seconds(waiting.bots_in_ms))
    return line


@app.command("queue", help=t("cli-help-queue"))
def queue_command(
    title: TitleArgument,
    players: Annotated[int | None, typer.Option(help=t("cli-help-queue-players"))] = None,
    turn_based: Annotated[
        TurnDays | None,
        typer.Option(
            "--turn-based",
            metavar="DAYS",
            help=t("cli-help-queue-turn-based"),
        ),
    ] = None,
    leave: Annotated[bool, typer.Option("--leave", help=t("cli-help-queue-leave"))] = False,
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
    as_json: JsonOption = False,
) -> None:
    """Be matched with players at your level (bots take the seats nobody takes in time), then
    play the match. Sign in first. With --json: the queue's updates as JSON lines, ending with
    the seat (its token included), and no play. With --turn-based: where the ticket stands,
    or the match once matched, and this command leaves (playhall move plays your turns)."""
    caller = signed_in(gateway, token)
    if leave:
        try:
            request = qpb.LeaveQueueRequest(title_id=title)
            left = caller.call(caller.queues.leave_queue, request).left
        except CliError as error:
            raise fail(str(error)) from None
        out.print(t("cli-left-queue") if left else t("cli-in-no-queue", title=title))
        return
    try:
        if players is None:
            games = caller.call(caller.matches.list_games, mpb.ListGamesRequest()).games
            found = [g.min_players for g in games if g.title_id == title]
            players = found[0] if found else 2
        days = int(turn_based.value) if turn_based is not None else 0
        matched = None
        shown = contextlib.nullcontext() if as_json else out.status(t("cli-entering-queue"))
        with shown as status:
            for update in caller.queue(title, players, days):
                if as_json:
                    emit(update)
                if update.HasField("matched"):
                    matched = update.matched
                elif days:
                    if not as_json:
                        out.print(t("cli-sentence", text=waiting_line(update.waiting)))
                        out.print(t("cli-turn-based-ticket-waits", days=days, title=title))
                    return
                elif status is not None:
                    status.update(waiting_line(update.waiting))
        if matched is None:
            raise CliError(t("cli-queue-ended-without-seat"))
    except CliError as error:
        raise fail(str(error)) from None
    except KeyboardInterrupt:
        if turn_based is not None:  # the ticket waits on
            raise fail(t("cli-stopped-ticket-waits"), INTERRUPTED) from None
        try:
            caller.call(caller.queues.leave_queue, qpb.LeaveQueueRequest(title_id=title))
        except CliError as error:
            raise fail(str(error)) from None
        raise fail(t("cli-stopped-left-queue"), INTERRUPTED) from None
    if as_json:
        return
    match_id, seat_number = matched.match.match_id, matched.token.seat
    waited = seconds(matched.waited_ms)
    out.print(
        t("cli-matched", waited=waited, match=match_id, seat=seat_number)
        if not matched.bot_seats
        else t(
            "cli-matched-with-bots",
            waited=waited,
            match=match_id,
            seat=seat_number,
            bots=matched.bot_seats,
        )
    )
    if days:
        out.print(clock_heading(matched.match))
        out.print(next_step(matched.match, seat_number))
        return
    play_to_the_end(
        Seat(
            caller.as_caller(matched.token.token),
            match_id,
            seat_number,
            title,
            matched.match.version,
        )
    )


@app.command("resume", help=t("cli-help-resume"))
def resume_command(
    match_id: Annotated[
        str | None,
        typer.Argument(help=t("cli-help-resume-match-id")),
    ] = None,
    seat: Annotated[int | None, typer.Option(help=t("cli-help-seat"))] = None,
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
) -> None:
    """Take up your seat again in a running match and play on: a tournament game, a match left
    with Ctrl-C, one begun on another device (whose seat token then plays no more). Sign in
    first."""
    caller = signed_in(gateway, token)
    try:
        if match_id is None:
            match_id = only_running_match(caller)
        request = ppb.ReclaimSeatRequest(match_id=match_id)
        if seat is not None:
            request.seat = seat
        reclaimed = caller.call(caller.players.reclaim_seat, request)
    except CliError as error:
        raise fail(str(error)) from None
    mine, match = reclaimed.token, reclaimed.match
    out.print(t("cli-seat-yours-again", match=match_id, title=match.title_id, seat=mine.seat))
    play_to_the_end(
        Seat(caller.as_caller(mine.token), match_id, mine.seat, match.title_id, match.version)
    )


@app.command("join", help=t("cli-help-join"))
def join_command(
    match_id: Annotated[str, typer.Argument(help=t("cli-help-join-match-id"))],
    seat: Annotated[int | None, typer.Option(help=t("cli-help-join-seat"))] = None,
    name: Annotated[str, typer.Option(help=t("cli-help-name"))] = "Terminal player",
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
) -> None:
    """Take an open seat in a match another player created (playhall play --open): a live
    match is played here to its end; a turn-based one is joined and left (playhall move plays
    your turns; sign in first)."""
    caller = connect(gateway, token)
    try:
        if caller.token is None:
            request = mpb.GetMatchRequest(match_id=match_id, omit_legal_moves=True)
            lobby = caller.call(caller.matches.get_match, request).match
            if lobby.clock.pace == mpb.PACE_TURN_BASED:
                raise CliError(t("cli-turn-based-sign-in", sign_in=sign_in()))
        joining = mpb.JoinMatchRequest(
            match_id=match_id, display_name=name, request_id=uuid.uuid4().hex
        )
        if seat is not None:
            joining.seat = seat
        joined = caller.call(caller.matches.join_match, joining)
    except CliError as error:
        raise fail(str(error)) from None
    mine, match = joined.token, joined.match
    out.print(t("cli-joined", match=match_id, title=match.title_id, seat=mine.seat))
    if match.clock.pace == mpb.PACE_TURN_BASED:
        out.print(clock_heading(match))
        out.print(next_step(match, mine.seat))
        return
    play_to_the_end(
        Seat(caller.as_caller(mine.token), match_id, mine.seat, match.title_id, match.version)
    )


def my_seat_to_move(caller: Gateway, match_id: str, seat: int | None) -> mpb.MatchSummary:
    """The match, read as the signed-in player, once it is sure to wait on their seat; else
    why not (not theirs, not begun, over, or another seat's turn, and that seat's time)."""
    request = mpb.GetMatchRequest(match_id=match_id, omit_legal_moves=True)
    if seat is not None:
        request.seat = seat
    seen = caller.call(caller.matches.get_match, request)
    match = seen.match
    if not seen.HasField("seat"):
        raise CliError(t("cli-no-seat-in-match", match=match_id))
    if match.phase == mpb.MATCH_PHASE_FINISHED:
        raise CliError(t("cli-match-over", match=match_id))
    if match.phase == mpb.MATCH_PHASE_OPEN:
        raise CliError(t("cli-match-not-begun", match=match_id, next=next_step(match, seen.seat)))
    if seen.seat not in match.status.to_move:
        raise CliError(t("cli-not-your-turn", match=match_id, who=to_move(match)))
    return match


@app.command("move", help=t("cli-help-move"))
def move_command(
    match_id: Annotated[
        str,
        typer.Argument(help=t("cli-help-move-match-id")),
    ],
    choice: Annotated[
        int | None,
        typer.Option(
            "--choice",
            metavar="N",
            min=1,
            help=t("cli-help-move-choice"),
        ),
    ] = None,
    seat: Annotated[int | None, typer.Option(help=t("cli-help-seat"))] = None,
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
) -> None:
    """Play one move in a match and leave (turn-based play): your seat taken up again, the
    board, your numbered legal moves; the move you pick (or --choice) is played, and the
    command ends without watching. Exits 1 when it is not your turn. Sign in first."""
    caller = signed_in(gateway, token)
    try:
        match = my_seat_to_move(caller, match_id, seat)
        reclaiming = ppb.ReclaimSeatRequest(match_id=match_id)
        if seat is not None:
            reclaiming.seat = seat
        reclaimed = caller.call(caller.players.reclaim_seat, reclaiming)
        mine = reclaimed.token
        ask = ask_terminal if choice is None else answering(str(choice), out)
        turn = take_turn(
            Seat(
                caller.as_caller(mine.token),
                match_id,
                mine.seat,
                match.title_id,
                reclaimed.match.version,
            ),
            ask,
            out,
            lambda: False,
        )
    except CliError as error:
        raise fail(str(error)) from None
    except (EOFError, KeyboardInterrupt) as stopped:
        raise fail(
            t("cli-stopped-no-move", match=match_id),
            INTERRUPTED if isinstance(stopped, KeyboardInterrupt) else 1,
        ) from None
    if turn is None:
        raise fail(t("cli-turn-ended-first", match=match_id))
    after(turn, mine.seat)


def after(turn: Turn, seat: int) -> None:
    """What a move or a resignation came to: the results at the end, else who moves now."""
    finished = turn.match.phase == mpb.MATCH_PHASE_FINISHED
    if turn.played is not None:
        said = t("cli-you-played", move=turn.played.text, version=turn.match.version)
        out.print(said, markup=False)
    if finished:
        out.print(results(turn.match))
    elif turn.played is None:
        out.print(t("cli-bot-plays-your-seat"))
    elif seat in turn.match.status.to_move:
        out.print(t("cli-still-your-turn", match=turn.match.match_id))
    else:
        out.print(t("cli-sentence", text=to_move(turn.match)), markup=False)


def recipient(caller: Gateway, match_id: str, seat: int | None) -> int:
    """The seat that gets the time when none is named: the one seat to move other than the
    player's; else why none can be chosen (with the seats to choose from)."""
    request = mpb.GetMatchRequest(match_id=match_id, omit_legal_moves=True)
    if seat is not None:
        request.seat = seat
    seen = caller.call(caller.matches.get_match, request)
    match = seen.match
    if not seen.HasField("seat"):
        raise CliError(t("cli-no-seat-in-match", match=match_id))
    if match.phase != mpb.MATCH_PHASE_RUNNING:
        raise CliError(t("cli-match-not-running", match=match_id))
    others = [s for s in match.status.to_move if s != seen.seat]
    if len(others) == 1:
        return others[0]
    listed = ", ".join(
        f"{whole(i.seat)} {seat_name(i)}" for i in match.seats if i.seat != seen.seat
    )
    raise CliError(t("cli-say-which-seat", seats=listed))


def time_of(match: mpb.MatchSummary, seat: int) -> str:
    """A seat's time in words: its bank, or what is left of its turn (which stands still
    while its player is away)."""
    info = match.seats[seat]
    name = seat_label(info)
    if match.bank_ms:
        return t("cli-time-in-bank", name=name, bank=duration(match.bank_ms[seat]))
    if match.deadline_unix_ms and seat in match.status.to_move:
        return t("cli-time-left-turn", name=name, left=time_left(match.deadline_unix_ms))
    if info.away_until_unix_ms:
        return t("cli-time-stands-away", name=name)
    return t("cli-time-not-to-move", name=name)


@app.command("give-time", help=t("cli-help-give-time"))
def give_time_command(
    match_id: Annotated[str, typer.Argument(help=t("cli-help-match-id"))],
    hours: Annotated[
        int, typer.Option(min=1, max=24, metavar="H", help=t("cli-help-give-time-hours"))
    ],
    to_seat: Annotated[
        int | None,
        typer.Option(
            "--to",
            metavar="SEAT",
            min=0,
            help=t("cli-help-give-time-to-seat"),
        ),
    ] = None,
    seat: Annotated[int | None, typer.Option(help=t("cli-help-seat"))] = None,
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
) -> None:
    """Give another seat of a turn-based match more time, once a turn and a day at most: to
    its bank, or, with a time per turn, to the seat to move while you are not. Prints the time
    it has now. Sign in first."""
    caller = signed_in(gateway, token)
    try:
        if to_seat is None:
            to_seat = recipient(caller, match_id, seat)
        giving = mpb.GiveTimeRequest(match_id=match_id, to_seat=to_seat, seconds=hours * 3600)
        if seat is not None:
            giving.seat = seat
        # The player token acts in the player's own seat: no seat token is taken up, so the
        # seat's token on another device (a browser, a terminal) keeps working.
        match = caller.call(caller.matches.give_time, giving).match
    except (CliError, ValueError) as error:
        raise fail(str(error)) from None
    given = t(
        "cli-gave-time",
        name=seat_name(match.seats[to_seat]),
        time=duration(hours * 3_600_000),
        match=match_id,
        now=time_of(match, to_seat),
    )
    out.print(given, markup=False)


def vacation_of(caller: Gateway) -> ppb.Vacation:
    return caller.call(caller.players.get_profile, ppb.GetProfileRequest()).vacation


def days_left(vacation: ppb.Vacation) -> str:
    """The away time left to the player this year, the vacation under way taken off as
    planned."""
    if not vacation.away_until_unix_ms:
        return t("cli-away-days-left", left=duration(vacation.allowance_left_ms))
    planned = vacation.away_until_unix_ms - vacation.away_since_unix_ms
    left = duration(vacation.allowance_left_ms - planned)
    return t("cli-away-days-left-after", left=left)


def away_text(vacation: ppb.Vacation) -> str:
    if not vacation.away_until_unix_ms:
        return t("cli-not-away")
    return t("cli-away-until", until=moment(vacation.away_until_unix_ms))


INT32_MAX = 2**31 - 1


@app.command("away", help=t("cli-help-away"))
def away_command(
    days: Annotated[
        int | None,
        typer.Argument(
            metavar="DAYS",
            help=t("cli-help-away-days"),
        ),
    ] = None,
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
    as_json: JsonOption = False,
) -> None:
    """Go on vacation: your seats' clocks in every turn-based match stand still (live matches
    run on), and your opponents see you away, until playhall back or DAYS have passed.
    Without DAYS: whether you are away, and the away days left this year. Sign in first."""
    caller = signed_in(gateway, token)
    try:
        before = vacation_of(caller)
        vacation = before
        if days is not None:
            request = ppb.GoAwayRequest(days=max(0, min(days, INT32_MAX)))
            vacation = caller.call(caller.players.go_away, request).vacation
    except CliError as error:
        raise fail(str(error)) from None
    if as_json:
        emit(vacation)
        return
    if days is not None and before.away_until_unix_ms:
        out.print(t("cli-away-already"))
    out.print(away_text(vacation))
    out.print(days_left(vacation))


@app.command("back", help=t("cli-help-back"))
def back_command(
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
    as_json: JsonOption = False,
) -> None:
    """Come back from your vacation: the clocks of your turn-based matches run again with the
    time they had left; prints the away days left this year. Sign in first."""
    caller = signed_in(gateway, token)
    try:
        before = vacation_of(caller)
        vacation = caller.call(caller.players.come_back, ppb.ComeBackRequest()).vacation
    except CliError as error:
        raise fail(str(error)) from None
    if as_json:
        emit(vacation)
        return
    if before.away_until_unix_ms:
        out.print(t("cli-welcome-back"))
    else:
        out.print(t("cli-were-not-away"))
    out.print(days_left(vacation))


@app.command("notices", help=t("cli-help-notices"))
def notices_command(
    unread: Annotated[bool, typer.Option("--unread", help=t("cli-help-notices-unread"))] = False,
    read: Annotated[bool, typer.Option("--read", help=t("cli-help-notices-read"))] = False,
    limit: Annotated[int, typer.Option(help=t("cli-help-notices-limit"), min=1, max=100)] = 20,
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
    as_json: JsonOption = False,
) -> None:
    """Your inbox: what Playhall told you (your turn, a deadline coming, a match ended...),
    newest first, with the unread count. Sign in first."""
    caller = signed_in(gateway, token)
    try:
        request = ppb.ListNoticesRequest(limit=limit, unread_only=unread)
        inbox = caller.call(caller.players.list_notices, request)
        if read:
            marked = ppb.MarkNoticesReadRequest(all=True)
            inbox.unread = caller.call(caller.players.mark_notices_read, marked).unread
    except CliError as error:
        raise fail(str(error)) from None
    if as_json:
        emit(inbox)
        return
    if not inbox.notices:
        out.print(t("cli-no-notices") if not unread else t("cli-no-unread-notices"))
    else:
        columns = [t(f"cli-column-{name}") for name in ("when", "notice", "match")]
        table = Table("", *columns)
        for notice in inbox.notices:
            when = short_moment(notice.created_unix_ms)
            text = f"{notice.title}\n{notice.body}"
            table.add_row("" if notice.read else "•", when, text, notice.match_id)
        out.print(table)
    out.print(t("cli-unread", count=inbox.unread) if inbox.unread else t("cli-all-read"))


ANSWERS = {
    epb.CHALLENGE_ANSWER_ACCEPTED: "cli-event-challenge-accepted",
    epb.CHALLENGE_ANSWER_DECLINED: "cli-event-challenge-declined",
    epb.CHALLENGE_ANSWER_WITHDRAWN: "cli-event-challenge-withdrawn",
}
"""The key of the line telling each answer to a challenge."""


def event_line(event: epb.StreamEventsResponse) -> str | None:
    """One line for an event (None for a keep-alive, which a person need not see)."""
    kind = event.WhichOneof("event")
    if kind == "challenge_received":
        challenge = event.challenge_received.challenge
        return t(
            "cli-event-challenge-received",
            name=challenge.challenger_name,
            title=challenge.terms.title_id,
            challenge=challenge.challenge_id,
        )
    if kind == "challenge_answered":
        answered = event.challenge_answered
        key = ANSWERS.get(answered.answer, "cli-event-challenge-answered")
        return t(key, challenge=answered.challenge.challenge_id)
    if kind == "match_started":
        started = event.match_started
        seats = ", ".join(whole(seat.seat) for seat in started.seats)
        match = started.match
        return t("cli-event-match-runs", match=match.match_id, title=match.title_id, seats=seats)
    if kind == "your_turn":
        turn = event.your_turn
        if turn.deadline_unix_ms:
            due = moment(turn.deadline_unix_ms)
            return t("cli-event-your-turn-due", match=turn.match_id, due=due)
        return t("cli-event-your-turn", match=turn.match_id)
    if kind == "match_ended":
        ended = event.match_ended
        outcome = results_line(ended.match, ended.seats)
        return t("cli-event-match-ended", match=ended.match.match_id, outcome=outcome)
    return None


def results_line(match: mpb.MatchSummary, seats: Iterable[int]) -> str:
    """How a finished match went for the holder of `seats`."""
    if not match.winners:
        return t("cli-outcome-no-winner")
    return (
        t("cli-outcome-you-won") if set(match.winners) & set(seats) else t("cli-outcome-you-lost")
    )


@app.command("events", help=t("cli-help-events"))
def events_command(
    after: Annotated[
        str,
        typer.Option(help=t("cli-help-events-after")),
    ] = "",
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
    as_json: JsonOption = False,
) -> None:
    """Follow your account's events until Ctrl-C: challenges received and answered, matches
    started, your turns, matches ended (what is pending first, unless --after resumes). With
    --json, every event (keep-alives too) as a line, with the id to resume after. Sign in first
    (or --token with an access token holding events:read)."""
    caller = signed_in(gateway, token)
    try:
        for event in caller.account_events(after):
            if as_json:
                emit(event)
            elif (line := event_line(event)) is not None:
                out.print(line, markup=False, soft_wrap=True)
    except CliError as error:
        raise fail(str(error)) from None
    except KeyboardInterrupt:
        raise typer.Exit(INTERRUPTED) from None


class ChatRoom(enum.StrEnum):
    players = "players"
    spectators = "spectators"


CHAT_ROOMS = {
    ChatRoom.players: cpb.CHAT_ROOM_PLAYERS,
    ChatRoom.spectators: cpb.CHAT_ROOM_SPECTATORS,
}
ROOM_NAMES = {wire: room.value for room, wire in CHAT_ROOMS.items()}
MatchArgument = Annotated[str, typer.Argument(help=t("cli-help-match-id"))]
PlayerArgument = Annotated[str, typer.Argument(help=t("cli-help-player"))]


def chat_line(message: cpb.ChatMessage) -> str:
    when = clock(message.sent_unix_ms)
    text = t("cli-chat-deleted") if message.deleted else message.text
    room = t(f"cli-chat-room-{ROOM_NAMES[message.room]}")
    return f"{when} [{room}] {message.display_name}: {text}"


@chats.command("read", help=t("cli-help-chat-read"))
def chat_read_command(
    match_id: MatchArgument,
    room: Annotated[ChatRoom | None, typer.Option(help=t("cli-help-chat-read-room"))] = None,
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
    as_json: JsonOption = False,
) -> None:
    """The match's messages you may read, oldest first: while it runs, your own room (the
    players' if you hold a seat, else the spectators'); both once it is over."""
    caller = signed_in(gateway, token)
    request = cpb.ListMessagesRequest(
        match_id=match_id, room=CHAT_ROOMS[room] if room else cpb.CHAT_ROOM_UNSPECIFIED
    )
    messages: list[cpb.ChatMessage] = []
    try:
        while True:
            page = caller.call(caller.chat.list_messages, request)
            messages.extend(page.messages)
            if not page.more:
                break
            request.after_message_id = page.next_after_message_id
    except CliError as error:
        raise fail(str(error)) from None
    if as_json:
        emit(cpb.ListMessagesResponse(messages=messages))
        return
    for message in messages:
        out.print(chat_line(message), markup=False, soft_wrap=True)
    if not messages:
        out.print(t("cli-no-messages"))


@chats.command("say", help=t("cli-help-chat-say"))
def chat_say_command(
    match_id: MatchArgument,
    text: Annotated[str, typer.Argument(help=t("cli-help-chat-say-text"))],
    room: Annotated[ChatRoom, typer.Option(help=t("cli-help-chat-say-room"))] = ChatRoom.players,
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
) -> None:
    """Say something in a room of a running match."""
    caller = signed_in(gateway, token)
    request = cpb.SendMessageRequest(match_id=match_id, room=CHAT_ROOMS[room], text=text)
    try:
        sent = caller.call(caller.chat.send_message, request).message
    except CliError as error:
        raise fail(str(error)) from None
    out.print(chat_line(sent), markup=False, soft_wrap=True)


@chats.command("mute", help=t("cli-help-chat-mute"))
def chat_mute_command(
    player_id: PlayerArgument, gateway: GatewayOption = DEFAULT_GATEWAY, token: TokenOption = None
) -> None:
    """Leave a player's messages out of what you read, in every match (they are not told)."""
    caller = signed_in(gateway, token)
    try:
        caller.call(caller.chat.mute_player, cpb.MutePlayerRequest(player_id=player_id))
    except CliError as error:
        raise fail(str(error)) from None
    out.print(t("cli-muted", player=player_id))


@chats.command("unmute", help=t("cli-help-chat-unmute"))
def chat_unmute_command(
    player_id: PlayerArgument, gateway: GatewayOption = DEFAULT_GATEWAY, token: TokenOption = None
) -> None:
    """Let a muted player's messages through to you again."""
    caller = signed_in(gateway, token)
    try:
        caller.call(caller.chat.unmute_player, cpb.UnmutePlayerRequest(player_id=player_id))
    except CliError as error:
        raise fail(str(error)) from None
    out.print(t("cli-unmuted", player=player_id))


@chats.command("muted", help=t("cli-help-chat-muted"))
def chat_muted_command(
    gateway: GatewayOption = DEFAULT_GATEWAY, token: TokenOption = None, as_json: JsonOption = False
) -> None:
    """The players you muted, the latest first."""
    caller = signed_in(gateway, token)
    try:
        muted = caller.call(caller.chat.list_muted, cpb.ListMutedRequest())
    except CliError as error:
        raise fail(str(error)) from None
    if as_json:
        emit(muted)
        return
    for player in muted.players:
        out.print(f"{player.display_name}  {player.player_id}", markup=False)
    if not muted.players:
        out.print(t("cli-muted-nobody"))


def only_running_match(caller: Gateway) -> str:
    running = caller.call(
        caller.players.list_running_matches, ppb.ListRunningMatchesRequest()
    ).matches
    if len(running) != 1:
        listed = ", ".join(entry.match.match_id for entry in running)
        raise CliError(
            t("cli-name-the-match", count=len(running), matches=listed)
            if running
            else t("cli-no-running-match")
        )
    return running[0].match.match_id


@app.command("watch", help=t("cli-help-watch"))
def watch_command(
    match_id: Annotated[str, typer.Argument(help=t("cli-help-match-id"))],
    gateway: GatewayOption = DEFAULT_GATEWAY,
    as_json: JsonOption = False,
) -> None:
    """Follow a match as a spectator until it ends: the board after every change."""
    spectator = Gateway(gateway)
    request = mpb.GetMatchRequest(match_id=match_id, omit_legal_moves=True)
    drawn = mpb.GetMatchRequest(match_id=match_id, omit_legal_moves=True, render_text=True)
    try:
        title_id = spectator.call(spectator.matches.get_match, request).match.title_id
        if as_json and not know_messages(title_id):
            raise CliError(t("cli-watch-unknown-title", title=title_id))
        for change in spectator.watch(match_id):
            if as_json:
                emit(change)
                continue
            now = spectator.call(spectator.matches.get_match, drawn)
            out.rule(escape(t("cli-version", version=change.version)))
            out.print(board(now), markup=False)
        final = spectator.call(spectator.matches.get_match, request).match
    except CliError as error:
        raise fail(str(error)) from None
    if not as_json:
        out.print(results(final))


@app.command("games", help=t("cli-help-games"))
def games_command(
    my_turn: Annotated[
        bool,
        typer.Option("--my-turn", help=t("cli-help-games-my-turn")),
    ] = False,
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
    as_json: JsonOption = False,
) -> None:
    """Your running matches (sign in first); with --my-turn, those waiting on you and the time
    each leaves you."""
    caller = connect(gateway, token)
    if my_turn:
        waiting_on_you(caller, as_json)
        return
    try:
        running = caller.call(caller.players.list_running_matches, ppb.ListRunningMatchesRequest())
    except CliError as error:
        raise fail(str(error)) from None
    if as_json:
        # Always the same shape: {"matches": [...]}, the list empty when there is none.
        matches = [
            json_format.MessageToDict(entry, preserving_proto_field_name=True)
            for entry in running.matches
        ]
        print(json.dumps({"matches": matches}))
        return
    table = Table(title=t("cli-running-matches"))
    for column in ("match", "title", "your-seats", "version"):
        table.add_column(t(f"cli-column-{column}"))
    for entry in running.matches:
        table.add_row(
            entry.match.match_id,
            title_name(entry.match.title_id),
            ", ".join(whole(s) for s in entry.seats),
            whole(entry.match.version),
        )
    if not running.matches:
        out.print(t("cli-no-running-matches"))
        return
    out.print(table)
    out.print(t("cli-resume-hint"))


def opponents(match: mpb.MatchSummary, mine: set[int]) -> str:
    return ", ".join(seat_label(info) for info in match.seats if info.seat not in mine)


def waiting_on_you(caller: Gateway, as_json: bool) -> None:
    """`games --my-turn`: a table of the matches waiting on the player and how many there are;
    with --json, {"matches": [...], "count": N} (the list empty when there is none)."""
    try:
        waiting = caller.call(caller.players.list_my_turn, ppb.ListMyTurnRequest())
    except CliError as error:
        raise fail(str(error)) from None
    if as_json:
        matches = [
            json_format.MessageToDict(entry, preserving_proto_field_name=True)
            for entry in waiting.matches
        ]
        print(json.dumps({"matches": matches, "count": waiting.count}))
        return
    if not waiting.count:
        out.print(t("cli-no-match-waits"))
        return
    table = Table(title=t("cli-your-turn"))
    for column in ("match", "title", "opponents", "time-left"):
        table.add_column(t(f"cli-column-{column}"))
    for entry in waiting.matches:
        table.add_row(
            entry.match.match_id,
            title_name(entry.match.title_id),
            opponents(entry.match, set(entry.seats)),
            t("cli-no-clock") if not entry.deadline_unix_ms else duration(entry.time_left_ms),
        )
    out.print(table)
    if len(waiting.matches) < waiting.count:
        said = t("cli-matches-wait-listed", count=waiting.count, listed=len(waiting.matches))
    else:
        said = t("cli-matches-wait", count=waiting.count)
    out.print(said)


@app.command("ratings", help=t("cli-help-ratings"))
def ratings_command(
    title: TitleArgument,
    size: Annotated[int, typer.Option(help=t("cli-help-ratings-size"))] = 20,
    provisional: Annotated[
        bool, typer.Option("--provisional", help=t("cli-help-ratings-provisional"))
    ] = False,
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
    as_json: JsonOption = False,
) -> None:
    """The title's leaderboard."""
    caller = connect(gateway, token)
    request = ppb.GetLeaderboardRequest(
        title_id=title, page_size=size, include_provisional=provisional
    )
    try:
        board_page = caller.call(caller.players.get_leaderboard, request)
    except CliError as error:
        raise fail(str(error)) from None
    if as_json:
        emit(board_page)
        return
    table = Table(title=t("cli-leaderboard", game=title_name(title)))
    for column in ("rank", "player", "rating", "matches"):
        table.add_column(t(f"cli-column-{column}"))
    table.add_column("")
    for entry in board_page.entries:
        table.add_row(
            whole(entry.rank),
            entry.player.display_name,
            number(entry.rating.display, "#,##0.0"),
            whole(entry.rating.matches),
            t("cli-provisional") if entry.rating.provisional else "",
        )
    out.print(table if board_page.entries else t("cli-nobody-rated"))


@tournaments.command("run", help=t("cli-help-tournament-run"))
def tournament_run(
    title: TitleArgument,
    bots: Annotated[str, typer.Option(help=t("cli-help-tournament-run-bots"))],
    games: Annotated[int, typer.Option(min=1, help=t("cli-help-tournament-run-games"))] = 2,
    parallel: Annotated[
        int, typer.Option(min=1, max=32, help=t("cli-help-tournament-run-parallel"))
    ] = 4,
    seed: Annotated[str, typer.Option(help=t("cli-help-tournament-run-seed"))] = "",
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
    as_json: JsonOption = False,
) -> None:
    """A round robin of bot levels: every pairing N games, a progress bar, and the standings
    (a win 1, a shared win a half)."""
    try:
        levels = list(tournament.levels_of(bots))
    except ValueError as error:
        raise fail(str(error)) from None
    if len(set(levels)) < 2:
        raise fail(t("cli-tournament-two-levels"))
    planned = tournament.schedule(levels, games, seed)
    caller = connect(gateway, token)
    with Progress(console=err, disable=as_json or not err.is_terminal) as progress:
        heading = t("cli-round-robin", game=title_name(title), count=len(planned))
        task = progress.add_task(escape(heading), total=len(planned))
        try:
            standings = tournament.run(
                caller, title, planned, parallel, lambda *_: progress.advance(task)
            )
        except CliError as error:
            raise fail(str(error)) from None
    if as_json:
        print(json.dumps([vars(s) | {"score": s.score} for s in standings.values()]))
        return
    table = Table(title=heading)
    for column in ("level", "games", "wins", "draws", "losses", "score"):
        table.add_column(t(f"cli-column-{column}"))
    for s in standings.values():
        counts = (whole(n) for n in (s.games, s.wins, s.draws, s.losses))
        table.add_row(bot_level(s.level), *counts, percent(s.score))
    out.print(table)


FORMATS = {"swiss": tpb.TOURNAMENT_FORMAT_SWISS, "round-robin": tpb.TOURNAMENT_FORMAT_ROUND_ROBIN}


@tournaments.command("create", help=t("cli-help-tournament-create"))
def tournament_create(
    title: Annotated[str, typer.Argument(help=t("cli-help-tournament-create-title"))],
    bots: Annotated[str, typer.Option(help=t("cli-help-tournament-create-bots"))] = "",
    enter: Annotated[
        bool, typer.Option("--enter", help=t("cli-help-tournament-create-enter"))
    ] = False,
    format_name: Annotated[
        str, typer.Option("--format", help=t("cli-help-tournament-create-format"))
    ] = "swiss",
    rounds: Annotated[int, typer.Option(min=0, help=t("cli-help-tournament-create-rounds"))] = 3,
    name: Annotated[str, typer.Option(help=t("cli-help-tournament-create-name"))] = "",
    turn_seconds: Annotated[
        int, typer.Option(min=1, help=t("cli-help-tournament-create-turn-seconds"))
    ] = 60,
    turn_based: Annotated[
        TurnDays | None,
        typer.Option(
            "--turn-based",
            metavar="DAYS",
            help=t("cli-help-tournament-create-turn-based"),
        ),
    ] = None,
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
    as_json: JsonOption = False,
) -> None:
    """Create a tournament on the platform, starting now (needs a sign-in); its page is
    /tournaments.html?id=<id> on the portal."""
    if format_name not in FORMATS:
        raise fail(t("cli-unknown-format", format=format_name, formats=", ".join(FORMATS)))
    try:
        levels = list(tournament.levels_of(bots)) if bots else []
    except ValueError as error:
        raise fail(str(error)) from None
    request = tpb.CreateTournamentRequest(
        name=name,
        title_id=title,
        format=FORMATS[format_name],
        rounds=rounds if FORMATS[format_name] == tpb.TOURNAMENT_FORMAT_SWISS else 0,
        entrants=[tpb.Entrant(bot_level=f"BOT_LEVEL_{level.upper()}") for level in levels],
        enter_creator=enter,
        clock=turn_based_clock(turn_based, None, 0, OnTimeout.BOT_MOVE)
        or mpb.Clock(seconds_per_turn=turn_seconds, on_timeout=mpb.TIMEOUT_ACTION_BOT_MOVE),
    )
    caller = connect(gateway, token)
    try:
        created = caller.call(caller.tournaments.create_tournament, request).tournament
    except CliError as error:
        raise fail(str(error)) from None
    if as_json:
        emit(created)
        return
    said = t(
        "cli-tournament-created",
        tournament=created.tournament_id,
        name=created.name,
        rounds=created.rounds_planned,
    )
    out.print(said, markup=False)
    page = f"{caller.url}/tournaments.html?id={created.tournament_id}"
    out.print(t("cli-tournament-page", url=page), markup=False)


def standings_table(tour: tpb.Tournament) -> Table:
    phase = tpb.TournamentPhase.Name(tour.phase).removeprefix("TOURNAMENT_PHASE_").lower()
    heading = t(
        "cli-standings-heading",
        name=tour.name,
        round=len(tour.rounds),
        rounds=tour.rounds_planned,
        phase=t(f"cli-tournament-phase-{phase}"),
    )
    table = Table(title=escape(heading))
    for column in ("rank", "entrant", "points", "buchholz", "sonneborn-berger", "games"):
        table.add_column(t(f"cli-column-{column}"))
    for s in tour.standings:
        table.add_row(
            whole(s.rank),
            tour.entrants[s.entrant].display_name,
            number(s.score, "0.##"),
            number(s.buchholz, "0.##"),
            number(s.sonneborn_berger, "0.##"),
            whole(s.games),
        )
    return table


@tournaments.command("standings", help=t("cli-help-tournament-standings"))
def tournament_standings(
    tournament_id: Annotated[
        str, typer.Argument(help=t("cli-help-tournament-standings-tournament-id"))
    ],
    follow: Annotated[
        bool, typer.Option("--follow", help=t("cli-help-tournament-standings-follow"))
    ] = False,
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
    as_json: JsonOption = False,
) -> None:
    """A platform tournament's standings (points, Buchholz, Sonneborn-Berger)."""
    caller = connect(gateway, token)
    try:
        if follow:
            updates = caller.standings(tournament_id)
        else:
            request = tpb.GetTournamentRequest(tournament_id=tournament_id)
            updates = iter([caller.call(caller.tournaments.get_tournament, request).tournament])
        for update in updates:
            if as_json:
                emit(update)
            else:
                out.print(standings_table(update))
    except CliError as error:
        raise fail(str(error)) from None


class Circle(enum.StrEnum):
    friends = "friends"
    following = "following"
    followers = "followers"
    blocked = "blocked"


CIRCLES = {
    Circle.friends: fpb.CIRCLE_FRIENDS,
    Circle.following: fpb.CIRCLE_FOLLOWING,
    Circle.followers: fpb.CIRCLE_FOLLOWERS,
}
OtherPlayer = Annotated[str, typer.Argument(help=t("cli-help-other-player"))]


@friends.command("list", help=t("cli-help-friends-list"))
def friends_list_command(
    circle: Annotated[
        Circle, typer.Argument(help=t("cli-help-friends-list-circle"))
    ] = Circle.friends,
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
    as_json: JsonOption = False,
) -> None:
    """Your friends (players you follow who follow you), the players you follow, your
    followers, or the players you block, by name, with who is online."""
    caller = signed_in(gateway, token)
    people: list[fpb.Person] = []
    try:
        for page in friends_pages(caller, circle):
            people.extend(page.people)
    except CliError as error:
        raise fail(str(error)) from None
    if as_json:
        emit(fpb.ListFriendsResponse(people=people))
        return
    if not people:
        out.print(t(f"cli-circle-empty-{circle.value}"))
        return
    columns = [t(f"cli-column-{name}") for name in ("name", "player-id", "online")]
    table = Table(*columns, title=t(f"cli-circle-{circle.value}"))
    for person in people:
        online = t("cli-online") if person.online else ""
        table.add_row(person.display_name, person.player_id, online)
    out.print(table)


def friends_pages(
    caller: Gateway, circle: Circle
) -> Iterator[fpb.ListFriendsResponse | fpb.ListBlockedResponse]:
    """Every page of one of the caller's lists."""
    page_token = ""
    page: fpb.ListFriendsResponse | fpb.ListBlockedResponse
    while True:
        if circle is Circle.blocked:
            request = fpb.ListBlockedRequest(page_token=page_token)
            page = caller.call(caller.friends.list_blocked, request)
        else:
            listed = fpb.ListFriendsRequest(circle=CIRCLES[circle], page_token=page_token)
            page = caller.call(caller.friends.list_friends, listed)
        yield page
        if not page.next_page_token:
            return
        page_token = page.next_page_token


def change_relation(gateway: str, token: str | None, method: str, player_id: str) -> Any:
    """FriendsService's `method` (Follow, Unfollow, Block, Unblock) about another player, as
    the signed-in caller; its response."""
    caller = signed_in(gateway, token)
    request = getattr(fpb, f"{method}Request")(player_id=player_id)
    try:
        return caller.call(getattr(caller.friends, method.lower()), request)
    except CliError as error:
        raise fail(str(error)) from None


@friends.command("follow", help=t("cli-help-friends-follow"))
def friends_follow_command(
    player_id: OtherPlayer, gateway: GatewayOption = DEFAULT_GATEWAY, token: TokenOption = None
) -> None:
    """Follow a player: once they follow you too, you are friends."""
    followed = change_relation(gateway, token, "Follow", player_id)
    out.print(t("cli-following-friends" if followed.friends else "cli-following", player=player_id))


@friends.command("unfollow", help=t("cli-help-friends-unfollow"))
def friends_unfollow_command(
    player_id: OtherPlayer, gateway: GatewayOption = DEFAULT_GATEWAY, token: TokenOption = None
) -> None:
    """Stop following a player."""
    change_relation(gateway, token, "Unfollow", player_id)
    out.print(t("cli-unfollowed", player=player_id))


@friends.command("block", help=t("cli-help-friends-block"))
def friends_block_command(
    player_id: OtherPlayer, gateway: GatewayOption = DEFAULT_GATEWAY, token: TokenOption = None
) -> None:
    """Block a player: neither of you follows, challenges or chats to the other, neither sees
    the other online, and matchmaking keeps you apart."""
    change_relation(gateway, token, "Block", player_id)
    out.print(t("cli-blocked", player=player_id))


@friends.command("unblock", help=t("cli-help-friends-unblock"))
def friends_unblock_command(
    player_id: OtherPlayer, gateway: GatewayOption = DEFAULT_GATEWAY, token: TokenOption = None
) -> None:
    """Lift your block of a player."""
    change_relation(gateway, token, "Unblock", player_id)
    out.print(t("cli-unblocked", player=player_id))


class DeclineWhy(enum.StrEnum):
    """The reasons a challenge is declined for (ChallengeService's DeclineReason)."""

    too_fast = "too-fast"
    too_slow = "too-slow"
    not_this_title = "not-this-title"
    later = "later"
    no_rated_games = "no-rated-games"
    other = "other"


CHALLENGE_STATES = {
    number: name.removeprefix("CHALLENGE_STATE_").lower()
    for name, number in chpb.ChallengeState.items()
}
DECLINE_WORDS = {
    number: name.removeprefix("DECLINE_REASON_").lower().replace("_", "-")
    for name, number in chpb.DeclineReason.items()
}
ChallengeArgument = Annotated[str, typer.Argument(help=t("cli-help-challenge-id"))]


def challenge_table(listed: list[chpb.Challenge], title: str) -> Table:
    """Challenges with who made them, for whom, their match and where they stand."""
    columns = ("challenge", "from", "to", "match", "state", "expires")
    table = Table(*(t(f"cli-column-{name}") for name in columns), title=title)
    for challenge in listed:
        state = t(f"cli-challenge-state-{CHALLENGE_STATES[challenge.state]}")
        if challenge.state == chpb.CHALLENGE_STATE_DECLINED:
            reason = t(f"cli-decline-reason-{DECLINE_WORDS[challenge.decline_reason]}")
            state = t("cli-challenge-declined-because", state=state, reason=reason)
        opponent = challenge.invited_name or challenge.invited_id
        if challenge.opponent == chpb.OPPONENT_ANYONE:
            opponent = t("cli-anyone")
        elif challenge.opponent == chpb.OPPONENT_BOT:
            opponent = challenge.accepted_name
        terms = challenge.terms
        match = t(
            "cli-challenge-terms",
            game=title_name(terms.title_id),
            seats=terms.seats,
            clock=clock_text(terms.clock),
        )
        table.add_row(
            challenge.challenge_id,
            challenge.challenger_name,
            opponent,
            match,
            state,
            moment(challenge.expires_unix_ms),
        )
    return table


def challenge_call(gateway: str, token: str | None, method: str, request: Any) -> Any:
    """ChallengeService's `method` as the signed-in caller; its response."""
    caller = signed_in(gateway, token)
    try:
        return caller.call(getattr(caller.challenges, method), request)
    except CliError as error:
        raise fail(str(error)) from None


def challenge_terms(
    title: str, seats: int, bot_level: str | None, turn_based: TurnDays | None, min_karma: int
) -> chpb.ChallengeTerms:
    """The match a challenge offers; ValueError for an unknown bot level."""
    clock = turn_based_clock(turn_based, None, 0, OnTimeout.FORFEIT)
    level = None
    if bot_level is not None:
        (name,) = tournament.levels_of(bot_level)
        level = f"BOT_LEVEL_{name.upper()}"
    return chpb.ChallengeTerms(
        title_id=title, seats=seats, clock=clock, bot_level=level, min_karma=min_karma
    )


@challenges.command("send", help=t("cli-help-challenge-send"))
def challenge_send_command(
    title: TitleArgument,
    to: Annotated[str | None, typer.Option(help=t("cli-help-challenge-send-to"))] = None,
    anyone: Annotated[
        bool, typer.Option("--anyone", help=t("cli-help-challenge-send-anyone"))
    ] = False,
    bot: Annotated[
        str | None,
        typer.Option(help=t("cli-help-challenge-send-bot")),
    ] = None,
    seats: Annotated[int, typer.Option(min=2, help=t("cli-help-challenge-send-seats"))] = 2,
    bot_level: Annotated[
        str | None, typer.Option(help=t("cli-help-challenge-send-bot-level"))
    ] = None,
    turn_based: Annotated[
        TurnDays | None,
        typer.Option("--turn-based", metavar="DAYS", help=t("cli-help-challenge-send-turn-based")),
    ] = None,
    min_karma: Annotated[
        int, typer.Option(min=0, max=100, help=t("cli-help-challenge-send-min-karma"))
    ] = 0,
    expires: Annotated[
        int,
        typer.Option(min=0, metavar="MINUTES", help=t("cli-help-challenge-send-expires")),
    ] = 0,
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
    as_json: JsonOption = False,
) -> None:
    """Challenge a player (--to), anyone (--anyone) or a bot (--bot LEVEL) to a match of TITLE,
    live unless --turn-based."""
    if [to is not None, anyone, bot is not None].count(True) != 1:
        raise fail(t("cli-challenge-say-whom"))
    try:
        terms = challenge_terms(title, seats, bot or bot_level, turn_based, min_karma)
    except ValueError as error:
        raise fail(str(error)) from None
    request = chpb.CreateChallengeRequest(
        terms=terms, expires_in_seconds=expires * 60, request_id=uuid.uuid4().hex
    )
    if to is not None:
        request.player_id = to
    elif anyone:
        request.anyone = True
    else:
        request.bot = True
    made = challenge_call(gateway, token, "create_challenge", request)
    if as_json:
        emit(made)
        return
    challenge = made.challenge
    if made.HasField("match"):
        match_id = made.match.match_id
        out.print(t("cli-bot-match-begun", match=match_id, seat=made.token.seat))
        out.print(t("cli-play-it", match=match_id))
        return
    whom = t("cli-anyone-in-lobby") if anyone else challenge.invited_name or to or ""
    said = t(
        "cli-challenge-sent",
        challenge=challenge.challenge_id,
        whom=whom,
        until=moment(challenge.expires_unix_ms),
    )
    out.print(said, markup=False)


@challenges.command("list", help=t("cli-help-challenge-list"))
def challenge_list_command(
    gateway: GatewayOption = DEFAULT_GATEWAY, token: TokenOption = None, as_json: JsonOption = False
) -> None:
    """Your challenges, made and received, newest first, with where each stands."""
    listed = challenge_call(gateway, token, "list_challenges", chpb.ListChallengesRequest())
    if as_json:
        emit(listed)
        return
    if not listed.challenges:
        out.print(t("cli-no-challenges"))
        return
    out.print(challenge_table(list(listed.challenges), t("cli-your-challenges")))


@challenges.command("open", help=t("cli-help-challenge-open"))
def challenge_open_command(
    title: Annotated[str, typer.Argument(help=t("cli-help-challenge-open-title"))] = "",
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
    as_json: JsonOption = False,
) -> None:
    """The lobby's open challenges, which anyone may accept (playhall challenge accept ID)."""
    caller = connect(gateway, token)
    try:
        request = chpb.ListOpenChallengesRequest(title_id=title)
        listed = caller.call(caller.challenges.list_open_challenges, request)
    except CliError as error:
        raise fail(str(error)) from None
    if as_json:
        emit(listed)
        return
    if not listed.challenges:
        out.print(t("cli-no-open-challenges"))
        return
    out.print(challenge_table(list(listed.challenges), t("cli-open-challenges")))


@challenges.command("accept", help=t("cli-help-challenge-accept"))
def challenge_accept_command(
    challenge_id: ChallengeArgument,
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
) -> None:
    """Accept a challenge: its match begins; a live one is played here to its end."""
    request = chpb.AcceptChallengeRequest(challenge_id=challenge_id)
    accepted = challenge_call(gateway, token, "accept_challenge", request)
    mine, match = accepted.token, accepted.match
    out.print(t("cli-match-begun", match=match.match_id, title=match.title_id, seat=mine.seat))
    if match.clock.pace == mpb.PACE_TURN_BASED:
        out.print(next_step(match, mine.seat))
        return
    caller = connect(gateway, token)
    play_to_the_end(
        Seat(caller.as_caller(mine.token), match.match_id, mine.seat, match.title_id, match.version)
    )


@challenges.command("decline", help=t("cli-help-challenge-decline"))
def challenge_decline_command(
    challenge_id: ChallengeArgument,
    reason: Annotated[DeclineWhy, typer.Option(help=t("cli-help-challenge-decline-reason"))],
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
) -> None:
    """Decline a challenge to you, saying why."""
    request = chpb.DeclineChallengeRequest(
        challenge_id=challenge_id, reason=f"DECLINE_REASON_{reason.name.upper()}"
    )
    challenge_call(gateway, token, "decline_challenge", request)
    said = t(f"cli-decline-reason-{reason.value}")
    out.print(t("cli-declined", challenge=challenge_id, reason=said))


@challenges.command("withdraw", help=t("cli-help-challenge-withdraw"))
def challenge_withdraw_command(
    challenge_id: ChallengeArgument,
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
) -> None:
    """Withdraw your challenge while nobody has answered it."""
    request = chpb.WithdrawChallengeRequest(challenge_id=challenge_id)
    challenge_call(gateway, token, "withdraw_challenge", request)
    out.print(t("cli-withdrew", challenge=challenge_id))


@tokens.command("create", help=t("cli-help-token-create"))
def token_create_command(
    name: Annotated[str, typer.Argument(help=t("cli-help-token-create-name"))],
    scopes: Annotated[
        list[Scope],
        typer.Option("--scope", help=t("cli-help-token-create-scopes")),
    ],
    days: Annotated[int, typer.Option(min=0, max=365, help=t("cli-help-token-create-days"))] = 0,
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
    as_json: JsonOption = False,
) -> None:
    """Make a personal access token; its secret is shown now and never again."""
    caller = signed_in(gateway, token)
    request = apb.CreateAccessTokenRequest(
        name=name,
        scopes=[f"SCOPE_{scope.name}" for scope in scopes],
        expires_in_days=days,
    )
    try:
        made = caller.call(caller.accounts.create_access_token, request)
    except CliError as error:
        raise fail(str(error)) from None
    if as_json:
        emit(made)
        return
    said = t(
        "cli-token-made",
        token=made.token.token_id,
        name=made.token.name,
        scopes=", ".join(scope_names(made.token)),
    )
    out.print(said, markup=False)
    out.print(t("cli-token-secret"), markup=False)
    print(made.secret)


@tokens.command("list", help=t("cli-help-token-list"))
def token_list_command(
    gateway: GatewayOption = DEFAULT_GATEWAY, token: TokenOption = None, as_json: JsonOption = False
) -> None:
    """Your personal access tokens not revoked, newest first (never their secrets)."""
    caller = signed_in(gateway, token)
    try:
        listed = caller.call(caller.accounts.list_access_tokens, apb.ListAccessTokensRequest())
    except CliError as error:
        raise fail(str(error)) from None
    if as_json:
        emit(listed)
        return
    if not listed.tokens:
        out.print(t("cli-no-tokens"))
        return
    columns = ("id", "name", "starts", "scopes", "made", "last-used", "expires")
    table = Table(*(t(f"cli-column-{name}") for name in columns))
    for shown in listed.tokens:
        table.add_row(
            shown.token_id,
            shown.name,
            shown.prefix,
            ", ".join(scope_names(shown)),
            moment(shown.created_unix_ms),
            moment(shown.last_used_unix_ms) if shown.last_used_unix_ms else t("cli-never"),
            moment(shown.expires_unix_ms) if shown.expires_unix_ms else t("cli-never"),
        )
    out.print(table)


@tokens.command("revoke", help=t("cli-help-token-revoke"))
def token_revoke_command(
    token_id: Annotated[str, typer.Argument(help=t("cli-help-token-revoke-token-id"))],
    gateway: GatewayOption = DEFAULT_GATEWAY,
    token: TokenOption = None,
) -> None:
    """Revoke one of your tokens: refused from now on, by every server."""
    caller = signed_in(gateway, token)
    request = apb.RevokeAccessTokenRequest(token_id=token_id)
    try:
        caller.call(caller.accounts.revoke_access_token, request)
    except CliError as error:
        raise fail(str(error)) from None
    out.print(t("cli-token-revoked", token=token_id))


def scope_names(shown: apb.AccessToken) -> list[str]:
    """A token's scopes by their names (match:play, ...)."""
    return [Scope[apb.Scope.Name(number).removeprefix("SCOPE_")].value for number in shown.scopes]


def main() -> None:
    app(prog_name="playhall")


if __name__ == "__main__":
    main()
