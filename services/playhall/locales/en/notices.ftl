## Notices (playhall.notifications): the inbox, Web Push, e-mail and webhooks. Their arguments
## come written for the reader: $game a title's name, $others the opponents' names as a list,
## $count how many opponents, $left a duration ("3 hours"), $due_in a duration from now
## ("in 3 hours"), $due and $until a date and time, $before, $after and $change ratings.

notice-your-opponents = Your opponents
notice-your-turn-title = Your turn in { $game }
notice-your-turn-body = { $others } { $count ->
        [one] waits
       *[other] wait
    } for your move.
notice-your-turn-body-due = { $others } { $count ->
        [one] waits
       *[other] wait
    } for your move. You have { $left }.
notice-deadline-title = { $left } left in { $game }
notice-deadline-body = Your move against { $others } is due { $due_in } ({ $due }).
# $result: won, lost or none; $reason: how the match ended.
notice-match-ended-title = { $game } against { $others }: { $result ->
        [won] you won
        [lost] you lost
       *[none] no winner
    }
notice-match-ended-body = { $reason ->
        [game-over] The game is over.
        [resignation] A player resigned.
        [timeout] A player ran out of time.
        [abandoned] Nobody moved for a long time.
       *[other] The match ended.
    }
notice-match-ended-body-rated = { $reason ->
        [game-over] The game is over.
        [resignation] A player resigned.
        [timeout] A player ran out of time.
        [abandoned] Nobody moved for a long time.
       *[other] The match ended.
    } Your rating: { $before } → { $after } ({ $change }).
notice-you-left-title = You left the { $game } match
notice-seat-left-title = { $leaver } left the { $game } match
notice-seat-left-body = A bot plays the seat on.
notice-round-paired-title = Your tournament game in { $game } is ready
notice-ticket-matched-title = Matched in { $game }
notice-you-play = You play { $others }.
# $pace: live or turn-based; $days: a move's days (0: none set).
notice-challenge-received-title = { $from } challenges you to { $game }
notice-challenge-received-body = A { $pace ->
        [turn-based] { $days ->
            [0] turn-based
            [one] turn-based ({ $days } day a move)
           *[other] turn-based ({ $days } days a move)
        }
       *[live] live
    } match. Accept or decline it in your challenges by { $until }.
notice-challenge-accepted-title = { $by } accepted your challenge
notice-challenge-accepted-body = Your { $game } match has begun.
notice-challenge-declined-title = { $by } declined your challenge
notice-challenge-declined-body = { $game }: { $reason ->
        [too_fast] too fast for them
        [too_slow] too slow for them
        [not_this_title] they would rather play another title
        [later] not now, perhaps later
        [no_rated_games] they play no rated games now
       *[other] no reason given
    }.
notice-moderation-deleted-title = A moderator deleted a message of yours
notice-moderation-muted-title = A moderator muted you from chat until { $until }
notice-moderation-ended-title = A moderator ended your part in { $matches ->
        [one] a match
       *[other] { $matches } matches
    } as abandoned
# $reason: the moderator's own words.
notice-moderation-body = Reason: { $reason }

## E-mail (playhall.notifications.mail).

notice-mail-open = Open the match: { $link }
notice-mail-why = You get this mail because you gave Playhall this address for notices.
notice-mail-unsubscribe = No more mail from Playhall: { $link }
notice-mail-digest-subject = Playhall: { $count ->
        [one] { $count } notice
       *[other] { $count } notices
    }
notice-mail-digest-heading = { $count ->
        [one] { $count } notice
       *[other] { $count } notices
    } from Playhall:
notice-mail-confirm-subject = Confirm your e-mail address for Playhall
notice-mail-confirm-body =
    Someone, hopefully you, asked Playhall to send notices about their matches to { $address }.

    Confirm this address: { $link }

    Until it is confirmed Playhall sends it nothing else. If it was not you, ignore this mail.

## Notification settings refused.

# $offered: the languages, as tags ("en, de, fa").
notice-language-unknown = Playhall speaks { $offered }, not "{ $language }": choose one of them, or none to follow the browser
