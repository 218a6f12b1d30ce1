## Der Terminal-Client `playhall` (services/playhall/cli): was er ausgibt. Befehle, Optionen und
## Werte, die man tippt (playhall move MATCH_ID, --to SEAT, 'board', 'resign'), bleiben wie getippt.

## Anmelden, und das Gateway.
cli-sign-in-first = melde dich zuerst an: playhall login --guest NAME, oder --token TOKEN
cli-gateway-unreachable = das Gateway unter { $gateway } ist nicht erreichbar (läuft es?)
cli-sign-in-refused = deine Anmeldung wurde abgelehnt ({ $reason }): melde dich mit playhall login neu an
cli-no-guest-sign-in = dieses Gateway hat keine Gast-Anmeldung: melde dich mit --token vom Identitätsanbieter deines Portals an
cli-login-say-who = sag, wer du bist: --guest NAME, oder --token TOKEN
cli-signed-in = Angemeldet als { $name } ({ $player }); gespeichert in { $path }
cli-signed-out = Abgemeldet.
cli-nobody-signed-in = Niemand war angemeldet.

## Bot-Stufen, wie `--bots` sie nimmt.
cli-bot-level-unspecified = unbestimmt
cli-bot-level-random = zufällig
cli-bot-level-easy = leicht
cli-bot-level-normal = normal
cli-bot-level-hard = schwer
cli-unknown-bot-level = unbekannte Bot-Stufe '{ $level }'; Stufen: { $levels }

## Züge und der Zug am Platz. $count ist eine Zahl erlaubter Züge.
cli-move-not-protobuf = ({ $size } { $size ->
        [one] Byte, das keine Protobuf-Nachricht ist
       *[other] Bytes, die keine Protobuf-Nachricht sind
    })
cli-move-empty = (ein leerer Zug)
cli-choice-not-taken = kein Zug gespielt: { $choice } wurde nicht angenommen (warum, steht oben)
cli-moves-too-many = { $count } erlaubte Züge: tippe einen Teil eines Zuges, um sie einzugrenzen.
cli-your-move = Dein Zug
cli-your-turn = Du bist dran
cli-move-help = Tippe die Nummer eines Zuges, oder Wörter, um die Liste einzugrenzen (z. B. einen Teil eines Zuges), 'board', um das Brett noch einmal zu sehen, 'resign', um aufzugeben.
cli-no-such-move = Es gibt keinen Zug { $choice }: wähle { $first } bis { $count }.
cli-no-move-matches = Kein erlaubter Zug passt zu '{ $words }'; wieder alle { $count }.
cli-you-resigned = Du hast aufgegeben.
cli-refused = Abgelehnt:
cli-you-played = Du hast { $move } gespielt (Version { $version }).
cli-bot-plays-your-seat = Ab jetzt spielt ein Bot deinen Platz.
cli-still-your-turn = Du bist noch dran: playhall move { $match }

## Uhren. $bank, $back, $time und $left sind Zeitspannen („2 Tg., 5 Std.“).
cli-no-clock = keine Uhr
cli-clock-bank = ein Zeitkonto von { $bank }
cli-clock-bank-increment = ein Zeitkonto von { $bank }, { $back } zurück pro Zug
cli-clock-per-turn = { $time } pro Zug
cli-timeout-forfeit = die Partie verloren
cli-timeout-bot-move = ein Zug des Bots
cli-pace-live = live
cli-pace-turn-based = Fernpartie
## $pace, $kind und $late: die drei Texte oben.
cli-clock = { $pace }, { $kind }; Zeit abgelaufen: { $late }
## Der Name eines Spiels und seine Uhr.
cli-clock-of = { $game }: { $clock }.
cli-time-left-this-turn = (Zeit für diesen Zug: noch { $left })
cli-time-in-bank = { $name } hat { $bank } auf dem Zeitkonto
cli-time-left-turn = { $name } hat für diesen Zug noch { $left }
cli-time-stands-away = { $name }: die Uhr steht still während der Abwesenheit
cli-time-not-to-move = { $name } ist nicht am Zug
cli-gave-time = Du hast { $name } in Partie { $match } { $time } gegeben: { $now }.
cli-say-which-seat = sag, welcher Platz die Zeit bekommt: --to SEAT (Plätze: { $seats })

