## Galileo Galilei als Text (render.py): das Brett im Terminal-Client und in den Logs.
## $seat ist eine Platznummer, $cards eine Liste ausgeschriebener Karten, $colour der Name
## einer Farbe (board.ftl), $points ein schon in seine Spalte gesetzter Punktestand.

galileo-render-seen-by-spectator = Galileo Galilei, aus Sicht der Zuschauer
galileo-render-seen-by-seat = Galileo Galilei, aus Sicht von Platz { $seat }
galileo-render-over = Spielende
galileo-render-picking = Runde { $round }/{ $rounds }: Wahl (es fehlen noch Plätze { $seats })
galileo-render-taking = Runde { $round }/{ $rounds }: Nehmen in der Reihenfolge { $order }, Platz { $seat } nimmt
galileo-render-table = Tisch: { $cards }   (Stapel { $deck })
galileo-render-seat = Platz { $seat }: { $points } P., { $experiments ->
    [one] { $experiments } Experiment
   *[other] { $experiments } Experimente
} ({ $doubled } verdoppelt), Hand { $hand }, Wahl: { $pick }
galileo-render-picked = verdeckt
galileo-render-hand = Deine Hand: { $cards }
galileo-render-own-pick = Deine Wahl: { $card }

## Eine Karte, kurz: W für einen Wissenschaftler, E für ein Experiment, dann ihre Nummer.
galileo-render-scientist = W{ $card } ({ $colour } { $power })
galileo-render-experiment = E{ $card } ({ $colour } { $points } P.)

## Zwischen den Einträgen einer Liste, und für eine leere.
galileo-render-separator = { ", " }
galileo-render-none = -
