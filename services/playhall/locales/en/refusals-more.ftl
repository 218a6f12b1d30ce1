## Refusals of the social services, tournaments, matchmaking, notices and the gateway, as they
## reach the caller (ErrorInfo reason = the key in upper case). Keys and arguments are the
## contract; the sentences are yours to fix. Every key here exists in en, de and fa with the
## same arguments.

## Challenges (social/challenges.py, social/challenge_servicer.py).

challenge-no-archive = Challenges are kept in the archive's database, which this deployment lacks
challenge-decline-reason-missing = Say why you decline: choose a reason from the list
challenge-list-limit = limit must be 0 to { $most }
challenge-opponent-missing = Say whom you challenge: a player, anyone, or a bot
challenge-open-most = You have { $most } open challenges; withdraw one or wait for an answer before you make another
challenge-seats-least = A challenge's match has at least two seats
challenge-bot-level-missing = Choose a bot level: bots play a bot challenge and the seats past two
challenge-karma-range = A minimum karma is 0 to { $most }
challenge-karma-open-only = Only a challenge open to anyone asks for a minimum karma
challenge-expiry-most = A challenge waits at most { NUMBER($most, useGrouping: 0) } seconds
challenge-player-or-bot = Challenge a player or a bot, not both
challenge-self = You cannot challenge yourself
challenge-blocking = You blocked this player: unblock them before you challenge them
challenge-blocked-by = This player does not accept challenges from you
challenge-accept-own = You cannot accept your own challenge; withdraw it instead
challenge-for-another = This challenge is for another player
challenge-accept-blocked = You cannot accept this challenge: a block stands between you
challenge-challenger-turn-based-most = The challenger holds the most turn-based matches allowed at once; try again once one of theirs is over
challenge-decline-open = A challenge open to anyone is not declined: leave it to others
challenge-decline-not-invited = Only the invited player may decline this challenge
challenge-withdraw-not-challenger = Only the challenger may withdraw this challenge
challenge-already-accepted = This challenge was already accepted
challenge-declined = This challenge was declined
challenge-withdrawn = The challenger withdrew this challenge
# $at: when it expired (an ISO 8601 time, UTC).
challenge-expired = This challenge expired at { DATETIME($at, dateStyle: "medium", timeStyle: "short", timeZone: "UTC") } UTC
challenge-still-open = This challenge is still open
challenge-request-id-reused = This request_id was already used for a different challenge

## Chat (social/chat_servicer.py, relations/mutes.py).

# $room: the room's number as the request sent it.
chat-room-unknown = There is no chat room { NUMBER($room, useGrouping: 0) }: the rooms are players, spectators
chat-limit-range = limit must be between 1 and { $most } (0: { $default })
chat-room-missing = Name the room to write in: players or spectators
chat-watch-streams-most = You already watch chat on { $most } streams here; close one
chat-mute-self = You cannot mute yourself
chat-mutes-most = You have muted { $most } players, the most there may be; unmute one first

## Friends and blocks (relations/graph.py, relations/friends.py, social/friends_servicer.py).

friend-no-archive = Friends and blocks are kept in the archive's database, which this deployment lacks
# $circle: the circle's number as the request sent it.
friend-circle-unknown = Unknown circle { NUMBER($circle, useGrouping: 0) }: friends, following or followers
friend-follow-blocking = You blocked this player: unblock them before you follow them
friend-follow-blocked-by = This player does not accept you as a follower
friend-following-most = You follow { $most } players, the most one may: unfollow one first
friend-blocked-most = You blocked { $most } players, the most one may: unblock one first
# $action: what the caller tried on themselves.
friend-self = You cannot { $action ->
        [follow] follow
        [unfollow] unfollow
        [block] block
       *[unblock] unblock
    } yourself
friend-player-id-form = '{ $player }' is not a player id (p- and 32 hex digits)
friend-page-token = page_token is not one of this list's next_page_token

## Reports and moderation (social/moderation.py, social/moderation_servicer.py).

moderation-no-archive = Reports and moderation are kept in the archive, which this deployment does not have
# $what: the note asked for.
moderation-note-missing = Give a { $what ->
        [comment] comment
        [resolution] resolution
       *[reason] reason
    }: the player is told it
moderation-note-too-long = A { $what ->
        [comment] comment
        [resolution] resolution
       *[reason] reason
    } has at most { $most } characters; this has { $length }
moderation-limit-range = limit must be between 1 and { $most } (0: { $default })
moderation-message-deleted-already = Message { NUMBER($message, useGrouping: 0) } was deleted already
moderation-mute-range = A mute lasts 1 to { NUMBER($most, useGrouping: 0) } minutes (a year); it was { NUMBER($given, useGrouping: 0) }
moderation-no-match-to-end = The player has no unfinished match to end
moderation-before-negative = before_action_id cannot be negative
# $action: what the caller tried on themselves.
moderation-self = You cannot { $action ->
        [report] report
        [mute] mute
       *[end-matches] end the matches of
    } yourself
report-after-negative = after_report_id cannot be negative
report-resolved-already = Report { NUMBER($report, useGrouping: 0) } was resolved already
# $named: the reasons' ids, comma-separated.
report-reason-missing = Say why you report it: one of { $named }

## Tournaments (tournaments/).

