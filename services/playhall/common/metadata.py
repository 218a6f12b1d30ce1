"""Call metadata that Playhall's own services send each other, beside the caller's
`authorization`: the gateway's credential, and the client address it vouches for; and what
the orchestrator adds to a refusal."""

GATEWAY_CREDENTIAL_HEADER = "x-playhall-gateway-credential"
"""The gateway's secret (`PLAYHALL_GATEWAY_CREDENTIAL`): the orchestrator believes a forwarded
client address only with it."""

CLIENT_ADDRESS_HEADER = "x-playhall-client-address"
"""The browser's address as the gateway saw it, which anonymous watchers are counted by."""

REFUSAL_KEY = "x-playhall-refusal"
"""Trailing metadata of the orchestrator's refusals: the refusal's class in
`playhall.common.errors` (`SeatResigned`, ...), beside its status code, which several
share."""
