## Freunde, die festen Listen der Herausforderungen, Chat, Meldungen und Moderation
## (js/social.js, friends.js, relation.js, chat.js, reportform.js, moderation.js, modlink.js).

social-decline-later = nicht jetzt, vielleicht später
social-decline-too-fast = die Uhr ist zu schnell
social-decline-too-slow = die Uhr ist zu langsam
social-decline-not-this-title = ich spiele lieber ein anderes Spiel
social-decline-no-rated-games = gerade keine gewerteten Partien
social-decline-other = ein anderer Grund

social-challenge-open = wartet auf Antwort
social-challenge-accepted = angenommen
social-challenge-declined = abgelehnt
social-challenge-withdrawn = zurückgezogen
social-challenge-expired = abgelaufen

social-report-abuse = Beleidigung, Belästigung, Hass
social-report-spam = Werbung, Fluten, Links
social-report-cheating = Betrug
social-report-unsportsmanlike = unsportliches Spiel
social-report-other = etwas anderes (sag, was)

report-form-why = Warum:
report-form-comment = Kommentar:
report-form-send = Meldung senden
report-form-already = Das hast du schon gemeldet: die Moderation hat es.
report-form-filed = Gemeldet: jemand von der Moderation sieht es sich an.
report-form-label = { $what } melden
report-form-summary = Melden

chat-panel-room-players = Spieler
chat-panel-room-spectators = Zuschauer
chat-panel-messages = Nachrichten
chat-panel-heading = Chat
chat-panel-empty = Noch keine Nachricht.
chat-panel-someone = jemand
chat-panel-deleted = von der Moderation gelöscht
chat-panel-mute-name = { $name } stummschalten
chat-panel-mute = Stummschalten
chat-panel-message-of = Nachricht von { $name }
chat-panel-you = (du)
chat-panel-say-players = An die Spieler:
chat-panel-say-spectators = An die Zuschauer:
chat-panel-send = Senden
chat-panel-closed = Die Partie ist vorbei: der Chat ist geschlossen.
chat-panel-on-match-page = Der Chat einer laufenden Partie ist auf ihrer Seite.
chat-panel-muted = Stummgeschaltet:
chat-panel-unmute-name = Stummschaltung von { $name } aufheben
chat-panel-unmute = Wieder zulassen
chat-panel-sign-in = Melde dich an (oben auf der Seite), um zu chatten.

moderation-desk-action-resolve-report = hat eine Meldung erledigt
moderation-desk-action-delete-message = hat eine Nachricht gelöscht
moderation-desk-action-mute-from-chat = hat für den Chat gesperrt
moderation-desk-action-end-match = hat eine Partie als abgebrochen beendet
moderation-desk-action-until = { $action } bis { $when }
moderation-desk-mute-hour = eine Stunde
moderation-desk-mute-day = einen Tag
moderation-desk-mute-week = eine Woche
moderation-desk-mute-30-days = 30 Tage
moderation-desk-deleted = (gelöscht)
moderation-desk-reported-tag = gemeldet
moderation-desk-delete-message = Nachricht löschen
moderation-desk-mute-for = Für den Chat sperren für
moderation-desk-end-matches = Seine Partien beenden
moderation-desk-resolve = Erledigt
moderation-desk-a-match = einer Partie
moderation-desk-no-reason = ohne Grund
moderation-desk-reported-player = { $reporter } hat { $player } gemeldet: { $reason }
moderation-desk-reported-message = { $reporter } hat { $player } für eine Nachricht in { $match } gemeldet: { $reason }
moderation-desk-comment = „{ $comment }“
moderation-desk-context = Nachrichten drumherum
moderation-desk-no-report = Keine offene Meldung.
moderation-desk-none-yet = noch keine
moderation-desk-link = Moderation

friends-follow = Folgen
friends-unfollow = Nicht mehr folgen
friends-block = Blockieren
friends-unblock = Freigeben
friends-follow-name = { $name } folgen
friends-unfollow-name = { $name } nicht mehr folgen
friends-block-name = { $name } blockieren
friends-unblock-name = { $name } freigeben
friends-online = online
friends-offline = nicht online
friends-nobody = niemand

relation-friends = ihr seid befreundet
relation-you-follow = du folgst diesem Spieler
relation-they-follow = dieser Spieler folgt dir
relation-you-blocked = du hast diesen Spieler blockiert
relation-they-blocked = dieser Spieler hat dich blockiert
relation-this-player = diesen Spieler