## Plätze. $until ist ein Tag („9. Dez.“).
cli-seat-bot-account = { $name } (Bot)
cli-seat-house-bot = Platz { $seat } (Bot: { $level })
cli-seat-number = Platz { $seat }
cli-seat-away = { $name } (abwesend bis { $until })
cli-away-clocks = { $seats }: { $count ->
        [one] die Uhr steht
       *[other] die Uhren stehen
    } still.
cli-seat-taken-elsewhere = dein Platz wurde anderswo eingenommen (ein anderes Gerät oder Terminal), dieses spielt ihn nicht mehr; playhall resume { $match } holt ihn zurück
cli-nobody = niemand
cli-to-move = { $names } am Zug
cli-to-move-time-left = { $names } am Zug (noch { $left })
## Ein Satz: der Text und ein Punkt.
cli-sentence = { $text }.

## Was sich in einer Partie ändert, während man ihr folgt.
cli-change-abandoned = die Partie wurde abgebrochen
cli-change-server-moved = der Server hat gezogen
cli-change-time-out = die Zeit ist abgelaufen
cli-change-time-out-bots-play = die Zeit ist abgelaufen; ab jetzt spielt ein Bot die verspäteten Plätze
cli-change-moved = { $name } hat gezogen
cli-change-resigned = { $name } hat aufgegeben
cli-change-resigned-bot-plays = { $name } hat aufgegeben; ab jetzt spielt ein Bot den Platz
cli-change-joined = { $name } ist beigetreten
cli-change-handover = { $name } hat den Platz wieder eingenommen (eine Übergabe: ein neuer Token hält ihn)
cli-change-version = { $change } (Version { $version })
cli-version = Version { $version }

## Das Ende einer Partie. $game ist der Name des Spiels.
cli-results-finished = { $game } { $match }: beendet
cli-results-draw = { $game } { $match }: beendet, unentschieden
cli-results-abandoned = { $game } { $match }: abgebrochen
cli-outcome-resigned = aufgegeben
cli-outcome-draw = unentschieden
cli-outcome-winner = Sieger
cli-outcome-no-winner = kein Sieger
cli-outcome-you-won = du hast gewonnen
cli-outcome-you-lost = du hast verloren
cli-stopped-match-goes-on = angehalten; die Partie geht ohne dich weiter (die Uhr deines Platzes läuft weiter): playhall resume { $match } nimmt deinen Platz wieder ein
cli-left-match-bot-plays = Du hast die Partie { $match } verlassen; ab jetzt spielt ein Bot deinen Platz.

## Partien anlegen, ihnen beitreten, Plätze wieder einnehmen. $title ist die Kennung eines Spiels, wie Befehle sie nehmen.
cli-turn-based-sign-in = eine Fernpartie dauert Tage: { $sign_in }
cli-match-created = Partie { $match } angelegt; du hast Platz { $seat }.
cli-waiting-for-players = Warte auf { $count } { $count ->
        [one] weiteren Spieler
       *[other] weitere Spieler
    }: playhall join { $match }
cli-your-move-time-left = Du bist am Zug (noch { $left }): playhall move { $match }
cli-your-move-next = Du bist am Zug: playhall move { $match }
## $who: wer am Zug ist (cli-to-move).
cli-others-move-next = { $who }; playhall games --my-turn zeigt die Partien, die auf dich warten.
cli-seat-yours-again = Partie { $match } ({ $title }): dein Platz { $seat } gehört wieder dir.
cli-joined = Du bist der Partie { $match } ({ $title }) auf Platz { $seat } beigetreten.
cli-no-seat-in-match = du hast keinen Platz in Partie { $match }
cli-match-over = Partie { $match } ist vorbei: playhall watch { $match } zeigt ihr Ende
cli-match-not-begun = Partie { $match } hat noch nicht begonnen: { $next }
cli-match-not-running = Partie { $match } läuft nicht
cli-not-your-turn = du bist in Partie { $match } nicht am Zug: { $who }
cli-stopped-no-move = angehalten; kein Zug gespielt: playhall move { $match }, wenn du so weit bist
cli-turn-ended-first = kein Zug gespielt: dein Zug in Partie { $match } war vorher zu Ende
cli-name-the-match = nenne die Partie: du hast { $count } laufende ({ $matches })
cli-no-running-match = du hast keine laufende Partie zum Fortsetzen
cli-watch-unknown-title = dieser Client kennt die Nachrichten des Spiels '{ $title }' nicht und kann sie nicht ausgeben

