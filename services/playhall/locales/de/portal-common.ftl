## The portal's chrome on every page: the language runtime (js/i18n.js), the Connect client
## (js/connect.js) and the header's account corner (js/account.js).

# This language's name, in itself (the picker's option, languages.json's "names").
portal-language-name = Deutsch
portal-language-picker = Sprache

portal-unreachable = Der Server ist nicht erreichbar: { $reason }
portal-stream-dropped = Die Verbindung ist abgebrochen
portal-stream-unfinished = Die Verbindung endete ohne Abschluss
portal-http-status = HTTP { $status }

account-nav =
    .aria-label = Konto
account-leaderboards = Bestenlisten
account-tournaments = Turniere
account-api = API
account-friends = Freunde
account-profile = Meine Partien und mein Profil
account-signed-in-as = Angemeldet als <strong data-l10n-name="name">{ $name }</strong>
account-sign-out = Abmelden
account-sign-in = Anmelden
account-guest-name =
    .placeholder = dein Name
    .aria-label = Dein Name als Gast
account-guest-sign-in = Als Gast anmelden
