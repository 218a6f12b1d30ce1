## Einstein's text drawing (render.py): the terminal client's board and the logs'. $seat is a
## seat number; $einstein an Einstein's id (young, prime, globetrotting, wise), $shape a tile
## shape's id (pentagon, star, boat, diamond); $name, $field and $pattern are names written out
## (board.ftl), $theories, $cards and $stock lists written out; $origin a tile's position.

einstein-render-seen-by-spectator = Einstein, seen by spectator
einstein-render-seen-by-seat = Einstein, seen by seat { $seat }
einstein-render-over = Game over
einstein-render-place = Seat { $seat } ({ $einstein }) to place Idea { $idea } of { $ideas }{ $ending ->
    [yes] , end triggered
   *[no] {""}
}
einstein-render-theories = Major Theories: { $theories }   (deck { $deck }, Prestige left { $prestige })
einstein-render-theory = { $name } ({ $stars }*)
einstein-render-seat = seat { $seat } { $einstein } { $points } pts, { $inspirations } Inspirations, { $theories } Theories, { $prestige } Prestige, hand { $hand }, pile { $pile }; stock { $stock }
einstein-render-stock = { $shape } { $a }{ einstein-pattern-a }/{ $b }{ einstein-pattern-b }
einstein-render-hand = Your hand: { $cards }
einstein-render-inspiration = { $name } ({ $stars }*, { $shapes })
einstein-render-big-idea = The Big Idea ({ $count } tiles):
einstein-render-tile = #{ $number } { $field } { $pattern } rot { $rotation } at { $origin } by seat { $seat }

## The Einsteins, short, and the tiles' shapes, whole and short.
einstein-render-einstein = { $einstein ->
    [young] young
    [prime] prime
    [globetrotting] globetrotting
   *[wise] wise
}
einstein-render-shape = { $shape ->
    [pentagon] pentagon
    [star] star
    [boat] boat
   *[diamond] diamond
}
einstein-render-shape-short = { $shape ->
    [pentagon] pent
    [star] star
    [boat] boat
   *[diamond] diam
}

## Between the items of a list, and for an empty one.
einstein-render-separator = { ", " }
einstein-render-none = -
