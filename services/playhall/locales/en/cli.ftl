## The terminal client `playhall` (services/playhall/cli): what it prints. Commands, options and
## values a person types (playhall move MATCH_ID, --to SEAT, 'board', 'resign') stay as typed.

## Signing in, and the gateway.
cli-sign-in-first = sign in first: playhall login --guest NAME, or --token TOKEN
cli-gateway-unreachable = the gateway at { $gateway } cannot be reached (is it running?)
cli-sign-in-refused = your sign-in was refused ({ $reason }): sign in again with playhall login
cli-no-guest-sign-in = this gateway has no guest sign-in: sign in with --token from your portal's identity provider
cli-login-say-who = say who you are: --guest NAME, or --token TOKEN
cli-signed-in = Signed in as { $name } ({ $player }); saved in { $path }
cli-signed-out = Signed out.
cli-nobody-signed-in = Nobody was signed in.

## Bot levels, as `--bots` takes them.
cli-bot-level-unspecified = unspecified
cli-bot-level-random = random
cli-bot-level-easy = easy
cli-bot-level-normal = normal
cli-bot-level-hard = hard
cli-unknown-bot-level = unknown bot level '{ $level }'; levels: { $levels }

## Moves and the turn. $count is a number of legal moves.
cli-move-not-protobuf = ({ $size } { $size ->
        [one] byte that is
       *[other] bytes that are
    } no protobuf message)
cli-move-empty = (an empty move)
cli-choice-not-taken = no move was played: { $choice } was not taken (see why above)
cli-moves-too-many = { $count } legal moves: type part of one to narrow them.
cli-your-move = Your move
cli-your-turn = Your turn
cli-move-help = Type a move's number, or words to narrow the list (e.g. part of a move), 'board' to see the board again, 'resign' to give up.
cli-no-such-move = There is no move { $choice }: pick { $first } to { $count }.
cli-no-move-matches = No legal move matches '{ $words }'; all { $count } again.
cli-you-resigned = You resigned.
cli-refused = Refused:
cli-you-played = You played { $move } (version { $version }).
cli-bot-plays-your-seat = A bot plays your seat from now on.
cli-still-your-turn = Still your turn: playhall move { $match }

## Clocks. $bank, $back, $time and $left are durations ("2d 5h").
cli-no-clock = no clock
cli-clock-bank = a bank of { $bank }
cli-clock-bank-increment = a bank of { $bank }, { $back } back a move
cli-clock-per-turn = { $time } a turn
cli-timeout-forfeit = a forfeit
cli-timeout-bot-move = a bot's move
cli-pace-live = live
cli-pace-turn-based = turn-based
## $pace, $kind and $late: the three texts above.
cli-clock = { $pace }, { $kind }; time out: { $late }
## A title's name and its clock.
cli-clock-of = { $game }: { $clock }.
cli-time-left-this-turn = (time left this turn: { $left })
cli-time-in-bank = { $name } has { $bank } in their bank
cli-time-left-turn = { $name } has { $left } left this turn
cli-time-stands-away = { $name }: their clock stands still while they are away
cli-time-not-to-move = { $name } is not to move
cli-gave-time = You gave { $name } { $time } in match { $match }: { $now }.
cli-say-which-seat = say which seat gets the time: --to SEAT (seats: { $seats })

## Seats. $until is a day ("Dec 9").
cli-seat-bot-account = { $name } (bot)
cli-seat-house-bot = seat { $seat } ({ $level } bot)
cli-seat-number = seat { $seat }
cli-seat-away = { $name } (away until { $until })
cli-away-clocks = { $seats }: { $count ->
        [one] their clock stands
       *[other] their clocks stand
    } still.
cli-seat-taken-elsewhere = your seat was taken up elsewhere (another device or terminal), so this one plays it no more; playhall resume { $match } takes it back
cli-nobody = nobody
cli-to-move = { $names } to move
cli-to-move-time-left = { $names } to move ({ $left } left)
## A sentence: the text and a full stop.
cli-sentence = { $text }.

