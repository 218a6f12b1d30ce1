"""Signed player tokens: JWTs from the operator's identity provider (any OIDC: Keycloak, Auth0,
...) or the dev stack's guest issuer, checked with PyJWT. Playhall never sees a password.

A token is accepted when it is signed RS256 or ES256 (never `none`, never a shared HS* secret)
by a trusted key of its algorithm's family (an RSA key for RS256, a P-256 key for ES256: a key
of another type is never tried), one of the configured public keys (PEM blocks or a JWK set,
`PLAYHALL_JWT_PUBLIC_KEYS`) or a key of the provider's JWKS URL (`PLAYHALL_JWKS_URL`, fetched
and cached by PyJWT's PyJWKClient), names the configured issuer and audience, has not expired
(a small leeway for clocks apart), and names a subject and a display name (cleaned as every
display name is: `names.py`). A player's id is derived from issuer and subject, so it is stable
across sign-ins, devices and display-name changes, and two providers' subjects never collide.
A token whose roles claim (`PLAYHALL_MODERATOR_CLAIM`) holds the operator's moderator role
(`PLAYHALL_MODERATOR_ROLE`) signs in a moderator (`Player.moderator`), who works the reports.

A token verified once is not verified again while it is accepted (`VerifiedTokens`): a call's
rate limits and its method both ask who it signs in, and a client sends the same token for
many calls. Nothing else than time can make an accepted token refused (no player token is
revoked: what is revoked, seat tokens and personal access tokens, is checked at every call
elsewhere), so the player it signs in is kept until the moment a verification would refuse it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import jwt
from cryptography.hazmat.primitives.asymmetric import ec, ed448, ed25519, rsa
from cryptography.hazmat.primitives.serialization import load_pem_public_key

from playhall.accounts.names import clean_display_name
from playhall.common.recent import Recent
from playhall.common.settings import SettingsError, load, setting
from playhall.core.i18n import Argument, Text, render

ALGORITHMS = ["RS256", "ES256"]
"""The only signatures accepted: public-key ones, so the key a service holds cannot sign."""
KEY_FAMILIES: dict[str, tuple[str, tuple[type, ...]]] = {
    "RS": ("RSA", (rsa.RSAPublicKey,)),
    "PS": ("RSA", (rsa.RSAPublicKey,)),
    "ES": ("EC", (ec.EllipticCurvePublicKey,)),
    "Ed": ("EdDSA", (ed25519.Ed25519PublicKey, ed448.Ed448PublicKey)),
    "HS": ("HMAC", (bytes,)),
}
"""The keys each algorithm family (the first two letters of `alg`) verifies with, and its name
for people. A token is checked against the trusted keys of its own family only: PyJWT handed a
key of another type raises TypeError, not a token error."""
EC_CURVES = {
    "ES256": "secp256r1",
    "ES384": "secp384r1",
    "ES512": "secp521r1",
    "ES521": "secp521r1",
    "ES256K": "secp256k1",
}
"""The curve of each ES* algorithm (RFC 7518 3.4; ES256K RFC 8812)."""
NAME_CLAIMS = ("name", "preferred_username", "nickname")
"""Where a token's display name is looked for, in order (OIDC's standard claims); each is
cleaned as every display name is (`names.clean_display_name`)."""
MAX_NAME = 64
ROLES_CLAIM = "roles"
MODERATOR_ROLE = "playhall-moderator"
"""The moderator role's claim and name unless the operator names others (`TokenSettings`)."""
PEM_END = "-----END PUBLIC KEY-----"
VERIFIED_KEPT = 10_000
"""The most verified tokens kept at once (about 300 bytes each), the least recently used
dropped first."""


class InvalidPlayerToken(Exception):
    """A player token that is not accepted; `text` says why, for the caller (a key of the
    platform's catalogue with its arguments), `reason` in English."""

    def __init__(self, key: str, **args: Argument):
        self.text = Text(key, args)
        self.reason = render(self.text)
        super().__init__(self.reason)


@dataclass(frozen=True)
class Player:
    """A signed-in player: the stable id, the display name of this sign-in, and where the id
    comes from."""

    player_id: str
    display_name: str
    issuer: str
    subject: str
    moderator: bool = False
    """The token carries the operator's moderator role (`TokenSettings.moderator_claim`)."""


