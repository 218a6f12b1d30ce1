## Das Profil, die Bestenliste und „Du bist dran“ (js/profile.js, tokens.js, leaderboard.js,
## turns.js, myturn.js).

profile-go-back-in = Wieder einsteigen
profile-against = gegen
profile-nobody-yet = noch niemanden
profile-waiting-for-players = wartet auf Spieler
profile-your-move = du bist am Zug
profile-vacation-left = Du hast dieses Jahr noch { $time } Urlaub{ $perYear ->
    [0] {""}
    [one] {" "}(von { $perYear } Tag im Jahr)
   *[other] {" "}(von { $perYear } Tagen im Jahr)
}.
profile-vacation-left-away = Du hast dieses Jahr noch { $time } Urlaub{ $perYear ->
    [0] {""}
    [one] {" "}(von { $perYear } Tag im Jahr)
   *[other] {" "}(von { $perYear } Tagen im Jahr)
}; dieser Urlaub wird davon abgezogen, wenn du zurückkommst.
profile-vacation-none-left = Du hast dieses Jahr keine Urlaubstage mehr{ $perYear ->
    [0] {""}
    [one] {" "}(von { $perYear } Tag im Jahr)
   *[other] {" "}(von { $perYear } Tagen im Jahr)
}.
profile-away-until = Im Urlaub bis { $when }
profile-last-match = letzte Partie { $change }
profile-first-rated-match = erste gewertete Partie { $change } (von { $start })
profile-rated-matches = { $matches ->
    [one] { $matches } gewertete Partie
   *[other] { $matches } gewertete Partien
}
profile-chart-shows-last = das Diagramm zeigt die letzten { $count }
profile-leaderboard = Bestenliste
profile-player = Spieler
profile-document-title = { $name } · Playhall
profile-own-title = Profil von { $name }
profile-no-rated-match = Noch keine gewertete Partie: beende eine Partie gegen einen Bot oder einen Menschen.
profile-result-shared-win = geteilter Sieg
profile-result-won = gewonnen
profile-result-abandoned = abgebrochen
profile-result-left = verlassen
profile-result-lost = verloren
profile-not-rated = nicht gewertet
profile-pager-range = Partien { $from }–{ $to }
profile-pager-onwards = Partien ab { $from }

tokens-never = nie
tokens-scope-match-play = Partien anlegen und in ihnen spielen
tokens-scope-match-read = Partien ansehen und lesen
tokens-scope-bot-play = alles, was ein Bot braucht: spielen, Herausforderungen, den Ereignisstrom
tokens-scope-challenge-read = deine Herausforderungen lesen
tokens-scope-challenge-write = Herausforderungen stellen und beantworten
tokens-scope-events-read = deinen Ereignisstrom öffnen
tokens-scope-profile-read = dein Profil und deinen Posteingang lesen
tokens-scope-profile-write = deine Einstellungen und deinen Urlaub ändern
tokens-scope-chat-read = den Chat lesen
tokens-scope-chat-write = im Chat schreiben
tokens-scope-social-read = deine Freunde und ihre Anwesenheit lesen
tokens-scope-social-write = folgen, blockieren, online bleiben
tokens-revoke = Widerrufen
tokens-none = Keine Tokens.
tokens-bot-account = Dieses Konto ist ein Bot-Konto: überall, wo sein Name steht, als Bot gekennzeichnet und unter Bots gewertet.
tokens-bot-offer = Ein Bot-Konto ist überall, wo sein Name steht, als Bot gekennzeichnet und wird nur unter Bots gewertet. Nur ein Konto, das noch nie eine gewertete Partie gespielt hat, kann eines werden, und es bleibt eines.
tokens-upgrade-confirm = Dieses Konto zu einem Bot-Konto machen? Das lässt sich nicht rückgängig machen.

leaderboard-nobody-rated = In diesem Spiel hat noch niemand eine Wertung.
leaderboard-no-settled-rating = Noch keine feste Wertung: setze das Häkchen bei „mit vorläufigen Wertungen“.
leaderboard-heading = Die besten Spieler von { $title }
leaderboard-document-title = Bestenliste { $title } · Playhall
leaderboard-pager-range = Plätze { $from }–{ $to }
leaderboard-pager-onwards = Plätze ab { $from }

turns-clock-stopped = Uhr angehalten: du bist im Urlaub bis { $when }
turns-no-clock = keine Uhr
turns-time-left = noch { $time }
turns-until = (bis { $when })
turns-nobody-else = niemand sonst
turns-play-label = { $title } gegen { $players } spielen
turns-play = Spielen
turns-none = Keine Partie wartet auf deinen Zug.
turns-more = Und { $count } weitere, nicht aufgeführt: spiel die ersten, um sie zu sehen.
turns-summary = { $count ->
    [0] Keine Partie wartet auf deinen Zug.
    [one] { $count } Partie wartet auf deinen Zug.
   *[other] { $count } Partien warten auf deinen Zug.
}

myturn-waiting = { $count ->
    [0] keine Partie wartet auf deinen Zug
    [one] { $count } Partie wartet auf deinen Zug
   *[other] { $count } Partien warten auf deinen Zug
}
myturn-link = Du bist dran
myturn-link-label = Du bist dran: { $state }
myturn-not-known = noch nicht bekannt
