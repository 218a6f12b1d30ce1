## The portal's pages (gateway/portal/*.html): their static texts, by data-l10n-id. The
## English in each page's markup is only what shows before the catalogue arrives.
## A `<x data-l10n-name="...">` in a text is the page's own element (a field, a link, a code
## sample) placed there: keep it, with its name, where the sentence needs it.

page-back-to-lobby = Back to the lobby

## The lobby (index.html)

page-lobby-title = Playhall
page-lobby-heading = Lobby
page-lobby-challenges = Your challenges
page-lobby-challenges-in = To you
page-lobby-challenges-out = From you
page-lobby-open-tables = Open tables: challenges to anyone
page-lobby-games = Games
page-lobby-links = Your match is ready: one link per seat
page-lobby-links-note =
    Send each player their own link. The seat's secret is after the <code data-l10n-name="hash">#</code>,
    which browsers never send to a server; anyone holding a link plays that seat.
page-lobby-open = Open matches: take a seat
page-lobby-running = Being played: watch
page-lobby-finished = Finished: replay

## Confirming an e-mail address (confirm-email.html)

page-confirm-email-title = Confirm your e-mail address · Playhall
page-confirm-email-heading = Confirm your e-mail address
page-confirm-email-status = Confirming your address…

## Coming back from the sign-in provider (signin.html)

page-signin-title = Signing in · Playhall
page-signin-heading = Signing in
page-signin-status = Completing the sign-in with your provider…

## Friends (friends.html)

page-friends-title = Friends · Playhall
page-friends-heading = Friends
page-friends-signed-out = Sign in (at the top of the page) to follow players and see who is online.
page-friends-note =
    Follow a player from their profile (a name on the leaderboard, say); two players who follow
    each other are friends. A player you block cannot follow, challenge or chat to you, nor see
    whether you are online, and matchmaking keeps you apart.
page-friends-friends = Friends
page-friends-following = You follow
page-friends-followers = Your followers
page-friends-blocked = You blocked

## Leaderboards (leaderboard.html)

page-leaderboard-title = Leaderboards · Playhall
page-leaderboard-heading = Leaderboards
page-leaderboard-game = Game: <select data-l10n-name="game"></select>
page-leaderboard-provisional = <input data-l10n-name="box"> with provisional ratings
page-leaderboard-best = Best players
page-leaderboard-note =
    Players by rating, the best first; each bot level is a player too, so its number says how
    strong it is.
page-leaderboard-rank = Rank
page-leaderboard-player = Player
page-leaderboard-rating = Rating
page-leaderboard-rated = Rated matches
page-leaderboard-challenge = Challenge
page-leaderboard-previous = Previous
page-leaderboard-next = Next

## The matches waiting on the player (turns.html)

page-turns-title = Your turn · Playhall
page-turns-heading = Your turn
page-turns-signed-out = Sign in (at the top of the page) to see the matches waiting for your move.
page-turns-waiting = Matches waiting for your move
page-turns-note =
    The nearest deadline first. Playing one here gives this browser a fresh link to your seat; an
    older link to it stops working.

## Moderation (moderation.html)

page-moderation-title = Moderation · Playhall
page-moderation-heading = Moderation
page-moderation-not-moderator =
    This page is for moderators: sign in (at the top of the page) with a moderator's account.
page-moderation-reports = Open reports
page-moderation-reports-note =
    The oldest first, a reported message with the messages around it (a deleted one with its
    text). Every action needs a reason: the player is told it, and it is recorded with your name.
page-moderation-more-reports = More reports
page-moderation-actions = Actions taken
page-moderation-when = When
page-moderation-moderator = Moderator
page-moderation-action = Action
page-moderation-player = Player
page-moderation-reason = Reason
page-moderation-older-actions = Older actions

## Tournaments (tournaments.html)

page-tournaments-title = Tournaments · Playhall
page-tournaments-heading = Tournaments
page-tournaments-list = Tournaments
page-tournaments-note =
    Swiss and round-robin tournaments, the latest to start first. Their games are ordinary
    matches, rated like any other.
page-tournaments-tournament = Tournament
page-tournaments-game = Game
page-tournaments-format = Format
page-tournaments-where = Where
page-tournaments-entrants = Entrants
page-tournaments-starts = Starts
page-tournaments-all = All tournaments
page-tournaments-join = Join this tournament
page-tournaments-standings = Standings
page-tournaments-points-note =
    Points: 1 a win or a bye, ½ a draw or a shared win. Ties are broken by Buchholz (the
    opponents' points), then Sonneborn-Berger (the points of the opponents beaten, half those
    drawn).
page-tournaments-rank = Rank
page-tournaments-entrant = Entrant
page-tournaments-points = Points
page-tournaments-buchholz = Buchholz
page-tournaments-sonneborn-berger = Sonneborn-Berger
page-tournaments-games = Games
page-tournaments-rounds = Rounds

## A player's profile (profile.html)

page-profile-title = Profile · Playhall
page-profile-heading = Profile
page-profile-signed-out =
    Sign in (at the top of the page) to see your games, your finished matches and your ratings.
page-profile-relation = You and this player
page-profile-games = My games: being played
page-profile-games-note =
    Your seats in matches not over yet, from any browser you signed in on. Going back in gives
    this browser a fresh link to your seat; an older link stops working.
page-profile-vacation = Vacation
page-profile-vacation-note =
    Away, your clocks stand still in every turn-based match until you come back (live matches
    are not affected). You have a number of away days each year.
