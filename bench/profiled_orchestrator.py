"""`python -m playhall.orchestrator` with a cProfile profiler that SIGUSR1 starts and SIGUSR2
stops, writing its profile to the path in `PLAYHALL_BENCH_PROFILE`: `bench.profile` profiles
the measurement window only, not the imports and start-up before it."""

from __future__ import annotations

import cProfile
import os
import signal

from playhall.orchestrator.server import main

PROFILER = cProfile.Profile()


def start(signum, frame) -> None:
    PROFILER.enable()


def stop(signum, frame) -> None:
    PROFILER.disable()
    PROFILER.dump_stats(os.environ["PLAYHALL_BENCH_PROFILE"])


if __name__ == "__main__":
    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)
    main()
