## Eynsteyn's text drawing (render.py): the terminal client's board and the logs'. $seat is a
## seat number, $marker the letter its markers show on the board (a, b), $edges the edges it
## connects, $call "yes" when it has called EYNSTEYN, $hand and $stacks lists written out,
## $stone a stone kind's name (board.ftl).

eynsteyn-render-seen-by-spectator = Eynsteyn, seen by spectator
eynsteyn-render-seen-by-seat = Eynsteyn, seen by seat { $seat }
eynsteyn-render-draw = Game over: a draw
eynsteyn-render-won = Game over: seat { $seat } wins

## What the seat to move does.
eynsteyn-render-opening-draw = Seat { $seat } draws (opening hands of 10)
eynsteyn-render-preparation = Seat { $seat } places a stone (preparation)
eynsteyn-render-refill-draw = Seat { $seat } draws (hands of 8)
eynsteyn-render-place = Seat { $seat } places a stone
eynsteyn-render-mark = Seat { $seat } may mark a stone
eynsteyn-render-end-turn = Seat { $seat } ends the turn (draw, call or not)
eynsteyn-render-win-refused = Seat { $seat } passes: the win was refused without a call

## Under the board: the seats and the stacks.
eynsteyn-render-north-south = North-South
eynsteyn-render-west-east = West-East
eynsteyn-render-seat = seat { $seat } ({ $marker }, { $edges }): markers { $markers }{ $call ->
    [yes] , calls EYNSTEYN
   *[no] {""}
}; hand: { $hand }
eynsteyn-render-stacks = Stacks: { $stacks }
eynsteyn-render-stack = { $stack }: { $stone } ({ $count })
eynsteyn-render-stack-empty = { $stack }: empty ({ $count })

## Between the items of a list, and for an empty one.
eynsteyn-render-separator = { ", " }
eynsteyn-render-none = -
