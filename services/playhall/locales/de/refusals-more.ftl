## Ablehnungen der sozialen Dienste, der Turniere, der Warteschlangen, der Benachrichtigungen
## und des Gateways, wie sie beim Aufrufer ankommen. Schlüssel und Argumente sind der Vertrag;
## die Sätze darfst du verbessern.

## Herausforderungen.

challenge-no-archive = Herausforderungen werden in der Datenbank des Archivs gespeichert, und diese Installation hat keine
challenge-decline-reason-missing = Sag, warum du ablehnst: Wähle einen Grund aus der Liste
challenge-list-limit = limit muss zwischen 0 und { $most } liegen
challenge-opponent-missing = Sag, wen du herausforderst: eine Person, alle oder einen Bot
challenge-open-most = Du hast { $most } offene Herausforderungen; ziehe eine zurück oder warte auf eine Antwort, bevor du eine neue stellst
challenge-seats-least = Die Partie einer Herausforderung hat mindestens zwei Plätze
challenge-bot-level-missing = Wähle eine Bot-Stärke: Bots spielen eine Herausforderung gegen den Bot und die Plätze ab dem dritten
challenge-karma-range = Ein Mindest-Karma liegt zwischen 0 und { $most }
challenge-karma-open-only = Nur eine Herausforderung an alle verlangt ein Mindest-Karma
challenge-expiry-most = Eine Herausforderung wartet höchstens { NUMBER($most) } Sekunden
challenge-player-or-bot = Fordere eine Person oder einen Bot heraus, nicht beides
challenge-self = Du kannst dich nicht selbst herausfordern
challenge-blocking = Du hast diese Person blockiert: Hebe die Blockierung auf, bevor du sie herausforderst
challenge-blocked-by = Diese Person nimmt keine Herausforderungen von dir an
challenge-accept-own = Du kannst deine eigene Herausforderung nicht annehmen; ziehe sie stattdessen zurück
challenge-for-another = Diese Herausforderung gilt einer anderen Person
challenge-accept-blocked = Du kannst diese Herausforderung nicht annehmen: Zwischen euch besteht eine Blockierung
challenge-challenger-turn-based-most = Die herausfordernde Person hat schon so viele Fernpartien wie erlaubt; versuche es wieder, wenn eine davon beendet ist
challenge-decline-open = Eine Herausforderung an alle lehnt man nicht ab: Überlass sie den anderen
challenge-decline-not-invited = Nur die eingeladene Person kann diese Herausforderung ablehnen
challenge-withdraw-not-challenger = Nur die herausfordernde Person kann diese Herausforderung zurückziehen
challenge-already-accepted = Diese Herausforderung wurde schon angenommen
challenge-declined = Diese Herausforderung wurde abgelehnt
challenge-withdrawn = Die herausfordernde Person hat diese Herausforderung zurückgezogen
challenge-expired = Diese Herausforderung ist am { DATETIME($at, dateStyle: "medium", timeStyle: "short", timeZone: "UTC") } UTC abgelaufen
challenge-still-open = Diese Herausforderung ist noch offen
challenge-request-id-reused = Diese request_id wurde schon für eine andere Herausforderung verwendet

## Chat.

chat-room-unknown = Es gibt keinen Chatraum { NUMBER($room, useGrouping: 0) }: Die Räume sind Spielende und Zuschauende
chat-limit-range = limit muss zwischen 1 und { $most } liegen (0: { $default })
chat-room-missing = Gib an, in welchem Raum du schreibst: Spielende oder Zuschauende
chat-watch-streams-most = Du verfolgst den Chat hier schon in { $most } Streams; schließe einen
chat-mute-self = Du kannst dich nicht selbst stummschalten
chat-mutes-most = Du hast { $most } Personen stummgeschaltet, mehr geht nicht; hebe zuerst eine Stummschaltung auf

## Freunde und Blockierungen.

friend-no-archive = Freunde und Blockierungen werden in der Datenbank des Archivs gespeichert, und diese Installation hat keine
friend-circle-unknown = Unbekannter Kreis { NUMBER($circle, useGrouping: 0) }: Freunde, Gefolgte oder Folgende
friend-follow-blocking = Du hast diese Person blockiert: Hebe die Blockierung auf, bevor du ihr folgst
friend-follow-blocked-by = Diese Person nimmt dich nicht als Folgende an
friend-following-most = Du folgst { $most } Personen, mehr geht nicht: Entfolge zuerst jemandem
friend-blocked-most = Du hast { $most } Personen blockiert, mehr geht nicht: Hebe zuerst eine Blockierung auf
friend-self = { $action ->
        [follow] Du kannst dir nicht selbst folgen
        [unfollow] Du kannst dir nicht selbst entfolgen
        [block] Du kannst dich nicht selbst blockieren
       *[unblock] Du kannst keine Blockierung deiner selbst aufheben
    }
