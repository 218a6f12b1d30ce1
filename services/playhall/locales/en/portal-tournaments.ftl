## Tournaments: the list, one tournament and the form that creates one (js/tournaments.js,
## tournamentform.js).

tournaments-format-swiss = Swiss
tournaments-format-round-robin = Round robin
tournaments-phase-scheduled = scheduled
tournaments-phase-running = running
tournaments-phase-finished = finished
tournaments-entrant = Entrant { $number }
# $level: a bot level (common-level-normal, ...)
tournaments-bot = { $level } bot { $number }
tournaments-none = No tournament yet.
tournaments-bye = bye
tournaments-playing = playing
tournaments-round = Round { $number }
tournaments-sign-in-to-join = Sign in (at the top of the page) to join before it starts.
tournaments-entered = You are in this tournament.
tournaments-entries-open = Entries are open until it starts.
# $format: tournaments-format-…; $title: the game's name; $played, $planned: rounds;
# $phase: tournaments-phase-…; $start: a date and time
tournaments-facts = { $format } of { $title }, { $played } of { $planned } rounds, { $phase }; starts { $start }.

tournamentform-seconds = { $seconds } seconds
tournamentform-rounds = Swiss rounds:
tournamentform-name = Name:
tournamentform-name-example = Friday cup
tournamentform-format = Format:
tournamentform-against = You against:
tournamentform-bots = { $count ->
    [one] { $count } bot
   *[other] { $count } bots
}
tournamentform-bot-level = Bot level:
tournamentform-starts = Starts:
tournamentform-starts-in = { $minutes ->
    [0] at once
    [60] in an hour
   *[other] in { $minutes } minutes
}
tournamentform-move-time = Time a move:
tournamentform-create = Create the tournament
tournamentform-heading = Create a tournament
tournamentform-note = You enter it with the bots you choose; until it starts, other players can join it from its page.
