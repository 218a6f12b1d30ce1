"""Integration tests of the Galileo rules service over the wire.

The real server runs as its own process (`python -m playhall.rules_service --game galileo` on free
ports, started by `dev.process`) and the tests talk to it the way the orchestrator,
an operator and Prometheus do: gRPC (RulesService, health, reflection) and HTTP /metrics. Every
call carries a deadline, so a hung server fails a test instead of hanging the suite.
"""

import random
import signal
import socket
from types import SimpleNamespace

import grpc
import pytest
from google.protobuf import any_pb2, descriptor_pb2, empty_pb2
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from grpc_status import rpc_status

from dev.process import (
    ServiceProcess,
    free_port,
    port_is_free,
    start_rules_service,
)
from playhall.common.refusal_details import DOMAIN
from playhall.core import i18n
from playhall.core.wire import moves_as_any, pack, unpack
from playhall.galileo.v1 import galileo_pb2 as gal
from playhall.games.galileo.cards import describe_scientist
from playhall.rules.v1 import rules_service_pb2 as pb
from playhall.rules.v1 import rules_service_pb2_grpc
from tests.helpers import metric, scrape

TIMEOUT = 5.0
SERVICE = "playhall.rules.v1.RulesService"
SEED = b"playhall integration tests"
INVALID = grpc.StatusCode.INVALID_ARGUMENT
PRECONDITION = grpc.StatusCode.FAILED_PRECONDITION
SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


# -- fixtures and helpers -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def service():
    process = start_rules_service("galileo")
    try:
        yield process
    finally:
        process.terminate()


@pytest.fixture(scope="module")
def channel(service):
    with grpc.insecure_channel(service.address) as channel:
        grpc.channel_ready_future(channel).result(timeout=TIMEOUT)
        yield channel


@pytest.fixture(scope="module")
def stub(channel):
    return rules_service_pb2_grpc.RulesServiceStub(channel)


@pytest.fixture(scope="module")
def game(stub) -> SimpleNamespace:
    """One 3-player game: its start, the state after seat 0 picked, and its first take phase."""
    start = new_game(stub).state
    after_pick = apply(stub, start, 0, pick(hand(start, 0)[0])).state
    take = apply(stub, after_pick, 1, pick(hand(start, 1)[0])).state
    take = apply(stub, take, 2, pick(hand(start, 2)[0])).state
    taking = unpack(take, gal.State, "state")
    assert taking.phase == gal.PHASE_TAKE
    return SimpleNamespace(
        start=start,
        after_pick=after_pick,
        take=take,
        pick0=pick(hand(start, 0)[0]),
        other=hand(start, 1)[0],
        taker=taking.order[0],
        waiting=taking.order[1],
        take_move=pack(gal.Move(take=gal.TakeExperiment(experiment=taking.table[0]))),
    )


def call(method, request, language: str | None = None) -> grpc.RpcError:
    """The error `method` refuses `request` with, asked in `language` (the call's
    accept-language); fails the test if it is accepted."""
    metadata = [("accept-language", language)] if language else None
    try:
        response = method(request, timeout=TIMEOUT, metadata=metadata)
    except grpc.RpcError as error:
        return error
    pytest.fail(f"{request.DESCRIPTOR.name} was accepted: {response}")


def new_game(stub, players: int = 3, seed: bytes = SEED) -> pb.NewGameResponse:
    return stub.NewGame(pb.NewGameRequest(players=players, seed=seed), timeout=TIMEOUT)


def apply(stub, state: any_pb2.Any, seat: int, move: any_pb2.Any) -> pb.ApplyMoveResponse:
    request = pb.ApplyMoveRequest(state=state, seat=seat, move=move)
    return stub.ApplyMove(request, timeout=TIMEOUT)


def get_view(stub, state: any_pb2.Any, **viewer) -> tuple[gal.View, pb.GetViewResponse]:
    response = stub.GetView(pb.GetViewRequest(state=state, **viewer), timeout=TIMEOUT)
    return unpack(response.view, gal.View, "view"), response


