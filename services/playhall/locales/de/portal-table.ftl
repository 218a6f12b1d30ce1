## Der Tisch: Partie- und Wiederholungsseite rund um das Spielbrett (js/match.js, replay.js,
## undo.js, myseat.js, table.js, svg.js). Die Texte eines Spiels (Brett, Spielverlauf) stehen
## im Katalog des Spiels, games/<Spiel>/locales/<Hauptversion>/<Sprache>/board.ftl.

table-page-title = { $title } · Playhall
table-no-match-id = In der Adresse fehlt die Nummer der Partie.

## Der Zustand der Verbindung, in der Kopfzeile.
table-connection-live = live
table-connection-reconnecting = Verbindung verloren: wird wiederhergestellt …
table-connection-finished = beendet
table-connection-closed = geschlossen

## Wer am Zug ist, über dem Brett.
table-finished-won = { $reason ->
    [resignation] Beendet durch Aufgabe
    [timeout] Beendet durch Zeitüberschreitung
    [abandoned] Beendet (abgebrochen)
   *[none] Beendet
}: { $count ->
    [one] { $winners } hat gewonnen
   *[other] { $winners } haben gewonnen
}
table-finished-no-winner = { $reason ->
    [resignation] Beendet durch Aufgabe
    [timeout] Beendet durch Zeitüberschreitung
    [abandoned] Beendet (abgebrochen)
   *[none] Beendet
}: niemand hat gewonnen
table-waiting-to-join = Warten auf Mitspieler …
table-your-move = Du bist am Zug
table-waiting-for = Warten auf { $players } …
table-watching = Zuschauer
table-playing-as = du spielst als { $player }
table-watching-cannot-move = Du schaust zu: Nur wer einen Platz hat, kann ziehen.
table-last-move = Letzter Zug: { $events }
## Zwischen den Teilen einer Zeile (die Ereignisse eines Zugs, die Wahl einer Runde).
table-separator = { "; " }

## Die Punkte neben dem Brett.
table-seat-left = (ausgestiegen)
table-seat-to-move = am Zug
table-seat-winner = Sieger

## Die Bedenkzeit.
table-clock-none = keine Bedenkzeit
table-clock-left = noch { $time } für diesen Zug
table-clock-left-until = noch { $time } für diesen Zug (bis { $until })
table-clock-stopped = Uhr angehalten, solange { $away }
table-clock-away-seat = { $player } abwesend ist (bis { $until })
table-clock-banks = Zeitkonten: { $banks }
table-clock-bank = { $player } { $time }
table-clock-bank-away = { $player } angehalten (abwesend)

## Einem anderen Spieler Zeit schenken (Fernpartien).
table-give-away = { $player } ist bis { $until } abwesend: die Uhr steht still.
table-give-hours = Stunden für { $player }
table-give-to = { $player } Zeit schenken
table-give-button = Zeit schenken
table-give-done = Du hast { $player } { $time } geschenkt.

table-resign-confirm = Diese Partie aufgeben?
table-take-seat = Das ist dein Platz: hier weiterspielen

## Ein Zug, der nie zurückgenommen werden kann, wird erst bestätigt.
table-confirm-label = Zug bestätigen
table-confirm-send = Senden
table-confirm-back = Neu wählen
table-confirm-galileo-pick = Diesen Wissenschaftler ausspielen? Die Wahl ist geheim: einmal gesendet, kann sie nicht zurückgenommen werden.
table-confirm-galileo-take = Dieses Experiment nehmen? Einmal genommen, kann es nicht zurückgegeben werden.
table-confirm-eynsteyn-preparation = Diesen Stein so gedreht hierher legen? Ein Stein der Vorbereitung kann nicht zurückgenommen werden.
table-log-undo = { $player } hat einen Zug zurückgenommen

## Ein Element des Bretts, das gerade keinen erlaubten Zug macht.
table-not-playable = { $label } (jetzt nicht spielbar)

## Die Hilfen am Tisch.
table-sounds-on = Töne an
table-sounds-off = Töne aus

## Die Wiederholung.
table-replay-heading = Wiederholung: { $title }
table-replay-where = Schritt { $step } von { $count }
table-replay-nothing-visible = nichts Sichtbares
table-seed-not-revealed = Startwert noch nicht offen (die Partie läuft noch)
table-seed-verified = Mischen geprüft
table-seed-mismatch = STARTWERT STIMMT NICHT
table-seed-hashes = Der Startwert { $seed } hat den Hash { $digest }, den SHA-256, der beim Anlegen der Partie veröffentlicht wurde.
table-seed-hashes-not = Der Startwert { $seed } hat den Hash { $digest }, nicht den SHA-256, der beim Anlegen der Partie veröffentlicht wurde!

## Das Ersatzbrett eines Spiels ohne eigene Brettseite (js/titles/_generic.js).
table-generic-headline = Dieses Spiel hat noch keine Brettseite: seine Ansicht und Züge, wie sie sind
table-generic-view = Was du siehst
table-generic-moves = Deine Züge
table-generic-move = Zug
table-generic-board = Spielbrett