def player_id(issuer: str, subject: str) -> str:
    """The stable id of the player `subject` of `issuer`: the same for every token of theirs."""
    digest = hashlib.sha256(f"{issuer}\n{subject}".encode()).hexdigest()
    return f"p-{digest[:32]}"


def looks_like_jwt(token: str) -> bool:
    """Whether a bearer token has a JWT's shape (three dot-separated parts). Seat tokens are
    `secrets.token_urlsafe` (letters, digits, `-` and `_`: never a dot), so the two cannot be
    mistaken for each other."""
    return token.count(".") == 2


@dataclass(frozen=True)
class TokenSettings:
    """Where player tokens come from (`common.settings`: each from `PLAYHALL_<NAME>`). With
    neither keys nor a JWKS URL, player tokens are refused and only seat tokens play."""

    jwt_issuer: str = setting("")
    """The `iss` every player token must carry (the OIDC provider's issuer URL)."""
    jwt_audience: str = setting("playhall")
    """The `aud` every player token must carry (the client id Playhall is registered as)."""
    jwt_public_keys: str = setting("")
    """Public keys that sign player tokens: PEM blocks, or a JWK set as JSON."""
    jwks_url: str = setting("")
    """The provider's JWKS URL (e.g. `<issuer>/protocol/openid-connect/certs` on Keycloak)."""
    jwks_cache_s: int = setting(300, minimum=1)
    """How long a fetched JWK set is used before it is fetched again (an unknown key id
    fetches it at once)."""
    jwks_cooldown_s: float = setting(30.0, minimum=0)
    """The least time between two fetches for unknown key ids: tokens naming made-up key ids
    cannot make Playhall hammer the provider."""
    jwt_leeway_s: int = setting(30, minimum=0)
    """How far the clocks of provider and Playhall may be apart for `exp`, `nbf` and `iat`."""
    moderator_claim: str = setting(ROLES_CLAIM)
    """The claim that holds a player's roles: a list of strings or a space-separated string;
    dots reach into objects (`realm_access.roles` is Keycloak's realm roles)."""
    moderator_role: str = setting(MODERATOR_ROLE)
    """The role in `moderator_claim` that makes a player a moderator (empty: nobody is)."""

    @property
    def enabled(self) -> bool:
        return bool(self.jwt_public_keys or self.jwks_url)

    @classmethod
    def from_env(cls, flags: Mapping[str, Any] | None = None) -> TokenSettings:
        settings = load(cls, flags)
        if settings.enabled and not settings.jwt_issuer:
            raise SettingsError(
                "PLAYHALL_JWT_ISSUER must be set with PLAYHALL_JWT_PUBLIC_KEYS or PLAYHALL_JWKS_URL"
            )
        if settings.jwt_public_keys and settings.jwks_url:
            raise SettingsError("Set PLAYHALL_JWT_PUBLIC_KEYS or PLAYHALL_JWKS_URL, not both")
        return settings


def parse_public_keys(text: str) -> list[tuple[str | None, Any]]:
    """(key id or None, key) of every key in `text`: a JWK set as JSON, or PEM blocks."""
    text = text.strip()
    if text.startswith("{"):
        try:
            keys = jwt.PyJWKSet.from_json(text).keys
        except (jwt.PyJWKSetError, json.JSONDecodeError) as error:
            raise SettingsError(
                f"PLAYHALL_JWT_PUBLIC_KEYS is not a usable JWK set: {error}"
            ) from None
        return [(key.key_id, key.key) for key in keys]
    blocks = [block + PEM_END for block in text.split(PEM_END) if block.strip()]
    try:
        return [(None, load_pem_public_key(block.strip().encode())) for block in blocks]
    except ValueError as error:
        raise SettingsError(
            f"PLAYHALL_JWT_PUBLIC_KEYS holds a malformed PEM key: {error}"
        ) from None


