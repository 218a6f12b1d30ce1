"""`/unsubscribe?token=...`: the one-click unsubscribe link every Playhall mail carries
(`notifications.mail`). A POST (RFC 8058: a mail client sends `List-Unsubscribe=One-Click`, a
person the page's button) calls PlayerService.Unsubscribe with the mail's token and answers
200 with a line saying so; a GET (a person following the link) answers a small page with that
button, and changes nothing, so a link scanner opening it unsubscribes nobody. No player token
is needed: the mail's token says whose mail stops."""

from __future__ import annotations

import html

import grpc
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from playhall.common.metadata import CLIENT_ADDRESS_HEADER, GATEWAY_CREDENTIAL_HEADER
from playhall.gateway.limits import Buckets
from playhall.gateway.settings import Settings
from playhall.players.v1 import player_service_pb2 as ppb
from playhall.players.v1 import player_service_pb2_grpc

PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Unsubscribe · Playhall</title>
  <link rel="icon" href="/favicon.svg">
  <link rel="stylesheet" href="/css/portal.css">
</head>
<body>
  <header class="bar"><a href="/" class="brand">Playhall</a><h1>Unsubscribe</h1></header>
  <main>
{body}
  </main>
</body>
</html>
"""


def page(body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(PAGE.format(body=body), status_code=status)


def unsubscribe_route(channel: grpc.aio.Channel, settings: Settings) -> Route:
    stub = player_service_pb2_grpc.PlayerServiceStub(channel)
    by_address = Buckets(settings.rate_per_address, settings.rate_burst)

    async def unsubscribe(request: Request) -> HTMLResponse:
        token = request.query_params.get("token", "")
        if not token:
            return page('  <p class="error">This link has no token.</p>', 400)
        if request.method == "GET":
            action = html.escape(f"/unsubscribe?token={token}")
            return page(
                f'  <form method="post" action="{action}">\n'
                "    <p>Stop every mail from Playhall to your address?</p>\n"
                '    <button type="submit" id="unsubscribe">Unsubscribe</button>\n'
                "  </form>"
            )
        address = request.client.host if request.client else "unknown"
        if by_address.take(address) > 0:
            return page('  <p class="error">Too many requests; try again soon.</p>', 429)
        metadata = [
            (GATEWAY_CREDENTIAL_HEADER, settings.gateway_credential),
            (CLIENT_ADDRESS_HEADER, address),
        ]
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
            why = html.escape(error.details() or error.code().name)
            return page(f'  <p class="error" id="refused">{why}</p>', 400 if refused else 503)
        return page(
            '  <p id="unsubscribed">Unsubscribed: Playhall sends no more mail to this address.</p>'
        )

    return Route("/unsubscribe", unsubscribe, methods=["GET", "POST"])
