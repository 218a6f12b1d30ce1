## Turniere: die Liste, ein Turnier und das Formular, das eines anlegt (js/tournaments.js,
## tournamentform.js).

tournaments-format-swiss = Schweizer System
tournaments-format-round-robin = Rundenturnier
tournaments-phase-scheduled = geplant
tournaments-phase-running = läuft
tournaments-phase-finished = beendet
tournaments-entrant = Teilnehmer { $number }
tournaments-bot = Bot { $number } ({ $level })
tournaments-none = Noch kein Turnier.
tournaments-bye = Freilos
tournaments-playing = wird gespielt
tournaments-round = Runde { $number }
tournaments-sign-in-to-join = Melde dich an (oben auf der Seite), um vor dem Beginn teilzunehmen.
tournaments-entered = Du nimmst an diesem Turnier teil.
tournaments-entries-open = Anmeldungen sind bis zum Beginn offen.
tournaments-facts = { $format }, { $title }, { $played } von { $planned } Runden, { $phase }; Beginn { $start }.

tournamentform-seconds = { $seconds } Sekunden
tournamentform-rounds = Runden im Schweizer System:
tournamentform-name = Name:
tournamentform-name-example = Freitagspokal
tournamentform-format = Modus:
tournamentform-against = Du gegen:
tournamentform-bots = { $count ->
    [one] { $count } Bot
   *[other] { $count } Bots
}
tournamentform-bot-level = Bot-Stufe:
tournamentform-starts = Beginn:
tournamentform-starts-in = { $minutes ->
    [0] sofort
    [60] in einer Stunde
   *[other] in { $minutes } Minuten
}
tournamentform-move-time = Zeit pro Zug:
tournamentform-create = Turnier anlegen
tournamentform-heading = Ein Turnier anlegen
tournamentform-note = Du nimmst mit den Bots teil, die du wählst; bis zum Beginn können andere Spieler über seine Seite beitreten.