class VerifiedTokens:
    """The players of tokens verified a moment ago, by the token's SHA-256, each until the
    moment it stops being accepted; at most `size`, the least recently used dropped first."""

    def __init__(self, size: int = VERIFIED_KEPT):
        self._kept: Recent[bytes, tuple[Player, float]] = Recent(size)

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, digest: bytes) -> Player | None:
        kept = self._kept.get(digest)
        if kept is None:
            return None
        player, until = kept
        if time.time() >= until:
            self._kept.pop(digest)
            return None
        return player

    def keep(self, digest: bytes, player: Player, until: float) -> None:
        self._kept.put(digest, (player, until))


class PlayerTokens:
    """Checks player tokens against the configured keys or JWKS URL."""

    def __init__(self, settings: TokenSettings):
        self.settings = settings
        self._keys = parse_public_keys(settings.jwt_public_keys) if settings.jwt_public_keys else []
        self._jwks = (
            jwt.PyJWKClient(
                settings.jwks_url,
                cache_jwk_set=True,
                lifespan=settings.jwks_cache_s,
                timeout=5,
                cooldown_duration=settings.jwks_cooldown_s,
            )
            if settings.jwks_url
            else None
        )
        self.verified = VerifiedTokens()

    @property
    def enabled(self) -> bool:
        return self.settings.enabled

    async def verify(self, token: str) -> Player:
        """The player `token` signs in, or `InvalidPlayerToken` saying why not; a token
        accepted a moment ago without verifying it again (`VerifiedTokens`)."""
        if not self.enabled:
            raise InvalidPlayerToken("token-player-not-taken")
        digest = hashlib.sha256(token.encode()).digest()
        player = self.verified.get(digest)
        if player is None:
            player, until = await self._verify(token)
            self.verified.keep(digest, player, until)
        return player

    def _accepted_until(self, claims: Mapping[str, Any]) -> float:
        """When a token of these claims stops being accepted: PyJWT refuses it once its `exp`
        is `jwt_leeway_s` past. With a JWKS URL, no later than the key set's lifespan from
        now: a key the provider dropped stops verifying once the set is fetched again."""
        until = float(int(claims["exp"]) + self.settings.jwt_leeway_s)
        if self._jwks is not None:
            until = min(until, time.time() + self.settings.jwks_cache_s)
        return until

    async def _verify(self, token: str) -> tuple[Player, float]:
        """The player `token` signs in and until when it is accepted. A JWKS fetch (the
        first, and after `jwks_cache_s` or on an unknown key id) runs in a thread: it must not
        hold up the event loop every match is served from."""
        header = _header(token)
        algorithm = header["alg"]
        if self._jwks is not None:
            keys = [await asyncio.to_thread(self._signing_key, token)]
        else:
            kid = header.get("kid")
            keys = [key for k, key in self._keys if kid is None or k in (None, kid)]
        if not keys:
            raise InvalidPlayerToken("token-player-key-unknown")
        fitting = [key for key in keys if key_fits(algorithm, key)]
        if not fitting:
            raise InvalidPlayerToken(
                "token-player-no-key-of-kind", algorithm=algorithm, kind=key_kind(algorithm)
            )
        claims = self._decode(token, algorithm, fitting)
        player = self._claims_player(claims)
        if has_role(claims, self.settings.moderator_claim, self.settings.moderator_role):
            player = dataclasses.replace(player, moderator=True)
        return player, self._accepted_until(claims)

    def _signing_key(self, token: str) -> Any:
        assert self._jwks is not None
        try:
            return self._jwks.get_signing_key_from_jwt(token).key
        except (jwt.PyJWKClientConnectionError, jwt.PyJWKSetError, json.JSONDecodeError):
            # Out of reach, or an answer that is no usable JWK set: the provider's trouble.
            raise InvalidPlayerToken("token-player-keys-unreachable") from None
        except jwt.PyJWKClientError:
            raise InvalidPlayerToken("token-player-signing-key-unknown") from None
        except jwt.InvalidTokenError:
            # PyJWKClient decodes the whole token, claims included, before it looks for a key.
            raise InvalidPlayerToken("token-player-malformed") from None

    def _decode(self, token: str, algorithm: str, keys: list[Any]) -> dict[str, Any]:
        """The claims of `token`, signed `algorithm` by one of `keys` (all of its family)."""
        for key in keys:
            try:
                return jwt.decode(
                    token,
                    key,
                    algorithms=[algorithm],
                    audience=self.settings.jwt_audience,
                    issuer=self.settings.jwt_issuer,
                    leeway=self.settings.jwt_leeway_s,
                    options={"require": ["exp", "iss", "aud", "sub"]},
                )
            except (jwt.InvalidSignatureError, jwt.InvalidKeyError):
                continue  # another configured key may have signed it
            except jwt.ExpiredSignatureError:
                raise InvalidPlayerToken("token-player-expired") from None
            except jwt.InvalidAudienceError:
                raise InvalidPlayerToken(
                    "token-player-audience", audience=self.settings.jwt_audience
                ) from None
            except jwt.InvalidIssuerError:
                raise InvalidPlayerToken("token-player-issuer") from None
            except jwt.MissingRequiredClaimError as error:
                raise InvalidPlayerToken("token-player-claim-missing", claim=error.claim) from None
            except jwt.InvalidTokenError:
                raise InvalidPlayerToken("token-player-invalid") from None
        raise InvalidPlayerToken("token-player-signature")

    @staticmethod
    def _claims_player(claims: dict[str, Any]) -> Player:
        subject = claims["sub"]
        if not isinstance(subject, str) or not subject:
            raise InvalidPlayerToken("token-player-subject-empty")
        # The first claim with something visible left once cleaned (`names`): a provider's
        # name of control, bidi or zero-width characters alone falls through to the next.
        names = [claims.get(claim) for claim in NAME_CLAIMS]
        cleaned = (clean_display_name(n, MAX_NAME) for n in names if isinstance(n, str))
        name = next((n for n in cleaned if n), "")
        if not name:
            raise InvalidPlayerToken("token-player-no-name")
        issuer = claims["iss"]
        return Player(player_id(issuer, subject), name, issuer, subject)


