## Eynsteyn's board and event log in the portal (js/titles/eynsteyn.js).

## The stone kinds.
eynsteyn-kind-straight = straight
eynsteyn-kind-curve = curve
eynsteyn-kind-junction = junction
eynsteyn-kind-crossing = crossing
eynsteyn-kind-double-curve = double curve
eynsteyn-kind-blocker = blocker
eynsteyn-kind-unknown = stone

## The edges a player connects.
eynsteyn-goal-north-south = top and bottom
eynsteyn-goal-west-east = left and right
eynsteyn-goal-unknown = its two edges

## Over the board: what the player to move does.
eynsteyn-headline-opening-draw = { $player } draws a stone for the opening
eynsteyn-headline-preparation = { $player } lays a preparation stone, not next to another
eynsteyn-headline-refill-draw = { $player } refills their hand
eynsteyn-headline-place = { $player } lays a stone
eynsteyn-headline-mark = { $player } may put a marker on the board
eynsteyn-headline-end-turn = { $player } draws to end the turn, calling EYNSTEYN or not
eynsteyn-headline-win-refused = { $player }'s connection was not called: the stone goes back
eynsteyn-headline-over = Game over

## The board. $stone is a stone kind's name, $goal the edges a player connects.
eynsteyn-board = Eynsteyn board
eynsteyn-choose-stone-first = Choose a stone from your hand first, then the square to lay it on.
eynsteyn-area-board-mine = The board: connect { $goal }, your edges in your colour
eynsteyn-area-board = The board, { $size } by { $size }
eynsteyn-square = Square row { $row }, column { $column }: { $stone }
eynsteyn-square-laid-by = Square row { $row }, column { $column }: { $stone } laid by { $player }
eynsteyn-square-empty = Empty square row { $row }, column { $column }
eynsteyn-square-height = { $height } high
eynsteyn-square-marker = { $player }'s marker
eynsteyn-mark-square = Mark { $square }
eynsteyn-lay-on-square = Lay it on { $square }
eynsteyn-winning-line = { $player }'s winning line: { $count } stones from edge to edge
eynsteyn-area-stacks = Draw stacks (top stone open)
eynsteyn-stack-short = { $stack }: { $count }
eynsteyn-stack = Stack { $stack } ({ $count ->
    [one] { $count } stone
   *[other] { $count } stones
}, top { $stone })
eynsteyn-stack-empty = Stack { $stack } ({ $count ->
    [one] { $count } stone
   *[other] { $count } stones
}, top none)
eynsteyn-call = Call EYNSTEYN!
eynsteyn-no-call = Do not call
eynsteyn-skip-mark = No marker
eynsteyn-pass = Pass
eynsteyn-rotation = turn { $turns }
eynsteyn-area-turn = Turn the { $stone }
eynsteyn-area-choices = Choices
eynsteyn-area-hand-called = { $player } · called EYNSTEYN
eynsteyn-hand-goal = connects { $goal } · { $markers ->
    [one] { $markers } marker left
   *[other] { $markers } markers left
}
eynsteyn-explain-own-stone = Your { $stone }: choose it, turn it if you like, then the square to lay it on
eynsteyn-own-stone = Your { $stone }
eynsteyn-explain-other-stone = { $player }'s { $stone } (every hand is open)

## The end's table.
eynsteyn-score-connects = Connects
eynsteyn-score-markers = Markers left
eynsteyn-score-result = Result
eynsteyn-score-draw = draw
eynsteyn-score-won = won
eynsteyn-score-lost = lost
eynsteyn-score-note-no-winner = No winner: neither player could lay a stone.
eynsteyn-score-note-other-left = { $player } won: the other player left.
eynsteyn-score-note-connected = { $player } connected their edges.
eynsteyn-score-note-connected-for-opponent = { $player } had their edges connected by the opponent's stone.
eynsteyn-score-note-no-placements = Neither player could lay a stone: a draw.

## The event log. Rows and columns count from 1 in the North-West corner.
eynsteyn-log-game-started = { $player } starts; { $northSouth } connects North-South
eynsteyn-log-stone-drawn = { $player } drew a { $stone } from stack { $stack }
eynsteyn-log-stone-placed = { $player } laid a { $stone } at row { $row }, column { $column }{ $level ->
    [1] {""}
   *[other] {" "}(level { $level })
}
eynsteyn-log-preparation-stuck = The preparation got stuck: stones went back
eynsteyn-log-preparation-ended = The preparation is over
eynsteyn-log-marker-placed = { $player } put a marker at row { $row }, column { $column }
eynsteyn-log-mark-skipped = { $player } put no marker
eynsteyn-log-turn-ended = { $player } drew from stack { $stack }
eynsteyn-log-turn-ended-call = { $player } drew from stack { $stack } and called EYNSTEYN!
eynsteyn-log-win-refused = { $player } connected without calling: the stone at row { $row }, column { $column } goes back
eynsteyn-log-passed = { $player } passed
eynsteyn-log-passed-call = { $player } passed and called EYNSTEYN!
eynsteyn-log-game-won = Game over: { $count ->
   *[other] { $winners } won
}
eynsteyn-log-game-no-winner = Game over: no winner
eynsteyn-log-unknown = something happened
