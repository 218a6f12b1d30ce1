## Erfinderteam's (Legendary Inventors') board and event log in the portal
## (js/titles/inventors.js). Inventors' and teams' colours aside, the inventors' own names are
## proper names from the data file.

## The disciplines, short, as on an inventor's card.
inventors-discipline-physics = Phys
inventors-discipline-chemistry = Chem
inventors-discipline-mechanics = Mech
inventors-discipline-mathematics = Math
inventors-discipline-unknown = knowledge

## The reward tiles.
inventors-tile-victory-1 = 1 point
inventors-tile-victory-2 = 2 points
inventors-tile-victory-3 = 3 points
inventors-tile-upgrade-2 = upgrade +2
inventors-tile-upgrade-3 = upgrade +3
inventors-tile-upgrade-4 = upgrade +4
inventors-tile-coffee = coffee
inventors-tile-genius = genius
inventors-tile-star = star
inventors-tile-unknown = reward

## The teams, by colour.
inventors-team-red = red
inventors-team-yellow = yellow
inventors-team-purple = purple
inventors-team-green = green
inventors-team-blue = blue

## The action buttons.
inventors-action-coffee = Drink coffee
inventors-action-refresh = Refresh
inventors-action-pass = Pass
inventors-action-patent = Take the patent
inventors-action-finish-upgrades = Finish upgrades
inventors-action-end-turn = End turn

## Over the board.
inventors-headline-over = Game over
inventors-headline-final = Final upgrades: { $player } upgrades or finishes
inventors-headline-reward = Age { $age }: { $player } chooses a reward of { $invention }
inventors-headline-main = Age { $age }: { $player } sends an inventor to work, or refreshes
inventors-headline-after = Age { $age }: { $player } may use tiles, then ends the turn

## The board. $tile is a tile's name, $tiles a list of them, $invention an invention's name,
## $inventor an inventor's; $tired and $met are "yes" or "no".
inventors-board = Inventors board
inventors-area-table = Inventions of age { $age } (decks { $decks })
inventors-no-tiles = no tiles
inventors-work-on = Work on { $invention }
inventors-area-rewards = Rewards of { $invention }
inventors-take-tile = Take the { $tile } tile
inventors-patent-here = the patent is still here
inventors-area-teams = Teams
inventors-team-line = { $player } · { $team } team
inventors-team-facts = { $points ->
    [one] { $points } point
   *[other] { $points } points
} · { $cubes ->
    [one] { $cubes } cube
   *[other] { $cubes } cubes
} · patents { $patents } · tiles: { $tiles }
inventors-tiles-none = none
inventors-explain-team = { $player }'s team: { $points ->
    [one] { $points } point
   *[other] { $points } points
}, { $cubes ->
    [one] { $cubes } knowledge cube
   *[other] { $cubes } knowledge cubes
} left to place, { $patents ->
    [one] { $patents } patent
   *[other] { $patents } patents
}
inventors-use-short = use { $tile }
inventors-use-tile = Use the { $tile } tile
inventors-area-actions = Actions
inventors-plate = { $inventor }{ $tired ->
    [yes] {" "}· tired
   *[no] {""}
}{ $met ->
    [yes] {" "}· goal met
   *[no] {""}
} ({ $points } pt)
inventors-explain-own-inventor = Your inventor { $inventor }{ $tired ->
    [yes] , tired (works again after a refresh or a coffee)
   *[no] {""}
}: goal worth { $points } points{ $met ->
    [yes] , met
   *[no] {""}
}
inventors-explain-inventor = { $player }'s inventor { $inventor }{ $tired ->
    [yes] , tired (works again after a refresh or a coffee)
   *[no] {""}
}: goal worth { $points } points{ $met ->
    [yes] , met
   *[no] {""}
}
inventors-knowledge = { $discipline } { $value }
inventors-knowledge-goal = { $discipline } { $value } → goal { $goal }
inventors-explain-knowledge = { $inventor }'s { $discipline } knowledge { $value }: a work places that many cubes of it
inventors-explain-knowledge-goal = { $inventor }'s { $discipline } knowledge { $value }, goal { $goal }: a work places that many cubes of it
inventors-inventor-unknown = an inventor

