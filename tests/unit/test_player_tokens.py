"""Player tokens (`accounts.tokens`) and the guest issuer (`accounts.guests`): what is accepted,
every way a token is refused (with a reason a player understands), keys as PEM blocks, as a JWK
set, and from a JWKS URL served over real HTTP, key rotation included; a token verified once
is not verified again until it ends (on the real clock), a refused one every time, and the
tokens kept are bounded."""

from __future__ import annotations

import contextlib
import http.server
import json
import threading
import time
import unicodedata

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.serialization import load_pem_private_key

from playhall.accounts.guests import GuestIssuer, InvalidGuestName, checked_guest_name
from playhall.accounts.names import clean_display_name
from playhall.accounts.tokens import (
    InvalidPlayerToken,
    Player,
    PlayerTokens,
    TokenSettings,
    VerifiedTokens,
    looks_like_jwt,
    player_id,
)
from playhall.common.settings import SettingsError
from tests.helpers import (
    PLAYER_AUDIENCE,
    PLAYER_ISSUER,
    PlayerIssuer,
    unsigned_token,
    verifier,
)

pytestmark = pytest.mark.usefixtures("event_loop")


async def refused(tokens: PlayerTokens, token: str) -> str:
    with pytest.raises(InvalidPlayerToken) as caught:
        await tokens.verify(token)
    return caught.value.reason


async def test_a_valid_token_signs_in_a_player_with_a_stable_id(issuer):
    tokens = verifier(issuer)
    first = await tokens.verify(issuer.token("alice", name="Alice"))
    again = await tokens.verify(issuer.token("alice", name="Alice L."))
    assert first.player_id == again.player_id == player_id(PLAYER_ISSUER, "alice")
    assert (first.display_name, again.display_name) == ("Alice", "Alice L.")
    other = await tokens.verify(issuer.token("bob"))
    assert other.player_id != first.player_id
    # The same subject of another issuer is another player.
    assert player_id("https://elsewhere", "alice") != first.player_id


async def test_the_display_name_may_come_from_preferred_username(issuer):
    player = await verifier(issuer).verify(
        issuer.token("carol", name=None, preferred_username="cz")
    )
    assert player.display_name == "cz"


@pytest.mark.parametrize(
    ("case", "expected"),
    [
        ("wrong_signature", "signature does not verify"),
        ("expired", "expired"),
        ("wrong_issuer", "issuer this server does not trust"),
        ("wrong_audience", "not for this service"),
        ("alg_none", "signed with 'none'"),
        ("hs256_with_the_public_key", "signed with 'HS256'"),
        ("rs256_where_only_an_ec_key_is_trusted", "trusts no RSA key"),
        ("malformed", "malformed"),
        ("no_subject", "'sub'"),
        ("no_name", "names no player"),
        ("no_expiry", "'exp'"),
    ],
)
async def test_a_bad_token_is_refused_with_its_reason(issuer, case, expected):
    other = PlayerIssuer()
    public_pem = issuer.keys[1]
    token = {
        "wrong_signature": lambda: issuer.token("alice", key=other.keys[0]),
        "expired": lambda: issuer.token("alice", expires_in=-120),
        "wrong_issuer": lambda: issuer.token("alice", iss="https://evil.example"),
        "wrong_audience": lambda: issuer.token("alice", aud="someone-else"),
        "alg_none": lambda: unsigned_token(
            {"iss": PLAYER_ISSUER, "aud": PLAYER_AUDIENCE, "sub": "alice", "name": "A"}
            | {"exp": int(time.time()) + 300}
        ),
        "hs256_with_the_public_key": lambda: _hs256(public_pem),
        "rs256_where_only_an_ec_key_is_trusted": lambda: issuer.token(
            "alice", key=rsa_key()[0], algorithm="RS256"
        ),
        "malformed": lambda: "abc.def.ghi",
        "no_subject": lambda: issuer.token("alice", sub=None),
        "no_name": lambda: issuer.token("alice", name=None),
        "no_expiry": lambda: issuer.token("alice", exp=None),
    }[case]()
    assert expected in await refused(verifier(issuer), token)


