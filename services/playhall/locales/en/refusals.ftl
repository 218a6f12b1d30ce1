## Refusals of the match domain (playhall.common.errors), as the orchestrator and its
## neighbours send them. Keys and arguments are the contract; the sentences are yours to fix.

rules-service-unavailable = The { $title } rules service is unavailable; nothing was changed, try again

## The refusals common/errors.py words itself.

match-not-found = There is no match '{ $match }'
tournament-not-found = There is no tournament '{ $tournament }'
challenge-not-found = There is no challenge '{ $challenge }'
player-not-found = There is no player '{ $player }'
report-not-found = There is no report { NUMBER($report, useGrouping: 0) }
chat-message-not-found = Match '{ $match }' has no message { NUMBER($message, useGrouping: 0) } you could have read
token-not-found = You have no access token '{ $token }'
seat-resigned = You resigned from this match
moderation-moderators-only = Only a moderator may do this: sign in with a moderator's token
chat-banned = A moderator muted you from chat until { DATETIME($until, dateStyle: "medium", timeStyle: "short", timeZone: "UTC") } UTC
match-stale-version = The match has moved on: it is at version { NUMBER($current, useGrouping: 0) }, your move was for version { NUMBER($expected, useGrouping: 0) }
# $needed_for: what asks for the karma.
karma-too-low = Your karma is { $karma }; { $needed_for ->
        [match] this match
        [challenge] this challenge
        [opening-challenge] opening a challenge
        [queue] entering a queue
       *[other] this
    } needs at least { $minimum } (finishing matches raises it)
match-busy = The match is too busy right now; try again
# $calls: the class of call counted (moves, reads, chat, ...); $kind: token or address.
limit-too-many-calls = Too many { $calls ->
        [moves] moves
        [reads] reads
        [challenges] challenges
        [streams] streams
       *[writes] writes
    } from this { $kind ->
        [token] token
       *[address] address
    } (the limit is { $rate }/s burst { $burst }): retry in { $retry_ms } ms
limit-too-many-streams = This { $kind ->
        [token] token
       *[address] address
    } already holds { $most } streams open, the most it may; close one first

## Matches: creating, joining, reading (matches/domain.py).

match-archived = This match is over and its board has been archived; its history is still available
rules-none-answering = No rules service answers right now; try again
# $served: the title ids the server plays, comma-separated.
match-unknown-title = Unknown title '{ $title }'; served: { $served }
match-other-seats-open = This server seats signed-in players only: make the other human seats open, for the other players to join
match-seed-not-allowed = A chosen seed is only accepted for matches without human or open seats
match-turn-based-most = You already play { $most } turn-based matches, the most at once; finish or resign one first
match-over-history-available = The match is over; its history is still available
match-after-version-ahead = after_version { NUMBER($after, useGrouping: 0) } is ahead of the match (version { NUMBER($version, useGrouping: 0) })
match-waiting-for-players = The match is waiting for players
match-over = The match is over
request-too-old-to-retry = request_id '{ $request }' created a match too long ago to be retried; send a new request_id to create another
request-created-match-over = The match this request created is over
request-joined-match-over = The match this request joined is over
request-used-for-another-join = request_id '{ $request }' was already used for another join
# $kind: what the request id was first used for.
request-used-for-different = request_id '{ $request }' was already used for a different { $kind ->
        [match] match
       *[move] move
    }
request-id-length = request_id must be 1 to 128 characters
request-id-creating-length = request_id must be { $least } to 128 characters (a random one, such as a UUID)
request-id-reserved = request ids starting with '{ $prefix }' are reserved for bots
karma-minimum-out-of-range = min_karma must be from 0 to { $most }; it was { $given }
karma-not-kept = This server keeps no karma: create the match without min_karma
karma-sign-in = Sign in to take a seat: this match needs a karma of at least { $minimum }
karma-unavailable = This server cannot read karma; try another or try again
account-sign-in-to-play = Sign in to { $action ->
        [create] create matches
       *[join] join matches
    }: this server seats signed-in players only

## Seats.

seat-none-open = This match has no open seat
seat-not-open = Seat { $seat } is not open
seat-already-held = You already hold seat { $seat } of this match
seat-none-in-match = You hold no seat in match { $match }
# $action: what the caller tried (move, undo, resign, give-time).
seat-send-token = Send your seat's token to { $action ->
        [move] move
        [undo] take back a move
        [resign] resign
       *[give-time] give time
    }
seat-none-cannot = You hold no seat in this match, so you cannot { $action ->
        [move] move
        [undo] take back a move
        [resign] resign
       *[give-time] give time
    }
seat-kind-missing = Say who plays seat { $seat }: human, open or bot
seat-bot-level-missing = Choose a level for bot seat { $seat }

## Taking back a move, giving time.

