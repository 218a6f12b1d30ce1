## Gemeinsame Wörter des Portals (js/common.js, players.js, pager.js, gamecards.js,
## reputation.js, breakdown.js, chart.js): Plätze, Bot-Stufen, Uhren, Wertungen, Seiten.

common-level-random = zufällig
common-level-easy = leicht
common-level-normal = normal
common-level-hard = schwer
common-level-unknown = Bot

common-seat = Platz { $number }
common-seat-bot = Bot { $number } ({ $level })
common-seat-open = Platz { $number } (frei)
common-seat-you = { $name } (du)
common-bot-tag = Bot

common-clock-seconds = { $seconds } s
common-clock-days = { $days ->
    [one] { $days } Tag
   *[other] { $days } Tage
}
common-clock-hours = { $hours ->
    [one] { $hours } Stunde
   *[other] { $hours } Stunden
}
common-clock-minutes = { $minutes ->
    [one] { $minutes } Minute
   *[other] { $minutes } Minuten
}
common-clock-days-hours = { $days ->
    [one] { $days } Tag
   *[other] { $days } Tage
} { $hours ->
    [one] { $hours } Stunde
   *[other] { $hours } Stunden
}
common-clock-hours-minutes = { $hours ->
    [one] { $hours } Stunde
   *[other] { $hours } Stunden
} { $minutes ->
    [one] { $minutes } Minute
   *[other] { $minutes } Minuten
}
common-clock-under-a-minute = weniger als eine Minute
common-away-until = im Urlaub bis { $when }
common-pace-per-move = Fernpartie, { $time } pro Zug
common-pace-bank = Fernpartie, ein Zeitkonto von { $bank }
common-pace-bank-increment = Fernpartie, ein Zeitkonto von { $bank } (+{ $increment } pro Zug)

common-pager-page = Seite { $page }
common-pager-page-range = Seite { $page }: { $range }
common-pager-button = { $button }: { $range }

gamecard-about-galileo = Schick deine Wissenschaftler zu Experimenten, wähle als Erster das Beste und veröffentliche vor den anderen.
gamecard-about-eynsteyn = Lege Steine mit aufgedruckten Linien, um deine beiden Ränder des Spielplans zu verbinden; sag EYNSTEYN einen Stein vorher.
gamecard-about-einstein = Lege Plättchen aus vier Wissenschaften an eine gemeinsame Große Idee, um die Formen auf deinen Karten zu bilden.
gamecard-about-inventors = Schick dein Team von Erfindern zu gemeinsamen Erfindungen und wähle die Belohnungen, wenn sie fertig sind.
gamecard-about-other = Ein Brettspiel für den Tisch.
gamecard-players = { $count ->
    [one] { $count } Spieler
   *[other] { $count } Spieler
}
gamecard-players-range = { $min } bis { $max } Spieler

players-sign-in-expired = Deine Anmeldung ist abgelaufen. Melde dich erneut an.
players-sign-in-first = Melde dich zuerst an (oben auf der Seite)
players-signed-out = Du bist abgemeldet: { $reason }. Melde dich erneut an.
players-rating-provisional = { $rating } vorläufig
players-rating-new = neu
players-not-rated-yet = noch keine Wertung
players-rating-described = Wertung { $rating }, eine vorsichtige Schätzung, die steigt, wenn Ergebnisse Können zeigen ({ $matches ->
    [one] { $matches } gewertete Partie
   *[other] { $matches } gewertete Partien
})
players-rating-described-provisional = Wertung { $rating }, eine vorsichtige Schätzung, die steigt, wenn Ergebnisse Können zeigen ({ $matches ->
    [one] { $matches } gewertete Partie
   *[other] { $matches } gewertete Partien
}, vorläufig: noch zu wenige, um viel zu sagen)

reputation-unknown = Karma derzeit unbekannt
reputation-karma = Karma
reputation-matches = { $finished ->
    [one] { $finished } Partie
   *[other] { $finished } Partien
} beendet, { $abandoned } abgebrochen

breakdown-heading = Woher die Punkte kamen
breakdown-seat = Platz

chart-summary = Wertung in { $title } über { $matches ->
    [one] { $matches } gewertete Partie
   *[other] { $matches } gewertete Partien
}: von { $from } auf { $to }
chart-empty = Noch keine gewertete Partie in { $title }
chart-axis-time = Uhrzeit ({ $day })
chart-axis-date = Datum
chart-axis-rating = Wertung
chart-point = { $day } { $time }: { $rating }
chart-provisional = vorläufig