def pick(scientist: int) -> any_pb2.Any:
    return pack(gal.Move(pick=gal.Pick(scientist=scientist)))


def hand(state: any_pb2.Any, seat: int) -> list[int]:
    return list(unpack(state, gal.State, "state").seats[seat].hand)


def edited(state: any_pb2.Any, change) -> any_pb2.Any:
    """A copy of `state` with `change(message)` applied to its decoded State."""
    message = unpack(state, gal.State, "state")
    change(message)
    return pack(message)


def event(payload: any_pb2.Any) -> gal.Event:
    return unpack(payload, gal.Event, "event")


# -- health and shutdown ------------------------------------------------------------------------


def test_health_reports_serving(channel):
    health = health_pb2_grpc.HealthStub(channel)
    for name in ("", SERVICE):
        response = health.Check(health_pb2.HealthCheckRequest(service=name), timeout=TIMEOUT)
        assert response.status == SERVING, name
    unknown = call(health.Check, health_pb2.HealthCheckRequest(service="no.such.Service"))
    assert unknown.code() == grpc.StatusCode.NOT_FOUND


def test_sigterm_reports_not_serving_then_exits_cleanly():
    process = start_rules_service("galileo", env={"PLAYHALL_GRACE_SECONDS": "3"})
    try:
        with grpc.insecure_channel(process.address) as channel:
            health = health_pb2_grpc.HealthStub(channel)
            watch = health.Watch(health_pb2.HealthCheckRequest(service=SERVICE), timeout=15)
            assert next(watch).status == SERVING
            process.proc.send_signal(signal.SIGTERM)
            assert next(watch).status == NOT_SERVING
            watch.cancel()
            # Exits once the watch ends, well within the grace; a slow machine's exit is
            # waited for, not timed.
            assert process.proc.wait(timeout=30) == 0
        # Read by the process's log thread, which may lag its exit.
        assert process.wait_for_log('"msg": "shutting down"')
        assert process.wait_for_log('"msg": "stopped"')
        assert not any('"level": "error"' in line for line in process.log_lines)
    finally:
        process.kill()


# -- reflection ---------------------------------------------------------------------------------


def reflect(channel, **request) -> reflection_pb2.ServerReflectionResponse:
    stub = reflection_pb2_grpc.ServerReflectionStub(channel)
    requests = iter([reflection_pb2.ServerReflectionRequest(**request)])
    (response,) = list(stub.ServerReflectionInfo(requests, timeout=TIMEOUT))
    assert not response.HasField("error_response"), response.error_response
    return response


def files_defining(channel, symbol: str) -> list[descriptor_pb2.FileDescriptorProto]:
    found = reflect(channel, file_containing_symbol=symbol).file_descriptor_response
    return [descriptor_pb2.FileDescriptorProto.FromString(f) for f in found.file_descriptor_proto]


def test_reflection_lists_and_describes_the_service(channel, stub):
    listed = reflect(channel, list_services="").list_services_response.service
    assert {SERVICE, "grpc.health.v1.Health"} <= {service.name for service in listed}

    files = files_defining(channel, SERVICE)
    (rules,) = [f for f in files if f.name == "playhall/rules/v1/rules_service.proto"]
    (service,) = [s for s in rules.service if s.name == "RulesService"]
    assert {m.name for m in service.method} == {
        "GetGameInfo", "NewGame", "ApplyMove", "GetView", "RenderView",
    }  # fmt: skip

    # GameInfo names the title's messages so clients can decode the Anys: reflection serves them.
    messages = stub.GetGameInfo(pb.GetGameInfoRequest(), timeout=TIMEOUT).game.messages
    for name in (messages.state, messages.move, messages.view, messages.event):
        files = files_defining(channel, name)
        assert name in {f"{f.package}.{m.name}" for f in files for m in f.message_type}


