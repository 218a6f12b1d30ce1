"""OpenTelemetry traces, off unless configured.

A process traces when the standard `OTEL_EXPORTER_OTLP_ENDPOINT` (or
`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set: then every gRPC call it serves or makes, every
Redis command and every Celery task it publishes or runs is a span, exported over OTLP/gRPC,
and the trace context travels in gRPC metadata and Celery task headers. A bot's turn is one
trace with the move that gave it the turn: the move's call, the rules call, the commit, the
publish, the task, and the task's own calls. Without the variable nothing is instrumented and
nothing is imported beyond the API, so tracing costs nothing when it is off. Log lines carry
the trace id of the span they were written in (`common.logs`).
"""

from __future__ import annotations

import logging
import os

from opentelemetry import trace

log = logging.getLogger(__name__)

ENDPOINT_VARIABLES = ("OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
MATCH_ID = "playhall.match_id"
"""The span attribute naming the match a call is about."""

_configured: list[str] = []


def enabled() -> bool:
    return any(os.environ.get(name) for name in ENDPOINT_VARIABLES)


def configure(component: str, celery: bool = False) -> bool:
    """Sets up tracing for this process as `component` (unless `OTEL_SERVICE_NAME` names it)
    when an OTLP endpoint is configured; returns whether it did. Call it before the process
    creates its servers, channels and clients, and in a forked worker after the fork."""
    if _configured or not enabled():
        return bool(_configured)
    from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter
    from opentelemetry.instrumentation.grpc import (
        GrpcAioInstrumentorClient,
        GrpcAioInstrumentorServer,
        GrpcInstrumentorClient,
        GrpcInstrumentorServer,
    )
    from opentelemetry.instrumentation.redis import RedisInstrumentor
    from opentelemetry.sdk.resources import SERVICE_NAME, Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    name = os.environ.get("OTEL_SERVICE_NAME") or f"playhall-{component}"
    provider = TracerProvider(resource=Resource.create({SERVICE_NAME: name}))
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    trace.set_tracer_provider(provider)
    for instrumentor in (
        GrpcInstrumentorServer(),
        GrpcAioInstrumentorServer(),
        GrpcInstrumentorClient(),
        GrpcAioInstrumentorClient(),
        RedisInstrumentor(),
    ):
        instrumentor.instrument()
    if celery:
        from opentelemetry.instrumentation.celery import CeleryInstrumentor

        CeleryInstrumentor().instrument()
    _configured.append(name)
    log.info("tracing", extra={"service_name": name})
    return True


def shutdown() -> None:
    """Exports the spans still buffered (at a graceful stop)."""
    provider = trace.get_tracer_provider()
    if _configured and hasattr(provider, "shutdown"):
        provider.shutdown()


def tag_match(match_id: str) -> None:
    """Names the match on the current span (the call being served); nothing when tracing is
    off, so the calls it is in pay nothing."""
    if _configured and match_id:
        trace.get_current_span().set_attribute(MATCH_ID, match_id)


def current_trace_id() -> str | None:
    """The current span's trace id in hex, or None outside a recorded span."""
    context = trace.get_current_span().get_span_context()
    return format(context.trace_id, "032x") if context.is_valid else None