## Die Warteschlange. $waited und $bots_in sind Sekunden; $rating und $window Wertungen.
cli-queue-waiting = Warte seit { $waited } s auf Spieler mit Wertung { $rating } ± { $window } ({ $queued } in der Schlange)
cli-queue-waiting-bots = { $waiting }; Bots kommen in { $bots_in } s dazu
cli-left-queue = Du hast die Schlange verlassen.
cli-in-no-queue = Du warst in keiner Schlange von { $title }.
cli-entering-queue = Du stellst dich in die Schlange…
cli-turn-based-ticket-waits = Dein Platz in der Schlange für eine Fernpartie ({ $days ->
        [one] { $days } Tag
       *[other] { $days } Tage
    } pro Zug) wartet ohne diesen Befehl: sobald du gepaart bist, steht die Partie bei deinen Partien (playhall games --my-turn); playhall queue { $title } --leave nimmt ihn heraus.
cli-queue-ended-without-seat = die Schlange endete ohne Platz; stell dich noch einmal an
cli-stopped-ticket-waits = angehalten; dein Platz in der Schlange für die Fernpartie wartet weiter
cli-stopped-left-queue = du hast die Schlange verlassen
cli-matched = Gepaart nach { $waited } s: Partie { $match }, du hast Platz { $seat }
cli-matched-with-bots = Gepaart nach { $waited } s: Partie { $match }, du hast Platz { $seat } ({ $bots } { $bots ->
        [one] Bot-Platz
       *[other] Bot-Plätze
    })

## Urlaub. $left ist eine Zeitspanne, $until Tag und Uhrzeit.
cli-away-days-left = Abwesenheitstage, die dir dieses Jahr bleiben: { $left }.
cli-away-days-left-after = Abwesenheitstage, die dir dieses Jahr bleiben: { $left } nach diesem Urlaub (mehr, wenn du früher zurückkommst).
cli-not-away = Du bist nicht abwesend: playhall away DAYS hält die Uhren deiner Fernpartien für DAYS Tage an.
cli-away-until = Du bist abwesend bis { $until }: die Uhren deiner Fernpartien stehen still, bis du zurückkommst (playhall back).
cli-away-already = Du warst schon abwesend; die Tage bleiben, wie sie waren (playhall back, dann playhall away DAYS, ändert sie).
cli-welcome-back = Willkommen zurück: die Uhren deiner Fernpartien laufen wieder.
cli-were-not-away = Du warst nicht abwesend.

## Der Posteingang und die Ereignisse des Kontos. $title ist die Kennung eines Spiels, $due Tag und Uhrzeit.
cli-no-notices = Keine Nachrichten.
cli-no-unread-notices = Keine ungelesenen Nachrichten.
cli-unread = { $count } ungelesen.
cli-all-read = Alles gelesen.
cli-event-challenge-received = Herausforderung von { $name }: { $title } ({ $challenge }; playhall challenge accept { $challenge })
cli-event-challenge-accepted = Herausforderung { $challenge } angenommen
cli-event-challenge-declined = Herausforderung { $challenge } abgelehnt
cli-event-challenge-withdrawn = Herausforderung { $challenge } zurückgezogen
cli-event-challenge-answered = Herausforderung { $challenge } beantwortet
cli-event-match-runs = Partie { $match } ({ $title }) läuft: dein Platz { $seats }
cli-event-your-turn = du bist am Zug in Partie { $match }
cli-event-your-turn-due = du bist am Zug in Partie { $match }, fällig { $due }
## $outcome: cli-outcome-no-winner, -you-won oder -you-lost.
cli-event-match-ended = Partie { $match } beendet: { $outcome }

## Chat.
cli-chat-deleted = (von der Moderation gelöscht)
cli-chat-room-players = Spieler
cli-chat-room-spectators = Zuschauer
cli-no-messages = Keine Nachrichten.
cli-muted = { $player } stummgeschaltet.
cli-unmuted = { $player } nicht mehr stummgeschaltet.
cli-muted-nobody = Du hast niemanden stummgeschaltet.

