## Galileo Galilei: Brett und Spielverlauf im Portal (js/titles/galileo.js).

## Die Farbe einer Karte und eine Karte nach ihrer Farbe.
galileo-colour-yellow = gelb
galileo-colour-red = rot
galileo-colour-blue = blau
galileo-colour-green = grün
galileo-scientist-yellow = Wissenschaftler (gelb, Stärke { $power })
galileo-scientist-red = Wissenschaftler (rot, Stärke { $power })
galileo-scientist-blue = Wissenschaftler (blau, Stärke { $power })
galileo-scientist-green = Wissenschaftler (grün, Stärke { $power })
galileo-experiment-yellow = Experiment (gelb, { $points } P.)
galileo-experiment-red = Experiment (rot, { $points } P.)
galileo-experiment-blue = Experiment (blau, { $points } P.)
galileo-experiment-green = Experiment (grün, { $points } P.)
galileo-no-scientist = kein Wissenschaftler
galileo-no-experiment = kein Experiment

## Über dem Brett.
galileo-headline-over = Spielende
galileo-headline-pick = Runde { $round } von { $rounds }: Alle wählen verdeckt einen Wissenschaftler
galileo-headline-take = Runde { $round } von { $rounds }: { $player } nimmt ein Experiment

## Das Brett.
galileo-board = Galileo-Spielbrett
galileo-area-table = Tisch: die Experimente dieser Runde
galileo-card-experiment = { $colour } · { $points } P.
galileo-explain-experiment = Das { $experiment }: Wer den stärksten Wissenschaftler gespielt hat, nimmt zuerst; es zählt doppelt für einen Wissenschaftler in { $colour }
galileo-take = { $experiment } nehmen
galileo-table-empty = leer
galileo-deck = Stapel { $count }
galileo-explain-deck = Der Experimentstapel: noch { $count ->
    [one] { $count } Karte
   *[other] { $count } Karten
} für spätere Runden
galileo-area-players = Spieler
galileo-seat-points = { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}
galileo-seat-hand = { $count } auf der Hand
galileo-take-rank = nimmt als { $rank }.
galileo-pick-revealed = Wahl
galileo-pick-own = deine Wahl
galileo-pick-hidden = gewählt
galileo-explain-picked = { $player } hat einen Wissenschaftler gewählt: verdeckt, bis alle gewählt haben
galileo-pick-none = keine Wahl
galileo-row-played = gespielt
galileo-row-taken = genommen
galileo-row-nothing = noch nichts gespielt oder genommen
galileo-played = gespielt: { $scientist }
galileo-took = genommen: { $experiment }, { $points } Punkte
galileo-doubled-mark = ×2
galileo-area-hand = Deine Hand: Wähle einen Wissenschaftler
galileo-area-hand-picked = Deine Hand (du hast in dieser Runde gewählt)
galileo-explain-scientist = Der { $scientist }: verdeckt gewählt; der stärkste nimmt zuerst ein Experiment, und ein Experiment in { $colour } zählt doppelt
galileo-pick = { $scientist } wählen

## Die Wertung am Ende.
galileo-score-experiments = Experimente
galileo-score-doubled = Verdoppelt
galileo-score-total = Summe
galileo-score-taken = Genommen
galileo-score-doubled-taken = ×2 genommen
galileo-score-note = Ein Experiment zählt doppelt, wenn es die Farbe des Wissenschaftlers hat, der in dieser Runde gespielt wurde. Gleichstand: mehr genommene Experimente, dann mehr verdoppelte.

## Der Spielverlauf.
galileo-log-round-started = Runde { $round } beginnt: { $experiments } aufgedeckt
galileo-log-picked-own = { $player } hat den { $scientist } gewählt
galileo-log-picked = { $player } hat einen Wissenschaftler gewählt
galileo-log-pick-of = { $player }: { $scientist }
galileo-log-picks-revealed = Wahl aufgedeckt ({ $picks }); Reihenfolge { $order }
galileo-log-took = { $player } hat das { $experiment } für { $points } genommen
galileo-log-took-doubled = { $player } hat das { $experiment } für { $points } genommen (verdoppelt)
galileo-log-nothing-left = { $player } bekommt nichts: der Tisch war leer
galileo-log-round-ended = Runde { $round } endet
galileo-log-game-won = Spielende: Punkte { $scores }; { $count ->
    [one] { $winners } hat gewonnen
   *[other] { $winners } haben gewonnen
}
galileo-log-game-drawn = Spielende: Punkte { $scores }; unentschieden
galileo-log-unknown = etwas ist passiert
