## The portal's chrome on every page: the language runtime (js/i18n.js), the Connect client
## (js/connect.js) and the header's account corner (js/account.js).

# This language's name, in itself (the picker's option, languages.json's "names").
portal-language-name = English
portal-language-picker = Language

portal-unreachable = The server cannot be reached: { $reason }
portal-stream-dropped = The stream dropped
portal-stream-unfinished = The stream ended without its trailer
portal-http-status = HTTP { $status }

account-nav =
    .aria-label = Account
account-leaderboards = Leaderboards
account-tournaments = Tournaments
account-api = API
account-friends = Friends
account-profile = My games and profile
account-signed-in-as = Signed in as <strong data-l10n-name="name">{ $name }</strong>
account-sign-out = Sign out
account-sign-in = Sign in
account-guest-name =
    .placeholder = your name
    .aria-label = Your name as a guest
account-guest-sign-in = Sign in as a guest