## Listen von Partien, Wertungen und Turnieren.
cli-running-matches = Deine laufenden Partien
cli-no-running-matches = Keine laufenden Partien.
cli-resume-hint = Einen Platz wieder einnehmen: playhall resume MATCH_ID
cli-no-match-waits = Keine Partie wartet auf dich.
cli-matches-wait = { $count ->
        [one] { $count } Partie wartet
       *[other] { $count } Partien warten
    } auf dich. Spiel eine: playhall move MATCH_ID
cli-matches-wait-listed = { $count ->
        [one] { $count } Partie wartet
       *[other] { $count } Partien warten
    } auf dich ({ $listed } aufgeführt). Spiel eine: playhall move MATCH_ID
cli-leaderboard = { $game }: Rangliste
cli-provisional = vorläufig
cli-nobody-rated = In diesem Spiel hat noch niemand eine Wertung.
cli-tournament-two-levels = ein Turnier braucht mindestens zwei verschiedene Stufen, z. B. --bots easy,normal
cli-round-robin = { $game }: { $count } { $count ->
        [one] Partie
       *[other] Partien
    }
cli-unknown-format = unbekanntes Format '{ $format }'; Formate: { $formats }
cli-tournament-created = Turnier { $tournament }: { $name }, { $rounds } { $rounds ->
        [one] Runde
       *[other] Runden
    }
cli-tournament-page = Seine Seite: { $url }
## $phase: eine der Phasen unten.
cli-standings-heading = { $name }: Runde { $round } von { $rounds }, { $phase }
cli-tournament-phase-unspecified = unbestimmt
cli-tournament-phase-scheduled = geplant
cli-tournament-phase-running = läuft
cli-tournament-phase-finished = beendet

## Freunde.
cli-circle-friends = Deine Freunde
cli-circle-following = Spieler, denen du folgst
cli-circle-followers = Deine Follower
cli-circle-blocked = Spieler, die du blockierst
cli-circle-empty-friends = Keine Freunde.
cli-circle-empty-following = Du folgst niemandem.
cli-circle-empty-followers = Keine Follower.
cli-circle-empty-blocked = Du blockierst niemanden.
cli-online = ja
cli-following = Du folgst { $player }.
cli-following-friends = Du folgst { $player }: ihr seid Freunde.
cli-unfollowed = Du folgst { $player } nicht mehr.
cli-blocked = Du blockierst { $player }.
cli-unblocked = Du blockierst { $player } nicht mehr.

## Herausforderungen. $game ist der Name eines Spiels, $title seine Kennung, $until Tag und Uhrzeit.
cli-challenge-state-unspecified = unbestimmt
cli-challenge-state-open = offen
cli-challenge-state-accepted = angenommen
cli-challenge-state-declined = abgelehnt
cli-challenge-state-withdrawn = zurückgezogen
cli-challenge-state-expired = abgelaufen
cli-decline-reason-unspecified = ohne Grund
cli-decline-reason-too-fast = zu schnell
cli-decline-reason-too-slow = zu langsam
cli-decline-reason-not-this-title = nicht dieses Spiel
cli-decline-reason-later = später
cli-decline-reason-no-rated-games = keine gewerteten Partien
cli-decline-reason-other = anderes
cli-challenge-declined-because = { $state } ({ $reason })
cli-anyone = jeder
cli-anyone-in-lobby = jeden (in der Lobby aufgeführt)
cli-challenge-terms = { $game }, { $seats } Plätze, { $clock }
cli-challenge-say-whom = sag, wen du herausforderst: eines von --to PLAYER_ID, --anyone oder --bot LEVEL
cli-bot-match-begun = Partie { $match } gegen den Bot begonnen; du hast Platz { $seat }.
cli-play-it = Spiel sie: playhall resume { $match }
cli-challenge-sent = Herausforderung { $challenge } an { $whom } geschickt; sie wartet bis { $until }.
cli-no-challenges = Keine Herausforderungen.
cli-your-challenges = Deine Herausforderungen
cli-no-open-challenges = Keine offenen Herausforderungen.
cli-open-challenges = Offene Herausforderungen
cli-match-begun = Partie { $match } ({ $title }) begonnen; du hast Platz { $seat }.
cli-declined = Du hast die Herausforderung { $challenge } abgelehnt ({ $reason }).
cli-withdrew = Du hast die Herausforderung { $challenge } zurückgezogen.

