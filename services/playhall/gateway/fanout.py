"""WatchMatch through the gateway: the spectators of a match share one upstream stream.

A spectator (a browser that sends no token and names no seat) sees exactly what every other
spectator of the match sees: the orchestrator sends a caller without a token the public events
only. So this replica opens one upstream WatchMatch per match for all of its spectators, with no
token of any browser, and keeps the last `watch_replay_changes` changes it received in a
`Broadcast`. Each browser reads that buffer from its own version (a cursor, not a copy), so a
slow browser holds up nobody: the upstream reader only appends and wakes the readers. A
browser whose version is older than the buffer holds (joining late, or fallen that far
behind while its connection was slow) catches up on a stream of its own from its version,
and goes back to the shared buffer as soon as the buffer covers it; so does a browser that
names a version the buffer has not reached yet, and the orchestrator refuses it if the match
never had it. A seat's stream (a token, or a `seat` in the request) carries that seat's private
events: it always has its own upstream stream, exactly as if there were no fan-out.

The shared stream opens for the first spectator (a GetMatch first: the buffer starts at most
`watch_replay_changes` changes before the match's version, so a browser starting from the
match's creation is covered while the match is young), resumes from its last version when the
orchestrator goes away (UNAVAILABLE: a GOAWAY, a restart; for up to `RESUME_FOR_S`), and closes
`watch_linger_s` after its last spectator left, unless another came back in the meantime. A
match that ended keeps its buffer as long as that too, for spectators who come late.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import AsyncGenerator

import grpc
from connectrpc.code import Code
from connectrpc.errors import ConnectError
from prometheus_client import Counter, Gauge

from playhall.common.refusal_details import LANGUAGE_HEADER
from playhall.gateway.errors import in_language, refusal, upstream_error
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match.v1 import match_service_pb2_grpc

log = logging.getLogger(__name__)

UPSTREAMS = Gauge(
    "playhall_gateway_watch_upstreams",
    "WatchMatch streams this gateway holds open to orchestrators: shared (one per watched "
    "match, for its spectators), seat (one per seat's stream), catch_up (a spectator's own, "
    "until the shared buffer covers its version).",
    ["kind"],
)
SHARED_BROWSERS = Gauge(
    "playhall_gateway_watch_shared_browsers",
    "Spectator streams on shared upstreams (divided by the shared upstreams: browsers per "
    "upstream).",
)
CATCH_UPS = Counter(
    "playhall_gateway_watch_catch_ups",
    "Spectator streams sent to a stream of their own, by why: their version was older than the "
    "replay buffer, or newer than the shared stream had reached.",
    ["reason"],
)
RESUMES = Counter(
    "playhall_gateway_watch_upstream_resumes",
    "Times a shared upstream stream was opened again from its last version after UNAVAILABLE.",
)

for _kind in ("shared", "seat", "catch_up"):
    UPSTREAMS.labels(_kind)

RESUMABLE = frozenset({grpc.StatusCode.UNAVAILABLE})
"""Upstream ends the shared stream resumes after (a GOAWAY, an orchestrator restarting, storage
briefly away); any other refusal goes to its spectators as it is."""
RESUME_FOR_S = 30.0
"""How long a shared stream keeps trying to resume before its spectators get UNAVAILABLE."""
RESUME_PAUSE_S = (0.05, 2.0)
"""The first and the longest pause between two attempts (doubling in between)."""


class Broadcast:
    """One match's shared upstream stream and its replay buffer: the last `size` changes."""

    def __init__(self, fanout: Fanout, match_id: str, size: int):
        self.fanout = fanout
        self.match_id = match_id
        self.changes: deque[pb.WatchMatchResponse] = deque(maxlen=size)
        self.last = -1
        """The version of the last change received (-1: none; the log starts at version 0)."""
        self.known: int | None = None
        """The match's version as far as this stream knows (None until its GetMatch)."""
        self.finished = False
        self.error: ConnectError | None = None
        self.browsers = 0
        self._changed = asyncio.Event()
        self._linger: asyncio.TimerHandle | None = None
        self._task = asyncio.create_task(self._run(), name=f"watch {match_id}")

    # -- what spectators read ----------------------------------------------------------------

    @property
    def floor(self) -> int:
        """The oldest version a spectator may have seen last and still be served from here."""
        return self.changes[0].change.version - 1 if self.changes else self.last

    def covers(self, cursor: int) -> bool:
        """Whether a spectator who saw `cursor` last can go on from this buffer alone."""
        return self.error is None and self.known is not None and self.floor <= cursor <= self.known

    def after(self, cursor: int) -> list[pb.WatchMatchResponse]:
        """The buffered changes after version `cursor`, in order."""
        newer = []
        for response in reversed(self.changes):
            if response.change.version <= cursor:
                break
            newer.append(response)
        newer.reverse()
        return newer

    async def changed(self, timeout_s: float) -> None:
        """Returns when something changes (a change, the end, a failure); TimeoutError after
        `timeout_s`."""
        # A timeout scope, not wait_for: no task per waiting browser for each change.
        async with asyncio.timeout(timeout_s):
            await self._changed.wait()

    def _notify(self) -> None:
        woken, self._changed = self._changed, asyncio.Event()
        woken.set()

    # -- spectators coming and going ---------------------------------------------------------

    def join(self) -> None:
        self.browsers += 1
        SHARED_BROWSERS.inc()
        if self._linger is not None:
            self._linger.cancel()
            self._linger = None

    def leave(self) -> None:
        self.browsers -= 1
        SHARED_BROWSERS.dec()
        if self.browsers == 0:
            linger = self.fanout.linger_s
            self._linger = asyncio.get_running_loop().call_later(linger, self._close_if_idle)

    def _close_if_idle(self) -> None:
        if self.browsers == 0:
            self.close()

    def close(self) -> None:
        self.fanout.forget(self)
        self._task.cancel()

    # -- the upstream stream -----------------------------------------------------------------

    async def _run(self) -> None:
        UPSTREAMS.labels("shared").inc()
        try:
            await self._follow()
        except ConnectError as error:
            self.error = error
            self.fanout.forget(self)
        finally:
            UPSTREAMS.labels("shared").dec()
            self._notify()

    async def _follow(self) -> None:
        """Reads the match's changes into the buffer until the match ends, resuming after each
        UNAVAILABLE; raises the ConnectError its spectators are to get if it cannot go on."""
        loop = asyncio.get_running_loop()
        failing_since: float | None = None
        pause = RESUME_PAUSE_S[0]
        while True:
            attempt = loop.time()
            last = self.last
            try:
                if self.known is None:
                    await self._start()
                await self._read()
                self.finished = True
                return
            except grpc.aio.AioRpcError as error:
                now = loop.time()
                if failing_since is None or self.last != last or now - attempt > RESUME_PAUSE_S[1]:
                    # The stream had been working: a new outage, not more of the last one.
                    failing_since, pause = now, RESUME_PAUSE_S[0]
                if error.code() not in RESUMABLE or now - failing_since > RESUME_FOR_S:
                    raise self._refusal(error) from None
                log.info(
                    "a shared watch stream resumes",
                    extra={"match_id": self.match_id, "error": error.details() or ""},
                )
            RESUMES.inc()
            await asyncio.sleep(pause)
            pause = min(pause * 2, RESUME_PAUSE_S[1])

    async def _start(self) -> None:
        """Learns the match's version; the buffer is to start `size` changes before it."""
        got = await self.fanout.stub.GetMatch(
            pb.GetMatchRequest(match_id=self.match_id), **self.fanout.unary_options()
        )
        self.last = max(got.match.version - (self.changes.maxlen or 0), -1)
        self.known = got.match.version
        self._notify()

    async def _read(self) -> None:
        request = pb.WatchMatchRequest(match_id=self.match_id)
        if self.last >= 0:
            request.after_version = self.last
        call = self.fanout.stub.WatchMatch(request, **self.fanout.stream_options())
        try:
            async for response in call:
                self._add(response)
        finally:
            call.cancel()

    def _add(self, response: pb.WatchMatchResponse) -> None:
        version = response.change.version
        if version <= self.last:
            return  # already buffered: a resumed stream never repeats one, but be sure
        self.changes.append(response)
        self.last = version
        self.known = max(self.known or 0, version)
        self._notify()

    def _refusal(self, error: grpc.aio.AioRpcError) -> ConnectError:
        if error.code() is grpc.StatusCode.CANCELLED:
            # The gateway's own channel closed (it is stopping): not the browser's doing.
            return refusal(Code.UNAVAILABLE, None, "gateway-stopping")
        if error.code() in RESUMABLE:
            return refusal(
                Code.UNAVAILABLE,
                None,
                "gateway-match-server-unreachable",
                seconds=f"{RESUME_FOR_S:g}",
            )
        return upstream_error(error)


