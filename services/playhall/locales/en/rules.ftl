## Refusals of the rules that every title shares (playhall.core, the rules service): setups a
## title cannot start, requests that do not decode, states of another rules version.
## Keys and arguments are the contract; the sentences are yours to fix.

rules-player-count = { $title } is played by { $min } to { $max } players, not { $players }
# $options: the title's option names, joined with commas.
rules-unknown-option = Unknown option '{ $option }' for { $title } (options: { $options })
rules-no-options = Unknown option '{ $option }' for { $title } (options: none)
rules-option-name-count =
    Option '{ $option }' takes { $wanted } { $wanted ->
        [one] name
       *[other] names
    } for { $players } { $players ->
        [one] player
       *[other] players
    }, not { $given }
rules-option-not-bool = Option '{ $option }' takes true or false
rules-option-not-whole = Option '{ $option }' takes a whole number
rules-option-out-of-range = Option '{ $option }' must be { $min } to { $max }, not { $value }
rules-option-not-names = Option '{ $option }' takes a list of names
# $choices: the names the option offers, joined with commas.
rules-option-unknown-choice = Option '{ $option }': '{ $choice }' is not one of { $choices }
rules-option-repeated-choice = Option '{ $option }' names the same choice twice
rules-option-no-value = Option '{ $option }' has no value
rules-seed-length = A game needs a seed of { $min } to { $max } bytes
rules-no-such-seat = There is no seat { $seat }: seats are { $first } to { $last }
rules-no-rules-version = The state names no rules version: it is not a saved game
# $found, $plays: rules versions such as "galileo/1.0".
rules-incompatible-version = This match was started with rules '{ $found }'; this service plays '{ $plays }' and cannot continue it

## A request's state or move ($what: "state" or "move"); $expected and $found are protobuf
## message names such as playhall.galileo.v1.State.

rules-message-missing =
    The { $what ->
        [state] state
       *[move] move
    } is missing: send a { $expected }
rules-message-foreign =
    The { $what ->
        [state] state
       *[move] move
    } is a { $found }, but this game needs a { $expected }
rules-message-undecodable =
    The { $what ->
        [state] state
       *[move] move
    } could not be decoded
rules-view-no-viewer = The view names no viewer
rules-viewer-missing = Say whose view: a seat or a spectator
rules-spectator-false = spectator must be true when set
rules-render-format = Choose a render format: text (the only one)
