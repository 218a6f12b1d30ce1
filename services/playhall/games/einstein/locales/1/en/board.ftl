## Einstein's board and event log in the portal (js/titles/einstein.js).

## The fields of science (an Idea tile's colour).
einstein-field-mathematics = mathematics
einstein-field-physics = physics
einstein-field-philosophy = philosophy
einstein-field-chemistry = chemistry

## The four Einsteins, youngest to oldest.
einstein-einstein-young = Young Einstein
einstein-einstein-prime = Prime Einstein
einstein-einstein-globetrotting = Globetrotting Einstein
einstein-einstein-wise = Wise Einstein
einstein-einstein-unknown = Einstein

## The tiles' line patterns, as their letters.
einstein-pattern-a = A
einstein-pattern-b = B

## Over the board. $idea is the Idea placed this turn, of $count.
einstein-headline-over = Game over
einstein-headline-place = { $player } places Idea { $idea } of { $count }
einstein-headline-place-ending = { $player } places Idea { $idea } of { $count } (the end is coming)

## Placing a tile, step by step. $field is a field's name, $pattern a tile's pattern (A or B).
einstein-step-piece = Step 1 of 3: choose a tile in your stock
einstein-step-edge = Step 2 of 3: choose an orange disc (an edge)
einstein-step-ghost = Step 3 of 3: choose the dashed tile
einstein-step-ghost-turn = Step 3 of 3: choose the dashed tile (or turn it)
einstein-next-orientation = Try the next orientation
einstein-turn-it = turn it ({ $index } of { $count })
einstein-pan-left = Look further left in the Big Idea
einstein-pan-up = Look further up in the Big Idea
einstein-pan-down = Look further down in the Big Idea
einstein-pan-right = Look further right in the Big Idea
einstein-zoomed = zoomed: { $shown } of { $total } edges here
einstein-lay-against = Lay it against edge { $edge } of tile { $tile }
einstein-place-here = Place the { $field } tile here (pattern { $pattern })
einstein-choose-piece = Choose a { $field } tile, pattern { $pattern } ({ $count } left)

## The board.
einstein-board = Einstein board
einstein-area-big-idea = The Big Idea: { $count ->
    [one] { $count } tile
   *[other] { $count } tiles
}
einstein-tile = { $field } { $pattern } by { $player }
einstein-tile-just-placed = (just placed)
einstein-tile-in-shape = (in the Inspiration just completed)
einstein-tile-completed = (part of the completed Inspiration { $inspiration })
einstein-no-tile-yet = No tile yet: the first goes on the centre
einstein-area-players = Players: points, and the tiles each has left
einstein-seat-name = { $player } · { $einstein }
einstein-seat-facts = { $points ->
    [one] { $points } point
   *[other] { $points } points
} · { $prestige } prestige · { $inspirations ->
    [one] { $inspirations } Inspiration
   *[other] { $inspirations } Inspirations
} · { $theories ->
    [one] { $theories } Theory
   *[other] { $theories } Theories
} · hand { $hand }
einstein-chip = { $pattern } ×{ $count }
einstein-stock-of = { $player }: { $count } { $field } { $count ->
    [one] tile
   *[other] tiles
} of pattern { $pattern }
einstein-area-theories = Major Theories up (deck { $deck }, Prestige left { $prestige })
einstein-area-inspirations = Your Inspirations: make their shape in the Big Idea
einstein-cards-none = none
einstein-explain-inspiration = Inspiration { $card }, { $stars ->
    [one] { $stars } star
   *[other] { $stars } stars
}: completed when an Idea you place makes this shape of { $fields } tiles (turned any way, never mirrored) in the Big Idea
einstein-explain-theory = Major Theory { $card }, { $stars ->
    [one] { $stars } star
   *[other] { $stars } stars
}: yours when an Idea you place meets it: { $requirement }
einstein-explain-completed = Completed Inspiration { $card }, { $stars ->
    [one] { $stars } star
   *[other] { $stars } stars
}: { $fields }

## The end's score table.
einstein-score-inspirations = Inspirations ★
einstein-score-theories = Theories ★
einstein-score-prestige = Prestige
einstein-score-total = Total
einstein-score-note = A tie goes to the oldest Einstein among the tied.

