## Die Glocke mit dem Posteingang und die Benachrichtigungseinstellungen (js/notices.js,
## notifications.js).

notices-unread = { $count ->
    [0] keine ungelesene Benachrichtigung
    [one] { $count } ungelesene Benachrichtigung
   *[other] { $count } ungelesene Benachrichtigungen
}
notices-new = Neue Benachrichtigung: { $title }
notices-unread-mark = Ungelesen:
notices-none = Noch keine Benachrichtigungen.
notices-loading = Wird geladen …
notices-mark-all-read = Alle als gelesen markieren
notices-show-older = Ältere zeigen
notices-heading = Benachrichtigungen
notices-settings = Benachrichtigungseinstellungen
notices-label = Benachrichtigungen: { $state }

notifications-kind-your-turn = Du bist dran
notifications-kind-your-turn-what = eine Partie wartet auf deinen Zug
notifications-kind-deadline = Erinnerungen
notifications-kind-deadline-what = deine Zeit in einer Partie läuft bald ab
notifications-kind-match-ended = Partie beendet
notifications-kind-match-ended-what = mit dem Ergebnis und der Änderung deiner Wertung
notifications-kind-seat-left = Ein Spieler ist gegangen
notifications-kind-seat-left-what = aufgegeben oder die Zeit überschritten
notifications-kind-round-paired = Turnierpartie bereit
notifications-kind-round-paired-what = eine Runde hat dir einen Platz gegeben
notifications-kind-ticket-matched = Aus einer Warteschlange gefunden
notifications-kind-ticket-matched-what = „Sofort spielen“ hat deine Mitspielenden gefunden
notifications-kind-challenge-received = Herausforderungen
notifications-kind-challenge-received-what = jemand hat dich herausgefordert
notifications-kind-challenge-answered = Antworten auf Herausforderungen
notifications-kind-challenge-answered-what = deine Herausforderung wurde angenommen oder abgelehnt
notifications-kind-moderation = Moderation
notifications-kind-moderation-what = die Moderation hat wegen deiner Nachrichten oder Partien gehandelt (immer im Posteingang)
notifications-channel-inbox = Posteingang
notifications-channel-push = Push
notifications-channel-email = E-Mail
notifications-channel-webhook = Webhook
notifications-box-label = { $kind }: { $channel }
notifications-hours-before = { $hours ->
    [one] { $hours } Stunde vorher
   *[other] { $hours } Stunden vorher
}
notifications-zone-note = (die dieses Browsers; bisher gespeichert: { $zone })
notifications-email-confirmed = Bestätigt
notifications-email-unconfirmed = Noch nicht bestätigt: öffne den Link, den wir dorthin geschickt haben
notifications-webhook-disabled = Abgeschaltet: er ist zu oft fehlgeschlagen. Speichere, um ihn wieder einzuschalten.
notifications-secret = Das Signaturgeheimnis deines Webhooks
notifications-secret-once = (nur dieses eine Mal gezeigt: kopiere es jetzt):
notifications-quiet-same = Die Ruhezeit muss zu einer anderen Uhrzeit enden, als sie beginnt
notifications-saved = Gespeichert.
notifications-push-on = Push ist in diesem Browser an.
notifications-push-off = Push ist in diesem Browser aus.
notifications-push-unsupported = Dieser Browser kann hier keine Push-Benachrichtigungen empfangen (er braucht Web Push und eine sichere Verbindung).
notifications-push-blocked = Benachrichtigungen sind für diese Seite in den Browsereinstellungen blockiert: erlaube sie dort zuerst.
notifications-push-denied = Benachrichtigungen sind für diese Seite blockiert: erlaube sie in den Browsereinstellungen und versuche es dann noch einmal
notifications-push-not-allowed = Push bleibt aus: der Browser durfte keine Benachrichtigungen zeigen
notifications-push-refused = Dieser Browser hat ein Push-Abonnement abgelehnt: { $reason }
notifications-server-not-told = (Der Server wurde nicht benachrichtigt: { $reason }.)
