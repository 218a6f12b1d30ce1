## Die Züge von Eynsteyn, wie der Terminal-Client sie auflistet (codec.py, describe_move).
## Reihen und Spalten zählen ab 0, wie die Textzeichnung sie beschriftet; $stone ist die
## Kennung einer Steinart (straight, curve, junction, crossing, double-curve, blocker), benannt
## in board.ftl; $call ist "yes" für eine EYNSTEYN-Ansage.

eynsteyn-move-draw = Von Stapel { $stack } ziehen
eynsteyn-move-place = { eynsteyn-move-stone } mit Drehung { $rotation } auf Reihe { $row }, Spalte { $column } legen
eynsteyn-move-mark = Den Stein auf Reihe { $row }, Spalte { $column } markieren
eynsteyn-move-skip-mark = { eynsteyn-skip-mark }
eynsteyn-move-end-turn = Von Stapel { $stack } ziehen{ $call ->
    [yes] {" "}und EYNSTEYN ansagen!
   *[no] {""}
}
eynsteyn-move-end-turn-no-stack = Zug beenden: kein Stein mehr zum Nachziehen{ $call ->
    [yes] {""}; EYNSTEYN ansagen!
   *[no] {""}
}
eynsteyn-move-pass = { eynsteyn-pass }
eynsteyn-move-stone = { $stone ->
    [straight] { eynsteyn-kind-straight }
    [curve] { eynsteyn-kind-curve }
    [junction] { eynsteyn-kind-junction }
    [crossing] { eynsteyn-kind-crossing }
    [double-curve] { eynsteyn-kind-double-curve }
    [blocker] { eynsteyn-kind-blocker }
   *[other] { eynsteyn-kind-unknown }
}