tournament-sign-in-create = Sign in to create a tournament
tournament-sign-in-join = Sign in to join a tournament
tournament-creator-sign-in = Only a signed-in player can enter as the creator
tournament-player-once = A player can enter a tournament once
tournament-entrants-range = A tournament has 2 to { $most } entrants
tournament-start-within-year = A tournament starts within a year
tournament-clock-missing = A tournament's games need a clock (seconds_per_turn or a time bank), so that every round ends
tournament-title-not-two-player = { $title } has no two-player matches, which tournaments play
tournament-busy = The tournament is changing right now; try again
# $number: the entrant's place in the request, from 0.
tournament-entrant-both = Entrant { $number } is a bot or a player, not both
tournament-entrant-other-player = A player can enter themselves and bots, not other players
tournament-entrant-player-id = Entrant { $number }: '{ $player }' is not a player id (p- and 32 hex digits)
tournament-entrant-missing = Say who entrant { $number } is: a bot's level or a player id
tournament-started = This tournament has started: entries are closed
tournament-joined-already = You are in this tournament already
tournament-full = This tournament is full ({ $most } entrants)
tournament-format-missing = Choose a format: Swiss or round robin
tournament-swiss-rounds-range = A Swiss tournament of { $count } entrants has 1 to { $most } rounds
# $fewer: the most Swiss rounds the pairing can promise for $count entrants.
tournament-swiss-rounds-promise = The pairing cannot promise { $rounds } Swiss rounds without a repeat to { $count } entrants; ask for { $fewer } or fewer, or play a round robin

## Matchmaking (matchmaking/).

queue-sign-in-to-be-matched = Sign in to be matched: send your player token as 'authorization: Bearer <token>' (a seat token names a seat, not a player)
queue-streams-most = You already follow your tickets on { $most } streams here; close one
queue-days-live = days_per_turn is for a turn-based queue (PACE_TURN_BASED)
queue-days-missing = A turn-based queue needs days_per_turn: the days a move
queue-rating-unavailable = Your rating cannot be read right now, so you cannot be matched; try again
queue-player-count = { $title } is played by { $least } to { $most } players, not { $players }
# $offered: the offered days a move, comma-separated.
queue-days-offered = A turn-based queue's time a move is { $offered } days, not { $days }
queue-turn-based-ticket-gone = Your turn-based ticket for { $title } is no longer queued: you withdrew it, or it was matched and handed over elsewhere (your running matches list the match); enter again to queue for another
# $grace: seconds.
queue-ticket-gone = You are no longer in the { $title } queue: you left it, or no stream followed your ticket for { $grace } s; enter again
# $days: 0 for a live queue, else the days a move of a turn-based one.
queue-waiting-elsewhere = You are already waiting in the { $days ->
        [0] { $players }-player queue
       *[other] { $players }-player turn-based queue ({ $days } { $days ->
            [one] day
           *[other] days
        } a move)
    } of { $title }; leave it first
queue-being-matched = Your ticket is being matched right now; try again in a moment
queue-match-lost = Your match could not be found any more; enter the queue again
queue-match-over = Your match is over; enter the queue again
# $pace: live or turn-based; $grace: the seconds a live match's seat waits to be taken.
queue-match-went-on = Your match { $match } is over or went on without you{ $pace ->
        [live] {" "}(a seat not taken within { $grace } s is given up)
       *[turn-based] {""}
    }; enter the queue again
queue-matched-already = You have been matched already (match { $match }); resign there instead

## Notices: settings, push subscriptions, links in e-mails (notifications/).

notice-push-endpoint-https = A push endpoint is an https:// URL of a push service
notice-push-endpoint-too-long = That push endpoint is too long
notice-push-keys-missing = A push subscription needs its keys (p256dh and auth)
notice-confirm-link-invalid = This confirmation link is not valid (any more)
notice-unsubscribe-link-invalid = This unsubscribe link is not valid (any more)
# $choices: the hours offered, comma-separated.
notice-reminder-hours = A reminder comes { $choices } hours before a deadline, not { $hours }
notice-time-zone-unknown = Unknown time zone '{ $zone }': name one such as 'Europe/Berlin'
notice-quiet-hours-range = Quiet hours start and end 0 to 1439 minutes after midnight
notice-per-hour-range = At most { $least } to { $most } notices an hour per channel
notice-digest-range = An e-mail digest collects { $least } to { NUMBER($most, useGrouping: 0) } minutes of notices
notice-email-invalid = '{ $email }' is not an e-mail address
notice-webhook-https = A webhook URL is an https:// URL

## The gateway's own (gateway/): worded in the browser's Accept-Language.

gateway-authorization-not-utf8 = The authorization header is not UTF-8 text: send the token exactly as it was given
gateway-header-name-not-utf8 = A header's name is not UTF-8 text
gateway-header-not-utf8 = The { $header } header is not UTF-8 text
# $kind: what the limit counts by.
gateway-too-many-calls = Too many calls from this { $kind ->
        [token] token
       *[address] address
    }: retry in { $retry_ms } ms
gateway-watchers-full = This gateway is serving as many watchers as it can; try again in a minute
gateway-address-watch-most = This address already watches { $most } streams through this gateway; close one first
gateway-stopping = The gateway is stopping; watch again
gateway-match-server-unreachable = The match server has been unreachable for { $seconds } s; watch again
gateway-watch-time-limit = The watch reached its time limit; watch again

## The one-click unsubscribe page of every mail (gateway/unsubscribe.py).

gateway-unsubscribe-title = Unsubscribe
gateway-unsubscribe-question = Stop every mail from Playhall to your address?
gateway-unsubscribe-button = Unsubscribe
gateway-unsubscribe-done = Unsubscribed: Playhall sends no more mail to this address.
gateway-unsubscribe-no-token = This link has no token.
gateway-unsubscribe-too-many = Too many requests; try again soon.
