"""Traces across the real processes: a bot's move is one trace, from the call that gave the bot
its turn through the orchestrator, Redis, the broker, the worker's task and its calls back, to
the rules service; log lines carry its trace id. The spans are received by an OTLP collector
in this test, over the network, as a real collector would receive them."""

from __future__ import annotations

import threading
from concurrent import futures

import grpc
import pytest
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2, trace_service_pb2_grpc

from dev.devstack import Stack
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient
from tests.helpers import TITLE, wait_until

SUBMIT = "/playhall.match.v1.MatchService/SubmitMove"
CREATE = "/playhall.match.v1.MatchService/CreateMatch"
APPLY = "/playhall.rules.v1.RulesService/ApplyMove"


class Collector(trace_service_pb2_grpc.TraceServiceServicer):
    """Keeps every exported span with the name of the service that sent it."""

    def __init__(self):
        self.spans: list[tuple[str, object]] = []
        self.lock = threading.Lock()

    def Export(self, request, context):
        with self.lock:
            for resource_spans in request.resource_spans:
                attributes = {
                    a.key: a.value.string_value for a in resource_spans.resource.attributes
                }
                for scope in resource_spans.scope_spans:
                    self.spans += [(attributes["service.name"], s) for s in scope.spans]
        return trace_service_pb2.ExportTraceServiceResponse()

    def trace(self, trace_id: bytes) -> list[tuple[str, object]]:
        with self.lock:
            return [(service, span) for service, span in self.spans if span.trace_id == trace_id]


@pytest.fixture(scope="module")
def collector():
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    receiver = Collector()
    trace_service_pb2_grpc.add_TraceServiceServicer_to_server(receiver, server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    yield receiver, port
    server.stop(0)


def test_a_bot_move_is_one_trace_across_every_process(collector):
    receiver, port = collector
    otel = {
        "OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{port}",
        "OTEL_EXPORTER_OTLP_INSECURE": "true",
        "OTEL_BSP_SCHEDULE_DELAY": "100",
    }
    with Stack(titles=(TITLE,), extra_env=otel) as stack:
        with grpc.insecure_channel(stack.orchestrator.address) as channel:
            created = MatchClient(channel).create(
                TITLE,
                [
                    pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN),
                    pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_RANDOM),
                ],
            )
            match_id = created.match.match_id
            spectator = MatchClient(channel)
            wait_until(lambda: spectator.get(match_id).match.version >= 1, 20.0, "the bot's pick")

            def bot_submits():
                return [
                    span
                    for service, span in receiver.spans
                    if service == "playhall-bot-worker" and span.name == SUBMIT
                ]

            wait_until(bot_submits, 20.0, "the worker's SubmitMove span")
            trace_id = bot_submits()[0].trace_id

            def whole_trace():
                names = {(service, span.name) for service, span in receiver.trace(trace_id)}
                return {
                    ("playhall-orchestrator", CREATE),
                    ("playhall-orchestrator", SUBMIT),
                    (f"playhall-rules-{TITLE}", APPLY),
                } <= names and any(s == "playhall-bot-worker" for s, _ in names)

            wait_until(whole_trace, 20.0, "every process's spans of the bot's move")
        orchestrator_logs = list(stack.orchestrator.log_lines)

    spans = receiver.trace(trace_id)
    by_id = {span.span_id: (service, span) for service, span in spans}
    roots = [span for _, span in spans if span.parent_span_id not in by_id]
    assert [span.name for span in roots] == [CREATE], "one root: the call that gave the turn"
    services = {service for service, _ in spans}
    assert services == {"playhall-orchestrator", "playhall-bot-worker", f"playhall-rules-{TITLE}"}
    names = [span.name for _, span in spans]
    assert any(name.startswith("apply_async/") for name in names), "the publish is in the trace"
    assert any(name.startswith("run/") for name in names), "the task is in the trace"
    assert any(name.startswith("EVAL") for name in names), "the commit script is in the trace"

    def attribute(span, key):
        return next((a.value.string_value for a in span.attributes if a.key == key), None)

    served = [span for service, span in spans if span.name == SUBMIT and span.kind == 2]
    assert served and all(attribute(s, "playhall.match_id") == match_id for s in served)
    hex_id = trace_id.hex()
    assert any(hex_id in line and match_id in line for line in orchestrator_logs), (
        "no log line carries the trace id and the match id"
    )
