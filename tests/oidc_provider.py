"""A small OpenID Connect provider for the tests, run in its own process
(`python -m tests.oidc_provider --client-id ... --redirect-uri ... --user sub:name:ttl`): a
discovery document, its JWKS, an authorization endpoint whose login page lists the users to
sign in as and redirects back with a single-use code (or, cancelled, with `access_denied`),
and a token endpoint that redeems a code only with the PKCE verifier of its S256 challenge,
for the client and redirect URI it was issued to, returning an ID token signed ES256 by a key
made at start. It announces its port on stderr as the services do (`{"msg": "serving",
"port": ...}`), so `ServiceProcess` starts it (`start`); `id_token` goes through its sign-in
as a browser would, for tests that need a real ID token and no browser."""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import http.client
import json
import re
import secrets
import sys
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode, urlsplit

import jwt
from cryptography.hazmat.primitives.asymmetric import ec

from dev.process import ServiceProcess, free_port

CODE_TTL_S = 60
KEY_ID = "test-provider-1"


@dataclass(frozen=True)
class User:
    subject: str
    name: str
    token_ttl_s: int
    roles: tuple[str, ...] = ()
    """The roles its ID token carries in the `roles` claim (a moderator's, say)."""


@dataclass(frozen=True)
class Grant:
    """What a code was issued for."""

    client_id: str
    redirect_uri: str
    challenge: str
    nonce: str
    user: User
    expires: float


class Provider:
    def __init__(self, issuer: str, client_id: str, redirect_uri: str, users: list[User]):
        self.issuer = issuer
        self.client_id = client_id
        self.redirect_uri = redirect_uri
        self.web_origin = "{0.scheme}://{0.netloc}".format(urlsplit(redirect_uri))
        self.users = {user.subject: user for user in users}
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.pending: dict[str, dict[str, str]] = {}
        self.codes: dict[str, Grant] = {}
        self.lock = threading.Lock()

    def discovery(self) -> dict:
        return {
            "issuer": self.issuer,
            "authorization_endpoint": f"{self.issuer}/authorize",
            "token_endpoint": f"{self.issuer}/token",
            "jwks_uri": f"{self.issuer}/jwks",
            "response_types_supported": ["code"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["ES256"],
            "code_challenge_methods_supported": ["S256"],
            "token_endpoint_auth_methods_supported": ["none"],
        }

    def jwks(self) -> dict:
        jwk = json.loads(jwt.algorithms.ECAlgorithm.to_jwk(self.key.public_key()))
        return {"keys": [{**jwk, "kid": KEY_ID, "use": "sig", "alg": "ES256"}]}

    def authorize(self, query: dict[str, str]) -> tuple[int, str]:
        """(400, why) for a request it refuses, else (200, the login page)."""
        if query.get("client_id") != self.client_id:
            return 400, "unknown client_id"
        if query.get("redirect_uri") != self.redirect_uri:
            return 400, "redirect_uri is not registered"
        if query.get("response_type") != "code":
            return 400, "response_type must be code"
        if query.get("code_challenge_method") != "S256" or not query.get("code_challenge"):
            return 400, "a PKCE S256 code_challenge is required"
        if "openid" not in query.get("scope", "").split():
            return 400, "scope must include openid"
        request_id = secrets.token_urlsafe(16)
        with self.lock:
            self.pending[request_id] = query
        buttons = "".join(
            f'<button name="user" value="{html.escape(user.subject)}">'
            f"Continue as {html.escape(user.name)}</button>"
            for user in self.users.values()
        )
        buttons += '<button name="cancel" value="1">Cancel</button>'
        page = (
            "<!doctype html><title>Test provider</title><h1>Sign in</h1>"
            f'<form method="post" action="/login"><input type="hidden" name="request"'
            f' value="{request_id}">{buttons}</form>'
        )
        return 200, page

    def login(self, form: dict[str, str]) -> tuple[int, str]:
        """(302, where to) with a code for the pending request, or (400, why)."""
        with self.lock:
            query = self.pending.pop(form.get("request", ""), None)
            user = self.users.get(form.get("user", ""))
            if query is not None and form.get("cancel"):
                back = {"error": "access_denied", "error_description": "the user cancelled"}
                back.update({"state": query["state"]} if "state" in query else {})
                return 302, f"{query['redirect_uri']}?{urlencode(back)}"
            if query is None or user is None:
                return 400, "unknown sign-in request or user"
            code = secrets.token_urlsafe(24)
            self.codes[code] = Grant(
                query["client_id"],
                query["redirect_uri"],
                query["code_challenge"],
                query.get("nonce", ""),
                user,
                time.time() + CODE_TTL_S,
            )
        back = {"code": code, **({"state": query["state"]} if "state" in query else {})}
        return 302, f"{query['redirect_uri']}?{urlencode(back)}"

    def token(self, form: dict[str, str]) -> tuple[int, dict]:
        def refused(error: str, why: str) -> tuple[int, dict]:
            return 400, {"error": error, "error_description": why}

        if form.get("grant_type") != "authorization_code":
            return refused("unsupported_grant_type", "only authorization_code")
        with self.lock:
            grant = self.codes.pop(form.get("code", ""), None)  # single use, whatever follows
        if grant is None or grant.expires < time.time():
            return refused("invalid_grant", "the code is unknown, used or expired")
        if form.get("client_id") != grant.client_id:
            return refused("invalid_grant", "the code was issued to another client")
        if form.get("redirect_uri") != grant.redirect_uri:
            return refused("invalid_grant", "redirect_uri differs from the authorization request")
        verifier = form.get("code_verifier", "").encode()
        digest = base64.urlsafe_b64encode(hashlib.sha256(verifier).digest()).rstrip(b"=")
        if not verifier or digest.decode() != grant.challenge:
            return refused("invalid_grant", "PKCE verification failed")
        now = int(time.time())
        claims = {
            "iss": self.issuer,
            "sub": grant.user.subject,
            "aud": grant.client_id,
            "iat": now,
            "exp": now + grant.user.token_ttl_s,
            "name": grant.user.name,
            "preferred_username": grant.user.subject,
            **({"roles": list(grant.user.roles)} if grant.user.roles else {}),
            **({"nonce": grant.nonce} if grant.nonce else {}),
        }
        id_token = jwt.encode(claims, self.key, algorithm="ES256", headers={"kid": KEY_ID})
        return 200, {
            "access_token": secrets.token_urlsafe(24),
            "token_type": "Bearer",
            "expires_in": grant.user.token_ttl_s,
            "id_token": id_token,
        }


def handler(provider: Provider) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format, *args):  # noqa: A002 - the base class's name
            sys.stderr.write(json.dumps({"msg": format % args}) + "\n")

        def reply(self, status: int, body: str | dict, location: str = "") -> None:
            data = (json.dumps(body) if isinstance(body, dict) else body).encode()
            self.send_response(status)
            if location:
                self.send_header("location", location)
            content = "application/json" if isinstance(body, dict) else "text/html; charset=utf-8"
            self.send_header("content-type", content)
            # The portal's origin may read discovery and token replies (its "web origin").
            self.send_header("access-control-allow-origin", provider.web_origin)
            self.send_header("cache-control", "no-store")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            parts = urlsplit(self.path)
            query = {k: v[0] for k, v in parse_qs(parts.query).items()}
            if parts.path == "/.well-known/openid-configuration":
                self.reply(200, provider.discovery())
            elif parts.path == "/jwks":
                self.reply(200, provider.jwks())
            elif parts.path == "/authorize":
                self.reply(*provider.authorize(query))
            elif parts.path == "/favicon.ico":
                self.reply(200, "")
            else:
                self.reply(404, "not found")

        def do_POST(self):
            length = int(self.headers.get("content-length") or 0)
            form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
            path = urlsplit(self.path).path
            if path == "/login":
                status, where = provider.login(form)
                self.reply(status, "", where) if status == 302 else self.reply(status, where)
            elif path == "/token":
                self.reply(*provider.token(form))
            else:
                self.reply(404, "not found")

    return Handler


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, required=True, help="port to listen on, 127.0.0.1")
    parser.add_argument("--client-id", required=True)
    parser.add_argument("--redirect-uri", required=True, help="the client's registered one")
    parser.add_argument(
        "--user",
        action="append",
        required=True,
        help="subject:display name:token ttl seconds[:role,role...]",
    )
    args = parser.parse_args(argv)
    users = []
    for spec in args.user:
        subject, name, ttl, *roles = spec.split(":")
        users.append(
            User(subject, name, int(ttl), tuple(",".join(roles).split(",")) if roles else ())
        )
    issuer = f"http://127.0.0.1:{args.port}"
    provider = Provider(issuer, args.client_id, args.redirect_uri, users)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), handler(provider))
    sys.stderr.write(json.dumps({"msg": "serving", "port": server.server_port}) + "\n")
    sys.stderr.flush()
    server.serve_forever()
    return 0