# -- the RulesService ---------------------------------------------------------------------------


def test_game_info(stub):
    game = stub.GetGameInfo(pb.GetGameInfoRequest(), timeout=TIMEOUT).game
    assert game.title_id == "galileo"
    assert (game.min_players, game.max_players) == (2, 5)
    assert game.rules_version.startswith("galileo/")
    assert (game.messages.state, game.messages.move, game.messages.view, game.messages.event) == (
        "playhall.galileo.v1.State",
        "playhall.galileo.v1.Move",
        "playhall.galileo.v1.View",
        "playhall.galileo.v1.Event",
    )


def play(stub, seed: bytes, moves_rng: random.Random):
    """Plays a 3-player game with random legal moves; returns the last response and the moves."""
    started = new_game(stub, 3, seed)
    assert started.status.move_count == 0 and not started.status.finished
    state, status, last, moves = started.state, started.status, None, []
    while not status.finished:
        assert len(moves) < 200, "the game does not end"
        seat = moves_rng.choice(sorted(status.to_move))
        _, view = get_view(stub, state, seat=seat)
        assert moves_as_any(view.legal_moves), f"seat {seat} is to move but has no legal move"
        move = moves_rng.choice(list(moves_as_any(view.legal_moves)))
        last = apply(stub, state, seat, move)
        moves.append((seat, move))
        state, status = last.state, last.status
        assert status.move_count == len(moves)
    return last, moves


def test_whole_game_over_the_wire(stub):
    last, moves = play(stub, SEED, random.Random(2024))
    status = last.status
    assert status.finished and not status.to_move
    assert status.move_count == len(moves) == 60  # 10 rounds of 3 picks and 3 takes
    assert status.winners and set(status.winners) <= {0, 1, 2}
    assert {status.scores[seat] for seat in status.winners} == {max(status.scores)}
    assert status.rules_version.startswith("galileo/")

    final, view = get_view(stub, last.state, spectator=True)
    assert final.phase == gal.PHASE_OVER and view.status == status
    assert [seat.score for seat in final.seats] == list(status.scores)
    assert final.move_count == len(moves)
    ended = event(last.events[-1].public_event)
    assert ended.WhichOneof("kind") == "game_ended"
    assert (ended.game_ended.scores, ended.game_ended.winners) == (status.scores, status.winners)

    # The same seed and the same moves give the very same state, byte for byte.
    replay = new_game(stub, 3, SEED).state
    for seat, move in moves:
        replayed = apply(stub, replay, seat, move)
        replay = replayed.state
    assert replay.value == last.state.value
    assert replayed.status == status
    assert new_game(stub, 3, SEED + b"!").state.value != new_game(stub, 3, SEED).state.value


def version_two(state: gal.State) -> None:
    state.rules_version = "galileo/2.0"


def duplicate_scientist(state: gal.State) -> None:
    state.seats[1].hand[0] = state.seats[0].hand[0]


def forge_points(state: gal.State) -> None:
    """Seat 0 holds two experiments off the deck, each claiming the largest int32 of points."""
    for _ in range(2):
        state.seats[0].taken.add(experiment=state.experiment_deck.pop(0), round=1, points=2**31 - 1)


GARBAGE = any_pb2.Any(type_url="type.googleapis.com/playhall.galileo.v1.State", value=b"\xff\xff")


def move_req(state, seat=0, move=None):
    return "ApplyMove", pb.ApplyMoveRequest(state=state, seat=seat, move=move)


def view_req(state, **viewer):
    return "GetView", pb.GetViewRequest(state=state, **viewer)


def setup_req(players=3, seed=SEED, **options):
    return "NewGame", pb.NewGameRequest(players=players, seed=seed, options=options)


