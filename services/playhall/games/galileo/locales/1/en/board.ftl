## Galileo Galilei's board and event log in the portal (js/titles/galileo.js).

## A card's colour, and a card described by its colour.
galileo-colour-yellow = yellow
galileo-colour-red = red
galileo-colour-blue = blue
galileo-colour-green = green
galileo-scientist-yellow = yellow scientist, power { $power }
galileo-scientist-red = red scientist, power { $power }
galileo-scientist-blue = blue scientist, power { $power }
galileo-scientist-green = green scientist, power { $power }
galileo-experiment-yellow = yellow experiment, { $points } pt
galileo-experiment-red = red experiment, { $points } pt
galileo-experiment-blue = blue experiment, { $points } pt
galileo-experiment-green = green experiment, { $points } pt
galileo-no-scientist = no scientist
galileo-no-experiment = no experiment

## Over the board.
galileo-headline-over = Game over
galileo-headline-pick = Round { $round } of { $rounds }: everyone picks a scientist, face down
galileo-headline-take = Round { $round } of { $rounds }: { $player } takes an experiment

## The board. $experiment and $scientist are a card described (above), $colour a colour's name.
galileo-board = Galileo board
galileo-area-table = Table: experiments this round
galileo-card-experiment = { $colour } · { $points } pt
galileo-explain-experiment = The { $experiment }: the strongest scientist's player takes first; it scores double for a scientist in { $colour }
galileo-take = Take { $experiment }
galileo-table-empty = empty
galileo-deck = deck { $count }
galileo-explain-deck = The experiment deck: { $count ->
    [one] { $count } card
   *[other] { $count } cards
} left to turn up in later rounds
galileo-area-players = Players
galileo-seat-points = { $points ->
    [one] { $points } point
   *[other] { $points } points
}
galileo-seat-hand = { $count } in hand
galileo-take-rank = takes { NUMBER($rank, type: "ordinal") ->
    [one] { $rank }st
    [two] { $rank }nd
    [few] { $rank }rd
   *[other] { $rank }th
}
galileo-pick-revealed = pick
galileo-pick-own = your pick
galileo-pick-hidden = picked
galileo-explain-picked = { $player } has picked a scientist: face down until everyone has picked
galileo-pick-none = no pick
galileo-row-played = played
galileo-row-taken = taken
galileo-row-nothing = nothing played or taken yet
galileo-played = played { $scientist }
galileo-took = took { $experiment }, scored { $points }
galileo-doubled-mark = ×2
galileo-area-hand = Your hand: pick a scientist
galileo-area-hand-picked = Your hand (you have picked this round)
galileo-explain-scientist = The { $scientist }: picked face down; the strongest takes an experiment first, and an experiment in { $colour } scores double
galileo-pick = Pick { $scientist }

## The end's score table.
galileo-score-experiments = Experiments
galileo-score-doubled = Doubled
galileo-score-total = Total
galileo-score-taken = Taken
galileo-score-doubled-taken = ×2 taken
galileo-score-note = An experiment scores double when its colour is the colour of the scientist played that round. Ties: more experiments taken, then more doubled.

## The event log. $experiments is a list of experiments described, $scores the scores in seat
## order, $winners a list of names ($count of them).
galileo-log-round-started = Round { $round } begins: { $experiments } revealed
galileo-log-picked-own = { $player } picked the { $scientist }
galileo-log-picked = { $player } picked a scientist
galileo-log-pick-of = { $player }: { $scientist }
galileo-log-picks-revealed = Picks revealed ({ $picks }); order { $order }
galileo-log-took = { $player } took the { $experiment } for { $points }
galileo-log-took-doubled = { $player } took the { $experiment } for { $points } (doubled)
galileo-log-nothing-left = { $player } got nothing: the table was empty
galileo-log-round-ended = Round { $round } ends
galileo-log-game-won = Game over: scores { $scores }; { $count ->
   *[other] { $winners } won
}
galileo-log-game-drawn = Game over: scores { $scores }; a draw
galileo-log-unknown = something happened
