"""SubmitMove through the gateway against the same call straight to the orchestrator over gRPC,
in one run: one client, calls one after another, the three paths in interleaved rounds so the
machine's load falls on each alike. Writes bench/results/gateway.md and .json."""

from __future__ import annotations

import argparse
import contextlib
import time
import uuid

from connectrpc.compat import google_protobuf_json_codec
from connectrpc.protocol import ProtocolType

from bench.common import (
    add_out_argument,
    machine,
    open_channel,
    percentile_ms,
    say,
    source_version,
    table,
    write_report,
)
from dev.process import (
    orchestrator_env,
    start_gateway,
    start_orchestrator,
    start_rules_service,
)
from dev.redis_server import EmbeddedRedis
from playhall.core.wire import moves_as_any
from playhall.galileo.v1 import galileo_pb2  # noqa: F401 (the JSON client encodes its Anys)
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match.v1.match_service_connect import MatchServiceClientSync
from playhall.match_client import MatchClient, human_seats


def connect_submit(client: MatchServiceClientSync):
    def submit(token: str, request: pb.SubmitMoveRequest) -> pb.SubmitMoveResponse:
        return client.submit_move(request, headers={"authorization": f"Bearer {token}"})

    return submit


def grpc_submit(lobby: MatchClient):
    def submit(token: str, request: pb.SubmitMoveRequest) -> pb.SubmitMoveResponse:
        return lobby.as_seat(token).stub.SubmitMove(
            request, metadata=[("authorization", f"Bearer {token}")], timeout=10
        )

    return submit


def moves(lobby: MatchClient, submit, count: int) -> list[float]:
    """`count` SubmitMoves of fresh two-seat Galileo matches, each timed on its own (the
    GetMatch that finds the mover's legal moves is not)."""
    latencies: list[float] = []
    while len(latencies) < count:
        created = lobby.create("galileo", human_seats(2))
        tokens = {t.seat: t.token for t in created.tokens}
        match_id = created.match.match_id
        while len(latencies) < count:
            got = lobby.as_seat(tokens[0]).get(match_id, omit_legal_moves=True)
            if got.match.phase == pb.MATCH_PHASE_FINISHED:
                break
            seat = got.match.status.to_move[0]
            view = lobby.as_seat(tokens[seat]).get(match_id)
            request = pb.SubmitMoveRequest(
                match_id=match_id,
                move=moves_as_any(view.legal_moves)[0],
                expected_version=view.match.version,
                request_id=uuid.uuid4().hex,
            )
            started = time.perf_counter()
            submit(tokens[seat], request)
            latencies.append(time.perf_counter() - started)
    return latencies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.gateway", description=__doc__)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--moves", type=int, default=60, help="moves per path per round")
    add_out_argument(parser, "gateway")
    args = parser.parse_args(argv)
    began = time.monotonic()
    with contextlib.ExitStack() as stack:
        redis_server = stack.enter_context(EmbeddedRedis(appendonly=True))
        rules = stack.enter_context(start_rules_service("galileo"))
        env = orchestrator_env(
            redis_server.url,
            {"galileo": rules.address},
            "bench",
            testing=True,
            gateway_credential="bench-gateway",
        )
        orchestrator = stack.enter_context(start_orchestrator(env))
        limits = {
            "PLAYHALL_RATE_PER_TOKEN": "1e6",
            "PLAYHALL_RATE_PER_ADDRESS": "1e6",
            "PLAYHALL_GATEWAY_CREDENTIAL": "bench-gateway",
        }
        gateway = stack.enter_context(start_gateway(orchestrator.address, limits))
        lobby = MatchClient(stack.enter_context(open_channel(orchestrator.address)))
        url = f"http://127.0.0.1:{gateway.port}"
        paths = {
            "gRPC, straight to the orchestrator": grpc_submit(lobby),
            "gateway, Connect binary": connect_submit(
                stack.enter_context(MatchServiceClientSync(url, protocol=ProtocolType.CONNECT))
            ),
            "gateway, Connect JSON": connect_submit(
                stack.enter_context(MatchServiceClientSync(url, codec=google_protobuf_json_codec()))
            ),
        }
        samples: dict[str, list[float]] = {name: [] for name in paths}
        for submit in paths.values():
            moves(lobby, submit, 10)  # warm up
        for round_number in range(args.rounds):
            for name, submit in paths.items():
                samples[name] += moves(lobby, submit, args.moves)
            say(f"round {round_number + 1}/{args.rounds}")
    direct = percentile_ms(samples["gRPC, straight to the orchestrator"], 50)
    rows, results = [], {}
    for name, latencies in samples.items():
        p50, p99 = percentile_ms(latencies, 50), percentile_ms(latencies, 99)
        results[name] = {"p50_ms": p50, "p99_ms": p99, "calls": len(latencies)}
        rows.append([name, f"{p50:.2f}", f"{p99:.2f}", f"{p50 / direct:.2f}", str(len(latencies))])
    markdown = "\n".join(
        [
            "# SubmitMove through the gateway",
            "",
            f"`python -m bench.gateway` at {source_version()}, {machine()['cpus_usable']} cores "
            "shared with other work. One client, one call at a time, on two-seat Galileo "
            "matches; the paths in interleaved rounds of one run; the ratio is each p50 over "
            "the straight gRPC call's.",
            "",
            *table(["path", "p50 ms", "p99 ms", "p50 ratio", "calls"], rows),
            "",
        ]
    )
    write_report(
        args.out,
        "gateway",
        {"machine": machine(), "results": results},
        markdown,
        time.monotonic() - began,
    )
    print(markdown)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