undo-not-for-bots = Bots never take back a move
undo-match-over = The match is over: no move can be taken back
undo-nothing = There is no move to take back: a move can be taken back only in its own turn, before it or a later one reveals or draws anything, and before anyone else acts
undo-only-owner = Only seat { $seat } may take back its own move: it is its turn
time-give-range = Give 1 to { NUMBER($most, useGrouping: 0) } seconds (a day at most)
time-turn-based-only = Time can be given in turn-based matches only
time-match-not-running = The match is not running
time-to-another-seat = Give time to another seat
time-seat-not-a-person = Seat { $seat } is not played by a person
time-given-this-turn = You gave time this turn already; you may again next turn
time-seat-not-to-move = Seat { $seat } is not to move: with a time per turn, time goes to a seat whose turn it is
time-you-move-too = You are to move too, and a turn's time is the same for every seat in it

## Chat (matches/chat.py).

chat-message-empty = The message is empty: write something
chat-message-too-long = A message has at most { $most } characters; this one has { $length }
chat-message-not-plain = A message is one line of plain text: take out line breaks, tabs and control characters
chat-players-room-players-only = Only the players of this match write in the players' room; write in the spectators' room
chat-spectators-room-not-for-players = You play in this match: write in the players' room (the spectators' room is theirs)
chat-players-room-closed-while-running = While the match runs, only its players read the players' room; it opens to everyone once the match is over
chat-spectators-room-closed-while-running = While the match runs, its players do not read the spectators' room; it opens to them once the match is over
chat-sign-in = Sign in to chat: send your player token as 'authorization: Bearer <token>' (a seat token names a seat, not a player)
chat-closed = This match is over: its chat is closed (both rooms can be read)
chat-too-fast = You are sending messages too fast: wait { $wait } s before the next one
chat-after-negative = after_message_id cannot be negative
chat-mutes-no-archive = Mutes are kept in the archive, and this deployment has none

## Clocks (matches/clocks.py).

# $field: the clock's field as the API names it.
clock-field-range = { $field } must be 0 to { NUMBER($most, useGrouping: 0) }
clock-choose-one = Choose one clock: seconds_per_turn or a time bank, not both
clock-increment-needs-bank = A bank increment needs bank_initial_seconds
clock-timeout-action-missing = Say what the clock does on timeout: forfeit or a bot move
clock-turn-based-needs-clock = A turn-based match needs a clock: a time per turn or a time bank
# $days and $seconds: the offered times per turn, comma-separated.
clock-turn-based-per-turn = A turn-based time per turn is { $days } days ({ $seconds } seconds)
clock-turn-based-bank-range = A turn-based bank starts with 1 to { $most } days
clock-turn-based-increment-too-big = A turn-based bank's increment is at most the bank it starts with

## Vacations (matches/vacations.py).

vacation-too-short = Go away for a day or more
vacation-none-left = You have no away days left this year

## Seats and tokens (matches/identity.py).

seat-send-seat-token = Send seat { $seat }'s token to act as that seat
seat-worker-names-none = The worker credential must name the seat it acts for
seat-not-a-bot = Seat { $seat } is not a bot seat
seat-token-holds-none = This token does not hold a seat in match { $match }
seat-token-holds-other = This token does not hold seat { $seat } in match { $match }
seat-not-yours = Seat { $seat } of match { $match } is not yours
# $last: the highest seat number of the match.
seat-no-such = There is no seat { $seat }: seats are 0 to { $last }
token-not-taken = This server does not take personal access tokens

## Rules services (matches/rules_client.py, matches/commits.py, matches/housekeeping.py).

# $code: the gRPC status the rules service answered.
rules-service-failed = The { $title } rules service answered { $code }, outside its contract; nothing was changed
# $version: the match's rules version; $major: its major; $served: the versions deployed.
rules-version-gone = This match was started on rules '{ $version }', and no rules service of '{ $major }' runs any more (this server plays { $served }): it cannot be continued under other rules
rules-answered-other-version = The { $title } rules service answered under rules '{ $answered }' for a match of '{ $played }'; nothing was changed
match-state-missing = The state of match { $match } is missing

## Player tokens (accounts/tokens.py) and guest names (accounts/guests.py).

token-player-not-taken = This server accepts no player tokens; use a seat token
token-player-key-unknown = The token names a signing key this server does not know
# $algorithm: the token's signing algorithm (RS256, ...); $kind: the kind of key it needs (RSA, EC (secp256r1)).
token-player-no-key-of-kind = The player token is signed { $algorithm }, but this server trusts no { $kind } key for it
token-player-keys-unreachable = The identity provider's keys cannot be fetched right now; try again
token-player-signing-key-unknown = The token's signing key is unknown
token-player-malformed = The player token is malformed
token-player-expired = The player token has expired; sign in again
token-player-audience = The player token is not for this service (audience must be '{ $audience }')
token-player-issuer = The player token comes from an issuer this server does not trust
token-player-claim-missing = The player token has no '{ $claim }' claim
token-player-invalid = The player token is not valid
token-player-signature = The player token's signature does not verify
token-player-subject-empty = The player token's subject is empty
token-player-no-name = The player token names no player: it needs a 'name' or 'preferred_username'
token-player-header-invalid = The player token's header is not valid
token-player-no-algorithm = The player token's header names no signing algorithm
# $accepted: the accepted algorithms, comma-separated.
token-player-algorithm = The player token is signed with '{ $algorithm }'; only { $accepted } are accepted
account-guest-name-invisible = A name cannot contain invisible characters (control, text-direction or zero-width characters, or blank fillers)
account-guest-name-length = Choose a name of { $least } to { $most } characters
account-guest-name-form = A name has letters and digits, with spaces, dots, apostrophes, hyphens or underscores between them

