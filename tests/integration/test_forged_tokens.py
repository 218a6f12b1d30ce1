"""Forged and malformed player tokens against real orchestrator and gateway processes (the
outside audit, issue 35, item 4): a token of every signing algorithm (HS256, RS256, PS256,
ES256, EdDSA, `none`), signed by a key the server does not trust, against every kind of key a
server may trust (an RSA, an EC and an Ed25519 PEM key; a JWK set of RSA, EC and HMAC keys; a
provider's JWKS URL), and tokens whose header is malformed, are each refused UNAUTHENTICATED
with a reason, straight from the orchestrator and through the gateway (HTTP 401), and nothing
is logged at ERROR. Before, a token whose algorithm's family had no trusted key of its type
(RS256 against an EC key, ...) or whose `kid` was no string failed the call as UNKNOWN, with a
traceback in the orchestrator's log."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
import urllib.request
from dataclasses import dataclass

import grpc
import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from jwt.algorithms import get_default_algorithms

from dev.testbed import TIMEOUT, start_orchestrator
from playhall.players.v1 import player_service_pb2 as ppb
from playhall.players.v1 import player_service_pb2_grpc
from tests import oidc_provider
from tests.helpers import PLAYER_AUDIENCE, PLAYER_ISSUER, connect_call, start_gateway

PLAYERS = "playhall.players.v1.PlayerService"
HMAC_SECRET = b"a secret an operator put in a JWK set by mistake"
REDIRECT = "http://127.0.0.1:1/signin.html"


def public_pem(key) -> str:
    return (
        key.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def jwk_of(key, kid: str) -> dict:
    algorithm = jwt.algorithms.RSAAlgorithm if isinstance(key, rsa.RSAPrivateKey) else None
    algorithm = algorithm or jwt.algorithms.ECAlgorithm
    return {**algorithm.to_jwk(key.public_key(), as_dict=True), "kid": kid}


# Keys the servers trust, and the attacker's keys of every family (never trusted anywhere).
TRUSTED_RSA = rsa.generate_private_key(public_exponent=65537, key_size=2048)
TRUSTED_EC = ec.generate_private_key(ec.SECP256R1())
TRUSTED_ED = ed25519.Ed25519PrivateKey.generate()
FORGER = {
    "RSA": rsa.generate_private_key(public_exponent=65537, key_size=2048),
    "EC": ec.generate_private_key(ec.SECP256R1()),
    "Ed": ed25519.Ed25519PrivateKey.generate(),
}


@dataclass(frozen=True)
class Trusted:
    """What a server trusts: its settings, the families of key it may try for a token naming
    `kid`, the key id a forger puts in the header, the HS256 secret a forger would use (the
    trusted public key itself, or the HMAC secret where the server holds one), and the
    algorithm and private key of a genuine token, where a test holds one."""

    env: dict
    families: frozenset[str]
    kid: str | None
    hmac_secret: bytes
    genuine: tuple[str, object] | None


def pem_trust(key, family: str, genuine: str | None) -> Trusted:
    pem = public_pem(key)
    env = {
        "PLAYHALL_JWT_ISSUER": PLAYER_ISSUER,
        "PLAYHALL_JWT_AUDIENCE": PLAYER_AUDIENCE,
        "PLAYHALL_JWT_PUBLIC_KEYS": pem,
    }
    return Trusted(env, frozenset({family}), None, pem.encode(), genuine and (genuine, key))


def jwk_set_trust() -> Trusted:
    keys = [
        jwk_of(TRUSTED_RSA, "r"),
        jwk_of(TRUSTED_EC, "e"),
        {"kty": "oct", "k": b64(HMAC_SECRET), "kid": "h"},
    ]
    env = {
        "PLAYHALL_JWT_ISSUER": PLAYER_ISSUER,
        "PLAYHALL_JWT_AUDIENCE": PLAYER_AUDIENCE,
        "PLAYHALL_JWT_PUBLIC_KEYS": json.dumps({"keys": keys}),
    }
    # No key id in the forged tokens: every key of the set is a candidate.
    return Trusted(env, frozenset({"RSA", "EC"}), None, HMAC_SECRET, ("RS256", TRUSTED_RSA))


CONFIGS = ["rsa-pem", "ec-pem", "ed25519-pem", "jwk-set", "jwks-url"]


@dataclass
class Stack:
    trusted: Trusted
    issuer: str
    audience: str
    orchestrator: object
    gateway: object
    players: player_service_pb2_grpc.PlayerServiceStub


@pytest.fixture(scope="module", params=CONFIGS)
def stack(request, redis_server, galileo_rules):
    """An orchestrator trusting one kind of key (the parameter), and a gateway in front of it."""
    config = request.param
    provider = None
    if config == "jwks-url":
        provider = oidc_provider.start("playhall", REDIRECT, [("ada", "Ada", 300)])
        url = oidc_provider.issuer(provider)
        env = {
            "PLAYHALL_JWT_ISSUER": url,
            "PLAYHALL_JWT_AUDIENCE": "playhall",
            "PLAYHALL_JWKS_URL": f"{url}/jwks",
        }
        with urllib.request.urlopen(f"{url}/jwks", timeout=TIMEOUT) as reply:
            jwks = reply.read()
        # The provider's key is its own: its genuine tokens are the browser test's
        # (tests/browser/test_oidc.py).
        trusted = Trusted(env, frozenset({"EC"}), oidc_provider.KEY_ID, jwks, None)
    else:
        trusted = {
            "rsa-pem": lambda: pem_trust(TRUSTED_RSA, "RSA", "RS256"),
            "ec-pem": lambda: pem_trust(TRUSTED_EC, "EC", "ES256"),
            # No accepted algorithm is signed by an Ed25519 key: nothing it signs is accepted.
            "ed25519-pem": lambda: pem_trust(TRUSTED_ED, "Ed", None),
            "jwk-set": jwk_set_trust,
        }[config]()
    try:
        with (
            start_orchestrator(redis_server.url, galileo_rules.address, **trusted.env) as orch,
            start_gateway(orch.address) as gateway,
            grpc.insecure_channel(orch.address) as channel,
        ):
            yield Stack(
                trusted,
                trusted.env["PLAYHALL_JWT_ISSUER"],
                trusted.env["PLAYHALL_JWT_AUDIENCE"],
                orch,
                gateway,
                player_service_pb2_grpc.PlayerServiceStub(channel),
            )
    finally:
        if provider is not None:
            provider.terminate()


def claims(stack: Stack) -> dict:
    now = int(time.time())
    return {
        "iss": stack.issuer,
        "aud": stack.audience,
        "sub": "mallory",
        "name": "Mallory",
        "iat": now,
        "exp": now + 300,
    }


def signed(header: dict, body: dict | bytes, algorithm: str, key) -> str:
    """A compact JWS of `header` and `body` signed by hand (PyJWT would refuse to make most
    of these): `key` a private key, or the secret for HS256; no signature for `none`."""
    payload = body if isinstance(body, bytes) else json.dumps(body).encode()
    message = f"{b64(json.dumps(header).encode())}.{b64(payload)}".encode()
    if algorithm == "none":
        signature = b""
    elif algorithm == "HS256":
        signature = hmac.new(key, message, hashlib.sha256).digest()
    else:
        implementation = get_default_algorithms()[algorithm]
        signature = implementation.sign(message, key)
    return f"{message.decode()}.{b64(signature)}"


FAMILY = {"RS256": "RSA", "PS256": "RSA", "ES256": "EC", "EdDSA": "Ed"}
ALGORITHMS = ["HS256", "RS256", "PS256", "ES256", "EdDSA", "none"]


def forged(stack: Stack, algorithm: str) -> str:
    header = {"alg": algorithm, "typ": "JWT"}
    if stack.trusted.kid:
        header["kid"] = stack.trusted.kid
    if algorithm == "HS256":
        key = stack.trusted.hmac_secret
    else:
        key = FORGER[FAMILY[algorithm]] if algorithm != "none" else None
    return signed(header, claims(stack), algorithm, key)


def expected_reason(stack: Stack, algorithm: str) -> str:
    if algorithm not in ("RS256", "ES256"):
        return "only RS256, ES256 are accepted"
    if FAMILY[algorithm] in stack.trusted.families:
        return "signature does not verify"
    return "but this server trusts no"


def malformed(stack: Stack, case: str) -> str:
    kid = {"kid": stack.trusted.kid} if stack.trusted.kid else {}
    body = claims(stack)
    es = FORGER["EC"]
    return {
        "kid not a string": lambda: signed({"alg": "ES256", "kid": 7}, body, "ES256", es),
        "kid a list": lambda: signed({"alg": "ES256", "kid": ["k1"]}, body, "ES256", es),
        "no alg": lambda: signed({"typ": "JWT", **kid}, body, "ES256", es),
        "alg not a string": lambda: signed({"alg": ["ES256"], **kid}, body, "ES256", es),
        "unknown crit": lambda: signed({"alg": "ES256", "crit": ["x"], **kid}, body, "ES256", es),
        "garbage base64": lambda: "%%%.!!!.***",
        "header not json": lambda: f"{b64(b'nope')}.{b64(json.dumps(body).encode())}.c2ln",
        "payload not json": lambda: signed({"alg": "ES256", **kid}, b"\xff{", "ES256", es),
    }[case]()


MALFORMED = {
    "kid not a string": "header is not valid",
    "kid a list": "header is not valid",
    "no alg": "names no signing algorithm",
    "alg not a string": "names no signing algorithm",
    "unknown crit": "header is not valid",
    "garbage base64": "malformed",
    "header not json": "malformed",
    "payload not json": "",  # "malformed" or "not valid", whichever PyJWT finds first
}


def errors_logged(service, since: int) -> list[str]:
    """Log lines after line `since` at ERROR or not JSON (a traceback)."""
    lines = list(service.log_lines)[since:]
    return [line for line in lines if not line.startswith("{") or '"level": "error"' in line]


def assert_refused_everywhere(stack: Stack, token: str, reason: str) -> None:
    """UNAUTHENTICATED with `reason` from the orchestrator, the same through the gateway (HTTP
    401, Connect `unauthenticated`), and nothing logged at ERROR by either."""
    logged = (len(stack.orchestrator.log_lines), len(stack.gateway.log_lines))
    with pytest.raises(grpc.RpcError) as refused:
        stack.players.GetProfile(
            ppb.GetProfileRequest(),
            metadata=[("authorization", f"Bearer {token}")],
            timeout=TIMEOUT,
        )
    details = refused.value.details() or ""
    assert refused.value.code() == grpc.StatusCode.UNAUTHENTICATED, details
    assert "token" in details and reason in details, details
    for leak in ("Traceback", "TypeError", "Exception"):
        assert leak not in details
    base = f"http://127.0.0.1:{stack.gateway.port}"
    status, body = connect_call(base, PLAYERS, "GetProfile", {}, token)
    assert (status, body["code"], body["message"]) == (401, "unauthenticated", details)
    assert not errors_logged(stack.orchestrator, logged[0])
    assert not errors_logged(stack.gateway, logged[1])


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_a_forged_token_of_any_algorithm_is_refused_whatever_key_is_trusted(stack, algorithm):
    assert_refused_everywhere(stack, forged(stack, algorithm), expected_reason(stack, algorithm))


@pytest.mark.parametrize("case", list(MALFORMED))
def test_a_malformed_header_is_refused_with_its_reason(stack, case):
    assert_refused_everywhere(stack, malformed(stack, case), MALFORMED[case])


def test_a_token_of_the_trusted_key_is_still_accepted(stack):
    # The table's refusals come from the forgeries alone: a token signed by the trusted key
    # signs in, wherever the test holds that key.
    if stack.trusted.genuine is None:
        pytest.skip("no genuine token to make here (the Trusted's comment says why)")
    algorithm, key = stack.trusted.genuine
    token = signed({"alg": algorithm}, claims(stack), algorithm, key)
    reply = stack.players.GetProfile(
        ppb.GetProfileRequest(), metadata=[("authorization", f"Bearer {token}")], timeout=TIMEOUT
    )
    assert reply.player.display_name == "Mallory"