## Persönliche Zugangstoken.
cli-token-made = Token { $token } ({ $name }): { $scopes }
cli-token-secret = Sein Geheimnis, nur dieses eine Mal gezeigt (schick es als 'authorization: Bearer <secret>'):
cli-no-tokens = Keine Token.
cli-never = nie
cli-token-revoked = Token { $token } ist widerrufen.

## Spalten der Tabellen.
cli-column-seat = Platz
cli-column-player = Spieler
cli-column-score = Punkte
cli-column-when = wann
cli-column-notice = Nachricht
cli-column-match = Partie
cli-column-title = Spiel
cli-column-your-seats = deine Plätze
cli-column-version = Version
cli-column-opponents = Gegner
cli-column-time-left = Restzeit
cli-column-rank = Rang
cli-column-rating = Wertung
cli-column-matches = Partien
cli-column-level = Stufe
cli-column-games = Partien
cli-column-wins = Siege
cli-column-draws = Remis
cli-column-losses = Niederlagen
cli-column-entrant = Teilnehmer
cli-column-points = Punkte
cli-column-buchholz = Buchholz
cli-column-sonneborn-berger = Sonneborn-Berger
cli-column-name = Name
cli-column-player-id = Spieler-ID
cli-column-online = online
cli-column-challenge = Herausforderung
cli-column-from = von
cli-column-to = an
cli-column-state = Stand
cli-column-expires = läuft ab
cli-column-id = ID
cli-column-starts = beginnt mit
cli-column-scopes = Rechte
cli-column-made = erstellt
cli-column-last-used = zuletzt benutzt

