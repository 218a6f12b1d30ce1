"""The bare chain of `bench.orchestrator`: the least any orchestrator of Playhall's shape does per
move, with none of its logic.

    client ──gRPC──▶ echo A ──gRPC──▶ echo B
                       │
                     Redis: one GET (a real game state), one EVALSHA (a tiny script that SETs a key)

`python -m bench.echo_chain --role b` echoes every request back. `--role a --downstream HOST:PORT
--redis-url URL` answers each call by GETting `STATE_KEY` (the benchmark stores a real mid-game
Galileo state there), sending that value to B, storing B's answer with one EVALSHA, and echoing
the caller's request. Both use gRPC generic handlers on raw bytes (no proto) and announce their
port with a JSON log line `{"msg": "serving", "port": N}` on stderr, as Playhall services do, so
`playhall.common.process.ServiceProcess` can start them.

`--model asyncio` (the default) serves on one uvloop event loop with grpc.aio and redis.asyncio,
as the orchestrator does; `--model threads` on a pool of 16 threads with blocking calls, as the
orchestrator did before it moved to asyncio.

The *floor* is A with a real downstream: `--downstream` a rules service, `--forward-method` its
ApplyMove, `--payload-key` a key holding a real ApplyMoveRequest, and `--reply answer` to answer
the caller with the rules service's answer (about the size of a SubmitMove's). It does the
chain's work with the real rules service and real message sizes, and nothing of the
orchestrator's own: what is left of an orchestrator's cost beyond it is its own work.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import sys
import threading
from concurrent import futures

import grpc
import redis
import redis.asyncio
import uvloop

from playhall.common.server import wait_for_signal

SERVICE = "playhall.bench.Echo"
METHOD = f"/{SERVICE}/Call"
STATE_KEY = "bench:echo:state"
"""Where the benchmark stores the payload A reads and sends to B (a real game state)."""
RESULT_KEY = "bench:echo:result"
"""What A's script writes: B's answer, as a commit writes the new state."""
SET_SCRIPT = "redis.call('SET', KEYS[1], ARGV[1]) return 1"
WORKERS = 16


def echo_b():
    def call(request: bytes, context: grpc.ServicerContext) -> bytes:
        return request

    return call


def echo_a(args: argparse.Namespace):
    client = redis.Redis.from_url(args.redis_url)
    store = client.register_script(SET_SCRIPT)
    channel = grpc.insecure_channel(args.downstream)
    grpc.channel_ready_future(channel).result(timeout=10)
    call_b = channel.unary_unary(args.forward_method)
    reply_answer = args.reply == "answer"

    def call(request: bytes, context: grpc.ServicerContext) -> bytes:
        payload = client.get(args.payload_key) or b""
        answer = call_b(payload, timeout=10)
        store(keys=[RESULT_KEY], args=[answer])
        return answer if reply_answer else request

    return call


def async_echo_b():
    async def call(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
        return request

    return call


async def async_echo_a(args: argparse.Namespace):
    client = redis.asyncio.Redis.from_url(args.redis_url)
    store = client.register_script(SET_SCRIPT)
    channel = grpc.aio.insecure_channel(args.downstream)
    await asyncio.wait_for(channel.channel_ready(), timeout=10)
    call_b = channel.unary_unary(args.forward_method)
    reply_answer = args.reply == "answer"

    async def call(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
        payload = await client.get(args.payload_key) or b""
        answer = await call_b(payload, timeout=10)
        await store(keys=[RESULT_KEY], args=[answer])
        return answer if reply_answer else request

    return call


def _handlers(handler) -> list:
    return [
        grpc.method_handlers_generic_handler(
            SERVICE, {"Call": grpc.unary_unary_rpc_method_handler(handler)}
        )
    ]


def _announce(port: int) -> None:
    print(json.dumps({"msg": "serving", "port": port}), file=sys.stderr, flush=True)


def serve(handler, port: int) -> None:
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=WORKERS))
    server.add_generic_rpc_handlers(_handlers(handler))
    bound = server.add_insecure_port(f"127.0.0.1:{port}")
    server.start()
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    _announce(bound)
    stop.wait()
    server.stop(0).wait()


async def serve_async(args: argparse.Namespace) -> None:
    if args.role == "b":
        handler = async_echo_b()
    else:
        handler = await async_echo_a(args)
    server = grpc.aio.server()
    server.add_generic_rpc_handlers(_handlers(handler))
    bound = server.add_insecure_port(f"127.0.0.1:{args.port}")
    await server.start()
    _announce(bound)
    await wait_for_signal()
    await server.stop(0)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.echo_chain",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--role", choices=["a", "b"], required=True)
    parser.add_argument(
        "--model",
        choices=["asyncio", "threads"],
        default="asyncio",
        help="one event loop (as the orchestrator) or a thread pool (default asyncio)",
    )
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port (default)")
    parser.add_argument("--downstream", help="B's host:port (role a)")
    parser.add_argument("--redis-url", help="the Redis server (role a)")
    parser.add_argument(
        "--forward-method",
        default=METHOD,
        help=f"the method A calls downstream, on raw bytes (role a; default {METHOD})",
    )
    parser.add_argument(
        "--payload-key",
        default=STATE_KEY,
        help=f"the key whose value A sends downstream (role a; default {STATE_KEY})",
    )
    parser.add_argument(
        "--reply",
        choices=["request", "answer"],
        default="request",
        help="what A answers with: the caller's request, or the downstream answer (default "
        "request)",
    )
    args = parser.parse_args(argv)
    if args.role == "a" and not (args.downstream and args.redis_url):
        parser.error("--role a needs --downstream and --redis-url")
    if args.model == "asyncio":
        uvloop.run(serve_async(args))
        return
    handler = echo_b() if args.role == "b" else echo_a(args)
    serve(handler, args.port)


if __name__ == "__main__":
    main()