# name -> (request built from the `game` fixture, expected code, text the message must contain)
BAD_REQUESTS = {
    "garbage state bytes": (lambda g: move_req(GARBAGE, 0, g.pick0), INVALID,
                            "could not be decoded"),
    "View as the move": (lambda g: move_req(g.start, 0, pack(gal.View(seat=0))), INVALID,
                         "is a playhall.galileo.v1.View"),
    "Empty as the move": (lambda g: move_req(g.start, 0, pack(empty_pb2.Empty())), INVALID,
                          "is a google.protobuf.Empty"),
    "Move as the state": (lambda g: move_req(pack(gal.Move()), 0, g.pick0), INVALID,
                          "is a playhall.galileo.v1.Move"),
    "move with no action": (lambda g: move_req(g.start, 0, pack(gal.Move())), INVALID, "empty"),
    "no state": (lambda g: move_req(any_pb2.Any(), 0, g.pick0), INVALID, "missing"),
    "empty State message": (lambda g: move_req(pack(gal.State()), 0, g.pick0), INVALID, ""),
    "seat 7 of 3": (lambda g: move_req(g.start, 7, g.pick0), INVALID, "seat 7"),
    "seat -1": (lambda g: move_req(g.start, -1, g.pick0), INVALID, "seat -1"),
    "view of seat 7": (lambda g: view_req(g.start, seat=7), INVALID, "seat 7"),
    "view of seat -1": (lambda g: view_req(g.start, seat=-1), INVALID, "seat -1"),
    "picking twice": (lambda g: move_req(g.after_pick, 0, pick(hand(g.after_pick, 0)[0])),
                      PRECONDITION, "already picked"),
    "taking out of turn": (lambda g: move_req(g.take, g.waiting, g.take_move), PRECONDITION,
                           "not your turn"),
    "another seat's scientist": (lambda g: move_req(g.start, 0, pick(g.other)), INVALID,
                                 "is not in your hand"),
    "taking while picking": (lambda g: move_req(g.start, 0, g.take_move), INVALID,
                             "pick a scientist"),
    "1 player": (lambda g: setup_req(players=1), INVALID, "not 1"),
    "6 players": (lambda g: setup_req(players=6), INVALID, "not 6"),
    "unknown option": (lambda g: setup_req(colours=pb.OptionValue(int_value=3)), INVALID,
                       "Unknown option 'colours'"),
    "empty seed": (lambda g: setup_req(seed=b""), INVALID, "seed"),
    "65-byte seed": (lambda g: setup_req(seed=bytes(65)), INVALID, "seed"),
    "view of nobody": (lambda g: view_req(g.start), INVALID, "a seat or a spectator"),
    "spectator=false": (lambda g: view_req(g.start, spectator=False), INVALID, "spectator"),
    "rules galileo/2.0": (lambda g: move_req(edited(g.start, version_two), 0, g.pick0),
                          PRECONDITION, "galileo/2.0"),
    "scientist twice": (lambda g: view_req(edited(g.start, duplicate_scientist), seat=0), INVALID,
                        "inconsistent"),
    "forged take points": (lambda g: view_req(edited(g.start, forge_points), seat=0), INVALID, ""),
}  # fmt: skip


@pytest.mark.parametrize("name", BAD_REQUESTS)
def test_bad_request_is_refused_with_a_clear_message(stub, game, name):
    build, code, text = BAD_REQUESTS[name]
    method, request = build(game)
    error = call(getattr(stub, method), request)
    assert error.code() == code, error.details()
    assert text in error.details()
    assert "Exception" not in error.details() and "Traceback" not in error.details()


def refusal_details(error: grpc.RpcError) -> tuple[i18n.Text, error_details_pb2.LocalizedMessage]:
    """The key with its arguments and the localized sentence a refusal's rich status carries."""
    status = rpc_status.from_call(error)
    assert status is not None, f"no rich status: {error.details()}"
    info, localized = error_details_pb2.ErrorInfo(), error_details_pb2.LocalizedMessage()
    kinds = [detail.type_url.rsplit("/", 1)[-1] for detail in status.details]
    assert kinds == [info.DESCRIPTOR.full_name, localized.DESCRIPTOR.full_name]
    status.details[0].Unpack(info)
    status.details[1].Unpack(localized)
    assert info.domain == DOMAIN
    return i18n.Text(i18n.key_of_reason(info.reason), i18n.typed_args(info.metadata)), localized


