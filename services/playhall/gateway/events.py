"""EventService for Connect clients, forwarded to an orchestrator (`service.py`'s `Forwarder`):
a StreamEvents stream on an upstream stream of its own, closed with it, counted against the
same per-address and total limits as WatchMatch streams."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import grpc

from playhall.api.v1 import event_service_pb2 as epb
from playhall.api.v1 import event_service_pb2_grpc
from playhall.gateway.service import (
    Forwarder,
    StreamLimits,
    accept_language,
    client_address,
)
from playhall.gateway.settings import Settings


class EventGateway(Forwarder):
    """The Connect side of EventService."""

    def __init__(self, channel: grpc.aio.Channel, settings: Settings, limits: StreamLimits):
        super().__init__(event_service_pb2_grpc.EventServiceStub(channel), settings)
        self.limits = limits

    async def stream_events(
        self, request: epb.StreamEventsRequest, ctx
    ) -> AsyncIterator[epb.StreamEventsResponse]:
        with self.limits.admit(client_address(ctx), accept_language(ctx)):
            events = self._stream("StreamEvents", request, ctx)
            async with contextlib.aclosing(events):
                async for event in events:
                    yield event