class Fanout:
    """This replica's WatchMatch streams: shared ones for spectators, the others passed on."""

    def __init__(
        self,
        channel: grpc.aio.Channel,
        replay_changes: int,
        linger_s: float,
        unary_timeout_s: float,
        upstream_metadata: list[tuple[str, str]] | None = None,
    ):
        self.stub = match_service_pb2_grpc.MatchServiceStub(channel)
        self.replay_changes = replay_changes
        self.linger_s = linger_s
        self.unary_timeout_s = unary_timeout_s
        self.upstream_metadata = upstream_metadata or []
        """What a shared stream sends the orchestrator: never a browser's token or address."""
        self.broadcasts: dict[str, Broadcast] = {}

    def unary_options(self) -> dict:
        return {"metadata": self.upstream_metadata, "timeout": self.unary_timeout_s}

    def stream_options(self) -> dict:
        # No deadline: it lives as long as it has spectators (each browser has its own).
        return {"metadata": self.upstream_metadata}

    def forget(self, broadcast: Broadcast) -> None:
        if self.broadcasts.get(broadcast.match_id) is broadcast:
            del self.broadcasts[broadcast.match_id]

    def watch(
        self, request: pb.WatchMatchRequest, options: dict
    ) -> AsyncGenerator[pb.WatchMatchResponse]:
        """The browser's stream. `options` are the metadata and deadline its own upstream
        stream would have: shared only when they carry no token and the request no seat."""
        anonymous = not any(key == "authorization" for key, _ in options["metadata"])
        if anonymous and not request.HasField("seat"):
            return self._spectate(request, options)
        return self._own(request, options, "seat")

    async def _own(
        self, request: pb.WatchMatchRequest, options: dict, kind: str
    ) -> AsyncGenerator[pb.WatchMatchResponse]:
        """The browser's own upstream stream, passed on as it comes."""
        UPSTREAMS.labels(kind).inc()
        call = self.stub.WatchMatch(request, **options)
        try:
            async for response in call:
                yield response
        except grpc.aio.AioRpcError as error:
            raise upstream_error(error) from None
        finally:
            # The browser went away (or the stream ended): the orchestrator's stream ends too.
            call.cancel()
            UPSTREAMS.labels(kind).dec()

    async def _spectate(
        self, request: pb.WatchMatchRequest, options: dict
    ) -> AsyncGenerator[pb.WatchMatchResponse]:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + options["timeout"]
        cursor = request.after_version if request.HasField("after_version") else -1
        broadcast = self.broadcasts.get(request.match_id)
        if broadcast is None:
            broadcast = Broadcast(self, request.match_id, self.replay_changes)
            self.broadcasts[request.match_id] = broadcast
        broadcast.join()
        try:
            while True:
                if broadcast.error is not None:
                    # Worded once for all of the match's spectators: again for this one.
                    raise in_language(broadcast.error, _accepted(options))
                if broadcast.known is not None and not broadcast.covers(cursor):
                    own = self._catch_up(broadcast, cursor, options, deadline)
                    async with contextlib.aclosing(own):
                        async for response in own:
                            cursor = response.change.version
                            yield response
                    if not broadcast.covers(cursor):
                        return  # its own stream ended: so did the match
                    continue
                fresh = broadcast.after(cursor)
                for response in fresh:
                    cursor = response.change.version
                    yield response
                if fresh:
                    continue
                if broadcast.finished and cursor >= broadcast.last:
                    return
                await self._wait(broadcast, deadline - loop.time(), _accepted(options))
        finally:
            broadcast.leave()

    async def _catch_up(
        self, broadcast: Broadcast, cursor: int, options: dict, deadline: float
    ) -> AsyncGenerator[pb.WatchMatchResponse]:
        """The spectator's own stream from `cursor`, until the shared buffer covers it."""
        CATCH_UPS.labels("behind" if cursor < broadcast.floor else "ahead").inc()
        request = pb.WatchMatchRequest(match_id=broadcast.match_id)
        if cursor >= 0:
            request.after_version = cursor
        remaining = max(deadline - asyncio.get_running_loop().time(), 0.001)
        own = self._own(request, {**options, "timeout": remaining}, "catch_up")
        async with contextlib.aclosing(own):
            async for response in own:
                yield response
                if broadcast.covers(response.change.version):
                    return

    @staticmethod
    async def _wait(broadcast: Broadcast, remaining_s: float, accepted: str | None) -> None:
        try:
            await broadcast.changed(max(remaining_s, 0))
        except TimeoutError:
            raise refusal(Code.DEADLINE_EXCEEDED, accepted, "gateway-watch-time-limit") from None


def _accepted(options: dict) -> str | None:
    """The `Accept-Language` a browser's stream passes on (`Forwarder._options`)."""
    return next((value for key, value in options["metadata"] if key == LANGUAGE_HEADER), None)
