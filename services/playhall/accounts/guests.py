"""The guest issuer of `make run`, the demo and the tests: a guest chooses a name and gets a
player token (ES256) signed with a key the stack generated when it started, so everything a
player does can be tried without an identity provider. It is a setting of the gateway, off by
default and off in production: a guest is whoever holds the token, and nothing checks the
name beyond its form.

Each sign-in is a new guest (a random subject): the token is the guest's only proof of who they
are, kept by the browser that signed in.
"""

from __future__ import annotations

import secrets
import time
import unicodedata
from dataclasses import dataclass

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from playhall.accounts.names import JOINERS, clean_display_name
from playhall.accounts.tokens import MODERATOR_ROLE, ROLES_CLAIM, Player, player_id
from playhall.core.i18n import Argument, Text, render

PUNCTUATION = " .'-_"
"""What may stand between the letters and digits of a guest name."""
MIN_NAME, MAX_NAME = 2, 24


class InvalidGuestName(Exception):
    """A guest name that is refused; `text` says why, for the guest (a key of the platform's
    catalogue with its arguments), `reason` in English."""

    def __init__(self, key: str, **args: Argument):
        self.text = Text(key, args)
        self.reason = render(self.text)
        super().__init__(self.reason)


def checked_guest_name(name: str) -> str:
    """`name` as the guest will be shown (`names.clean_display_name`: NFC, single spaces), or
    `InvalidGuestName`. Letters of any script with their combining marks, digits, and spaces,
    dots, apostrophes, hyphens or underscores between them: no markup, no name that is only
    punctuation, and nothing invisible (a guest who typed a control, bidi or zero-width
    character, or a filler, is told so rather than shown something else)."""
    typed = " ".join(unicodedata.normalize("NFC", name).split())
    cleaned = clean_display_name(name)
    if cleaned != typed:
        raise InvalidGuestName("account-guest-name-invisible")
    if not MIN_NAME <= len(cleaned) <= MAX_NAME:
        raise InvalidGuestName("account-guest-name-length", least=MIN_NAME, most=MAX_NAME)
    if not _well_formed(cleaned):
        raise InvalidGuestName("account-guest-name-form")
    return cleaned


def _well_formed(name: str) -> bool:
    """Letters and digits (a letter with any combining marks after it), punctuation of
    `PUNCTUATION` between them: a name starts with a letter or digit and ends with one (or
    its marks). The joiners the cleaning kept between two letters stay."""
    previous = ""
    for char in name:
        kind = unicodedata.category(char)[0]
        if kind == "M":
            if previous not in ("L", "M"):
                return False  # a mark on nothing, or on a digit or punctuation
        elif not (char.isalnum() or char in PUNCTUATION or ord(char) in JOINERS):
            return False
        previous = kind
    return name[0].isalnum() and (name[-1].isalnum() or previous == "M")


def new_signing_key() -> tuple[str, str]:
    """A fresh P-256 key pair for the guest issuer: (private PEM, public PEM)."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    public = key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return private.decode(), public.decode()


@dataclass(frozen=True)
class GuestToken:
    """A signed-in guest: the token and what it says."""

    token: str
    player: Player
    expires_unix: int


class GuestIssuer:
    """Signs guest tokens as `issuer` for `audience` with a private key (PEM, P-256)."""

    def __init__(self, issuer: str, audience: str, private_key_pem: str, ttl_s: int):
        self.issuer = issuer
        self.audience = audience
        self.ttl_s = ttl_s
        key = serialization.load_pem_private_key(private_key_pem.encode(), password=None)
        if not isinstance(key, ec.EllipticCurvePrivateKey):
            raise ValueError("the guest signing key must be an EC (P-256) private key")
        self._key = key

    def sign_in(self, name: str, moderator: bool = False) -> GuestToken:
        """A new guest called `name` (checked: `InvalidGuestName`); a `moderator` carries the
        moderator role in the default roles claim (`tokens.ROLES_CLAIM`)."""
        name = checked_guest_name(name)
        subject = f"guest-{secrets.token_hex(12)}"
        now = int(time.time())
        claims = {
            "iss": self.issuer,
            "aud": self.audience,
            "sub": subject,
            "name": name,
            "iat": now,
            "exp": now + self.ttl_s,
            **({ROLES_CLAIM: [MODERATOR_ROLE]} if moderator else {}),
        }
        token = jwt.encode(claims, self._key, algorithm="ES256")
        player = Player(player_id(self.issuer, subject), name, self.issuer, subject, moderator)
        return GuestToken(token, player, now + self.ttl_s)