def has_role(claims: Mapping[str, Any], claim: str, role: str) -> bool:
    """Whether the claim at the dotted path `claim` holds `role`: as an item of a list, or a
    word of a space-separated string (both forms providers use for roles and scopes)."""
    if not role:
        return False
    value: Any = claims
    for key in claim.split("."):
        value = value.get(key) if isinstance(value, Mapping) else None
    if isinstance(value, str):
        return role in value.split()
    return isinstance(value, list) and role in value


def key_fits(algorithm: str, key: Any) -> bool:
    """Whether `key` is of the type (and, for ES*, the curve) that `algorithm` verifies with."""
    family = KEY_FAMILIES.get(algorithm[:2])
    if family is None or not isinstance(key, family[1]):
        return False
    curve = EC_CURVES.get(algorithm)  # an ES* algorithm's: `key` is an EC key then
    return curve is None or (isinstance(key, ec.EllipticCurvePublicKey) and key.curve.name == curve)


def key_kind(algorithm: str) -> str:
    """The kind of key `algorithm` needs, for people: "RSA", "EC (secp256r1)", ..."""
    family = KEY_FAMILIES[algorithm[:2]][0]
    curve = EC_CURVES.get(algorithm)
    return f"{family} ({curve})" if curve else family


def _header(token: str) -> dict[str, Any]:
    """The token's header, refused unless it is well formed (a `kid` that is a string, a
    `crit` PyJWT understands) and names one of `ALGORITHMS` (a token with `alg: none` or an
    HS* secret is refused here, before any key is looked for)."""
    try:
        header = jwt.get_unverified_header(token)
    except jwt.DecodeError:
        raise InvalidPlayerToken("token-player-malformed") from None
    except jwt.InvalidTokenError:  # a `kid` that is no string, an unknown `crit`
        raise InvalidPlayerToken("token-player-header-invalid") from None
    algorithm = header.get("alg")
    if not isinstance(algorithm, str) or not algorithm:
        raise InvalidPlayerToken("token-player-no-algorithm")
    if algorithm not in ALGORITHMS:
        raise InvalidPlayerToken(
            "token-player-algorithm", algorithm=algorithm, accepted=", ".join(ALGORITHMS)
        )
    return header