## The event log. $stars is the card's stars drawn (★★).
einstein-log-idea-placed = { $player } placed a { $field } tile (pattern { $pattern })
einstein-log-inspiration-completed = { $player } completed the Inspiration { $card } ({ $stars })
einstein-log-theory-claimed = { $player } claimed the Major Theory { $card } ({ $stars })
einstein-log-end-triggered = { $player } triggered the end of the game
einstein-log-turn-ended = { $player } ended their turn
einstein-log-inspirations-drawn = { $player } drew Inspirations
einstein-log-theories-revealed = Major Theories turned up: { $theories }
einstein-log-game-ended = Game over: scores { $scores }
einstein-log-unknown = something happened

## The Major Theories' requirements, by theory id (rules, Major Theories).
einstein-requirement-1 = 4 fields connected
einstein-requirement-2 = Inspiration with 1 own Idea
einstein-requirement-3 = 2 Inspirations in a turn
einstein-requirement-4 = touches all 3 other fields
einstein-requirement-5 = 3+ edges, all matching
einstein-requirement-6 = touches 4+ Ideas
einstein-requirement-7 = Inspiration of own Ideas only
einstein-requirement-8 = Inspiration of mostly others' Ideas
einstein-requirement-9 = 5 own Ideas connected
einstein-requirement-10 = matches 2+ others' Ideas

## The cards' names, by id (cards.json).
einstein-inspiration-1 = Compass Gift
einstein-inspiration-2 = Luitpold Gymnasium
einstein-inspiration-3 = Aarau School
einstein-inspiration-4 = Zurich Polytechnic
einstein-inspiration-5 = Chasing a Light Beam
einstein-inspiration-6 = Mileva Maric
einstein-inspiration-7 = Olympia Academy
einstein-inspiration-8 = Patent Office
einstein-inspiration-9 = Brownian Motion
einstein-inspiration-10 = Mathematics Challenge
einstein-inspiration-11 = Happiest Thought
einstein-inspiration-12 = Marcel Grossmann
einstein-inspiration-13 = Prussian Academy
einstein-inspiration-14 = Mass-Energy Equivalence
einstein-inspiration-15 = Field Equations
einstein-inspiration-16 = Mercury's Perihelion
einstein-inspiration-17 = Bose-Einstein Statistics
einstein-inspiration-18 = Eddington Expedition
einstein-inspiration-19 = Nobel Prize
einstein-inspiration-20 = Solvay Debates
einstein-inspiration-21 = Voyage to Japan
einstein-inspiration-22 = Lecture in Paris
einstein-inspiration-23 = Caputh Summer House
einstein-inspiration-24 = Sailing the Havel
einstein-inspiration-25 = Hebrew University
einstein-inspiration-26 = Princeton Arrival
einstein-inspiration-27 = Gravitational Lensing
einstein-inspiration-28 = Institute for Advanced Study
einstein-inspiration-29 = Letter to Roosevelt
einstein-inspiration-30 = Kyoto Address
einstein-inspiration-31 = Violin and Mozart
einstein-inspiration-32 = Mercer Street
einstein-inspiration-33 = Walks with Goedel
einstein-inspiration-34 = EPR Paradox
einstein-inspiration-35 = Einstein-Szilard Refrigerator
einstein-inspiration-36 = Einstein-Rosen Bridge
einstein-inspiration-37 = Cosmological Constant
einstein-inspiration-38 = Russell-Einstein Manifesto
einstein-inspiration-39 = Presidency of Israel Declined
einstein-inspiration-40 = God Does Not Play Dice
einstein-theory-1 = Challenges to Quantum Mechanics
einstein-theory-2 = Lone Genius
einstein-theory-3 = Annus Mirabilis
einstein-theory-4 = Unified Field
einstein-theory-5 = Perfect Fit
einstein-theory-6 = Crowded Mind
einstein-theory-7 = Solo Work
einstein-theory-8 = Borrowed Brilliance
einstein-theory-9 = Deep Focus
einstein-theory-10 = Photoelectric Effect