page-profile-away-days = Go away for <input data-l10n-name="days"> days
page-profile-go-away = Go away
page-profile-come-back = Come back
page-profile-notices = Notices
page-profile-notices-note =
    <a data-l10n-name="settings">Notification settings</a>: what you are told (your turn,
    reminders, results), in the inbox, by push, e-mail or webhook, and when.
page-profile-tokens = Programs and bots
page-profile-tokens-note =
    A personal access token lets a program of yours (a bot, a board) act as you, within the
    scopes you give it: it sends the token as <code data-l10n-name="header"></code>.
    See <a data-l10n-name="api">the API</a>.
page-profile-token-name = Name
page-profile-token-starts = Starts
page-profile-token-scopes = Scopes
page-profile-token-made = Made
page-profile-token-used = Last used
page-profile-token-expires = Expires
page-profile-token-secret = Your new token, shown this once: copy it now.
page-profile-token-name-field = Name <input data-l10n-name="name">
page-profile-token-name-input =
    .placeholder = my bot
page-profile-token-days = Expires after <input data-l10n-name="days"> days (0: never)
page-profile-make-token = Make a token
page-profile-bot-account = Bot account
page-profile-upgrade = Make this a bot account
page-profile-ratings = Ratings
page-profile-ratings-note =
    One rating per game (OpenSkill): the number shown is a cautious estimate of skill that rises
    as results show it, the same number on every page; a rating marked
    <span data-l10n-name="provisional">provisional</span> comes from too few matches to say much
    yet.
page-profile-history = Finished matches
page-profile-history-game = Game: <select data-l10n-name="game"></select>
page-profile-every-game = every game
page-profile-finished = Finished
page-profile-game = Game
page-profile-seats = Seats
page-profile-result = Result
page-profile-rating-after = Rating after
page-profile-newer = Newer
page-profile-older = Older

## Notification settings (notifications.html)

page-notifications-title = Notification settings · Playhall
page-notifications-heading = Notification settings
page-notifications-signed-out =
    Sign in (at the top of the page) to choose what you are told, where and when.
page-notifications-kinds = What you are told, and where
page-notifications-kinds-note =
    The inbox is the bell at the top of every page. Push reaches each browser you turn it on in
    (below), e-mail your address once you confirm it, a webhook its URL. A channel you have not
    set up sends nothing.
page-notifications-kinds-caption = The channels each kind of notice goes to
page-notifications-notice = Notice
page-notifications-inbox = Inbox
page-notifications-push = Push
page-notifications-email = E-mail
page-notifications-webhook = Webhook
page-notifications-when = When
page-notifications-reminders = Remind me before a turn-based deadline
page-notifications-time-zone = Your time zone
page-notifications-quiet = Quiet hours
page-notifications-quiet-note =
    In your quiet hours no push, e-mail or webhook goes out: they wait until the quiet hours end
    (a reminder past its deadline by then is dropped). The inbox gets everything at once.
page-notifications-quiet-on = <input data-l10n-name="box"> Keep quiet hours
page-notifications-quiet-from = From
page-notifications-quiet-until = until
page-notifications-max-per-hour = Most notices an hour on each of push, e-mail and webhook
page-notifications-max-per-hour-note = (past it, notices wait in the inbox only)
page-notifications-email-address = E-mail address
page-notifications-email-note = A new address is sent a link to confirm it; it gets no notice until then.
page-notifications-digest = Collect e-mails for this many minutes, then send them as one
page-notifications-digest-note = (0: a mail for each notice)
page-notifications-webhook-note =
    Each notice is POSTed to this URL as JSON, signed: the
    <code data-l10n-name="header"></code> header holds <code data-l10n-name="t"></code> the time
    and <code data-l10n-name="v1"></code> the HMAC-SHA256 of the time, a dot and the body, keyed
    with the secret you are shown once when you save a new URL. After ten failures in a row it
    is disabled; saving the URL again enables it, with a new secret.
page-notifications-webhook-url = Webhook URL
page-notifications-save = Save
page-notifications-push-heading = Push notices in this browser
page-notifications-push-note =
    With push on, this browser shows your notices (the kinds ticked for Push above) even when no
    Playhall page is open. It asks you to allow notifications first. Turn it on in each browser
    you want them in.
page-notifications-push-on = Turn on push in this browser
page-notifications-push-off = Turn off push in this browser

## The table: a match and its replay (match.html, replay.html)

page-table-board =
    .aria-label = Board
page-table-how-to-play = How to play
    .title = The rules of this game, in a new tab
page-table-breakdown =
    .aria-label = Where the points came from
page-table-scores-section =
    .aria-label = Scores
page-table-chat =
    .aria-label = Chat

page-match-title = Match · Playhall
page-match-heading = Match
page-match-connecting = connecting…
page-match-sounds = Sounds off
    .title = A sound when it is your turn and when a move is made
page-match-scores = Scores
page-match-undo = Undo
    .title = Take back your last move of this turn: possible until a move reveals or draws anything, and before anyone else moves
page-match-resign = Resign
    .title = Give up this match: the others play on or win
page-match-replay = Replay with the seed check
page-match-give-time = Give time
page-match-give-time-note =
    Give another player up to a day, once a turn; with a time per move, to a player whose turn
    it is.
page-match-log-section =
    .aria-label = Event log
page-match-log = What happened

page-replay-title = Replay · Playhall
page-replay-heading = Replay
page-replay-checking = checking the seed…
page-replay-first =
    .aria-label = First change
page-replay-prev =
    .aria-label = Previous change
page-replay-step =
    .aria-label = Change
page-replay-next =
    .aria-label = Next change
page-replay-last =
    .aria-label = Last change
page-replay-scores = Scores at this point
page-replay-log-section =
    .aria-label = Events of this change
page-replay-log = This change