friend-player-id-form = „{ $player }“ ist keine Spieler-ID (p- und 32 Hexadezimalziffern)
friend-page-token = page_token ist kein next_page_token dieser Liste

## Meldungen und Moderation.

moderation-no-archive = Meldungen und Moderation werden im Archiv gespeichert, und diese Installation hat keins
moderation-note-missing = Gib { $what ->
        [comment] einen Kommentar
        [resolution] eine Entscheidung
       *[reason] einen Grund
    } an: Die Person bekommt { $what ->
        [comment] ihn
        [resolution] sie
       *[reason] ihn
    } mitgeteilt
moderation-note-too-long = { $what ->
        [comment] Ein Kommentar
        [resolution] Eine Entscheidung
       *[reason] Ein Grund
    } hat höchstens { $most } Zeichen; dieser Text hat { $length }
moderation-limit-range = limit muss zwischen 1 und { $most } liegen (0: { $default })
moderation-message-deleted-already = Die Nachricht { NUMBER($message, useGrouping: 0) } wurde schon gelöscht
moderation-mute-range = Eine Stummschaltung dauert 1 bis { NUMBER($most) } Minuten (ein Jahr); angegeben waren { NUMBER($given) }
moderation-no-match-to-end = Die Person hat keine unbeendete Partie, die beendet werden könnte
moderation-before-negative = before_action_id darf nicht negativ sein
moderation-self = Du kannst { $action ->
        [report] dich nicht selbst melden
        [mute] dich nicht selbst stummschalten
       *[end-matches] deine eigenen Partien nicht beenden
    }
report-after-negative = after_report_id darf nicht negativ sein
report-resolved-already = Die Meldung { NUMBER($report, useGrouping: 0) } wurde schon erledigt
report-reason-missing = Sag, warum du meldest: einer von { $named }

## Turniere.

tournament-sign-in-create = Melde dich an, um ein Turnier anzulegen
tournament-sign-in-join = Melde dich an, um an einem Turnier teilzunehmen
tournament-creator-sign-in = Nur eine angemeldete Person kann als Veranstalter mitspielen
tournament-player-once = Eine Person kann nur einmal an einem Turnier teilnehmen
tournament-entrants-range = Ein Turnier hat 2 bis { $most } Teilnehmende
tournament-start-within-year = Ein Turnier beginnt innerhalb eines Jahres
tournament-clock-missing = Die Partien eines Turniers brauchen eine Uhr (seconds_per_turn oder ein Zeitkonto), damit jede Runde endet
tournament-title-not-two-player = { $title } hat keine Partien zu zweit, und Turniere spielen nur solche
tournament-busy = Das Turnier ändert sich gerade; versuche es noch einmal
tournament-entrant-both = Teilnehmer { $number } ist ein Bot oder eine Person, nicht beides
tournament-entrant-other-player = Du kannst dich selbst und Bots anmelden, keine anderen Personen
tournament-entrant-player-id = Teilnehmer { $number }: „{ $player }“ ist keine Spieler-ID (p- und 32 Hexadezimalziffern)
tournament-entrant-missing = Gib an, wer Teilnehmer { $number } ist: die Stärke eines Bots oder eine Spieler-ID
tournament-started = Dieses Turnier hat begonnen: Anmeldungen sind geschlossen
tournament-joined-already = Du nimmst schon an diesem Turnier teil
tournament-full = Dieses Turnier ist voll ({ $most } Teilnehmende)
tournament-format-missing = Wähle einen Modus: Schweizer System oder Jeder gegen jeden
tournament-swiss-rounds-range = Ein Turnier im Schweizer System mit { $count } Teilnehmenden hat 1 bis { $most } Runden
tournament-swiss-rounds-promise = Die Auslosung kann { $count } Teilnehmenden keine { $rounds } Runden im Schweizer System ohne Wiederholung zusagen; wähle { $fewer } oder weniger, oder spiele Jeder gegen jeden

## Warteschlangen.

