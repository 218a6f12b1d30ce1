## Signing in through the operator's provider and confirming an e-mail address (js/signin.js,
## oidc.js, confirm-email.js).

signin-no-provider = This Playhall has no sign-in provider.
# $reason: why Playhall refused the provider's token
signin-not-accepted = Playhall does not accept this sign-in: { $reason }.

oidc-not-answering = The sign-in provider is not answering (HTTP { $status }); try again later.
oidc-other-issuer = The sign-in provider names another issuer than configured.
oidc-unreachable = The sign-in provider cannot be reached; try again later.
oidc-unreadable-token = The sign-in provider sent a token that is not readable.
oidc-link-used = This sign-in link was already used or was not started in this tab. Sign in again.
# $reason: the provider's own words
oidc-refused = The sign-in provider refused: { $reason }.
oidc-not-completed = The sign-in provider refused to complete the sign-in: { $reason }. Sign in again.
oidc-other-audience = The sign-in provider sent a token for another issuer or client.
oidc-other-nonce = The sign-in provider's token belongs to another sign-in. Sign in again.
oidc-expired = The sign-in provider's token has already expired; check this device's clock.

confirm-no-token = This link has no confirmation token. Open the link of the mail again.
confirm-refused = Your address was not confirmed: { $reason }.
confirm-done = Confirmed: Playhall now mails the notices you chose to { $email }.
