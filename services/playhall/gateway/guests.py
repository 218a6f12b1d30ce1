"""GuestService: the gateway's built-in guest sign-in (`accounts.guests`), served only where the
operator set PLAYHALL_GUEST_ISSUER (`make run`, the demo, the tests; never production). The
orchestrator trusts the tokens because it is configured with the issuer's public key."""

from __future__ import annotations

from connectrpc.code import Code

from playhall.accounts.guests import GuestIssuer, InvalidGuestName
from playhall.gateway.errors import refusal
from playhall.gateway.service import accept_language
from playhall.gateway.settings import Settings
from playhall.players.v1 import guest_service_pb2 as pb


class GuestGateway:
    """Signs guests in with the stack's guest issuer."""

    def __init__(self, settings: Settings):
        self.issuer = GuestIssuer(
            settings.guest_issuer,
            settings.guest_audience,
            settings.guest_signing_key,
            settings.guest_token_ttl_s,
        )
        self.moderators = {
            name.strip().casefold() for name in settings.guest_moderators.split(",") if name.strip()
        }

    async def sign_in_guest(self, request: pb.SignInGuestRequest, ctx) -> pb.SignInGuestResponse:
        try:
            moderator = request.display_name.strip().casefold() in self.moderators
            signed = self.issuer.sign_in(request.display_name, moderator)
        except InvalidGuestName as refused:
            text = refused.text
            raise refusal(
                Code.INVALID_ARGUMENT, accept_language(ctx), text.key, **text.args
            ) from None
        return pb.SignInGuestResponse(
            token=signed.token,
            player_id=signed.player.player_id,
            display_name=signed.player.display_name,
            expires_unix=signed.expires_unix,
        )
