## Eynsteyn als Text (render.py): der Spielplan im Terminal-Client und in den Logs. $seat ist
## eine Platznummer, $marker der Buchstabe seiner Markierungssteine auf dem Plan (a, b), $edges
## die Ränder, die er verbindet, $call "yes", wenn er EYNSTEYN angesagt hat, $hand und $stacks
## ausgeschriebene Listen, $stone der Name einer Steinart (board.ftl).

eynsteyn-render-seen-by-spectator = Eynsteyn, aus Sicht der Zuschauer
eynsteyn-render-seen-by-seat = Eynsteyn, aus Sicht von Platz { $seat }
eynsteyn-render-draw = Spielende: unentschieden
eynsteyn-render-won = Spielende: Platz { $seat } gewinnt

## Was der Platz am Zug tut.
eynsteyn-render-opening-draw = Platz { $seat } zieht (Starthand aus 10 Steinen)
eynsteyn-render-preparation = Platz { $seat } legt einen Stein (Vorbereitung)
eynsteyn-render-refill-draw = Platz { $seat } zieht (Hand aus 8 Steinen)
eynsteyn-render-place = Platz { $seat } legt einen Stein
eynsteyn-render-mark = Platz { $seat } darf einen Stein markieren
eynsteyn-render-end-turn = Platz { $seat } beendet den Zug (nachziehen, mit oder ohne Ansage)
eynsteyn-render-win-refused = Platz { $seat } passt: der Sieg galt nicht, er war nicht angesagt

## Unter dem Plan: die Plätze und die Stapel.
eynsteyn-render-north-south = Nord-Süd
eynsteyn-render-west-east = West-Ost
eynsteyn-render-seat = Platz { $seat } ({ $marker }, { $edges }): Markierungssteine { $markers }{ $call ->
    [yes] , sagt EYNSTEYN an
   *[no] {""}
}; Hand: { $hand }
eynsteyn-render-stacks = Stapel: { $stacks }
eynsteyn-render-stack = { $stack }: { $stone } ({ $count })
eynsteyn-render-stack-empty = { $stack }: leer ({ $count })

## Zwischen den Einträgen einer Liste, und für eine leere.
eynsteyn-render-separator = { ", " }
eynsteyn-render-none = -
