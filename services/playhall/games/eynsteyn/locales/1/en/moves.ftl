## Eynsteyn's moves as the terminal client lists them (codec.py, describe_move). Rows and
## columns are numbered from 0, as the text drawing labels them; $stone is a stone kind's id
## (straight, curve, junction, crossing, double-curve, blocker), named by board.ftl; $call is
## "yes" for a call of EYNSTEYN.

eynsteyn-move-draw = Draw from stack { $stack }
eynsteyn-move-place = Lay a { eynsteyn-move-stone } turned { $rotation } on row { $row }, column { $column }
eynsteyn-move-mark = Mark the stone on row { $row }, column { $column }
eynsteyn-move-skip-mark = { eynsteyn-skip-mark }
eynsteyn-move-end-turn = Draw from stack { $stack }{ $call ->
    [yes] {" "}and call EYNSTEYN!
   *[no] {""}
}
eynsteyn-move-end-turn-no-stack = End the turn: no stone left to draw{ $call ->
    [yes] {""}; call EYNSTEYN!
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
