## Eynsteyn: Brett und Spielverlauf im Portal (js/titles/eynsteyn.js).

## Die Steinarten.
eynsteyn-kind-straight = Gerade
eynsteyn-kind-curve = Kurve
eynsteyn-kind-junction = Abzweigung
eynsteyn-kind-crossing = Kreuzung
eynsteyn-kind-double-curve = Doppelkurve
eynsteyn-kind-blocker = Sperrstein
eynsteyn-kind-unknown = Stein

## Die Ränder, die ein Spieler verbindet.
eynsteyn-goal-north-south = oben und unten
eynsteyn-goal-west-east = links und rechts
eynsteyn-goal-unknown = seine zwei Ränder

## Über dem Brett: was der Spieler am Zug tut.
eynsteyn-headline-opening-draw = { $player } zieht einen Stein für den Anfang
eynsteyn-headline-preparation = { $player } legt einen Stein der Vorbereitung, nicht neben einen anderen
eynsteyn-headline-refill-draw = { $player } füllt die Hand auf
eynsteyn-headline-place = { $player } legt einen Stein
eynsteyn-headline-mark = { $player } darf einen Markierungsstein setzen
eynsteyn-headline-end-turn = { $player } zieht zum Zugende nach, mit oder ohne EYNSTEYN-Ansage
eynsteyn-headline-win-refused = { $player } hat die Verbindung nicht angesagt: der Stein geht zurück
eynsteyn-headline-over = Spielende

## Das Brett.
eynsteyn-board = Eynsteyn-Spielplan
eynsteyn-choose-stone-first = Wähle zuerst einen Stein aus deiner Hand, dann das Feld, auf das er soll.
eynsteyn-area-board-mine = Der Spielplan: Verbinde { $goal }, deine Ränder in deiner Farbe
eynsteyn-area-board = Der Spielplan, { $size } × { $size }
eynsteyn-square = Feld Reihe { $row }, Spalte { $column }: { $stone }
eynsteyn-square-laid-by = Feld Reihe { $row }, Spalte { $column }: { $stone }, gelegt von { $player }
eynsteyn-square-empty = Leeres Feld Reihe { $row }, Spalte { $column }
eynsteyn-square-height = { $height } hoch
eynsteyn-square-marker = Markierungsstein von { $player }
eynsteyn-mark-square = Markieren: { $square }
eynsteyn-lay-on-square = Hierher legen: { $square }
eynsteyn-winning-line = Siegeslinie von { $player }: { $count } Steine von Rand zu Rand
eynsteyn-area-stacks = Nachziehstapel (oberster Stein offen)
eynsteyn-stack-short = { $stack }: { $count }
eynsteyn-stack = Stapel { $stack } ({ $count ->
    [one] { $count } Stein
   *[other] { $count } Steine
}, oben: { $stone })
eynsteyn-stack-empty = Stapel { $stack } ({ $count ->
    [one] { $count } Stein
   *[other] { $count } Steine
}, oben: keiner)
eynsteyn-call = EYNSTEYN ansagen!
eynsteyn-no-call = Nicht ansagen
eynsteyn-skip-mark = Keine Markierung
eynsteyn-pass = Passen
eynsteyn-rotation = Drehung { $turns }
eynsteyn-area-turn = Drehen: { $stone }
eynsteyn-area-choices = Auswahl
eynsteyn-area-hand-called = { $player } · hat EYNSTEYN angesagt
eynsteyn-hand-goal = Ziel: { $goal } · { $markers ->
    [one] noch { $markers } Markierungsstein
   *[other] noch { $markers } Markierungssteine
}
eynsteyn-explain-own-stone = Dein Stein ({ $stone }): Wähle ihn, dreh ihn nach Belieben, dann das Feld, auf das er soll
eynsteyn-own-stone = Dein Stein: { $stone }
eynsteyn-explain-other-stone = Stein von { $player }: { $stone } (alle Hände sind offen)

## Die Tabelle am Ende.
eynsteyn-score-connects = Verbindet
eynsteyn-score-markers = Markierungssteine übrig
eynsteyn-score-result = Ergebnis
eynsteyn-score-draw = unentschieden
eynsteyn-score-won = gewonnen
eynsteyn-score-lost = verloren
eynsteyn-score-note-no-winner = Kein Sieger: keiner konnte einen Stein legen.
eynsteyn-score-note-other-left = { $player } hat gewonnen: der andere Spieler ist ausgestiegen.
eynsteyn-score-note-connected = { $player } hat die eigenen Ränder verbunden.
eynsteyn-score-note-connected-for-opponent = { $player } bekam die eigenen Ränder durch einen Stein des Gegners verbunden.
eynsteyn-score-note-no-placements = Keiner konnte einen Stein legen: unentschieden.

## Der Spielverlauf. Reihen und Spalten zählen ab 1 von der Nordwestecke.
eynsteyn-log-game-started = { $player } beginnt; { $northSouth } verbindet Nord-Süd
eynsteyn-log-stone-drawn = { $player } hat von Stapel { $stack } gezogen: { $stone }
eynsteyn-log-stone-placed = { $player } hat auf Reihe { $row }, Spalte { $column } gelegt: { $stone }{ $level ->
    [1] {""}
   *[other] {" "}(Ebene { $level })
}
eynsteyn-log-preparation-stuck = Die Vorbereitung kam nicht weiter: Steine gingen zurück
eynsteyn-log-preparation-ended = Die Vorbereitung ist vorbei
eynsteyn-log-marker-placed = { $player } hat einen Markierungsstein auf Reihe { $row }, Spalte { $column } gesetzt
eynsteyn-log-mark-skipped = { $player } hat nicht markiert
eynsteyn-log-turn-ended = { $player } hat von Stapel { $stack } nachgezogen
eynsteyn-log-turn-ended-call = { $player } hat von Stapel { $stack } nachgezogen und EYNSTEYN angesagt!
eynsteyn-log-win-refused = { $player } hat ohne Ansage verbunden: der Stein auf Reihe { $row }, Spalte { $column } geht zurück
eynsteyn-log-passed = { $player } hat gepasst
eynsteyn-log-passed-call = { $player } hat gepasst und EYNSTEYN angesagt!
eynsteyn-log-game-won = Spielende: { $count ->
    [one] { $winners } hat gewonnen
   *[other] { $winners } haben gewonnen
}
eynsteyn-log-game-no-winner = Spielende: kein Sieger
eynsteyn-log-unknown = etwas ist passiert
