"""The echo chain and the floor's front server of `bench.orchestrator` (bench/README.md).

    client ──gRPC──▶ A ──gRPC──▶ B
                     │
                   Redis: one GET of a payload, one EVALSHA of a script that SETs B's answer

`--role b` echoes every request back. `--role a --downstream HOST:PORT --redis-url URL` answers
each call by GETting `STATE_KEY` (the benchmark stores a real mid-game state there), sending it
to B, storing B's answer with one EVALSHA, and echoing the caller's request. With `--floor`, B
is a rules service: A sends the real ApplyMoveRequest stored at `FLOOR_KEY` to its ApplyMove
and answers with its answer. Both serve raw bytes (no proto) on one uvloop event loop, as the
orchestrator does, and announce their port as Playhall services do (a JSON log line
`{"msg": "serving", "port": N}` on stderr), so `ServiceProcess` can start them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

import grpc
import redis.asyncio
import uvloop

from playhall.common.server import catch_stop_signals_async

SERVICE = "playhall.bench.Echo"
METHOD = f"/{SERVICE}/Call"
STATE_KEY = "bench:echo:state"
"""The payload the echo chain's A sends to B (a real game state)."""
FLOOR_KEY = "bench:floor:request"
"""The payload the floor's A sends the rules service (a real ApplyMoveRequest)."""
APPLY_MOVE = "/playhall.rules.v1.RulesService/ApplyMove"
RESULT_KEY = "bench:echo:result"
"""What A's script writes: B's answer, as a commit writes the new state."""
SET_SCRIPT = "redis.call('SET', KEYS[1], ARGV[1]) return 1"


async def echo_b(args: argparse.Namespace):
    async def call(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
        return request

    return call


async def echo_a(args: argparse.Namespace):
    client = redis.asyncio.Redis.from_url(args.redis_url)
    store = client.register_script(SET_SCRIPT)
    channel = grpc.aio.insecure_channel(args.downstream)
    await asyncio.wait_for(channel.channel_ready(), timeout=10)
    call_b = channel.unary_unary(APPLY_MOVE if args.floor else METHOD)
    payload_key = FLOOR_KEY if args.floor else STATE_KEY

    async def call(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
        payload = await client.get(payload_key) or b""
        answer = await call_b(payload, timeout=10)
        await store(keys=[RESULT_KEY], args=[answer])
        return answer if args.floor else request

    return call


async def serve(args: argparse.Namespace) -> None:
    handler = await (echo_a if args.role == "a" else echo_b)(args)
    server = grpc.aio.server()
    server.add_generic_rpc_handlers(
        [
            grpc.method_handlers_generic_handler(
                SERVICE, {"Call": grpc.unary_unary_rpc_method_handler(handler)}
            )
        ]
    )
    bound = server.add_insecure_port(f"127.0.0.1:{args.port}")
    await server.start()
    stopping = catch_stop_signals_async()
    print(json.dumps({"msg": "serving", "port": bound}), file=sys.stderr, flush=True)
    await stopping.wait()
    await server.stop(0)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.echo_chain",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--role", choices=["a", "b"], required=True)
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port (default)")
    parser.add_argument("--downstream", help="B's host:port (role a)")
    parser.add_argument("--redis-url", help="the Redis server (role a)")
    parser.add_argument(
        "--floor", action="store_true", help="B is a rules service: the floor's A (role a)"
    )
    args = parser.parse_args(argv)
    if args.role == "a" and not (args.downstream and args.redis_url):
        parser.error("--role a needs --downstream and --redis-url")
    uvloop.run(serve(args))


if __name__ == "__main__":
    main()
