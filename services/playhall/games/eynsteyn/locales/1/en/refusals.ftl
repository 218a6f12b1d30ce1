## Eynsteyn's refusals (rules eynsteyn/1). Keys and arguments are the contract; the sentences
## are yours to fix. $kind is a stone kind's id (straight, curve, junction, crossing,
## double_curve, blocker); $seat a seat number as the match shows it.

eynsteyn-game-over = The game is over: no more moves
eynsteyn-not-your-turn = It is not your turn: seat { $seat } is to move
eynsteyn-draw-from-stack = The players are drawing their hands: draw from a stack
eynsteyn-no-such-stack = There is no stack { $stack }: stacks are { $first } to { $last }
eynsteyn-empty-stack-drawn = Stack { $stack } is empty: draw from another
eynsteyn-place-first = Place a stone from your hand first
eynsteyn-no-such-stone = There is no such stone: lay one from your hand
eynsteyn-stone-not-in-hand =
    You have no { $kind ->
        [straight] straight
        [curve] curve
        [junction] junction
        [crossing] crossing
        [double_curve] double curve
       *[blocker] blocker
    } in your hand
eynsteyn-rotation-only-zero =
    A { $kind ->
        [straight] straight
        [curve] curve
        [junction] junction
        [crossing] crossing
        [double_curve] double curve
       *[blocker] blocker
    } looks the same turned any way: give rotation { $rotation }
eynsteyn-rotation-out-of-range =
    A { $kind ->
        [straight] straight
        [curve] curve
        [junction] junction
        [crossing] crossing
        [double_curve] double curve
       *[blocker] blocker
    } has { $orientations } orientations: give a rotation of { $first } to { $last } quarter turns (more turns repeat one of them)
eynsteyn-off-board = That square is not on the board
eynsteyn-square-taken = That square is taken
eynsteyn-preparation-adjacent = In the preparation a stone may not lie next to another (diagonally is fine)
eynsteyn-may-not-pass = You can place a stone, so you may not pass
eynsteyn-cover-final-stack = A stack of four is final: nothing goes on top of it
eynsteyn-cover-marked = That stone carries a marker: it may not be covered
eynsteyn-cover-edge = Stones on the board's edge may never be covered
eynsteyn-cover-unsurrounded = A stone may only be covered when all four squares around it are occupied
eynsteyn-mark-or-skip = Mark a stone or skip marking before you end your turn
eynsteyn-mark-empty-square = A marker goes on a stone: that square is empty
eynsteyn-mark-marked = That stone already carries a marker
eynsteyn-mark-final-stack = A stack of four is final: it needs no marker
eynsteyn-end-your-turn = End your turn: draw a stone and call EYNSTEYN or not
eynsteyn-all-stacks-empty = Every stack is empty: end the turn with stack { $stack }
eynsteyn-call-impossible = You cannot call EYNSTEYN: no stone in your hand would connect your edges
eynsteyn-call-automatic = The engine calls EYNSTEYN for you here: you are one away
eynsteyn-win-refused-pass = Your win was refused: your turn passes

## Requests that describe no Eynsteyn game a player could reach (sent by a program, not a
## player): a move or view that does not decode, a state the rules could never produce.

eynsteyn-move-empty = The move is empty: draw, place, mark, skip, end the turn or pass
eynsteyn-view-shape = The view needs two seats and five stacks
eynsteyn-board-size-range = A board has { $min } to { $max } squares a side, not { $size }
eynsteyn-board-square-count = A board of size { $size } has { $squares } squares
eynsteyn-board-height-range = A square holds { $least } to { $most } stones
eynsteyn-board-lists-mismatch = The board's heights, kinds and rotations do not match
eynsteyn-board-unknown-stone = A stone on the board has a kind or rotation that does not exist
eynsteyn-marker-off-board = Marker square ({ $row }, { $column }) is off the board
eynsteyn-markers-shared-square = Two markers lie on one square
# $kind: a number no stone kind has.
eynsteyn-unknown-kind = Unknown stone kind { $kind }
eynsteyn-edges-unassigned = One seat must connect North-South and the other West-East
eynsteyn-cell-off-board = Square ({ $row }, { $column }) is off the board
eynsteyn-unknown-phase = Unknown phase { $phase }
eynsteyn-view-stones-excess = The view shows more stones than the game has
eynsteyn-view-stones-miscounted = The view's stone counts do not add up
eynsteyn-inconsistent-stones = The state is inconsistent: every stone must appear exactly once
eynsteyn-inconsistent-stacks = The state is inconsistent: there are { $stacks } draw stacks
eynsteyn-inconsistent-returned = The state is inconsistent: a stack has an impossible number of returned stones
eynsteyn-inconsistent-marker-owner = The state is inconsistent: a marker belongs to no seat
eynsteyn-inconsistent-markers = The state is inconsistent: seat { $seat } must hold { $markers } markers in all
eynsteyn-inconsistent-marker-on-empty = The state is inconsistent: a marker lies on an empty square
eynsteyn-inconsistent-seats = The state is inconsistent: the seat to move or the start player is no seat
eynsteyn-inconsistent-last-placed = The state is inconsistent: the last stone laid is not on the board
eynsteyn-inconsistent-passes = The state is inconsistent: too many passes in a row
eynsteyn-inconsistent-winner = The state is inconsistent: a winner while the game is in play
eynsteyn-inconsistent-moves = The state is inconsistent: a game has at most { $most } moves, steps and turns