def _hs256(secret: str) -> str:
    """A token "signed" HS256 with the issuer's public key as the secret: the classic attack
    on libraries that let the token choose the algorithm. PyJWT refuses to sign with a PEM key
    as an HMAC secret, so the signature is made by hand."""
    import base64
    import hashlib
    import hmac

    def b64(data: bytes) -> bytes:
        return base64.urlsafe_b64encode(data).rstrip(b"=")

    header = b64(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    claims = {"iss": PLAYER_ISSUER, "aud": PLAYER_AUDIENCE, "sub": "alice", "name": "A"}
    body = b64(json.dumps(claims | {"exp": int(time.time()) + 300}).encode())
    signature = b64(hmac.new(secret.encode(), header + b"." + body, hashlib.sha256).digest())
    return (header + b"." + body + b"." + signature).decode()


async def test_a_clock_a_little_behind_is_tolerated_within_the_leeway(issuer):
    tokens = verifier(issuer, jwt_leeway_s=30)
    assert await tokens.verify(issuer.token("alice", expires_in=-5))
    assert "expired" in await refused(tokens, issuer.token("alice", expires_in=-60))


async def test_without_keys_no_player_token_is_accepted(issuer):
    reason = await refused(PlayerTokens(TokenSettings()), issuer.token("alice"))
    assert "accepts no player tokens" in reason


async def test_any_of_several_pem_keys_may_sign(issuer):
    other = PlayerIssuer()
    tokens = verifier(issuer, jwt_public_keys=issuer.keys[1] + other.keys[1])
    assert await tokens.verify(other.token("dave"))
    assert await tokens.verify(issuer.token("dave"))


def rsa_key() -> tuple[rsa.RSAPrivateKey, dict]:
    """A fresh RSA key and its public JWK."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key, jwt.algorithms.RSAAlgorithm.to_jwk(key.public_key(), as_dict=True)


async def test_a_jwk_set_picks_the_key_by_its_id(issuer):
    key, jwk = rsa_key()
    ec_jwk = jwt.algorithms.ECAlgorithm.to_jwk(
        load_pem_private_key(issuer.keys[0].encode(), None).public_key(), as_dict=True
    )
    keys = {"keys": [{**jwk, "kid": "r1", "alg": "RS256"}, {**ec_jwk, "kid": "e1"}]}
    tokens = verifier(issuer, jwt_public_keys=json.dumps(keys))
    rs = issuer.token("erin", key=key, algorithm="RS256", kid="r1")
    assert (await tokens.verify(rs)).display_name == "Ada"
    assert (await tokens.verify(issuer.token("erin", kid="e1"))).display_name == "Ada"
    wrong_kid = issuer.token("erin", key=key, algorithm="RS256", kid="nope")
    assert "does not know" in await refused(tokens, wrong_kid)


def test_settings_refuse_keys_without_an_issuer_and_malformed_keys(monkeypatch):
    monkeypatch.setenv("PLAYHALL_JWT_PUBLIC_KEYS", "-----BEGIN PUBLIC KEY-----")
    monkeypatch.delenv("PLAYHALL_JWT_ISSUER", raising=False)
    with pytest.raises(SettingsError, match="PLAYHALL_JWT_ISSUER"):
        TokenSettings.from_env()
    monkeypatch.setenv("PLAYHALL_JWT_ISSUER", PLAYER_ISSUER)
    with pytest.raises(SettingsError, match="malformed PEM"):
        PlayerTokens(TokenSettings.from_env())


class JwksServer:
    """A real HTTP server on loopback serving a JWK set (`keys`, replaceable) and counting
    fetches."""

    def __init__(self):
        self.keys: list[dict] = []
        self.fetches = 0
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                owner.fetches += 1
                body = json.dumps({"keys": owner.keys}).encode()
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/certs"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


async def test_keys_from_a_jwks_url_are_cached_and_fetched_again_for_a_new_key_id(issuer):
    server = JwksServer()
    with contextlib.closing(server):
        first, first_jwk = rsa_key()
        server.keys = [{**first_jwk, "kid": "2026-1", "alg": "RS256"}]
        tokens = PlayerTokens(
            TokenSettings(
                jwt_issuer=PLAYER_ISSUER,
                jwt_audience="playhall",
                jwks_url=server.url,
                jwks_cooldown_s=0,
            )
        )

        def signed(key, kid: str) -> str:
            return issuer.token("frank", key=key, algorithm="RS256", kid=kid)

        assert await tokens.verify(signed(first, "2026-1"))
        assert await tokens.verify(signed(first, "2026-1"))
        assert server.fetches == 1
        # The provider rotates its key: a token of the new key fetches the set again.
        second, second_jwk = rsa_key()
        server.keys = [{**second_jwk, "kid": "2026-2", "alg": "RS256"}]
        assert await tokens.verify(signed(second, "2026-2"))
        assert server.fetches == 2
        assert "signing key is unknown" in await refused(tokens, signed(rsa_key()[0], "x"))


async def test_an_unreachable_jwks_url_is_refused_as_try_again(issuer):
    server = JwksServer()
    url = server.url
    server.close()
    tokens = PlayerTokens(
        TokenSettings(jwt_issuer=PLAYER_ISSUER, jwt_audience="playhall", jwks_url=url)
    )
    token = issuer.token("gina", key=rsa_key()[0], algorithm="RS256", kid="k")
    assert "try again" in await refused(tokens, token)


def count_decodes(monkeypatch) -> list[str]:
    """The tokens PyJWT verifies from now on, one entry a verification."""
    decoded: list[str] = []
    decode = jwt.decode

    def counted(token, *args, **kwargs):
        decoded.append(token)
        return decode(token, *args, **kwargs)

    monkeypatch.setattr(jwt, "decode", counted)
    return decoded


def at_a_seconds_start() -> None:
    """Waits for the next whole second: a token's `exp` is whole seconds, so one signed now
    lives its whole `expires_in`."""
    time.sleep(1 - time.time() % 1)


async def test_a_token_is_verified_once_in_its_life_and_refused_once_it_ends(issuer, monkeypatch):
    tokens = verifier(issuer, jwt_leeway_s=0)
    decoded = count_decodes(monkeypatch)
    at_a_seconds_start()
    token = issuer.token("ida", name="Ida", expires_in=2)
    first = await tokens.verify(token)
    assert [await tokens.verify(token) for _ in range(3)] == [first] * 3
    assert decoded == [token]
    # Another token of the same player is verified on its own.
    assert await tokens.verify(issuer.token("ida", name="Ida")) == first
    assert len(decoded) == 2
    # Once its `exp` has come (the real clock's), it is refused as any expired token is.
    exp = jwt.decode(token, options={"verify_signature": False})["exp"]
    decoded.clear()
    time.sleep(max(0.0, exp - time.time()))
    assert "expired" in await refused(tokens, token)
    assert "expired" in await refused(tokens, token)
    assert decoded == [token, token], "a refused token is not kept: verified each time"


async def test_a_token_within_the_leeway_is_kept_until_the_leeway_ends(issuer):
    tokens = verifier(issuer, jwt_leeway_s=2)
    at_a_seconds_start()
    token = issuer.token("ida", expires_in=-1)  # expired, and accepted for a second more
    assert await tokens.verify(token)
    time.sleep(1.05)
    assert "expired" in await refused(tokens, token)


def test_the_verified_tokens_kept_are_bounded_the_least_recently_used_dropped():
    kept = VerifiedTokens(size=2)
    players = {name: Player(name, name, PLAYER_ISSUER, name) for name in "abc"}
    later = time.time() + 60
    kept.keep(b"a", players["a"], later)
    kept.keep(b"b", players["b"], later)
    assert kept.get(b"a") == players["a"]  # used: "b" is now the least recently used
    kept.keep(b"c", players["c"], later)
    assert (kept.get(b"a"), kept.get(b"b"), kept.get(b"c")) == (players["a"], None, players["c"])
    assert len(kept) == 2
    kept.keep(b"d", players["a"], time.time() - 1)  # accepted no longer
    assert kept.get(b"d") is None


def test_seat_tokens_never_look_like_jwts(issuer):
    import secrets

    assert looks_like_jwt(issuer.token("alice"))
    assert not any(looks_like_jwt(secrets.token_urlsafe(32)) for _ in range(1000))


async def test_a_guest_token_is_a_player_token_of_the_guest_issuer(issuer):
    guests = GuestIssuer("playhall-guest", "playhall", issuer.keys[0], ttl_s=3600)
    signed = guests.sign_in("  Zoë   van Dam ")
    tokens = verifier(issuer, jwt_issuer="playhall-guest")
    player = await tokens.verify(signed.token)
    assert player == signed.player
    assert player.display_name == "Zoë van Dam"
    assert jwt.get_unverified_header(signed.token)["alg"] == "ES256"
    assert guests.sign_in("Zoë van Dam").player.player_id != player.player_id


@pytest.mark.parametrize(
    "name",
    [
        *("", "x", "a" * 25, "<script>", "ab\x00cd", "--", "_ab", "Robert'); DROP"),
        *("\u3164", "\u115f\u1160", "Ada\uffa0", "\u200b\u200b", "\u202eAda", "\u2800\u2800"),
        "\u0301Ada",  # a combining mark on nothing
    ],
)
def test_guest_names_are_checked(name):
    with pytest.raises(InvalidGuestName):
        checked_guest_name(name)


@pytest.mark.parametrize(
    "name",
    ["Al", "Jean-Luc", "O'Brien", "李小龍", "player_2", "Dr. Who", "नमस्ते", "สวัสดี", "می\u200cخواهم"],
)
def test_guest_names_of_any_script_pass(name):
    assert checked_guest_name(name) == name


def test_a_guest_name_typed_with_combining_marks_is_kept_in_nfc():
    assert checked_guest_name(unicodedata.normalize("NFD", "José Müller")) == "José Müller"


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("\u202eMallory\u202c", "Mallory"),
        ("Ada\x07\x1b[31m", "Ada[31m"),
        ("  Ada \t\n\u00a0Lovelace ", "Ada Lovelace"),
        (unicodedata.normalize("NFD", "José"), "José"),
        ("می\u200cخواهم", "می\u200cخواهم"),  # a non-joiner between letters stays
        ("\u200dAda\u200d \u200c", "Ada"),  # joiners with no letter on one side go
        ("x\ud800y", "xy"),  # a lone surrogate (JSON can carry one)
        ("\u3164\u115f\ufeff\U000e0041", ""),
        ("a" * 63 + "\u200db", "a" * 63),  # cut at 64, and the joiner the cut left goes too
    ],
)
def test_display_names_are_cleaned(raw, shown):
    assert clean_display_name(raw, limit=64) == shown


async def test_a_tokens_display_name_is_cleaned_and_an_invisible_one_falls_back(issuer):
    tokens = verifier(issuer)
    player = await tokens.verify(issuer.token("eve", name="\u202eEve\x00 W"))
    assert player.display_name == "Eve W"
    fallback = await tokens.verify(issuer.token("eve", name="\u3164", preferred_username="eve_w"))
    assert fallback.display_name == "eve_w"
    assert "names no player" in await refused(tokens, issuer.token("eve", name="\u200b\u2800"))