# -- for tests: the provider in its own process, and its sign-in without a browser -------------


def start(client_id: str, redirect_uri: str, users: Iterable[tuple[str, ...]]):
    """The provider in its own process on a free loopback port, for `users` (subject, display
    name, token lifetime in seconds, and optionally its roles, comma-separated); its issuer URL
    is `issuer(process)`."""
    args = [f"--port={free_port()}", f"--client-id={client_id}", f"--redirect-uri={redirect_uri}"]
    args += ["--user=" + ":".join(str(part) for part in user) for user in users]
    return ServiceProcess("tests.oidc_provider", args)


def issuer(process: ServiceProcess) -> str:
    return f"http://127.0.0.1:{process.port}"


def id_token(process: ServiceProcess, client_id: str, redirect_uri: str, subject: str) -> str:
    """An ID token for `subject`, through the provider's Authorization Code flow with PKCE as
    the portal's pages go through it: the authorization request, the login page's choice, the
    code redeemed with the verifier at the token endpoint."""
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=")
    query = {
        "client_id": client_id,
        "redirect_uri": redirect_uri,
        "response_type": "code",
        "scope": "openid profile",
        "code_challenge": challenge.decode(),
        "code_challenge_method": "S256",
        "state": secrets.token_urlsafe(8),
    }
    status, _, page = _http(process.port, "GET", f"/authorize?{urlencode(query)}")
    found = re.search(r'name="request" value="([^"]+)"', page)
    assert status == 200 and found, page
    form = urlencode({"request": found.group(1), "user": subject})
    status, location, page = _http(process.port, "POST", "/login", form)
    assert status == 302, page
    code = parse_qs(urlsplit(location).query)["code"][0]
    form = urlencode(
        {
            "grant_type": "authorization_code",
            "code": code,
            "client_id": client_id,
            "redirect_uri": redirect_uri,
            "code_verifier": verifier,
        }
    )
    status, _, reply = _http(process.port, "POST", "/token", form)
    assert status == 200, reply
    return json.loads(reply)["id_token"]


def _http(port: int, method: str, path: str, form: str = "") -> tuple[int, str, str]:
    """(status, location, body) of one request to the provider, redirects not followed."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        headers = {"content-type": "application/x-www-form-urlencoded"} if form else {}
        connection.request(method, path, form or None, headers)
        response = connection.getresponse()
        return response.status, response.getheader("location", ""), response.read().decode()
    finally:
        connection.close()


if __name__ == "__main__":
    raise SystemExit(main())
