## The profile, the leaderboard and Your turn (js/profile.js, tokens.js, leaderboard.js,
## turns.js, myturn.js).

profile-go-back-in = Go back in
profile-against = against
profile-nobody-yet = nobody yet
profile-waiting-for-players = waiting for players
profile-your-move = your move
# $time: the away time left (days and hours); $perYear: away days a year (0: not said)
profile-vacation-left = You have { $time } of away time left this year{ $perYear ->
    [0] {""}
    [one] {" "}(of { $perYear } day a year)
   *[other] {" "}(of { $perYear } days a year)
}.
profile-vacation-left-away = You have { $time } of away time left this year{ $perYear ->
    [0] {""}
    [one] {" "}(of { $perYear } day a year)
   *[other] {" "}(of { $perYear } days a year)
}; this time away comes off it when you come back.
profile-vacation-none-left = You have no away days left this year{ $perYear ->
    [0] {""}
    [one] {" "}(of { $perYear } day a year)
   *[other] {" "}(of { $perYear } days a year)
}.
profile-away-until = Away until { $when }
# $change: the rating's change with its sign ("+1.5")
profile-last-match = last match { $change }
# $start: the rating a new player starts from
profile-first-rated-match = first rated match { $change } (from { $start })
profile-rated-matches = { $matches ->
    [one] { $matches } rated match
   *[other] { $matches } rated matches
}
profile-chart-shows-last = the chart shows the last { $count }
profile-leaderboard = Leaderboard
profile-player = Player
# The browser tab's title: a player's name
profile-document-title = { $name } · Playhall
profile-own-title = { $name }'s profile
profile-no-rated-match = No rated match yet: finish a match against a bot or a person.
profile-result-shared-win = shared win
profile-result-won = won
profile-result-abandoned = abandoned
profile-result-left = left
profile-result-lost = lost
profile-not-rated = not rated
profile-pager-range = matches { $from }–{ $to }
profile-pager-onwards = matches from { $from }

tokens-never = never
tokens-scope-match-play = create matches and play in them
tokens-scope-match-read = watch matches and read them
tokens-scope-bot-play = everything a bot needs: play, challenges, the event stream
tokens-scope-challenge-read = read your challenges
tokens-scope-challenge-write = make and answer challenges
tokens-scope-events-read = open your event stream
tokens-scope-profile-read = read your profile and inbox
tokens-scope-profile-write = change your settings and vacation
tokens-scope-chat-read = read the chat
tokens-scope-chat-write = write in the chat
tokens-scope-social-read = read your friends and presence
tokens-scope-social-write = follow, block, stay online
tokens-revoke = Revoke
tokens-none = No tokens.
tokens-bot-account = This account is a bot account: marked as a bot wherever its name is shown, rated among bots.
tokens-bot-offer = A bot account is marked as a bot wherever its name is shown and rated among bots only. Only an account that has never played a rated game can become one, and it stays one.
tokens-upgrade-confirm = Make this account a bot account? This cannot be undone.

leaderboard-nobody-rated = Nobody is rated in this game yet.
leaderboard-no-settled-rating = No settled rating yet: tick “with provisional ratings”.
# $title: the game's name
leaderboard-heading = Best players of { $title }
leaderboard-document-title = { $title } leaderboard · Playhall
leaderboard-pager-range = places { $from }–{ $to }
leaderboard-pager-onwards = places from { $from }

turns-clock-stopped = clock stopped: you are away until { $when }
turns-no-clock = no clock
# $time: how long, as a clock says it ("2 days 5 hours")
turns-time-left = { $time } left
turns-until = (until { $when })
turns-nobody-else = nobody else
# $title: the game's name; $players: the other players' names, listed
turns-play-label = Play { $title } against { $players }
turns-play = Play
turns-none = No match waits for your move.
turns-more = And { $count } more not listed: play the first ones to see them.
turns-summary = { $count ->
    [0] No match waits for your move.
    [one] { $count } match waits for your move.
   *[other] { $count } matches wait for your move.
}

myturn-waiting = { $count ->
    [0] no match waits for your move
    [one] { $count } match waits for your move
   *[other] { $count } matches wait for your move
}
myturn-link = Your turn
# $state: myturn-waiting, or myturn-not-known
myturn-link-label = Your turn: { $state }
myturn-not-known = not known yet
