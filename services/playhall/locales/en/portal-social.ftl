## Friends, challenges' fixed lists, chat, reports and moderation (js/social.js, friends.js,
## relation.js, chat.js, reportform.js, moderation.js, modlink.js).

social-decline-later = not now, perhaps later
social-decline-too-fast = the clock is too fast
social-decline-too-slow = the clock is too slow
social-decline-not-this-title = I would rather play another game
social-decline-no-rated-games = no rated games now
social-decline-other = another reason

social-challenge-open = waiting for an answer
social-challenge-accepted = accepted
social-challenge-declined = declined
social-challenge-withdrawn = withdrawn
social-challenge-expired = expired

social-report-abuse = insults, harassment, hate
social-report-spam = advertising, flooding, links
social-report-cheating = cheating
social-report-unsportsmanlike = unsportsmanlike play
social-report-other = something else (say what)

report-form-why = Why:
report-form-comment = Comment:
report-form-send = Send the report
report-form-already = You reported this already: the moderators have it.
report-form-filed = Reported: a moderator will look at it.
# $what: what is reported (chat-panel-message-of, or a player's name)
report-form-label = Report { $what }
report-form-summary = Report

chat-panel-room-players = players
chat-panel-room-spectators = spectators
chat-panel-messages = Messages
chat-panel-heading = Chat
chat-panel-empty = No message yet.
chat-panel-someone = someone
chat-panel-deleted = deleted by a moderator
chat-panel-mute-name = Mute { $name }
chat-panel-mute = Mute
chat-panel-message-of = { $name }'s message
chat-panel-you = (you)
chat-panel-say-players = Say to the players:
chat-panel-say-spectators = Say to the spectators:
chat-panel-send = Send
chat-panel-closed = The match is over: the chat is closed.
chat-panel-on-match-page = The chat of a match being played is on its page.
chat-panel-muted = Muted:
chat-panel-unmute-name = Unmute { $name }
chat-panel-unmute = Unmute
chat-panel-sign-in = Sign in (at the top of the page) to chat.

moderation-desk-action-resolve-report = resolved a report
moderation-desk-action-delete-message = deleted a message
moderation-desk-action-mute-from-chat = muted from chat
moderation-desk-action-end-match = ended a match as abandoned
# $action: one of the moderation-desk-action-… words; $when: a date and time
moderation-desk-action-until = { $action } until { $when }
moderation-desk-mute-hour = an hour
moderation-desk-mute-day = a day
moderation-desk-mute-week = a week
moderation-desk-mute-30-days = 30 days
moderation-desk-deleted = (deleted)
moderation-desk-reported-tag = reported
moderation-desk-delete-message = Delete the message
moderation-desk-mute-for = Mute from chat for
moderation-desk-end-matches = End their matches
moderation-desk-resolve = Resolve
moderation-desk-a-match = a match
moderation-desk-no-reason = no reason
# $reporter, $player: names (shown as links); $reason: a social-report-… reason
moderation-desk-reported-player = { $reporter } reported { $player }: { $reason }
# $match: the words moderation-desk-a-match, as a link to the replay
moderation-desk-reported-message = { $reporter } reported { $player } for a message in { $match }: { $reason }
moderation-desk-comment = “{ $comment }”
moderation-desk-context = Messages around it
moderation-desk-no-report = No open report.
moderation-desk-none-yet = none yet
moderation-desk-link = Moderation

friends-follow = Follow
friends-unfollow = Unfollow
friends-block = Block
friends-unblock = Unblock
friends-follow-name = Follow { $name }
friends-unfollow-name = Unfollow { $name }
friends-block-name = Block { $name }
friends-unblock-name = Unblock { $name }
friends-online = online
friends-offline = not online
friends-nobody = nobody

relation-friends = you are friends
relation-you-follow = you follow them
relation-they-follow = they follow you
relation-you-blocked = you blocked them
relation-they-blocked = they blocked you
relation-this-player = this player
