"""Request headers the services cannot read: the Connect library decodes every header as UTF-8
and, handed other bytes, fails the call as `unknown` with the Python exception's text and a
traceback in the log. `UndecodableHeaders`, in front of the services, takes such a header out
of the request and notes its name; the `Guard` interceptor then refuses the call
(`refuse_undecodable`) before anything else looks at it, so the library answers in the
caller's own protocol (Connect unary, Connect stream, gRPC-Web): INVALID_ARGUMENT, or
UNAUTHENTICATED for an `authorization` header, with a reason that quotes none of the bytes
(worded in the request's language)."""

from __future__ import annotations

from contextvars import ContextVar

from connectrpc.code import Code

from playhall.gateway.errors import refusal

_undecodable: ContextVar[str | None] = ContextVar("undecodable_header", default=None)
"""What of the request being served was not UTF-8: the header's name ("" where the name is not
printable ASCII itself)."""
AUTHORIZATION = "authorization"


def _readable(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _what(name: bytes) -> str:
    """The header's name as a reason names it: only where it is printable ASCII."""
    text = name.decode("latin-1").lower()
    if not _readable(name) or not (text.isascii() and text.isprintable()):
        return ""
    return text


class UndecodableHeaders:
    """ASGI middleware for the services' paths (`prefixes`): a request with a header name or
    value that is not UTF-8 goes on without it, marked so that the Guard refuses it. (A query
    string is never decoded: no method of these services is served over GET, and the library
    refuses a GET before it reads one.)"""

    def __init__(self, app, prefixes: tuple[str, ...]):
        self.app = app
        self.prefixes = prefixes

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or not scope["path"].startswith(self.prefixes):
            return await self.app(scope, receive, send)
        headers = scope.get("headers", [])
        kept = [(name, value) for name, value in headers if _readable(name) and _readable(value)]
        if len(kept) == len(headers):
            return await self.app(scope, receive, send)
        bad = next(_what(n) for n, v in headers if not (_readable(n) and _readable(v)))
        marked = _undecodable.set(bad)
        try:
            await self.app({**scope, "headers": kept}, receive, send)
        finally:
            _undecodable.reset(marked)


def refuse_undecodable(accept_language: str | None) -> None:
    """Refuses the call being served if `UndecodableHeaders` took something out of it, in the
    language of the request's `Accept-Language`."""
    bad = _undecodable.get()
    if bad is None:
        return
    if bad == AUTHORIZATION:
        raise refusal(Code.UNAUTHENTICATED, accept_language, "gateway-authorization-not-utf8")
    if not bad:
        raise refusal(Code.INVALID_ARGUMENT, accept_language, "gateway-header-name-not-utf8")
    raise refusal(Code.INVALID_ARGUMENT, accept_language, "gateway-header-not-utf8", header=bad)
