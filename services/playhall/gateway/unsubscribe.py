"""`/unsubscribe?token=...`: the one-click unsubscribe link every Playhall mail carries
(`notifications.mail`). A POST (RFC 8058: a mail client sends `List-Unsubscribe=One-Click`, a
person the page's button) calls PlayerService.Unsubscribe with the mail's token and answers
200 with a line saying so; a GET (a person following the link) answers a small page with that
button, and changes nothing, so a link scanner opening it unsubscribes nobody. No player token
is needed: the mail's token says whose mail stops. The page reads in the language the
browser's `Accept-Language` prefers (`gateway-unsubscribe-*` keys; a refusal as the
orchestrator words it in that language)."""

from __future__ import annotations

import html

import grpc
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from playhall.common.metadata import CLIENT_ADDRESS_HEADER, GATEWAY_CREDENTIAL_HEADER
from playhall.common.refusal_details import LANGUAGE_HEADER
from playhall.core import i18n
from playhall.gateway.errors import upstream_error
from playhall.gateway.limits import Buckets
from playhall.gateway.settings import Settings
from playhall.players.v1 import player_service_pb2 as ppb
from playhall.players.v1 import player_service_pb2_grpc

PAGE = """<!doctype html>
<html lang="{lang}" dir="{dir}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title} · Playhall</title>
  <link rel="icon" href="/favicon.svg">
  <link rel="stylesheet" href="/css/portal.css">
</head>
<body>
  <header class="bar"><a href="/" class="brand">Playhall</a><h1>{title}</h1></header>
  <main>
{body}
  </main>
</body>
</html>
"""


def page(language: str, body: str, status: int = 200) -> HTMLResponse:
    """The page in `language` around `body` (HTML)."""
    filled = PAGE.format(
        lang=language,
        dir="rtl" if language in i18n.RIGHT_TO_LEFT else "ltr",
        title=html.escape(_words(language, "gateway-unsubscribe-title")),
        body=body,
    )
    return HTMLResponse(filled, status_code=status)


def _words(language: str, key: str) -> str:
    return i18n.render(i18n.Text(key), language)


def _line(language: str, key: str, attributes: str = "") -> str:
    """A paragraph of the page: `key`'s words in `language`, escaped."""
    return f"  <p{attributes}>{html.escape(_words(language, key))}</p>"


def unsubscribe_route(channel: grpc.aio.Channel, settings: Settings) -> Route:
    stub = player_service_pb2_grpc.PlayerServiceStub(channel)
    by_address = Buckets(settings.rate_per_address, settings.rate_burst)

    async def unsubscribe(request: Request) -> HTMLResponse:
        accepted = request.headers.get(LANGUAGE_HEADER)
        # The portal's languages, as the operator offers them.
        language = i18n.negotiate(accepted, settings.offered_languages, settings.default_language)
        token = request.query_params.get("token", "")
        if not token:
            return page(
                language, _line(language, "gateway-unsubscribe-no-token", ' class="error"'), 400
            )
        if request.method == "GET":
            action = html.escape(f"/unsubscribe?token={token}")
            button = html.escape(_words(language, "gateway-unsubscribe-button"))
            return page(
                language,
                f'  <form method="post" action="{action}">\n'
                f"  {_line(language, 'gateway-unsubscribe-question')}\n"
                f'    <button type="submit" id="unsubscribe">{button}</button>\n'
                "  </form>",
            )
        address = request.client.host if request.client else "unknown"
        if by_address.take(address) > 0:
            return page(
                language, _line(language, "gateway-unsubscribe-too-many", ' class="error"'), 429
            )
        metadata = [
            (GATEWAY_CREDENTIAL_HEADER, settings.gateway_credential),
            (CLIENT_ADDRESS_HEADER, address),
        ]
        if accepted:
            metadata.append((LANGUAGE_HEADER, accepted[:200]))
        try:
            await stub.Unsubscribe(
                ppb.UnsubscribeRequest(token=token),
                metadata=metadata,
                timeout=settings.default_timeout_s,
            )
        except grpc.aio.AioRpcError as error:
            refused = error.code() in (
                grpc.StatusCode.UNAUTHENTICATED,
                grpc.StatusCode.INVALID_ARGUMENT,
                grpc.StatusCode.NOT_FOUND,
            )
            # The orchestrator's sentence in the page's language (its LocalizedMessage).
            why = html.escape(upstream_error(error).message or error.code().name)
            status = 400 if refused else 503
            return page(language, f'  <p class="error" id="refused">{why}</p>', status)
        return page(language, _line(language, "gateway-unsubscribe-done", ' id="unsubscribed"'))

    return Route("/unsubscribe", unsubscribe, methods=["GET", "POST"])
