"""Call metadata that Playhall's own services send each other, beside the caller's
`authorization`: the gateway's credential, and the client address it vouches for; and what
the orchestrator adds to a refusal."""

from collections.abc import Iterable

GATEWAY_CREDENTIAL_HEADER = "x-playhall-gateway-credential"
"""The gateway's secret (`PLAYHALL_GATEWAY_CREDENTIAL`): the orchestrator believes a forwarded
client address only with it."""

CLIENT_ADDRESS_HEADER = "x-playhall-client-address"
"""The browser's address as the gateway saw it, which anonymous watchers are counted by."""

REFUSAL_KEY = "x-playhall-refusal"
"""Trailing metadata of the orchestrator's refusals: the refusal's class in
`playhall.common.errors` (`SeatResigned`, ...), beside its status code, which several
share."""


def text_entries(metadata: Iterable[tuple[str, str | bytes]] | None) -> dict[str, str]:
    """The text entries of call metadata by key, the last of a repeated key (as `dict` keeps
    it). gRPC hands the value of a binary key (named `...-bin`) as bytes, of any other as str:
    every key here is a text key, and the binary entries are left out."""
    return {key: value for key, value in metadata or () if isinstance(value, str)}
