## Galileo Galilei's refusals (rules galileo/1). Keys and arguments are the contract; the
## sentences are yours to fix. $seat is a seat number as the match shows it.

galileo-game-over = The game is over: no more moves
galileo-already-picked = You have already picked a scientist this round; a pick is final
galileo-pick-first = Scientists are being picked: pick a scientist from your hand
galileo-scientist-not-in-hand = That scientist is not in your hand: pick one of your own
galileo-not-your-turn = It is not your turn: seat { $seat } takes an experiment now
galileo-take-instead = Your scientist is already revealed: take an experiment instead
galileo-experiment-not-on-table = That experiment is not on the table: take one of those revealed this round

## Requests that describe no Galileo game a player could reach (sent by a program, not a
## player): a move or view that does not decode, a state the rules could never produce.

galileo-move-empty = The move is empty: pick a scientist or take an experiment
galileo-unknown-phase = Unknown phase { $phase }
galileo-view-cards-miscounted = The view's card counts do not add up
galileo-view-experiments-miscounted = The view's experiment counts do not add up
galileo-inconsistent-scientists = The state is inconsistent: every scientist must appear exactly once
galileo-inconsistent-experiments = The state is inconsistent: every experiment must appear exactly once
galileo-inconsistent-points = The state is inconsistent: experiment { $experiment } cannot score { $points }
galileo-inconsistent-seat-orders = The state is inconsistent: the seat orders are broken
galileo-inconsistent-take-order = The state is inconsistent: the take order is broken
galileo-inconsistent-take-without-pick = The state is inconsistent: a seat takes without a pick
galileo-inconsistent-order-outside-take = The state is inconsistent: a take order outside the take phase
galileo-inconsistent-all-picked = The state is inconsistent: a pick phase in which every seat has picked
galileo-inconsistent-empty-hand = The state is inconsistent: a seat must pick with an empty hand
galileo-inconsistent-round = The state is inconsistent: a game of { $players } has rounds { $first } to { $last }
galileo-inconsistent-moves = The state is inconsistent: a game of { $players } has at most { $most } moves and steps
galileo-inconsistent-cards-in-play = The state is inconsistent: a finished game with cards in play