## What changed in a match while it is followed.
cli-change-abandoned = the match was abandoned
cli-change-server-moved = the server moved
cli-change-time-out = time ran out
cli-change-time-out-bots-play = time ran out; a bot plays the late seats from now on
cli-change-moved = { $name } moved
cli-change-resigned = { $name } resigned
cli-change-resigned-bot-plays = { $name } resigned; a bot plays the seat from now on
cli-change-joined = { $name } joined
cli-change-handover = { $name } took up their seat (a seat handover: a new token holds it)
cli-change-version = { $change } (version { $version })
cli-version = version { $version }

## A match's end. $game is the title's name.
cli-results-finished = { $game } { $match }: finished
cli-results-draw = { $game } { $match }: finished, a draw
cli-results-abandoned = { $game } { $match }: abandoned
cli-outcome-resigned = resigned
cli-outcome-draw = draw
cli-outcome-winner = winner
cli-outcome-no-winner = no winner
cli-outcome-you-won = you won
cli-outcome-you-lost = you lost
cli-stopped-match-goes-on = stopped; the match goes on without you (your seat's clock keeps running): playhall resume { $match } takes your seat up again
cli-left-match-bot-plays = You left match { $match }; a bot plays your seat from now on.

## Creating, joining and taking up matches. $title is a title id, as commands take it.
cli-turn-based-sign-in = a turn-based match is played over days: { $sign_in }
cli-match-created = Match { $match } created; you are seat { $seat }.
cli-waiting-for-players = Waiting for { $count } more { $count ->
        [one] player
       *[other] players
    }: playhall join { $match }
cli-your-move-time-left = Your move ({ $left } left): playhall move { $match }
cli-your-move-next = Your move: playhall move { $match }
## $who: who is to move (cli-to-move).
cli-others-move-next = { $who }; playhall games --my-turn lists the matches waiting on you.
cli-seat-yours-again = Match { $match } ({ $title }): your seat { $seat } is yours again.
cli-joined = You joined match { $match } ({ $title }) in seat { $seat }.
cli-no-seat-in-match = you hold no seat in match { $match }
cli-match-over = match { $match } is over: playhall watch { $match } shows its end
cli-match-not-begun = match { $match } has not begun: { $next }
cli-match-not-running = match { $match } is not running
cli-not-your-turn = it is not your turn in match { $match }: { $who }
cli-stopped-no-move = stopped; no move played: playhall move { $match } when you are ready
cli-turn-ended-first = no move played: your turn in match { $match } ended first
cli-name-the-match = name the match: you have { $count } running ({ $matches })
cli-no-running-match = you have no running match to resume
cli-watch-unknown-title = this client has no messages of the title '{ $title }' to print

## The queue. $waited and $bots_in are seconds; $rating and $window ratings.
cli-queue-waiting = Waiting { $waited } s for players rated { $rating } ± { $window } ({ $queued } in the queue)
cli-queue-waiting-bots = { $waiting }; bots join in { $bots_in } s
cli-left-queue = You left the queue.
cli-in-no-queue = You were in no queue of { $title }.
cli-entering-queue = Entering the queue…
cli-turn-based-ticket-waits = Your turn-based ticket ({ $days ->
        [one] { $days } day
       *[other] { $days } days
    } a move) waits without this command: once you are matched, the match is among your games (playhall games --my-turn); playhall queue { $title } --leave takes it out.
cli-queue-ended-without-seat = the queue ended without a seat; enter it again
cli-stopped-ticket-waits = stopped; your turn-based ticket waits
cli-stopped-left-queue = you left the queue
cli-matched = Matched after { $waited } s: match { $match }, you are seat { $seat }
cli-matched-with-bots = Matched after { $waited } s: match { $match }, you are seat { $seat } ({ $bots } bot { $bots ->
        [one] seat
       *[other] seats
    })

## Vacation. $left is a duration, $until a day and time.
cli-away-days-left = Away days left this year: { $left }.
cli-away-days-left-after = Away days left this year: { $left } after this vacation (more if you come back sooner).
cli-not-away = You are not away: playhall away DAYS stops your turn-based clocks for DAYS.
cli-away-until = You are away until { $until }: the clocks of your turn-based matches stand still until you come back (playhall back).
cli-away-already = You were away already; the days stay as they were (playhall back, then playhall away DAYS, changes them).
cli-welcome-back = Welcome back: the clocks of your turn-based matches run again.
cli-were-not-away = You were not away.

## The inbox and the account's events. $title is a title id, $due a day and time.
cli-no-notices = No notices.
cli-no-unread-notices = No unread notices.
cli-unread = { $count } unread.
cli-all-read = All read.
cli-event-challenge-received = challenge from { $name }: { $title } ({ $challenge }; playhall challenge accept { $challenge })
cli-event-challenge-accepted = challenge { $challenge } accepted
cli-event-challenge-declined = challenge { $challenge } declined
cli-event-challenge-withdrawn = challenge { $challenge } withdrawn
cli-event-challenge-answered = challenge { $challenge } answered
cli-event-match-runs = match { $match } ({ $title }) runs: your seat { $seats }
cli-event-your-turn = your turn in match { $match }
cli-event-your-turn-due = your turn in match { $match }, due { $due }
## $outcome: cli-outcome-no-winner, -you-won or -you-lost.
cli-event-match-ended = match { $match } ended: { $outcome }

## Chat.
cli-chat-deleted = (deleted by a moderator)
cli-chat-room-players = players
cli-chat-room-spectators = spectators
cli-no-messages = No messages.
cli-muted = Muted { $player }.
cli-unmuted = Unmuted { $player }.
cli-muted-nobody = You muted nobody.

## Lists of matches, ratings and tournaments.
cli-running-matches = Your running matches
cli-no-running-matches = No running matches.
cli-resume-hint = Take a seat up again: playhall resume MATCH_ID
cli-no-match-waits = No match waits on you.
cli-matches-wait = { $count ->
        [one] { $count } match waits
       *[other] { $count } matches wait
    } on you. Play one: playhall move MATCH_ID
cli-matches-wait-listed = { $count ->
        [one] { $count } match waits
       *[other] { $count } matches wait
    } on you ({ $listed } listed). Play one: playhall move MATCH_ID
cli-leaderboard = { $game }: leaderboard
cli-provisional = provisional
cli-nobody-rated = Nobody is rated in this title yet.
cli-tournament-two-levels = a tournament needs at least two different levels, e.g. --bots easy,normal
cli-round-robin = { $game }: { $count } { $count ->
        [one] match
       *[other] matches
    }
cli-unknown-format = unknown format '{ $format }'; formats: { $formats }
cli-tournament-created = Tournament { $tournament }: { $name }, { $rounds } { $rounds ->
        [one] round
       *[other] rounds
    }
cli-tournament-page = Its page: { $url }
## $phase: one of the phases below.
cli-standings-heading = { $name }: round { $round } of { $rounds }, { $phase }
cli-tournament-phase-unspecified = unspecified
cli-tournament-phase-scheduled = scheduled
cli-tournament-phase-running = running
cli-tournament-phase-finished = finished

## Friends.
cli-circle-friends = Your friends
cli-circle-following = Players you follow
cli-circle-followers = Your followers
cli-circle-blocked = Players you block
cli-circle-empty-friends = No friends.
cli-circle-empty-following = You follow nobody.
cli-circle-empty-followers = No followers.
cli-circle-empty-blocked = You block nobody.
cli-online = yes
cli-following = You follow { $player }.
cli-following-friends = You follow { $player }: you are friends.
cli-unfollowed = You no longer follow { $player }.
cli-blocked = You block { $player }.
cli-unblocked = You no longer block { $player }.

## Challenges. $game is a title's name, $title a title id, $until a day and time.
cli-challenge-state-unspecified = unspecified
cli-challenge-state-open = open
cli-challenge-state-accepted = accepted
cli-challenge-state-declined = declined
cli-challenge-state-withdrawn = withdrawn
cli-challenge-state-expired = expired
cli-decline-reason-unspecified = no reason given
cli-decline-reason-too-fast = too fast
cli-decline-reason-too-slow = too slow
cli-decline-reason-not-this-title = not this title
cli-decline-reason-later = later
cli-decline-reason-no-rated-games = no rated games
cli-decline-reason-other = other
cli-challenge-declined-because = { $state } ({ $reason })
cli-anyone = anyone
cli-anyone-in-lobby = anyone (listed in the lobby)
cli-challenge-terms = { $game }, { $seats } seats, { $clock }
cli-challenge-say-whom = say whom you challenge: one of --to PLAYER_ID, --anyone or --bot LEVEL
cli-bot-match-begun = Match { $match } begun against the bot; you are seat { $seat }.
cli-play-it = Play it: playhall resume { $match }
cli-challenge-sent = Challenge { $challenge } sent to { $whom }; it waits until { $until }.
cli-no-challenges = No challenges.
cli-your-challenges = Your challenges
cli-no-open-challenges = No open challenges.
cli-open-challenges = Open challenges
cli-match-begun = Match { $match } ({ $title }) begun; you are seat { $seat }.
cli-declined = You declined challenge { $challenge } ({ $reason }).
cli-withdrew = You withdrew challenge { $challenge }.

## Personal access tokens.
cli-token-made = Token { $token } ({ $name }): { $scopes }
cli-token-secret = Its secret, shown this once (send it as 'authorization: Bearer <secret>'):
cli-no-tokens = No tokens.
cli-never = never
cli-token-revoked = Token { $token } is revoked.

## Table columns.
cli-column-seat = seat
cli-column-player = player
cli-column-score = score
cli-column-when = when
cli-column-notice = notice
cli-column-match = match
cli-column-title = title
cli-column-your-seats = your seats
cli-column-version = version
cli-column-opponents = opponents
cli-column-time-left = time left
cli-column-rank = rank
cli-column-rating = rating
cli-column-matches = matches
cli-column-level = level
cli-column-games = games
cli-column-wins = wins
cli-column-draws = draws
cli-column-losses = losses
cli-column-entrant = entrant
cli-column-points = points
cli-column-buchholz = buchholz
cli-column-sonneborn-berger = sonneborn-berger
cli-column-name = name
cli-column-player-id = player id
cli-column-online = online
cli-column-challenge = challenge
cli-column-from = from
cli-column-to = to
cli-column-state = state
cli-column-expires = expires
cli-column-id = id
cli-column-starts = starts
cli-column-scopes = scopes
cli-column-made = made
cli-column-last-used = last used

## Help texts of the commands and their options (playhall --help, playhall play --help).
cli-help-lang = The language to speak: en, de or fa; default: the one LC_ALL, LC_MESSAGES or LANG names, else English.
cli-help-app = Play Playhall's board games in a terminal, through a Playhall gateway.
cli-help-tournament = Tournaments: the platform's own (create, standings) and client-side bot round robins (run).
cli-help-friends = Players you follow, your followers and friends (both ways), and players you block. Sign in first.
cli-help-chat = A match's chat: read it, say something, mute a player for yourself. Sign in first.
cli-help-challenge = Challenges: invite a player, anyone (the lobby's open challenges) or a bot to a match; answer the challenges you receive. Sign in first (but to list open challenges).
cli-help-token = Personal access tokens, for your own programs (a bot): make one with the scopes it needs, list yours, revoke one. Sign in first (a token cannot manage tokens).
cli-help-gateway = The gateway's URL, or host:port (`make run` serves one).
cli-help-token-option = A player token (a JWT from your portal's identity provider); default: the one `playhall login` saved.
cli-help-title = The title id: galileo, eynsteyn, inventors, einstein.
cli-help-json = Print JSON for scripts.
cli-help-login = Sign in (as a guest, or with a player token) and save it for the other commands.
cli-help-login-guest = Sign in as a new guest with this name (dev stacks).
cli-help-logout = Forget the saved sign-in.
cli-help-play = Play a match against bots, or players who join it (--open): the board, your numbered legal moves, and the clock. Turn-based (--turn-based or --bank), the match is created and this command leaves: playhall move plays a move when it is your turn.
cli-help-play-bots = The bot opponents' levels, comma-separated (random, easy, normal, hard); default: normal, or none with --open.
cli-help-play-open-seats = Seats left open for other players (playhall join MATCH_ID).
cli-help-play-turn-based = Play turn-based (correspondence): DAYS to make each move (1, 2, 3, 5, 7 or 14); this command then leaves, and playhall move MATCH_ID plays your turns. Sign in first.
cli-help-play-bank = Play turn-based with a time bank instead: each seat's DAYS (1 to 30) for all its moves.
cli-help-play-bank-increment = With --bank: days given back after each move (never above the bank's start).
cli-help-play-on-timeout = Turn-based: what a seat's time running out does.
cli-help-name = Your name, when not signed in.
cli-help-queue = Be matched with players at your level (bots take the seats nobody takes in time), then play the match. Sign in first. With --json: the queue's updates as JSON lines, ending with the seat (its token included), and no play. With --turn-based: where the ticket stands, or the match once matched, and this command leaves (playhall move plays your turns).
cli-help-queue-players = Players per match (default: the title's fewest).
cli-help-queue-turn-based = Queue for a turn-based match, DAYS a move (1, 2, 3, 5, 7 or 14): the ticket waits without this command until you are matched (the match is then among your games) or you leave the queue (--leave).
cli-help-queue-leave = Take your ticket out of the title's queue.
cli-help-resume = Take up your seat again in a running match and play on: a tournament game, a match left with Ctrl-C, one begun on another device (whose seat token then plays no more). Sign in first.
cli-help-resume-match-id = The match id (`playhall games` lists yours); default: your only running match.
cli-help-seat = Your seat, where you hold more than one.
cli-help-join = Take an open seat in a match another player created (playhall play --open): a live match is played here to its end; a turn-based one is joined and left (playhall move plays your turns; sign in first).
cli-help-join-match-id = The match id its creator gave you.
cli-help-join-seat = The open seat to take; default: the lowest.
cli-help-move = Play one move in a match and leave (turn-based play): your seat taken up again, the board, your numbered legal moves; the move you pick (or --choice) is played, and the command ends without watching. Exits 1 when it is not your turn. Sign in first.
cli-help-move-match-id = The match id (playhall games --my-turn lists those waiting on you).
cli-help-move-choice = Play the Nth legal move as listed (from 1) without asking.
cli-help-give-time = Give another seat of a turn-based match more time, once a turn and a day at most: to its bank, or, with a time per turn, to the seat to move while you are not. Prints the time it has now. Sign in first.
cli-help-match-id = The match id.
cli-help-give-time-hours = How much time: 1 to 24 hours.
cli-help-give-time-to-seat = The seat that gets it (a number); default: the seat to move, when that is one seat and not yours.
cli-help-away = Go on vacation: your seats' clocks in every turn-based match stand still (live matches run on), and your opponents see you away, until playhall back or DAYS have passed. Without DAYS: whether you are away, and the away days left this year. Sign in first.
cli-help-away-days = The days to be away at most (1 or more; the away days left to you this year at most); none: whether you are away, and the days left.
cli-help-back = Come back from your vacation: the clocks of your turn-based matches run again with the time they had left; prints the away days left this year. Sign in first.
cli-help-notices = Your inbox: what Playhall told you (your turn, a deadline coming, a match ended...), newest first, with the unread count. Sign in first.
cli-help-notices-unread = Only those not read yet.
cli-help-notices-read = Then mark every notice read.
cli-help-notices-limit = The most notices to list.
cli-help-events = Follow your account's events until Ctrl-C: challenges received and answered, matches started, your turns, matches ended (what is pending first, unless --after resumes). With --json, every event (keep-alives too) as a line, with the id to resume after. Sign in first (or --token with an access token holding events:read).
cli-help-events-after = Resume after this event id (as --json prints): nothing told twice.
cli-help-player = The player's id (as `chat read` shows).
cli-help-chat-read = The match's messages you may read, oldest first: while it runs, your own room (the players' if you hold a seat, else the spectators'); both once it is over.
cli-help-chat-read-room = One room only (default: every room you may read).
cli-help-chat-say = Say something in a room of a running match.
cli-help-chat-say-text = The message: one line.
cli-help-chat-say-room = players (you hold a seat) or spectators (you hold none).
cli-help-chat-mute = Leave a player's messages out of what you read, in every match (they are not told).
cli-help-chat-unmute = Let a muted player's messages through to you again.
cli-help-chat-muted = The players you muted, the latest first.
cli-help-watch = Follow a match as a spectator until it ends: the board after every change.
cli-help-games = Your running matches (sign in first); with --my-turn, those waiting on you and the time each leaves you.
cli-help-games-my-turn = Only the matches waiting on your move, the nearest deadline first.
cli-help-ratings = The title's leaderboard.
cli-help-ratings-size = Entries to show.
cli-help-ratings-provisional = List provisional ratings too.
cli-help-tournament-run = A round robin of bot levels: every pairing N games, a progress bar, and the standings (a win 1, a shared win a half).
cli-help-tournament-run-bots = The bot levels that meet, comma-separated.
cli-help-tournament-run-games = Games per pairing (seats swapped each game).
cli-help-tournament-run-parallel = Matches played at once.
cli-help-tournament-run-seed = Seeds the matches (where the stack accepts seeds).
cli-help-tournament-create = Create a tournament on the platform, starting now (needs a sign-in); its page is /tournaments.html?id=<id> on the portal.
cli-help-tournament-create-title = The title id (its two-player matches).
cli-help-tournament-create-bots = A bot entrant per level listed, comma-separated.
cli-help-tournament-create-enter = Enter yourself (signed in) too.
cli-help-tournament-create-format = swiss or round-robin.
cli-help-tournament-create-rounds = Swiss rounds.
cli-help-tournament-create-name = The tournament's name.
cli-help-tournament-create-turn-seconds = Each game's turn clock; a bot moves for a late seat.
cli-help-tournament-create-turn-based = Play the games turn-based instead: DAYS a move (1, 2, 3, 5, 7 or 14); a bot moves for a late seat.
cli-help-tournament-standings = A platform tournament's standings (points, Buchholz, Sonneborn-Berger).
cli-help-tournament-standings-tournament-id = The tournament's id.
cli-help-tournament-standings-follow = Print them again after each change, to the end.
cli-help-other-player = The player's id (p- and 32 hex digits, as `friends list` shows).
cli-help-friends-list = Your friends (players you follow who follow you), the players you follow, your followers, or the players you block, by name, with who is online.
cli-help-friends-list-circle = Which list.
cli-help-friends-follow = Follow a player: once they follow you too, you are friends.
cli-help-friends-unfollow = Stop following a player.
cli-help-friends-block = Block a player: neither of you follows, challenges or chats to the other, neither sees the other online, and matchmaking keeps you apart.
cli-help-friends-unblock = Lift your block of a player.
cli-help-challenge-id = The challenge's id.
cli-help-challenge-send = Challenge a player (--to), anyone (--anyone) or a bot (--bot LEVEL) to a match of TITLE, live unless --turn-based.
cli-help-challenge-send-to = The player's id (as `friends list` shows).
cli-help-challenge-send-anyone = Open to anyone: listed in the lobby.
cli-help-challenge-send-bot = Play a bot of this level at once (random, easy, normal, hard).
cli-help-challenge-send-seats = Seats of the match; those past two are bots.
cli-help-challenge-send-bot-level = The level of the bots in the seats past two.
cli-help-challenge-send-turn-based = Turn-based, DAYS a move (1, 2, 3, 5, 7, 14).
cli-help-challenge-send-min-karma = With --anyone: the karma an accepter needs.
cli-help-challenge-send-expires = How long it waits (default: the server's).
cli-help-challenge-list = Your challenges, made and received, newest first, with where each stands.
cli-help-challenge-open = The lobby's open challenges, which anyone may accept (playhall challenge accept ID).
cli-help-challenge-open-title = Only this title's.
cli-help-challenge-accept = Accept a challenge: its match begins; a live one is played here to its end.
cli-help-challenge-decline = Decline a challenge to you, saying why.
cli-help-challenge-decline-reason = Why; the challenger is told.
cli-help-challenge-withdraw = Withdraw your challenge while nobody has answered it.
cli-help-token-create = Make a personal access token; its secret is shown now and never again.
cli-help-token-create-name = What the token is for (e.g. 'my bot').
cli-help-token-create-scopes = A scope the token holds; give --scope once for each.
cli-help-token-create-days = How many days it lives (0: it never expires).
cli-help-token-list = Your personal access tokens not revoked, newest first (never their secrets).
cli-help-token-revoke = Revoke one of your tokens: refused from now on, by every server.
cli-help-token-revoke-token-id = The token's id (`playhall token list`).
