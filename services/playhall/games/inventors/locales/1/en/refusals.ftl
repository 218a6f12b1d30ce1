## Erfinderteam's refusals (playhall.games.inventors): the rules' word to the player who made
## the move, and the codec's on a message it cannot take. Keys and arguments are the contract.
## $seat is a seat number; $discipline a discipline's id (physics, chemistry, mechanics,
## mathematics); $invention an invention's id (1 to 36, inventions.json's order); $value a
## number as the message carried it.

inventors-game-over = The game is over: no more moves
inventors-not-your-turn = It is not your turn: seat { $seat } is to move

## The main action (work, refresh, pass) and the end of a turn.

inventors-main-action-taken = You have already taken your main action: use a tile or end your turn
inventors-nothing-to-refresh = All your inventors are active: there is nothing to refresh
inventors-pass-not-allowed = You can still work or refresh: passing is not allowed
inventors-main-action-first = Take your main action (work or refresh) before ending your turn
inventors-your-turn-choices = It is your turn: work, refresh, or use a tile
inventors-which-inventor = Choose one of your team's { $count } inventors
inventors-inventor-tired = That inventor has already worked: refresh your team first
inventors-invention-not-on-table = { $invention ->
        [1] Fire
        [2] Oil lamp
        [3] Bow
        [4] Stone axe
        [5] Canoe
        [6] Wheel
        [7] Smoke signals
        [8] Papyrus
        [9] Flute
        [10] Dice
        [11] Sundial
        [12] Water clock
        [13] Crossbow
        [14] Pistol
        [15] Hot-air balloon
        [16] Caravel
        [17] Printing press
        [18] Optical telegraph
        [19] Fireworks
        [20] Piano
        [21] Hourglass
        [22] Mechanical clock
        [23] Lightning rod
        [24] Voltaic pile
        [25] Gatling gun
        [26] Revolver
        [27] Automobile
        [28] Zeppelin
        [29] Telephone
        [30] Radio
        [31] Photography
        [32] Cinema
        [33] Pocket watch
        [34] Chronometer
        [35] Light bulb
        [36] Dynamo
       *[other] Invention { $invention }
    } is not on the table now: work on one of the inventions shown
inventors-choose-an-invention = Choose one of the inventions on the table to work on
inventors-no-cubes = All your cubes are on inventions: you cannot work until some return
inventors-no-genius = You hold no genius tile
inventors-genius-fields = The genius tile's two extra cubes go on fields of this invention that are still free after the inventor's own cubes
inventors-knowledge-fits-nothing = That inventor's knowledge fits no free field of this invention

## Free actions: coffee and upgrades.

inventors-no-coffee = You hold no coffee tile
inventors-coffee-useless = All your inventors are active already: coffee would do nothing
inventors-upgrade-or-done = Apply a tile as an upgrade, or say you are done
inventors-tile-not-held = You do not hold that tile
inventors-upgrade-which-inventor = Choose one of your team's { $count } inventors to upgrade
inventors-name-a-discipline = Name a discipline: physics, chemistry, mechanics or mathematics
inventors-back-raises-zero = A tile's back only raises 0 to 1; { $discipline ->
        [physics] physics
        [chemistry] chemistry
        [mechanics] mechanics
       *[mathematics] mathematics
    } is at { $value }
inventors-back-only = Only an upgrade tile upgrades by its number; use its back
inventors-upgrade-raises-one = An upgrade { $target } only raises { $below } to { $target }; { $discipline ->
        [physics] physics
        [chemistry] chemistry
        [mechanics] mechanics
       *[mathematics] mathematics
    } is at { $value }

## Rewards of a finished invention.

inventors-no-reward = There is no reward to choose
inventors-choose-a-reward = Choose one of the rewards left: the patent or one of its tiles

## Messages the codec cannot take.

inventors-empty-move = The move is empty: work, refresh, use a tile or choose one
inventors-genius-disciplines = A genius tile names at most two disciplines, in order
inventors-unknown-phase = Unknown phase { $value }
inventors-unknown-tile = Unknown tile { $value }
inventors-unknown-discipline = Unknown discipline { $value }
inventors-unknown-team = Unknown team { $value }
inventors-decks = The state must hold { $ages } invention decks
inventors-view-invention-counts = The view's invention counts do not add up
inventors-view-tile-counts = The view's tile counts do not add up

## A state the engine could never have produced. $invention is an invention's id here too,
## shown as its number (a state is checked for programs, not read by players).

inventors-inconsistent-knowledge-size = The state is inconsistent: a team has { $inventors } inventors of { $disciplines } disciplines
inventors-inconsistent-knowledge-range = The state is inconsistent: knowledge runs 0 to { $most }
inventors-inconsistent-team-size = The state is inconsistent: a team has { $inventors } inventors
inventors-inconsistent-team-twice = The state is inconsistent: two seats play the same team
inventors-inconsistent-table-age = The state is inconsistent: invention { $invention } on the table is not of age { $age }
inventors-inconsistent-invention-tiles = The state is inconsistent: an invention holds at most two tiles, sorted
inventors-inconsistent-invention-cubes = The state is inconsistent: invention { $invention } holds cubes it has no fields for
inventors-inconsistent-invention-full = The state is inconsistent: invention { $invention } is full but not finished
inventors-inconsistent-cubes = The state is inconsistent: a seat has more than { $cubes } cubes on inventions
inventors-inconsistent-held-order = The state is inconsistent: held tiles are kept sorted
inventors-inconsistent-spent-order = The state is inconsistent: spent tiles are kept sorted
inventors-inconsistent-moves = The state is inconsistent: a game has at most { $most } moves, steps and turns
inventors-inconsistent-inventions = The state is inconsistent: every invention must appear exactly once
inventors-inconsistent-deck-age = The state is inconsistent: the deck of age { $age } holds another age's invention
inventors-inconsistent-ages = The state is inconsistent: ages run 1 to { $ages }
inventors-inconsistent-deck-whole = The state is inconsistent: the deck of age { $age } is not whole
inventors-inconsistent-tiles = The state is inconsistent: every reward tile must appear exactly once
inventors-inconsistent-seat-to-move = The state is inconsistent: the seat to move is not in the game
inventors-inconsistent-passes = The state is inconsistent: at most { $most ->
        [one] one seat
       *[other] { $most } seats
    } can have passed in succession
inventors-inconsistent-reward-phase = The state is inconsistent: rewards are chosen exactly in the reward phase
inventors-inconsistent-reward-choice = The state is inconsistent: a reward choice needs two kinds of reward left
inventors-inconsistent-reward-order = The state is inconsistent: the reward order is broken
inventors-inconsistent-reward-seat = The state is inconsistent: a seat outside the game chooses a reward
inventors-inconsistent-final-order = The state is inconsistent: the final upgrade order is broken
inventors-inconsistent-final-seat = The state is inconsistent: a seat without an upgrade is making final upgrades
inventors-inconsistent-final-phase = The state is inconsistent: a final upgrade order outside the final upgrades
inventors-inconsistent-final-age = The state is inconsistent: final upgrades and the end come after age III, with no invention left
inventors-inconsistent-age-over = The state is inconsistent: an age with one unfinished invention left is over