## Match storage and the orchestrator's own limits (matchstore/, matches/servicer.py).

storage-unavailable = Match storage is unavailable for a moment; try again (a move sent again with the same request_id is applied at most once)
storage-failed = Match storage failed; nothing was changed
storage-not-replicated-retry = The change was not confirmed by { $required } { $required ->
        [one] replica
       *[other] replicas
    } of match storage in time; send it again with the same request_id
storage-not-replicated-read = The change was not confirmed by { $required } { $required ->
        [one] replica
       *[other] replicas
    } of match storage in time; it may or may not stand: read the match before you try again
storage-record-unreadable = The record of match { $match } cannot be read
clock-pace-missing = Choose a pace: live or turn-based
match-phase-unknown = Unknown match phase { $phase }
token-bearer-form = Send the token as 'authorization: Bearer <token>'
gateway-credential-mismatch = This gateway's credential is not the orchestrator's: both must have the same PLAYHALL_GATEWAY_CREDENTIAL
watch-server-full = This server is watching as many matches as it can; try another replica, or poll GetMatch
watch-address-full = Your address already watches { $most } matches without a seat token; close one first

## The archive (archive/).

archive-unreachable = The match archive cannot be reached right now; try again
archive-none = Finished matches, ratings and leaderboards come from the match archive, which this deployment does not have
archive-page-size = page_size must be from 1 to { $most } (or 0 for { $default }); it was { $given }
archive-page-token-too-long = page_token is too long to be a page token
archive-page-token-undecodable = page_token is not a page token: send the next_page_token of the page before as it came, or none for the first page
# $list: the method whose pages the token must be of.
archive-page-token-other-list = page_token is not a page token of { $list }
archive-page-token-other-query = page_token was given for another query: keep the other fields as they were for the first page, or send no page_token to start again
archive-title-required = title_id is required: the title whose ratings to list
archive-player-id-form = player_id '{ $player }' is not a player id (p- and 32 hex digits)
archive-ratings-whose = Name the player (player_id), or sign in to read your own ratings

## Signing in (api/, player_service/).

account-sign-in-first = Sign in first: send your player token as 'authorization: Bearer <token>'
account-sign-in-player = Sign in first: send your player token as 'authorization: Bearer <token>' (a seat token names a seat, not a player)
notice-no-archive = Notices are kept in the archive's database, which this deployment does not have
event-sign-in-first = Sign in first: send your player token, or an access token with the scope events:read, as 'authorization: Bearer <token>'
event-streams-most = Your account already has { $most } event streams open here; close one
event-after-unknown = after must be the event_id of an event this stream sent, or empty
request-undecodable = The request could not be decoded as a message of this method's request type

## Personal access tokens and bot accounts (access/, api/).

token-none-kept = This deployment keeps no personal access tokens (it has no archive database)
token-no-archive = Access tokens and bot accounts are kept in the archive's database, which this deployment lacks
token-scope-number-unknown = There is no scope numbered { $number }
token-most-held = You hold { $held } access tokens, the most one player may: revoke one first
token-id-form = '{ $token }' is not a token id (they start with 't-')
token-name-length = Name the token with 1 to { $most } characters
token-name-control = A token's name cannot hold control characters
# $known: every scope, comma-separated.
token-scope-unknown = There is no scope '{ $scope }': the scopes are { $known }
token-scope-none = Give the token at least one scope
token-expiry-range = A token lives 1 to { $most } days (0: it never expires)
token-unknown = This access token is not known
token-revoked = This access token was revoked
token-expired = This access token has expired: make a new one
# $method: the gRPC method's name; $scope: the scope it needs.
token-method-not-open = { $method } takes no personal access token
token-method-sign-in = { $method } takes no personal access token: sign in (the portal) to call it
token-scope-missing = This token lacks the scope { $scope }, which { $method } needs
# $title: the title the account is rated in.
bot-account-rated = This account has played a rated game ({ $title }): only an account that has never been rated can become a bot account
bot-page-size = A page holds 1 to { $most } bots
bot-page-token = This page token is not one of ListOnlineBots's

## The match client (match_client.py).

watch-deadline-from-start = the watch of match { $match } ran out of time resuming after its start
watch-deadline-after = the watch of match { $match } ran out of time resuming after version { NUMBER($version, useGrouping: 0) }