queue-sign-in-to-be-matched = Melde dich an, um Gegner zugeteilt zu bekommen: Sende dein Spieler-Token als „authorization: Bearer <token>“ (ein Platz-Token steht für einen Platz, nicht für eine Person)
queue-streams-most = Du verfolgst deine Tickets hier schon in { $most } Streams; schließe einen
queue-days-live = days_per_turn gilt nur für eine Warteschlange für Fernpartien (PACE_TURN_BASED)
queue-days-missing = Eine Warteschlange für Fernpartien braucht days_per_turn: die Tage pro Zug
queue-rating-unavailable = Deine Wertung kann gerade nicht gelesen werden, darum kannst du keinen Gegnern zugeteilt werden; versuche es noch einmal
queue-player-count = { $title } wird von { $least } bis { $most } Personen gespielt, nicht von { $players }
queue-days-offered = In einer Warteschlange für Fernpartien hat ein Zug { $offered } Tage, nicht { $days }
queue-turn-based-ticket-gone = Dein Ticket für Fernpartien in { $title } wartet nicht mehr: Du hast es zurückgezogen, oder es wurde zugeteilt und woanders übergeben (deine laufenden Partien zeigen sie); stelle dich neu an, um auf eine weitere zu warten
queue-ticket-gone = Du stehst nicht mehr in der Warteschlange für { $title }: Du hast sie verlassen, oder kein Stream hat dein Ticket { $grace } s lang verfolgt; stelle dich neu an
queue-waiting-elsewhere = Du wartest schon in der Warteschlange für { $title } zu { $players } Personen{ $days ->
        [0] {""}
        [one] {" "}(Fernpartie, { $days } Tag pro Zug)
       *[other] {" "}(Fernpartie, { $days } Tage pro Zug)
    }; verlasse sie zuerst
queue-being-matched = Dein Ticket wird gerade zugeteilt; versuche es gleich noch einmal
queue-match-lost = Deine Partie ist nicht mehr zu finden; stelle dich neu an
queue-match-over = Deine Partie ist vorbei; stelle dich neu an
queue-match-went-on = Deine Partie { $match } ist vorbei oder ging ohne dich weiter{ $pace ->
        [live] {" "}(ein Platz, der nicht binnen { $grace } s eingenommen wird, verfällt)
       *[turn-based] {""}
    }; stelle dich neu an
queue-matched-already = Du wurdest schon zugeteilt (Partie { $match }); gib stattdessen dort auf

## Benachrichtigungen.

notice-push-endpoint-https = Ein Push-Endpunkt ist eine https://-URL eines Push-Dienstes
notice-push-endpoint-too-long = Dieser Push-Endpunkt ist zu lang
notice-push-keys-missing = Ein Push-Abonnement braucht seine Schlüssel (p256dh und auth)
notice-confirm-link-invalid = Dieser Bestätigungslink ist nicht (mehr) gültig
notice-unsubscribe-link-invalid = Dieser Abmeldelink ist nicht (mehr) gültig
notice-reminder-hours = Eine Erinnerung kommt { $choices } Stunden vor einer Frist, nicht { $hours }
notice-time-zone-unknown = Unbekannte Zeitzone „{ $zone }“: Nenne eine wie „Europe/Berlin“
notice-quiet-hours-range = Ruhezeiten beginnen und enden 0 bis 1439 Minuten nach Mitternacht
notice-per-hour-range = Höchstens { $least } bis { $most } Benachrichtigungen pro Stunde und Kanal
notice-digest-range = Eine E-Mail-Zusammenfassung sammelt { $least } bis { $most } Minuten an Benachrichtigungen
notice-email-invalid = „{ $email }“ ist keine E-Mail-Adresse
notice-webhook-https = Eine Webhook-URL ist eine https://-URL

## Das Gateway selbst.

gateway-authorization-not-utf8 = Der Header authorization ist kein UTF-8-Text: Sende das Token genau so, wie du es bekommen hast
gateway-header-name-not-utf8 = Der Name eines Headers ist kein UTF-8-Text
gateway-header-not-utf8 = Der Header { $header } ist kein UTF-8-Text
gateway-too-many-calls = Zu viele Aufrufe von { $kind ->
        [token] diesem Token
       *[address] dieser Adresse
    }: versuche es in { $retry_ms } ms wieder
gateway-watchers-full = Dieses Gateway bedient so viele Zuschauende, wie es kann; versuche es in einer Minute wieder
gateway-address-watch-most = Diese Adresse verfolgt über dieses Gateway schon { $most } Streams; schließe zuerst einen
gateway-stopping = Das Gateway wird beendet; schau noch einmal zu
gateway-match-server-unreachable = Der Partieserver ist seit { $seconds } s nicht erreichbar; schau noch einmal zu
gateway-watch-time-limit = Das Zuschauen hat sein Zeitlimit erreicht; schau noch einmal zu

## Die Abmeldeseite jeder E-Mail.

gateway-unsubscribe-title = Abmelden
gateway-unsubscribe-question = Keine E-Mails mehr von Playhall an deine Adresse?
gateway-unsubscribe-button = Abmelden
gateway-unsubscribe-done = Abgemeldet: Playhall schickt keine E-Mails mehr an diese Adresse.
gateway-unsubscribe-no-token = Dieser Link enthält kein Token.
gateway-unsubscribe-too-many = Zu viele Anfragen; versuche es gleich noch einmal.