## Hilfetexte der Befehle und ihrer Optionen (playhall --help, playhall play --help).
cli-help-lang = Die Sprache: en, de oder fa; Standard: die, die LC_ALL, LC_MESSAGES oder LANG nennt, sonst Englisch.
cli-help-app = Spiele die Brettspiele von Playhall im Terminal, über ein Playhall-Gateway.
cli-help-tournament = Turniere: die der Plattform (create, standings) und Rundenturniere von Bots auf diesem Rechner (run).
cli-help-friends = Spieler, denen du folgst, deine Follower und Freunde (gegenseitig), und Spieler, die du blockierst. Melde dich zuerst an.
cli-help-chat = Der Chat einer Partie: lesen, etwas sagen, einen Spieler für dich stummschalten. Melde dich zuerst an.
cli-help-challenge = Herausforderungen: lade einen Spieler, jeden (die offenen Herausforderungen der Lobby) oder einen Bot zu einer Partie ein; beantworte die Herausforderungen an dich. Melde dich zuerst an (außer, um offene Herausforderungen aufzulisten).
cli-help-token = Persönliche Zugangstoken, für deine eigenen Programme (einen Bot): erstelle eines mit den nötigen Rechten, liste deine auf, widerrufe eines. Melde dich zuerst an (ein Token kann keine Token verwalten).
cli-help-gateway = Die URL des Gateways, oder host:port (`make run` startet eines).
cli-help-token-option = Ein Spieler-Token (ein JWT vom Identitätsanbieter deines Portals); Standard: das, das `playhall login` gespeichert hat.
cli-help-title = Die Kennung des Spiels: galileo, eynsteyn, inventors, einstein.
cli-help-json = JSON für Skripte ausgeben.
cli-help-login = Melde dich an (als Gast oder mit einem Spieler-Token) und speichere es für die anderen Befehle.
cli-help-login-guest = Als neuer Gast mit diesem Namen anmelden (Entwicklungsumgebungen).
cli-help-logout = Die gespeicherte Anmeldung vergessen.
cli-help-play = Spiel eine Partie gegen Bots, oder gegen Spieler, die beitreten (--open): das Brett, deine nummerierten erlaubten Züge und die Uhr. Als Fernpartie (--turn-based oder --bank) wird die Partie angelegt und der Befehl endet: playhall move spielt einen Zug, wenn du dran bist.
cli-help-play-bots = Die Stufen der Bot-Gegner, durch Kommas getrennt (random, easy, normal, hard); Standard: normal, oder keine mit --open.
cli-help-play-open-seats = Plätze, die für andere Spieler frei bleiben (playhall join MATCH_ID).
cli-help-play-turn-based = Als Fernpartie spielen: DAYS Tage für jeden Zug (1, 2, 3, 5, 7 oder 14); der Befehl endet dann, und playhall move MATCH_ID spielt deine Züge. Melde dich zuerst an.
cli-help-play-bank = Stattdessen als Fernpartie mit Zeitkonto spielen: DAYS Tage (1 bis 30) je Platz für alle seine Züge.
cli-help-play-bank-increment = Mit --bank: Tage, die nach jedem Zug zurückgegeben werden (nie mehr als der Anfangsstand des Kontos).
cli-help-play-on-timeout = Fernpartie: was passiert, wenn die Zeit eines Platzes abläuft.
cli-help-name = Dein Name, wenn du nicht angemeldet bist.
cli-help-queue = Werde mit Spielern deiner Stärke gepaart (Bots nehmen die Plätze, die niemand rechtzeitig nimmt), dann spiel die Partie. Melde dich zuerst an. Mit --json: die Meldungen der Schlange als JSON-Zeilen, zuletzt der Platz (mit seinem Token), und kein Spiel. Mit --turn-based: wo dein Platz in der Schlange steht, oder die Partie, sobald gepaart, und der Befehl endet (playhall move spielt deine Züge).
cli-help-queue-players = Spieler pro Partie (Standard: die kleinste Zahl des Spiels).
cli-help-queue-turn-based = Für eine Fernpartie anstellen, DAYS Tage pro Zug (1, 2, 3, 5, 7 oder 14): dein Platz in der Schlange wartet ohne diesen Befehl, bis du gepaart bist (die Partie steht dann bei deinen Partien) oder die Schlange verlässt (--leave).
cli-help-queue-leave = Deinen Platz aus der Schlange des Spiels nehmen.
cli-help-resume = Nimm deinen Platz in einer laufenden Partie wieder ein und spiel weiter: eine Turnierpartie, eine mit Strg-C verlassene Partie, eine auf einem anderen Gerät begonnene (dessen Platz-Token dann nicht mehr spielt). Melde dich zuerst an.
cli-help-resume-match-id = Die Kennung der Partie (`playhall games` zeigt deine); Standard: deine einzige laufende Partie.
cli-help-seat = Dein Platz, wenn du mehr als einen hast.
cli-help-join = Nimm einen freien Platz in einer Partie, die jemand anders angelegt hat (playhall play --open): eine Live-Partie wird hier bis zum Ende gespielt; einer Fernpartie trittst du bei und verlässt sie (playhall move spielt deine Züge; melde dich zuerst an).
cli-help-join-match-id = Die Kennung der Partie, die dir ihr Ersteller gegeben hat.
cli-help-join-seat = Der freie Platz, den du nimmst; Standard: der niedrigste.
cli-help-move = Spiel einen Zug in einer Partie und geh (Fernpartie): dein Platz wieder eingenommen, das Brett, deine nummerierten erlaubten Züge; der gewählte Zug (oder --choice) wird gespielt, und der Befehl endet, ohne zuzuschauen. Endet mit 1, wenn du nicht dran bist. Melde dich zuerst an.
cli-help-move-match-id = Die Kennung der Partie (playhall games --my-turn zeigt die, die auf dich warten).
cli-help-move-choice = Den N-ten erlaubten Zug der Liste (ab 1) spielen, ohne zu fragen.
cli-help-give-time = Gib einem anderen Platz einer Fernpartie mehr Zeit, einmal pro Zug und höchstens einen Tag: auf sein Zeitkonto, oder, mit einer Zeit pro Zug, dem Platz am Zug, solange du es nicht bist. Zeigt die Zeit, die er jetzt hat. Melde dich zuerst an.
cli-help-match-id = Die Kennung der Partie.
cli-help-give-time-hours = Wie viel Zeit: 1 bis 24 Stunden.
cli-help-give-time-to-seat = Der Platz, der sie bekommt (eine Zahl); Standard: der Platz am Zug, wenn das ein einziger ist und nicht deiner.
cli-help-away = Geh in Urlaub: die Uhren deiner Plätze in allen Fernpartien stehen still (Live-Partien laufen weiter), und deine Gegner sehen dich abwesend, bis playhall back oder DAYS Tage vergangen sind. Ohne DAYS: ob du abwesend bist, und die Abwesenheitstage, die dir dieses Jahr bleiben. Melde dich zuerst an.
cli-help-away-days = Die Tage, die du höchstens weg bist (1 oder mehr; höchstens die Abwesenheitstage, die dir dieses Jahr bleiben); keine: ob du abwesend bist, und die verbleibenden Tage.
cli-help-back = Komm aus dem Urlaub zurück: die Uhren deiner Fernpartien laufen mit der Zeit weiter, die sie noch hatten; zeigt die Abwesenheitstage, die dir dieses Jahr bleiben. Melde dich zuerst an.
cli-help-notices = Dein Posteingang: was Playhall dir gesagt hat (du bist dran, eine Frist naht, eine Partie ist zu Ende...), das Neueste zuerst, mit der Zahl der ungelesenen. Melde dich zuerst an.
cli-help-notices-unread = Nur die noch nicht gelesenen.
cli-help-notices-read = Danach alle Nachrichten als gelesen markieren.
cli-help-notices-limit = Wie viele Nachrichten höchstens.
cli-help-events = Folge den Ereignissen deines Kontos bis Strg-C: Herausforderungen erhalten und beantwortet, Partien begonnen, deine Züge, Partien beendet (zuerst, was ansteht, außer --after setzt fort). Mit --json jedes Ereignis (auch Keep-alives) als Zeile, mit der Kennung zum Fortsetzen. Melde dich zuerst an (oder --token mit einem Zugangstoken mit events:read).
cli-help-events-after = Nach dieser Ereigniskennung fortsetzen (wie --json sie ausgibt): nichts wird zweimal gemeldet.
cli-help-player = Die Kennung des Spielers (wie `chat read` sie zeigt).
cli-help-chat-read = Die Nachrichten der Partie, die du lesen darfst, die ältesten zuerst: solange sie läuft, deinen eigenen Raum (den der Spieler, wenn du einen Platz hast, sonst den der Zuschauer); beide, wenn sie vorbei ist.
cli-help-chat-read-room = Nur ein Raum (Standard: jeder Raum, den du lesen darfst).
cli-help-chat-say = Sag etwas in einem Raum einer laufenden Partie.
cli-help-chat-say-text = Die Nachricht: eine Zeile.
cli-help-chat-say-room = players (du hast einen Platz) oder spectators (du hast keinen).
cli-help-chat-mute = Blende die Nachrichten eines Spielers aus, in jeder Partie (er erfährt es nicht).
cli-help-chat-unmute = Lass die Nachrichten eines stummgeschalteten Spielers wieder zu dir durch.
cli-help-chat-muted = Die Spieler, die du stummgeschaltet hast, die letzten zuerst.
cli-help-watch = Folge einer Partie als Zuschauer bis zu ihrem Ende: das Brett nach jeder Änderung.
cli-help-games = Deine laufenden Partien (melde dich zuerst an); mit --my-turn die, die auf dich warten, und die Zeit, die dir jede lässt.
cli-help-games-my-turn = Nur die Partien, die auf deinen Zug warten, die nächste Frist zuerst.
cli-help-ratings = Die Rangliste des Spiels.
cli-help-ratings-size = Wie viele Einträge.
cli-help-ratings-provisional = Auch vorläufige Wertungen aufführen.
cli-help-tournament-run = Ein Rundenturnier von Bot-Stufen: jede Paarung N Partien, ein Fortschrittsbalken und der Stand (ein Sieg 1, ein geteilter Sieg ein halber).
cli-help-tournament-run-bots = Die Bot-Stufen, die gegeneinander spielen, durch Kommas getrennt.
cli-help-tournament-run-games = Partien pro Paarung (die Plätze jede Partie getauscht).
cli-help-tournament-run-parallel = Gleichzeitig gespielte Partien.
cli-help-tournament-run-seed = Startwert der Partien (wo die Umgebung Startwerte annimmt).
cli-help-tournament-create = Lege ein Turnier auf der Plattform an, das jetzt beginnt (braucht eine Anmeldung); seine Seite ist /tournaments.html?id=<id> im Portal.
cli-help-tournament-create-title = Die Kennung des Spiels (seine Partien zu zweit).
cli-help-tournament-create-bots = Ein Bot als Teilnehmer pro aufgeführter Stufe, durch Kommas getrennt.
cli-help-tournament-create-enter = Auch selbst teilnehmen (angemeldet).
cli-help-tournament-create-format = swiss oder round-robin.
cli-help-tournament-create-rounds = Runden nach Schweizer System.
cli-help-tournament-create-name = Der Name des Turniers.
cli-help-tournament-create-turn-seconds = Die Zuguhr jeder Partie; ein Bot zieht für einen verspäteten Platz.
cli-help-tournament-create-turn-based = Die Partien stattdessen als Fernpartien spielen: DAYS Tage pro Zug (1, 2, 3, 5, 7 oder 14); ein Bot zieht für einen verspäteten Platz.
cli-help-tournament-standings = Der Stand eines Turniers der Plattform (Punkte, Buchholz, Sonneborn-Berger).
cli-help-tournament-standings-tournament-id = Die Kennung des Turniers.
cli-help-tournament-standings-follow = Ihn nach jeder Änderung erneut ausgeben, bis zum Ende.
cli-help-other-player = Die Kennung des Spielers (p- und 32 Hex-Ziffern, wie `friends list` sie zeigt).
cli-help-friends-list = Deine Freunde (Spieler, denen du folgst und die dir folgen), die Spieler, denen du folgst, deine Follower, oder die Spieler, die du blockierst, nach Namen, mit wer online ist.
cli-help-friends-list-circle = Welche Liste.
cli-help-friends-follow = Einem Spieler folgen: sobald er dir auch folgt, seid ihr Freunde.
cli-help-friends-unfollow = Einem Spieler nicht mehr folgen.
cli-help-friends-block = Einen Spieler blockieren: keiner von euch folgt dem anderen, fordert ihn heraus oder chattet mit ihm, keiner sieht den anderen online, und die Paarung hält euch auseinander.
cli-help-friends-unblock = Die Blockierung eines Spielers aufheben.
cli-help-challenge-id = Die Kennung der Herausforderung.
cli-help-challenge-send = Fordere einen Spieler (--to), jeden (--anyone) oder einen Bot (--bot LEVEL) zu einer Partie von TITLE heraus, live, außer mit --turn-based.
cli-help-challenge-send-to = Die Kennung des Spielers (wie `friends list` sie zeigt).
cli-help-challenge-send-anyone = Offen für jeden: in der Lobby aufgeführt.
cli-help-challenge-send-bot = Sofort gegen einen Bot dieser Stufe spielen (random, easy, normal, hard).
cli-help-challenge-send-seats = Plätze der Partie; die nach dem zweiten sind Bots.
cli-help-challenge-send-bot-level = Die Stufe der Bots auf den Plätzen nach dem zweiten.
cli-help-challenge-send-turn-based = Fernpartie, DAYS Tage pro Zug (1, 2, 3, 5, 7, 14).
cli-help-challenge-send-min-karma = Mit --anyone: das Karma, das jemand zum Annehmen braucht.
cli-help-challenge-send-expires = Wie lange sie wartet (Standard: die des Servers).
cli-help-challenge-list = Deine Herausforderungen, gesendet und erhalten, die neuesten zuerst, mit ihrem Stand.
cli-help-challenge-open = Die offenen Herausforderungen der Lobby, die jeder annehmen kann (playhall challenge accept ID).
cli-help-challenge-open-title = Nur die dieses Spiels.
cli-help-challenge-accept = Eine Herausforderung annehmen: ihre Partie beginnt; eine Live-Partie wird hier bis zum Ende gespielt.
cli-help-challenge-decline = Eine Herausforderung an dich ablehnen, mit Grund.
cli-help-challenge-decline-reason = Warum; der Herausforderer erfährt es.
cli-help-challenge-withdraw = Deine Herausforderung zurückziehen, solange niemand sie beantwortet hat.
cli-help-token-create = Ein persönliches Zugangstoken erstellen; sein Geheimnis wird jetzt gezeigt und nie wieder.
cli-help-token-create-name = Wofür das Token ist (z. B. 'mein Bot').
cli-help-token-create-scopes = Ein Recht, das das Token hat; gib --scope für jedes einmal an.
cli-help-token-create-days = Wie viele Tage es gilt (0: es läuft nie ab).
cli-help-token-list = Deine nicht widerrufenen persönlichen Zugangstoken, die neuesten zuerst (nie ihre Geheimnisse).
cli-help-token-revoke = Eines deiner Token widerrufen: ab jetzt von jedem Server abgelehnt.
cli-help-token-revoke-token-id = Die Kennung des Tokens (`playhall token list`).
