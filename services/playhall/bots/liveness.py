"""Worker liveness for a Kubernetes exec probe: `python -m playhall.bots.liveness [--node NAME]`
exits 0 when the worker node (default `celery@<this host>`, Celery's default name) answers a
ping through the broker within the timeout, 1 otherwise."""

import argparse
import socket
import sys

from playhall.bots.app import app


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m playhall.bots.liveness", description=__doc__)
    parser.add_argument(
        "--node",
        default=f"celery@{socket.gethostname()}",
        help="worker node name (default: celery@<hostname>)",
    )
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds to wait")
    args = parser.parse_args(argv)
    replies = app.control.ping(destination=[args.node], timeout=args.timeout)
    alive = any(args.node in reply for reply in replies)
    print(f"{args.node}: {'alive' if alive else 'no answer'}")
    return 0 if alive else 1


if __name__ == "__main__":
    sys.exit(main())
