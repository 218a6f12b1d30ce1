## Benachrichtigungen (playhall.notifications): Posteingang, Web-Push, E-Mail und Webhooks.
## Die Argumente kommen für den Leser geschrieben: $game der Name eines Spiels, $others die
## Namen der Gegner als Liste, $count wie viele Gegner, $left eine Dauer („3 Stunden“),
## $due_in eine Dauer ab jetzt („in 3 Stunden“), $due und $until Datum und Uhrzeit, $before,
## $after und $change Wertungen.

notice-your-opponents = Deine Gegner
notice-your-turn-title = Du bist am Zug: { $game }
notice-your-turn-body = { $others } { $count ->
        [one] wartet
       *[other] warten
    } auf deinen Zug.
notice-your-turn-body-due = { $others } { $count ->
        [one] wartet
       *[other] warten
    } auf deinen Zug. Du hast noch { $left }.
notice-deadline-title = Noch { $left } in { $game }
notice-deadline-body = Dein Zug gegen { $others } ist { $due_in } fällig ({ $due }).
notice-match-ended-title = { $game } gegen { $others }: { $result ->
        [won] du hast gewonnen
        [lost] du hast verloren
       *[none] kein Sieger
    }
notice-match-ended-body = { $reason ->
        [game-over] Die Partie ist zu Ende.
        [resignation] Jemand hat aufgegeben.
        [timeout] Jemandem ist die Zeit abgelaufen.
        [abandoned] Lange hat niemand gezogen.
       *[other] Die Partie ist beendet.
    }
notice-match-ended-body-rated = { $reason ->
        [game-over] Die Partie ist zu Ende.
        [resignation] Jemand hat aufgegeben.
        [timeout] Jemandem ist die Zeit abgelaufen.
        [abandoned] Lange hat niemand gezogen.
       *[other] Die Partie ist beendet.
    } Deine Wertung: { $before } → { $after } ({ $change }).
notice-you-left-title = Du hast die Partie { $game } verlassen
notice-seat-left-title = { $leaver } hat die Partie { $game } verlassen
notice-seat-left-body = Ein Bot spielt den Platz weiter.
notice-round-paired-title = Deine Turnierpartie in { $game } ist bereit
notice-ticket-matched-title = Gegner gefunden: { $game }
notice-you-play = Du spielst gegen { $others }.
notice-challenge-received-title = { $from } fordert dich zu { $game } heraus
notice-challenge-received-body = Eine { $pace ->
        [turn-based] { $days ->
            [0] Fernpartie
            [one] Fernpartie ({ $days } Tag pro Zug)
           *[other] Fernpartie ({ $days } Tage pro Zug)
        }
       *[live] Live-Partie
    }. Nimm sie bis { $until } in deinen Herausforderungen an oder lehne sie ab.
notice-challenge-accepted-title = { $by } hat deine Herausforderung angenommen
notice-challenge-accepted-body = Deine Partie { $game } hat begonnen.
notice-challenge-declined-title = { $by } hat deine Herausforderung abgelehnt
notice-challenge-declined-body = { $game }: { $reason ->
        [too_fast] zu schnell für sie
        [too_slow] zu langsam für sie
        [not_this_title] lieber ein anderes Spiel
        [later] jetzt nicht, vielleicht später
        [no_rated_games] spielt gerade keine gewerteten Partien
       *[other] ohne Angabe von Gründen
    }.
notice-moderation-deleted-title = Ein Moderator hat eine deiner Nachrichten gelöscht
notice-moderation-muted-title = Ein Moderator hat dich bis { $until } im Chat stummgeschaltet
notice-moderation-ended-title = Ein Moderator hat deine Teilnahme an { $matches ->
        [one] einer Partie
       *[other] { $matches } Partien
    } als abgebrochen beendet
notice-moderation-body = Grund: { $reason }

## E-Mail (playhall.notifications.mail).

notice-mail-open = Zur Partie: { $link }
notice-mail-why = Du bekommst diese Mail, weil du Playhall diese Adresse für Benachrichtigungen gegeben hast.
notice-mail-unsubscribe = Keine Mails mehr von Playhall: { $link }
notice-mail-digest-subject = Playhall: { $count ->
        [one] { $count } Benachrichtigung
       *[other] { $count } Benachrichtigungen
    }
notice-mail-digest-heading = { $count ->
        [one] { $count } Benachrichtigung
       *[other] { $count } Benachrichtigungen
    } von Playhall:
notice-mail-confirm-subject = Bestätige deine E-Mail-Adresse für Playhall
notice-mail-confirm-body =
    Jemand, hoffentlich du, hat Playhall gebeten, Benachrichtigungen über seine Partien an { $address } zu schicken.

    Bestätige diese Adresse: { $link }

    Bis sie bestätigt ist, schickt Playhall ihr nichts anderes. Warst du es nicht, dann ignoriere diese Mail.

## Benachrichtigungseinstellungen abgelehnt.

notice-language-unknown = Playhall spricht { $offered }, nicht „{ $language }“: Wähle eine davon oder keine, um der Sprache des Browsers zu folgen
