## The lobby's own words (js/lobby.js, queue.js, challenges.js, challengeform.js): setting up a
## table, playing now, the lists of matches, challenges and open tables.

lobby-seat-you = Seat 1: you
lobby-seat-label = Seat { $number }:
# $level: a bot level (common-level-normal, ...)
lobby-seat-bot = bot: { $level }
lobby-seat-person = a person with a link
lobby-seat-anyone = open: anyone in the lobby
lobby-timeout-forfeit = they forfeit
lobby-timeout-bot-move = a bot moves for them
lobby-time-per-move = Time per move:
lobby-time-runs-out = When a player's time runs out:
lobby-turn-based-note = Move whenever you like within the time: each signed-in player finds the match under “Your turn”. Invite people with an open seat, so the seat is theirs once they join signed in.
lobby-pace = Pace
lobby-pace-live = Live
lobby-pace-turn-based = Turn-based
lobby-players = Players
lobby-players-label = Players:
lobby-your-name = Your name:
lobby-optional = optional
lobby-set-up-submit = Set up the table
lobby-how-to-play = How to play
lobby-or = or
lobby-set-up-heading = Set up a table
lobby-set-up-note = Choose every seat: a bot, a person you send a link, or anyone in the lobby; live or turn-based.
lobby-link-your-seat = Your seat:
lobby-copy = Copy
lobby-list-separator = {", "}
lobby-join = Join
lobby-watch = Watch
lobby-replay = Replay
lobby-none = none

queue-sign-in-first = Sign in first (at the top of the page) to play now
queue-guest-name = Play as a guest: your name (shown to the others)
queue-sign-in = Sign in to play now
# $rating: the rating as every page writes it
queue-your-rating = your rating { $rating }
queue-you-are-new = you are new here
# $time: how long, as a clock says it ("12 s")
queue-waiting = Waiting { $time }
# $rating: queue-your-rating or queue-you-are-new
queue-looking = looking for players near your level ({ $rating }), wider as you wait
queue-queued = { $count } in this queue
queue-nobody-else = nobody else in this queue yet
queue-bots-join = bots join in { $time }
queue-players = Players to play with
queue-live = live
queue-play-now = Play now
queue-leave = Leave the queue
queue-ticket-waits = your ticket waits if you leave this page: the match will be under “Your turn”
queue-matched = Matched: taking your seat…
queue-reconnecting = The connection dropped; your ticket waits, reconnecting…
queue-entering = Entering the queue…
queue-left = You left the queue
queue-note = Matched at once with players at your level; bots step in if nobody comes.

challenges-least-karma = least karma { $karma }
challenges-seats = { $seats } seats
# $when: a relative time ("in 3 hours"), from the browser
challenges-answer-within = answer { $when }
challenges-reason = Reason:
challenges-decline = Decline
challenges-accept = Accept
challenges-challenges-you = { $name } challenges you:
challenges-accept-challenge = Accept { $name }'s challenge
challenges-go-to-seat = Go to your seat
challenges-to-anyone = anyone
challenges-to-bot = a bot
challenges-no-reason = no reason given
# $name: the player challenged, or challenges-to-anyone, challenges-to-bot
challenges-you-challenged = You challenged { $name }:
challenges-accepted-by = by { $name }
challenges-withdraw = Withdraw
challenges-table-of = { $name }'s table:
challenges-sign-in-to-take = sign in to take it
challenges-your-table = your table
challenges-accept-table = Accept { $name }'s table

challengeform-seats = Seats:
challengeform-bot-level = Bots past two seats:
challengeform-pace = Pace:
challengeform-least-karma = Least karma to take it:
challengeform-game = Game:
challengeform-open-table = Open the table
challengeform-challenge-player = Challenge { $name }
challengeform-open-to-anyone = Open a table to anyone
challengeform-challenge = Challenge
challengeform-table-open = Your table is open in the lobby.
challengeform-sent = Challenge sent to { $name }: waiting for an answer.