@pytest.mark.parametrize("name", BAD_REQUESTS)
def test_every_refusal_is_a_key_every_language_says_with_its_arguments(stub, game, name):
    """The status message is English (logs); the details carry the key, its arguments and the
    sentence in the language asked for, each of which says it with exactly those arguments."""
    build, _code, _text = BAD_REQUESTS[name]
    method, request = build(game)
    for language in i18n.SHIPPED_LANGUAGES:
        error = call(getattr(stub, method), request, language)
        text, localized = refusal_details(error)
        catalogue = i18n.catalogue_of(text.key)
        assert catalogue.variables(language)[text.key] == set(text.args), language
        assert localized.locale == language
        assert localized.message == catalogue.format(text, language)
        assert error.details() == catalogue.format(text, "en")


def test_a_refusal_asked_in_german_says_it_in_german_and_logs_english(stub, game):
    method, request = BAD_REQUESTS["taking out of turn"][0](game)
    error = call(getattr(stub, method), request, "de-DE,de;q=0.9,en;q=0.5")
    text, localized = refusal_details(error)
    assert error.code() == PRECONDITION
    assert text == i18n.Text("galileo-not-your-turn", {"seat": game.taker})
    assert error.details() == f"It is not your turn: seat {game.taker} takes an experiment now"
    assert (localized.locale, localized.message) == (
        "de",
        f"Du bist nicht am Zug: Platz {game.taker} nimmt jetzt ein Experiment",
    )
    persian = refusal_details(call(getattr(stub, method), request, "fa"))[1]
    assert persian.locale == "fa" and persian.message.startswith("نوبت شما نیست")


def test_server_survives_bad_requests(service, stub, game):
    for build, _code, _text in BAD_REQUESTS.values():
        method, request = build(game)
        call(getattr(stub, method), request)
    assert service.proc.poll() is None
    info = stub.GetGameInfo(pb.GetGameInfoRequest(), timeout=TIMEOUT).game
    assert info.title_id == "galileo"
    assert list(new_game(stub).status.to_move) == [0, 1, 2]


# -- hidden information -------------------------------------------------------------------------


def test_a_pick_stays_secret_until_revealed(stub):
    start = new_game(stub).state
    scientist = hand(start, 0)[0]
    picked = apply(stub, start, 0, pick(scientist))

    (committed,) = picked.events
    public = event(committed.public_event)
    assert public.WhichOneof("kind") == "pick_committed"
    assert (public.pick_committed.seat, public.pick_committed.scientist) == (0, 0)
    assert [seat_event.seat for seat_event in committed.seat_events] == [0]
    own_event = event(committed.seat_events[0].event).pick_committed
    assert (own_event.seat, own_event.scientist) == (0, scientist)
    assert list(picked.status.to_move) == [1, 2]

    secret = describe_scientist(scientist) + " "
    for viewer in ({"seat": 1}, {"seat": 2}, {"spectator": True}):
        view, response = get_view(stub, picked.state, **viewer)
        assert view.own_pick == 0, viewer
        assert [seat.revealed_pick for seat in view.seats] == [0, 0, 0], viewer
        assert view.seats[0].has_picked and scientist not in view.hand
        assert all(unpack(m, gal.Move, "move").pick.scientist != scientist
                   for m in moves_as_any(response.legal_moves))  # fmt: skip
        request = pb.RenderViewRequest(state=picked.state, format=pb.RENDER_FORMAT_TEXT, **viewer)
        assert secret not in stub.RenderView(request, timeout=TIMEOUT).content, viewer

    own, response = get_view(stub, picked.state, seat=0)
    assert own.own_pick == scientist and scientist not in own.hand
    assert own.seats[0].revealed_pick == 0 and not moves_as_any(response.legal_moves)

    # Once every seat has picked, the picks are revealed to all.
    revealed = apply(stub, picked.state, 1, pick(hand(start, 1)[0]))
    revealed = apply(stub, revealed.state, 2, pick(hand(start, 2)[0]))
    spectator, _ = get_view(stub, revealed.state, spectator=True)
    assert spectator.seats[0].revealed_pick == scientist


