## The portal's shared words (js/common.js, players.js, pager.js, gamecards.js, reputation.js,
## breakdown.js, chart.js): seats, bot levels, clocks, ratings, paging.

common-level-random = random
common-level-easy = easy
common-level-normal = normal
common-level-hard = hard
common-level-unknown = bot

common-seat = Seat { $number }
common-seat-bot = Bot { $number } ({ $level })
common-seat-open = Seat { $number } (open)
common-seat-you = { $name } (you)
common-bot-tag = bot

common-clock-seconds = { $seconds } s
common-clock-days = { $days ->
    [one] { $days } day
   *[other] { $days } days
}
common-clock-hours = { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}
common-clock-minutes = { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}
common-clock-days-hours = { $days ->
    [one] { $days } day
   *[other] { $days } days
} { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}
common-clock-hours-minutes = { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
} { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}
common-clock-under-a-minute = less than a minute
common-away-until = away until { $when }
common-pace-per-move = turn-based, { $time } a move
common-pace-bank = turn-based, a bank of { $bank }
common-pace-bank-increment = turn-based, a bank of { $bank } (+{ $increment } a move)

common-pager-page = page { $page }
# $range: the entries of the page, as "places 21–40"
common-pager-page-range = page { $page }: { $range }
# $button: the button's own word ("Previous", "Next"); $range: the entries it shows
common-pager-button = { $button }: { $range }

gamecard-about-galileo = Send your scientists to experiments, pick the best first, and publish before the others.
gamecard-about-eynsteyn = Lay stones printed with lines to join your two edges of the board; say EYNSTEYN one stone before.
gamecard-about-einstein = Lay tiles of four sciences into one shared Big Idea to make the shapes on your cards.
gamecard-about-inventors = Send your team of inventors to shared inventions and pick the rewards when they are finished.
gamecard-about-other = A board game for the table.
gamecard-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
gamecard-players-range = { $min } to { $max } players

players-sign-in-expired = Your sign-in expired. Sign in again.
players-sign-in-first = Sign in first (at the top of the page)
# $reason: the server's reason, in the reader's language
players-signed-out = You are signed out: { $reason }. Sign in again.
# $rating: the rating, formatted with one decimal
players-rating-provisional = { $rating } provisional
players-rating-new = new
players-not-rated-yet = not rated yet
players-rating-described = rating { $rating }, a cautious estimate that rises as results show skill ({ $matches ->
    [one] { $matches } rated match
   *[other] { $matches } rated matches
})
players-rating-described-provisional = rating { $rating }, a cautious estimate that rises as results show skill ({ $matches ->
    [one] { $matches } rated match
   *[other] { $matches } rated matches
}, provisional: too few to say much yet)

reputation-unknown = karma unknown for now
reputation-karma = Karma
reputation-matches = { $finished ->
    [one] { $finished } match
   *[other] { $finished } matches
} finished, { $abandoned } abandoned

breakdown-heading = Where the points came from
breakdown-seat = Seat

# $title: the game's name; $from, $to: ratings with one decimal
chart-summary = Rating in { $title } over { $matches ->
    [one] { $matches } rated match
   *[other] { $matches } rated matches
}: from { $from } to { $to }
chart-empty = No rated match in { $title } yet
chart-axis-time = time ({ $day })
chart-axis-date = date
chart-axis-rating = rating
# $rating: the rating described (players-rating-described)
chart-point = { $day } { $time }: { $rating }
chart-provisional = provisional
