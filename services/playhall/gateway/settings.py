"""The gateway's settings: read once from the environment, typed, failing fast."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from playhall.common.metrics import ALL_INTERFACES
from playhall.common.settings import SettingsError, load, setting
from playhall.core import i18n


@dataclass(frozen=True)
class Settings:
    """The gateway's settings (`common.settings`: each from `PLAYHALL_<NAME>` unless it names
    another variable)."""

    orchestrator: str = setting(help="the orchestrator's gRPC address, host:port or dns:///")
    gateway_credential: str = setting()
    """The orchestrator's secret for gateways: with it, each call names the client's address,
    which the orchestrator then counts spectators by."""
    host: str = setting("[::]", help="address to listen on")
    port: int = setting(8080, help="HTTP port (Connect, gRPC-Web, portal), 0 picks a free one")
    metrics_port: int = setting(9464, help="Prometheus /metrics port, 0 picks a free one")
    metrics_host: str = setting(ALL_INTERFACES)
    grace_seconds: float = setting(5.0, help="time in-flight calls get on SIGTERM")
    cors_origins: str = setting("", help="comma-separated origins allowed to call (CORS)")
    max_request_bytes: int = setting(64 * 1024, minimum=1)
    """The largest request message accepted; larger ones are refused before they are read."""
    rate_per_token: float = setting(20.0, minimum=0.01)
    """Calls per second one bearer token may make (a bucket of `rate_burst`)."""
    rate_per_address: float = setting(50.0, minimum=0.01)
    """Calls per second one client address may make, whatever its tokens."""
    rate_burst: int = setting(40, minimum=1)
    rate_limits: bool = setting(True)
    """False: no call is counted against the buckets above (tests; as the orchestrator's
    switch of the same name turns its limits off)."""
    default_timeout_s: float = setting(10.0, minimum=0.1)
    """The deadline of a unary call whose client sent none."""
    max_timeout_s: float = setting(60.0, minimum=0.1)
    """The longest deadline a unary call may ask for."""
    max_watch_s: float = setting(3600.0, minimum=1)
    """A WatchMatch stream without a deadline ends after this; the portal resumes it."""
    max_browser_watch_streams: int = setting(10_000, minimum=1)
    """WatchMatch streams this replica serves at once; beyond, RESOURCE_EXHAUSTED at once
    (10,000 held on 2 shared cores, `bench/results/scale.md`)."""
    max_watch_streams_per_address: int = setting(16, minimum=1)
    """WatchMatch streams one client address may hold open through this replica."""
    watch_replay_changes: int = setting(256, minimum=1)
    """The last changes of a match kept for its spectators to resume from (the shared
    stream's buffer); a spectator further behind catches up on a stream of its own."""
    watch_linger_s: float = setting(5.0, minimum=0)
    """How long a match's shared stream stays open after its last spectator left."""
    forwarded_allow_ips: str = setting("127.0.0.1")
    """Proxies whose X-Forwarded-For names the client (the Ingress's addresses, or `*`)."""
    guest_issuer: str = setting("")
    """The `iss` of guest tokens; set, it turns the guest sign-in (GuestService) on. Off by
    default and in production: a dev stack's convenience, never an operator's identity
    provider."""
    guest_signing_key: str = setting("")
    """The guest issuer's private key (PEM, P-256); the orchestrator has its public key in
    PLAYHALL_JWT_PUBLIC_KEYS."""
    guest_audience: str = setting("playhall")
    """The `aud` of guest tokens: the orchestrator's PLAYHALL_JWT_AUDIENCE."""
    guest_token_ttl_s: int = setting(7 * 86_400, minimum=60)
    guest_moderators: str = setting("")
    """Guest names (comma-separated) signed in as moderators, to try moderation in a dev
    stack whose orchestrator keeps the default moderator claim and role."""
    oidc_issuer: str = setting(
        "", help="issuer URL of the OIDC provider the portal signs players in with (off if empty)"
    )
    oidc_client_id: str = setting(
        "", help="the portal's client id at the OIDC provider (a public client, PKCE, no secret)"
    )
    oidc_scope: str = setting("openid profile", help="scopes the portal asks the provider for")
    languages: str = setting(
        ",".join(i18n.SHIPPED_LANGUAGES),
        help="comma-separated languages the portal offers (each one the platform ships)",
    )
    default_language: str = setting(
        i18n.SOURCE_LANGUAGE, help="the portal's language for a browser asking for none offered"
    )
    log_level: str = setting("INFO")

    @property
    def origins(self) -> list[str]:
        return [origin.strip() for origin in self.cors_origins.split(",") if origin.strip()]

    @property
    def offered_languages(self) -> tuple[str, ...]:
        return tuple(lang.strip() for lang in self.languages.split(",") if lang.strip())

    @classmethod
    def from_env(cls, flags: Mapping[str, Any] | None = None) -> Settings:
        settings = load(cls, flags)
        if settings.guest_issuer and not settings.guest_signing_key:
            raise SettingsError("PLAYHALL_GUEST_ISSUER needs PLAYHALL_GUEST_SIGNING_KEY")
        if bool(settings.oidc_issuer) != bool(settings.oidc_client_id):
            raise SettingsError("PLAYHALL_OIDC_ISSUER and PLAYHALL_OIDC_CLIENT_ID go together")
        _check_languages(settings)
        if settings.oidc_issuer:
            parts = urlsplit(settings.oidc_issuer)
            if parts.scheme not in ("https", "http") or not parts.netloc:
                raise SettingsError(
                    f"PLAYHALL_OIDC_ISSUER must be an https:// URL, not {settings.oidc_issuer!r}"
                )
        return settings

    @property
    def oidc_origin(self) -> str:
        """The OIDC provider's origin (scheme, host, port), which the portal's pages may fetch
        from (its discovery document and token endpoint); empty without a provider."""
        if not self.oidc_issuer:
            return ""
        parts = urlsplit(self.oidc_issuer)
        return f"{parts.scheme}://{parts.netloc}"


def _check_languages(settings: Settings) -> None:
    """The offered languages are shipped ones (a complete catalogue), and the default is one
    of them."""
    offered = settings.offered_languages
    if not offered:
        raise SettingsError("PLAYHALL_LANGUAGES names no language")
    unshipped = [lang for lang in offered if lang not in i18n.SHIPPED_LANGUAGES]
    if unshipped:
        raise SettingsError(
            f"PLAYHALL_LANGUAGES names {', '.join(unshipped)}, which the portal does not ship"
            f" (it ships {', '.join(i18n.SHIPPED_LANGUAGES)})"
        )
    if settings.default_language not in offered:
        raise SettingsError(
            f"PLAYHALL_DEFAULT_LANGUAGE {settings.default_language!r} is not one of"
            f" PLAYHALL_LANGUAGES ({settings.languages})"
        )