# -- metrics ------------------------------------------------------------------------------------


def ports_with_their_metrics_ports_free(count: int) -> list[int]:
    """Free gRPC ports whose port + 1000 is free too, all different."""
    ports: list[int] = []
    while len(ports) < count:
        port = free_port(range(20_000, 30_000), taken=[*ports, *(p + 1000 for p in ports)])
        if port_is_free(port + 1000) and port not in {p + 1000 for p in ports}:
            ports.append(port)
    return ports


def served_metrics(service: ServiceProcess, title: str) -> float:
    """The GetGameInfo calls its /metrics counts, after one made now."""
    with grpc.insecure_channel(service.address) as channel:
        stub = rules_service_pb2_grpc.RulesServiceStub(channel)
        assert stub.GetGameInfo(pb.GetGameInfoRequest(), timeout=TIMEOUT).game.title_id == title
    rpc = {"grpc_service": SERVICE, "grpc_method": "GetGameInfo", "grpc_code": "OK"}
    return metric(scrape(service.metrics_port), "grpc_server_handled_total", **rpc)


def test_rules_services_on_one_machine_each_serve_metrics_with_no_metrics_port_set(
    monkeypatch,
):
    """Started as on an operator's machine, on their own gRPC ports and with no metrics port
    set, two rules services both start and each serves /metrics on its gRPC port + 1000; a
    third, whose port + 1000 something else holds, serves them on a free port and says so."""
    monkeypatch.delenv("PLAYHALL_METRICS_PORT", raising=False)
    ports = ports_with_their_metrics_ports_free(3)
    started: list[ServiceProcess] = []
    try:
        titles = ("galileo", "eynsteyn")
        for title, port in zip(titles, ports[:2], strict=True):
            args = ["--game", title, "--port", str(port)]
            started.append(ServiceProcess("playhall.rules_service", args))
        for service, title, port in zip(started, titles, ports[:2], strict=True):
            assert service.metrics_port == port + 1000
            assert served_metrics(service, title) == 1
        with socket.socket() as holder:
            holder.bind(("127.0.0.1", ports[2] + 1000))
            holder.listen()
            args = ["--game", "galileo", "--port", str(ports[2])]
            started.append(ServiceProcess("playhall.rules_service", args))
            moved = started[-1]
            assert moved.metrics_port not in (0, ports[2] + 1000)
            assert served_metrics(moved, "galileo") == 1
            assert moved.wait_for_log("the default metrics port is taken")
    finally:
        for service in started:
            service.terminate()


def test_metrics_count_rpcs_by_code_and_moves(service, stub):
    handled = "grpc_server_handled_total"
    rpc = {"grpc_service": SERVICE, "grpc_method": "ApplyMove"}
    before = scrape(service.metrics_port)

    start = new_game(stub).state
    apply(stub, start, 0, pick(hand(start, 0)[0]))
    illegal = call(stub.ApplyMove, pb.ApplyMoveRequest(state=start, seat=0, move=pick(999)))
    assert illegal.code() == INVALID
    no_seat = call(stub.ApplyMove, pb.ApplyMoveRequest(state=start, seat=5, move=pick(1)))
    assert no_seat.code() == INVALID

    after = scrape(service.metrics_port)

    def delta(name, **labels):
        return metric(after, name, **labels) - metric(before, name, **labels)

    assert delta(handled, **rpc, grpc_code="OK") == 1
    assert delta(handled, **rpc, grpc_code="INVALID_ARGUMENT") == 2
    assert delta("grpc_server_started_total", **rpc) == 3
    assert delta("grpc_server_handling_seconds_count", **rpc) == 3
    buckets = [s for s in after if s.name == "grpc_server_handling_seconds_bucket"
               and rpc.items() <= s.labels.items()]  # fmt: skip
    assert buckets and max(s.value for s in buckets) >= 3
    assert metric(after, "playhall_rules_moves_applied_total", title="galileo") > 0
    assert delta("playhall_rules_moves_applied_total", title="galileo") == 1
    assert (
        delta("playhall_rules_moves_refused_total", title="galileo", code="INVALID_ARGUMENT") == 2
    )


