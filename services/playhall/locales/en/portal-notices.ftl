## The bell and its inbox, and the notification settings (js/notices.js, notifications.js).

notices-unread = { $count ->
    [0] no unread notice
    [one] { $count } unread notice
   *[other] { $count } unread notices
}
# $title: the notice's title
notices-new = New notice: { $title }
notices-unread-mark = Unread:
notices-none = No notices yet.
notices-loading = Loading…
notices-mark-all-read = Mark all read
notices-show-older = Show older
notices-heading = Notices
notices-settings = Notification settings
# $state: notices-unread, or myturn-not-known
notices-label = Notices: { $state }

notifications-kind-your-turn = Your turn
notifications-kind-your-turn-what = a match waits for your move
notifications-kind-deadline = Reminders
notifications-kind-deadline-what = your time in a match runs out soon
notifications-kind-match-ended = Match ended
notifications-kind-match-ended-what = with the result and your rating change
notifications-kind-seat-left = A player left
notifications-kind-seat-left-what = resigned or ran out of time
notifications-kind-round-paired = Tournament game ready
notifications-kind-round-paired-what = a round seated you
notifications-kind-ticket-matched = Matched from a queue
notifications-kind-ticket-matched-what = Play now found your players
notifications-kind-challenge-received = Challenges
notifications-kind-challenge-received-what = a player challenged you
notifications-kind-challenge-answered = Challenge answers
notifications-kind-challenge-answered-what = your challenge was accepted or declined
notifications-kind-moderation = Moderation
notifications-kind-moderation-what = a moderator acted on your messages or matches (always in the inbox)
notifications-channel-inbox = Inbox
notifications-channel-push = Push
notifications-channel-email = E-mail
notifications-channel-webhook = Webhook
# A checkbox's label: $kind (notifications-kind-…) and $channel (notifications-channel-…)
notifications-box-label = { $kind }: { $channel }
notifications-hours-before = { $hours ->
    [one] { $hours } hour before
   *[other] { $hours } hours before
}
# $zone: an IANA time zone ("Europe/Berlin")
notifications-zone-note = (this browser's; saved as { $zone } so far)
notifications-email-confirmed = Confirmed
notifications-email-unconfirmed = Not confirmed yet: open the link mailed to it
notifications-webhook-disabled = Disabled: it failed too often. Save to enable it again.
notifications-secret = Your webhook's signing secret
notifications-secret-once = (shown this once: copy it now):
notifications-quiet-same = Quiet hours end at another time than they start
notifications-saved = Saved.
notifications-push-on = Push is on in this browser.
notifications-push-off = Push is off in this browser.
notifications-push-unsupported = This browser cannot get push notices here (it needs Web Push and a secure connection).
notifications-push-blocked = Notifications are blocked for this site in the browser's settings: allow them there first.
notifications-push-denied = Notifications are blocked for this site: allow them in the browser's settings, then try again
notifications-push-not-allowed = Push stays off: the browser was not allowed to show notifications
# $reason: the browser's reason
notifications-push-refused = This browser refused a push subscription: { $reason }
notifications-server-not-told = (The server was not told: { $reason }.)
