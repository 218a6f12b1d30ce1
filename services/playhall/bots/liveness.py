"""Worker liveness for a Kubernetes exec probe: `python -m playhall.bots.liveness` exits 0 when
this host's worker answers a ping through the broker within the timeout, 1 otherwise."""

import socket
import sys

from playhall.bots.app import app


def main() -> int:
    node = f"celery@{socket.gethostname()}"
    replies = app.control.ping(destination=[node], timeout=5.0)
    alive = any(node in reply for reply in replies)
    print(f"{node}: {'alive' if alive else 'no answer'}")
    return 0 if alive else 1


if __name__ == "__main__":
    sys.exit(main())