## The end's score table.
inventors-score-goals = Goals met
inventors-score-tiles = Point tiles
inventors-score-patents = Patents
inventors-score-series = Series
inventors-score-total = Total
inventors-score-note = Patents score 1, 2 or 3 by age; a series of patent categories 0 to k (stars fill gaps) scores k. Ties: more patents.

## The event log.
inventors-log-age-started = Age { $age } begins: { $inventions }
inventors-log-worked = { $player } sent { $inventor } to work on { $invention }
inventors-log-invention-finished = { $invention } is finished
inventors-log-took-patent = { $player } took the patent of { $invention }
inventors-log-took-tile = { $player } took the { $tile } tile of { $invention }
inventors-log-took-reward = { $player } took a reward of { $invention }
inventors-log-upgraded = { $player } upgraded { $inventor }'s { $discipline } to { $value }
inventors-log-coffee = { $player } drank coffee
inventors-log-refreshed = { $player } refreshed their team
inventors-log-passed = { $player } passed
inventors-log-turn-ended = { $player } ended their turn
inventors-log-age-ended = Age { $age } ends
inventors-log-final-done = { $player } finished their final upgrades
inventors-log-game-ended = Game over: scores { $scores }
inventors-log-unknown = something happened

## The inventions, by their id (inventions.json, in order from 1).
inventors-invention-1 = Fire
inventors-invention-2 = Oil lamp
inventors-invention-3 = Bow
inventors-invention-4 = Stone axe
inventors-invention-5 = Canoe
inventors-invention-6 = Wheel
inventors-invention-7 = Smoke signals
inventors-invention-8 = Papyrus
inventors-invention-9 = Flute
inventors-invention-10 = Dice
inventors-invention-11 = Sundial
inventors-invention-12 = Water clock
inventors-invention-13 = Crossbow
inventors-invention-14 = Pistol
inventors-invention-15 = Hot-air balloon
inventors-invention-16 = Caravel
inventors-invention-17 = Printing press
inventors-invention-18 = Optical telegraph
inventors-invention-19 = Fireworks
inventors-invention-20 = Piano
inventors-invention-21 = Hourglass
inventors-invention-22 = Mechanical clock
inventors-invention-23 = Lightning rod
inventors-invention-24 = Voltaic pile
inventors-invention-25 = Gatling gun
inventors-invention-26 = Revolver
inventors-invention-27 = Automobile
inventors-invention-28 = Zeppelin
inventors-invention-29 = Telephone
inventors-invention-30 = Radio
inventors-invention-31 = Photography
inventors-invention-32 = Cinema
inventors-invention-33 = Pocket watch
inventors-invention-34 = Chronometer
inventors-invention-35 = Light bulb
inventors-invention-36 = Dynamo

## The inventors, by their name in the data file (teams.json).
inventors-inventor-einstein = Einstein
inventors-inventor-curie = Curie
inventors-inventor-edison = Edison
inventors-inventor-tesla = Tesla
inventors-inventor-galileo = Galileo
inventors-inventor-newton = Newton
inventors-inventor-pascal = Pascal
inventors-inventor-boyle = Boyle
inventors-inventor-lovelace = Lovelace
inventors-inventor-lavoisier = Lavoisier
inventors-inventor-watt = Watt
inventors-inventor-faraday = Faraday
inventors-inventor-archimedes = Archimedes
inventors-inventor-aristotle = Aristotle
inventors-inventor-hippocrates = Hippocrates
inventors-inventor-hypatia = Hypatia
inventors-inventor-fibonacci = Fibonacci
inventors-inventor-gutenberg = Gutenberg
inventors-inventor-oresme = Oresme
inventors-inventor-hildegard = Hildegard
