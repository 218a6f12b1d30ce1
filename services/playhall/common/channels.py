"""The options of every gRPC channel a Playhall process opens to another one.

gRPC's own reconnect backoff grows to two minutes, so a client that saw a service down for a few
seconds could wait a minute or more after it came back. Services here restart in seconds (a
crash, a rolling update), so reconnect attempts are capped at a couple of seconds apart; an
attempt costs one TCP connect."""

from __future__ import annotations

RECONNECT_OPTIONS: tuple[tuple[str, int], ...] = (
    ("grpc.initial_reconnect_backoff_ms", 200),
    ("grpc.min_reconnect_backoff_ms", 200),
    ("grpc.max_reconnect_backoff_ms", 2_000),
)
