## Galileo Galilei's text drawing (render.py): the terminal client's board and the logs'.
## $seat is a seat number, $cards a list of cards written out, $colour a colour's name
## (board.ftl), $points a score already set in its column.

galileo-render-seen-by-spectator = Galileo Galilei, seen by spectator
galileo-render-seen-by-seat = Galileo Galilei, seen by seat { $seat }
galileo-render-over = Game over
galileo-render-picking = Round { $round }/{ $rounds }: picking (waiting for seats { $seats })
galileo-render-taking = Round { $round }/{ $rounds }: taking in order { $order }, seat { $seat } to take
galileo-render-table = Table: { $cards }   (deck { $deck })
galileo-render-seat = seat { $seat }: { $points } pts, { $experiments } experiments ({ $doubled } doubled), hand { $hand }, pick { $pick }
galileo-render-picked = picked
galileo-render-hand = Your hand: { $cards }
galileo-render-own-pick = Your pick: { $card }

## A card, short: S for a scientist, E for an experiment, then its number.
galileo-render-scientist = S{ $card } ({ $colour } { $power })
galileo-render-experiment = E{ $card } ({ $colour } { $points }pt)

## Between the items of a list, and for an empty one.
galileo-render-separator = { ", " }
galileo-render-none = -
