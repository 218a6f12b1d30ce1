## Einstein's refusals (playhall.games.einstein): the rules' word to the player who made the
## move, and the codec's on a message it cannot take. Keys and arguments are the contract.
## $seat is a seat number; $value a number as the message carried it.

einstein-game-over = The game is over: no more moves
einstein-not-your-turn = It is not your turn: seat { $seat } places Ideas now
einstein-place-only = Place an Idea tile: that is the only move
einstein-no-such-tile = There is no such Idea tile

## Placing an Idea (rule 7).

einstein-not-in-stock = You have no Idea of that shape and pattern left in your stock
einstein-first-in-centre = The first Idea goes in the centre of the table
einstein-overlap = The Idea would overlap a placed Idea
einstein-partial-edge = Every contact must be a full edge, end to end with a placed Idea's edge
einstein-no-contact = The Idea must share a full edge with The Big Idea
einstein-no-line-match = At least one shared edge must match its line count

## Messages the codec cannot take.

einstein-empty-move = The move is empty: place an Idea
einstein-tile-owner-unknown = A tile belongs to seat { $seat }, who is not in the game
einstein-stock-order = A stock lists each field once, in field order
einstein-stock-range = A stock holds 0 to { $most } tiles per pattern
einstein-unknown-field = Unknown field { $value }
einstein-unknown-pattern = Unknown line pattern { $value }
einstein-rotation-range = A rotation is 0 to 9 steps of 36 degrees, not { $value }
einstein-unknown-einstein = Unknown Einstein { $value }
einstein-view-unknown-einstein = The view names an unknown Einstein
einstein-view-inspiration-counts = The view's Inspiration counts do not add up
einstein-view-theory-counts = The view's Theory counts do not add up

## A state the engine could never have produced.

einstein-inconsistent-tile = The state is inconsistent: tile { $tile } is not a legal placement
einstein-inconsistent-tiles = The state is inconsistent: more tiles than the Einsteins own
einstein-inconsistent-einstein-twice = The state is inconsistent: an Einstein plays twice
einstein-inconsistent-inspirations = The state is inconsistent: seat { $seat } must hold each of its Einstein's Inspirations once
einstein-inconsistent-hand = The state is inconsistent: seat { $seat }'s hand is not a sorted hand of at most { $most }
einstein-inconsistent-stock = The state is inconsistent: seat { $seat }'s stock and placed tiles do not add up
einstein-inconsistent-theories = The state is inconsistent: every Major Theory must appear exactly once
einstein-inconsistent-prestige = The state is inconsistent: there are { $tokens } Prestige tokens
einstein-inconsistent-turn-counters = The state is inconsistent: the turn counters are broken
einstein-inconsistent-placements = The state is inconsistent: a seat places at most two Ideas a turn
einstein-inconsistent-completed = The state is inconsistent: more Inspirations completed this turn than in all
einstein-inconsistent-moves = The state is inconsistent: a game has at most { $most } moves
einstein-inconsistent-no-placement = The state is inconsistent: the seat to move has no legal placement
