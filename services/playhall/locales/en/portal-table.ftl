## The table: the match and replay pages around the board (js/match.js, replay.js, undo.js,
## myseat.js, table.js, svg.js). A title's own texts (its board, its event log) are in the
## title's catalogue, games/<title>/locales/<major>/<lang>/board.ftl.

table-page-title = { $title } · Playhall
table-no-match-id = No match id in the address.

## The stream's state, in the header.
table-connection-live = live
table-connection-reconnecting = connection lost: reconnecting…
table-connection-finished = finished
table-connection-closed = closed

## Who is to move, over the board. $reason is how the match ended: resignation, timeout,
## abandoned or none (played to its end). $count is how many players $winners (or $players) names.
table-finished-won = { $reason ->
    [resignation] Finished by resignation
    [timeout] Finished on time
    [abandoned] Finished (abandoned)
   *[none] Finished
}: { $count ->
   *[other] { $winners } won
}
table-finished-no-winner = { $reason ->
    [resignation] Finished by resignation
    [timeout] Finished on time
    [abandoned] Finished (abandoned)
   *[none] Finished
}: no winner
table-waiting-to-join = Waiting for players to join…
table-your-move = Your move
table-waiting-for = Waiting for { $players }…
table-watching = watching
table-playing-as = playing as { $player }
table-watching-cannot-move = You are watching: only a seat's player can move.
table-last-move = Last move: { $events }
## Between the parts of one line (a move's events, a round's picks).
table-separator = { "; " }

## The scores beside the board.
table-seat-left = (left)
table-seat-to-move = to move
table-seat-winner = winner

## The turn clock. $time is a duration in words, $until a date and time.
table-clock-none = no clock
table-clock-left = { $time } left for this turn
table-clock-left-until = { $time } left for this turn (until { $until })
table-clock-stopped = clock stopped while { $away }
table-clock-away-seat = { $player } is away (until { $until })
table-clock-banks = banks: { $banks }
table-clock-bank = { $player } { $time }
table-clock-bank-away = { $player } stopped (away)

## Giving time to another player (turn-based matches).
table-give-away = { $player } is away until { $until }: their clock is stopped.
table-give-hours = Hours to give { $player }
table-give-to = Give time to { $player }
table-give-button = Give time
table-give-done = You gave { $player } { $time }.

table-resign-confirm = Resign this match?
table-take-seat = This is your seat: play it here

## A move that can never be taken back, asked about first.
table-confirm-label = Confirm your move
table-confirm-send = Send
table-confirm-back = Choose again
table-confirm-galileo-pick = Send this scientist? Picks are secret: once sent, a pick cannot be taken back.
table-confirm-galileo-take = Take this experiment? Once taken, it cannot be given back.
table-confirm-eynsteyn-preparation = Lay this stone here, turned as shown? A stone of the preparation cannot be taken back.
table-log-undo = { $player } undid a move

## A board's control that makes no legal move now ($label: what it is).
table-not-playable = { $label } (not playable now)

## The table's tools.
table-sounds-on = Sounds on
table-sounds-off = Sounds off

## The replay.
table-replay-heading = Replay: { $title }
table-replay-where = change { $step } of { $count }
table-replay-nothing-visible = nothing visible
table-seed-not-revealed = seed not revealed yet (the match is not over)
table-seed-verified = shuffles verified
table-seed-mismatch = SEED MISMATCH
table-seed-hashes = Seed { $seed } hashes to { $digest }, the SHA-256 published when the match was created.
table-seed-hashes-not = Seed { $seed } hashes to { $digest }, the SHA-256 published when the match was created (it does not!).

## The stopgap board of a title without a board page of its own (js/titles/_generic.js).
table-generic-headline = This title has no board page yet: its view and moves as they are
table-generic-view = What you see
table-generic-moves = Your moves
table-generic-move = move
table-generic-board = Board