def test_metrics_count_a_failed_call_under_the_code_the_client_got(service, stub):
    rpc = {"grpc_service": SERVICE, "grpc_method": "GetView"}
    before = scrape(service.metrics_port)
    forged = edited(new_game(stub).state, forge_points)
    error = call(stub.GetView, pb.GetViewRequest(state=forged, seat=0))
    after = scrape(service.metrics_port)
    for code in grpc.StatusCode:
        change = metric(after, "grpc_server_handled_total", **rpc, grpc_code=code.name) - metric(
            before, "grpc_server_handled_total", **rpc, grpc_code=code.name
        )
        assert change == (1 if code == error.code() else 0), (code, error.code())


# -- rendering ----------------------------------------------------------------------------------


def test_render_view(stub):
    state = new_game(stub).state

    def render(fmt, **viewer) -> str:
        request = pb.RenderViewRequest(state=state, format=fmt, **viewer)
        return stub.RenderView(request, timeout=TIMEOUT).content

    text = render(pb.RENDER_FORMAT_TEXT, seat=0)
    assert "Your hand" in text
    assert describe_scientist(hand(state, 0)[0]) in text
    assert "Your hand" not in render(pb.RENDER_FORMAT_TEXT, spectator=True)

    unspecified = call(stub.RenderView, pb.RenderViewRequest(state=state, seat=0))
    assert unspecified.code() == INVALID and "format" in unspecified.details()
    # SVG drawings were dropped (the portal draws from views); their old number is refused.
    svg = call(stub.RenderView, pb.RenderViewRequest(state=state, seat=0, format=2))
    assert svg.code() == INVALID and "text" in svg.details()
    bad_seat = call(
        stub.RenderView, pb.RenderViewRequest(state=state, seat=3, format=pb.RENDER_FORMAT_TEXT)
    )
    assert bad_seat.code() == INVALID and "seat 3" in bad_seat.details()


def test_legal_moves_come_packed_once_and_only_when_asked_for(stub, game):
    _, seen = get_view(stub, game.start, seat=1)
    moves = seen.legal_moves
    assert moves.type_url == "type.googleapis.com/playhall.galileo.v1.Move"
    assert sorted(gal.Move.FromString(m).pick.scientist for m in moves.moves) == sorted(
        hand(game.start, 1)
    )
    assert [m.value for m in moves_as_any(moves)] == list(moves.moves)
    _, omitted = get_view(stub, game.start, seat=1, omit_legal_moves=True)
    assert omitted.legal_moves == pb.MoveList() and omitted.view == seen.view
    request = pb.ApplyMoveRequest(state=game.start, seat=0, move=game.pick0)
    full = stub.ApplyMove(request, timeout=TIMEOUT)
    request.omit_legal_moves = True
    lean = stub.ApplyMove(request, timeout=TIMEOUT)
    assert lean.state == full.state and lean.mover_view.view == full.mover_view.view
    assert lean.mover_view.legal_moves == pb.MoveList()
    # Seat 0 has picked: it is not to move, so even asked for, its list is empty.
    assert not full.mover_view.legal_moves.moves
