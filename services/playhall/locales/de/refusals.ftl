## Ablehnungen der Partieverwaltung (playhall.common.errors), wie der Orchestrator und seine
## Nachbarn sie senden. Schlüssel und Argumente sind der Vertrag; die Sätze darfst du verbessern.

rules-service-unavailable = Der Regeldienst für { $title } ist nicht erreichbar; es wurde nichts geändert, bitte versuche es noch einmal

## Die Ablehnungen, die common/errors.py selbst formuliert.

match-not-found = Es gibt keine Partie „{ $match }“
tournament-not-found = Es gibt kein Turnier „{ $tournament }“
challenge-not-found = Es gibt keine Herausforderung „{ $challenge }“
player-not-found = Es gibt keine Person mit der Spieler-ID „{ $player }“
report-not-found = Es gibt keine Meldung { NUMBER($report, useGrouping: 0) }
chat-message-not-found = Die Partie „{ $match }“ hat keine Nachricht { NUMBER($message, useGrouping: 0) }, die du hättest lesen können
token-not-found = Du hast kein Zugriffstoken „{ $token }“
seat-resigned = Du hast in dieser Partie aufgegeben
moderation-moderators-only = Das darf nur die Moderation: Melde dich mit einem Token mit Moderationsrechten an
chat-banned = Die Moderation hat dich bis { DATETIME($until, dateStyle: "medium", timeStyle: "short", timeZone: "UTC") } UTC aus dem Chat ausgeschlossen
match-stale-version = Die Partie ist weitergegangen: Sie steht bei Version { NUMBER($current, useGrouping: 0) }, dein Zug galt Version { NUMBER($expected, useGrouping: 0) }
karma-too-low = Dein Karma ist { $karma }; { $needed_for ->
        [match] diese Partie verlangt
        [challenge] diese Herausforderung verlangt
        [opening-challenge] eine Herausforderung zu stellen verlangt
        [queue] die Warteschlange verlangt
       *[other] das verlangt
    } mindestens { $minimum } (zu Ende gespielte Partien erhöhen es)
match-busy = In der Partie ist gerade zu viel los; versuche es noch einmal
limit-too-many-calls = Zu viele { $calls ->
        [moves] Züge
        [reads] Abfragen
        [challenges] Herausforderungen
        [streams] Streams
       *[writes] Änderungen
    } von { $kind ->
        [token] diesem Token
       *[address] dieser Adresse
    } (erlaubt sind { $rate }/s, { $burst } auf einmal): versuche es in { $retry_ms } ms wieder
limit-too-many-streams = { $kind ->
        [token] Dieses Token
       *[address] Diese Adresse
    } hält schon { $most } Streams offen, mehr geht nicht; schließe zuerst einen

## Partien: anlegen, beitreten, lesen (matches/domain.py).

match-archived = Diese Partie ist vorbei und ihr Brett wurde archiviert; ihr Verlauf ist noch abrufbar
rules-none-answering = Gerade antwortet kein Regeldienst; versuche es noch einmal
match-unknown-title = Unbekanntes Spiel „{ $title }“; angeboten werden: { $served }
match-other-seats-open = Dieser Server setzt nur angemeldete Personen an den Tisch: Lass die anderen menschlichen Plätze offen, damit andere beitreten können
match-seed-not-allowed = Einen eigenen Seed gibt es nur für Partien ohne menschliche oder offene Plätze
match-turn-based-most = Du spielst schon { $most } Fernpartien, mehr gehen nicht gleichzeitig; beende zuerst eine oder gib eine auf
match-over-history-available = Die Partie ist vorbei; ihr Verlauf ist noch abrufbar
match-after-version-ahead = after_version { NUMBER($after, useGrouping: 0) } liegt vor der Partie (Version { NUMBER($version, useGrouping: 0) })
match-waiting-for-players = Die Partie wartet noch auf Mitspielende
match-over = Die Partie ist vorbei
request-too-old-to-retry = Die request_id „{ $request }“ hat vor zu langer Zeit eine Partie angelegt, um sie zu wiederholen; schicke eine neue request_id, um eine weitere anzulegen
request-created-match-over = Die Partie, die diese Anfrage angelegt hat, ist vorbei
request-joined-match-over = Die Partie, der diese Anfrage beigetreten ist, ist vorbei
request-used-for-another-join = Die request_id „{ $request }“ wurde schon für einen anderen Beitritt verwendet
request-used-for-different = Die request_id „{ $request }“ wurde schon für { $kind ->
        [match] eine andere Partie
       *[move] einen anderen Zug
    } verwendet
request-id-length = Die request_id muss 1 bis 128 Zeichen lang sein
request-id-creating-length = Die request_id muss { $least } bis 128 Zeichen lang sein (eine zufällige, etwa eine UUID)
request-id-reserved = request_ids, die mit „{ $prefix }“ beginnen, sind Bots vorbehalten
karma-minimum-out-of-range = min_karma muss zwischen 0 und { $most } liegen; es war { $given }
karma-not-kept = Dieser Server führt kein Karma: Lege die Partie ohne min_karma an
karma-sign-in = Melde dich an, um einen Platz einzunehmen: Diese Partie verlangt mindestens { $minimum } Karma
karma-unavailable = Dieser Server kann das Karma gerade nicht lesen; versuche einen anderen oder versuche es noch einmal
account-sign-in-to-play = Melde dich an, um { $action ->
        [create] Partien anzulegen
       *[join] Partien beizutreten
    }: Dieser Server setzt nur angemeldete Personen an den Tisch

## Plätze.

seat-none-open = Diese Partie hat keinen offenen Platz
seat-not-open = Platz { $seat } ist nicht offen
seat-already-held = Du hast schon Platz { $seat } in dieser Partie
seat-none-in-match = Du hast keinen Platz in der Partie { $match }
seat-send-token = Schicke das Token deines Platzes, um { $action ->
        [move] zu ziehen
        [undo] einen Zug zurückzunehmen
        [resign] aufzugeben
       *[give-time] Zeit zu schenken
    }
seat-none-cannot = Du hast keinen Platz in dieser Partie, daher kannst du nicht { $action ->
        [move] ziehen
        [undo] einen Zug zurücknehmen
        [resign] aufgeben
       *[give-time] Zeit schenken
    }
seat-kind-missing = Sag, wer Platz { $seat } spielt: ein Mensch, offen oder ein Bot
seat-bot-level-missing = Wähle eine Stufe für den Bot auf Platz { $seat }

## Züge zurücknehmen, Zeit schenken.

undo-not-for-bots = Bots nehmen nie einen Zug zurück
undo-match-over = Die Partie ist vorbei: Kein Zug kann mehr zurückgenommen werden
undo-nothing = Es gibt keinen Zug zum Zurücknehmen: Ein Zug kann nur im eigenen Zug zurückgenommen werden, bevor er oder ein späterer etwas aufdeckt oder zieht und bevor jemand anderes handelt
undo-only-owner = Nur Platz { $seat } darf seinen eigenen Zug zurücknehmen: Er ist am Zug
time-give-range = Schenke 1 bis { $most } Sekunden (höchstens einen Tag)
time-turn-based-only = Zeit schenken geht nur in Fernpartien
time-match-not-running = Die Partie läuft nicht
time-to-another-seat = Schenke die Zeit einem anderen Platz
time-seat-not-a-person = Platz { $seat } wird nicht von einem Menschen gespielt
time-given-this-turn = Du hast in diesem Zug schon Zeit geschenkt; im nächsten Zug geht es wieder
time-seat-not-to-move = Platz { $seat } ist nicht am Zug: Mit einer Zeit pro Zug geht geschenkte Zeit an einen Platz, der am Zug ist
time-you-move-too = Du bist auch am Zug, und die Zeit eines Zuges ist für alle Plätze darin gleich

## Chat (matches/chat.py).

chat-message-empty = Die Nachricht ist leer: Schreib etwas
chat-message-too-long = Eine Nachricht hat höchstens { $most } Zeichen; diese hat { $length }
chat-message-not-plain = Eine Nachricht ist eine Zeile schlichter Text: Entferne Zeilenumbrüche, Tabulatoren und Steuerzeichen
chat-players-room-players-only = Nur die Spielenden dieser Partie schreiben im Raum der Spielenden; schreib im Raum der Zuschauenden
chat-spectators-room-not-for-players = Du spielst in dieser Partie: Schreib im Raum der Spielenden (der Raum der Zuschauenden gehört ihnen)
chat-players-room-closed-while-running = Solange die Partie läuft, lesen nur ihre Spielenden den Raum der Spielenden; nach dem Ende steht er allen offen
chat-spectators-room-closed-while-running = Solange die Partie läuft, lesen ihre Spielenden den Raum der Zuschauenden nicht; nach dem Ende steht er ihnen offen
chat-sign-in = Melde dich an, um zu chatten: Schicke dein Spieler-Token als „authorization: Bearer <token>“ (ein Platz-Token steht für einen Platz, nicht für eine Person)
chat-closed = Diese Partie ist vorbei: Ihr Chat ist geschlossen (beide Räume bleiben lesbar)
chat-too-fast = Du schickst Nachrichten zu schnell: Warte { $wait } s bis zur nächsten
chat-after-negative = after_message_id darf nicht negativ sein
chat-mutes-no-archive = Stummschaltungen werden im Archiv geführt, und diese Installation hat keins

## Uhren (matches/clocks.py).

clock-field-range = { $field } muss zwischen 0 und { $most } liegen
clock-choose-one = Wähle eine Uhr: seconds_per_turn oder ein Zeitkonto, nicht beides
clock-increment-needs-bank = Ein Zeitzuschlag braucht bank_initial_seconds
clock-timeout-action-missing = Sag, was bei abgelaufener Zeit geschieht: aufgeben oder ein Bot-Zug
clock-turn-based-needs-clock = Eine Fernpartie braucht eine Uhr: eine Zeit pro Zug oder ein Zeitkonto
clock-turn-based-per-turn = Eine Fernpartie hat { $days } Tage pro Zug ({ $seconds } Sekunden)
clock-turn-based-bank-range = Das Zeitkonto einer Fernpartie beginnt mit 1 bis { $most } Tagen
clock-turn-based-increment-too-big = Der Zeitzuschlag einer Fernpartie ist höchstens so groß wie das Zeitkonto, mit dem sie beginnt

## Urlaub (matches/vacations.py).

vacation-too-short = Geh für einen Tag oder länger weg
vacation-none-left = Du hast dieses Jahr keine Urlaubstage mehr

## Plätze und Tokens (matches/identity.py).

seat-send-seat-token = Schicke das Token von Platz { $seat }, um für diesen Platz zu handeln
seat-worker-names-none = Die Worker-Anmeldung muss den Platz nennen, für den sie handelt
seat-not-a-bot = Platz { $seat } ist kein Bot-Platz
seat-token-holds-none = Dieses Token hat keinen Platz in der Partie { $match }
seat-token-holds-other = Dieses Token hat nicht Platz { $seat } in der Partie { $match }
seat-not-yours = Platz { $seat } der Partie { $match } gehört nicht dir
seat-no-such = Es gibt keinen Platz { $seat }: Die Plätze gehen von 0 bis { $last }
token-not-taken = Dieser Server nimmt keine persönlichen Zugriffstokens an

## Regeldienste (matches/rules_client.py, matches/commits.py, matches/housekeeping.py).

rules-service-failed = Der Regeldienst für { $title } hat mit { $code } geantwortet, außerhalb seines Vertrags; es wurde nichts geändert
rules-version-gone = Diese Partie wurde mit den Regeln „{ $version }“ begonnen, und kein Regeldienst von „{ $major }“ läuft mehr (dieser Server spielt { $served }): Unter anderen Regeln kann sie nicht weitergehen
rules-answered-other-version = Der Regeldienst für { $title } hat unter den Regeln „{ $answered }“ für eine Partie mit „{ $played }“ geantwortet; es wurde nichts geändert
match-state-missing = Der Spielstand der Partie { $match } fehlt

## Spieler-Tokens (accounts/tokens.py) und Gastnamen (accounts/guests.py).

token-player-not-taken = Dieser Server nimmt keine Spieler-Tokens an; nimm ein Platz-Token
token-player-key-unknown = Das Token nennt einen Signaturschlüssel, den dieser Server nicht kennt
token-player-no-key-of-kind = Das Spieler-Token ist mit { $algorithm } signiert, aber dieser Server vertraut dafür keinem { $kind }-Schlüssel
token-player-keys-unreachable = Die Schlüssel des Identitätsanbieters sind gerade nicht abrufbar; versuche es noch einmal
token-player-signing-key-unknown = Der Signaturschlüssel des Tokens ist unbekannt
token-player-malformed = Das Spieler-Token ist fehlerhaft
token-player-expired = Das Spieler-Token ist abgelaufen; melde dich neu an
token-player-audience = Das Spieler-Token ist nicht für diesen Dienst (die Audience muss „{ $audience }“ sein)
token-player-issuer = Das Spieler-Token stammt von einem Aussteller, dem dieser Server nicht vertraut
token-player-claim-missing = Dem Spieler-Token fehlt der Claim „{ $claim }“
token-player-invalid = Das Spieler-Token ist ungültig
token-player-signature = Die Signatur des Spieler-Tokens lässt sich nicht bestätigen
token-player-subject-empty = Das Subject des Spieler-Tokens ist leer
token-player-no-name = Das Spieler-Token nennt keine Person: Es braucht „name“ oder „preferred_username“
token-player-header-invalid = Der Header des Spieler-Tokens ist ungültig
token-player-no-algorithm = Der Header des Spieler-Tokens nennt keinen Signaturalgorithmus
token-player-algorithm = Das Spieler-Token ist mit „{ $algorithm }“ signiert; angenommen werden nur { $accepted }
account-guest-name-invisible = Ein Name darf keine unsichtbaren Zeichen enthalten (Steuer-, Schreibrichtungs- oder Nullbreitenzeichen, keine Leerfüller)
account-guest-name-length = Wähle einen Namen mit { $least } bis { $most } Zeichen
account-guest-name-form = Ein Name besteht aus Buchstaben und Ziffern, dazwischen Leerzeichen, Punkte, Apostrophe, Bindestriche oder Unterstriche

## Speicher der Partien und die Grenzen des Orchestrators (matchstore/, matches/servicer.py).

storage-unavailable = Der Partienspeicher ist kurz nicht erreichbar; versuche es noch einmal (ein Zug, der mit derselben request_id noch einmal kommt, wird höchstens einmal ausgeführt)
storage-failed = Der Partienspeicher hat versagt; es wurde nichts geändert
storage-not-replicated-retry = Die Änderung wurde nicht rechtzeitig von { $required } { $required ->
        [one] Replik
       *[other] Repliken
    } des Partienspeichers bestätigt; schicke sie mit derselben request_id noch einmal
storage-not-replicated-read = Die Änderung wurde nicht rechtzeitig von { $required } { $required ->
        [one] Replik
       *[other] Repliken
    } des Partienspeichers bestätigt; sie gilt vielleicht, vielleicht nicht: Lies die Partie, bevor du es noch einmal versuchst
storage-record-unreadable = Der Datensatz der Partie { $match } ist nicht lesbar
clock-pace-missing = Wähle ein Tempo: live oder Fernpartie
match-phase-unknown = Unbekannte Partiephase { $phase }
token-bearer-form = Schicke das Token als „authorization: Bearer <token>“
gateway-credential-mismatch = Die Anmeldung dieses Gateways ist nicht die des Orchestrators: Beide brauchen dieselbe PLAYHALL_GATEWAY_CREDENTIAL
watch-server-full = Dieser Server verfolgt so viele Partien, wie er kann; versuche eine andere Replik oder frage GetMatch regelmäßig ab
watch-address-full = Deine Adresse verfolgt schon { $most } Partien ohne Platz-Token; schließe zuerst eine

## Das Archiv (archive/).

archive-unreachable = Das Partienarchiv ist gerade nicht erreichbar; versuche es noch einmal
archive-none = Beendete Partien, Wertungen und Bestenlisten kommen aus dem Partienarchiv, und diese Installation hat keins
archive-page-size = page_size muss zwischen 1 und { $most } liegen (oder 0 für { $default }); es war { $given }
archive-page-token-too-long = page_token ist zu lang für ein Seitentoken
archive-page-token-undecodable = page_token ist kein Seitentoken: Schicke das next_page_token der vorigen Seite unverändert, oder keins für die erste Seite
archive-page-token-other-list = page_token ist kein Seitentoken von { $list }
archive-page-token-other-query = page_token gehört zu einer anderen Abfrage: Lass die anderen Felder wie bei der ersten Seite, oder schicke kein page_token, um neu zu beginnen
archive-title-required = title_id fehlt: das Spiel, dessen Wertungen du sehen willst
archive-player-id-form = player_id „{ $player }“ ist keine Spieler-ID (p- und 32 Hexziffern)
archive-ratings-whose = Nenne die Person (player_id), oder melde dich an, um deine eigenen Wertungen zu lesen

## Anmelden (api/, player_service/).

account-sign-in-first = Melde dich zuerst an: Schicke dein Spieler-Token als „authorization: Bearer <token>“
account-sign-in-player = Melde dich zuerst an: Schicke dein Spieler-Token als „authorization: Bearer <token>“ (ein Platz-Token steht für einen Platz, nicht für eine Person)
notice-no-archive = Benachrichtigungen werden in der Datenbank des Archivs geführt, und diese Installation hat keine
event-sign-in-first = Melde dich zuerst an: Schicke dein Spieler-Token oder ein Zugriffstoken mit dem Scope events:read als „authorization: Bearer <token>“
event-streams-most = Dein Konto hat hier schon { $most } Ereignis-Streams offen; schließe einen
event-after-unknown = after muss die event_id eines Ereignisses sein, das dieser Stream geschickt hat, oder leer
request-undecodable = Die Anfrage ließ sich nicht als Nachricht des Anfragetyps dieser Methode lesen

## Persönliche Zugriffstokens und Bot-Konten (access/, api/).

token-none-kept = Diese Installation führt keine persönlichen Zugriffstokens (sie hat keine Archivdatenbank)
token-no-archive = Zugriffstokens und Bot-Konten werden in der Datenbank des Archivs geführt, und diese Installation hat keine
token-scope-number-unknown = Es gibt keinen Scope mit der Nummer { $number }
token-most-held = Du hast { $held } Zugriffstokens, mehr darf niemand haben: Widerrufe zuerst eins
token-id-form = „{ $token }“ ist keine Token-ID (sie beginnen mit „t-“)
token-name-length = Gib dem Token einen Namen mit 1 bis { $most } Zeichen
token-name-control = Der Name eines Tokens darf keine Steuerzeichen enthalten
token-scope-unknown = Es gibt keinen Scope „{ $scope }“: Die Scopes sind { $known }
token-scope-none = Gib dem Token mindestens einen Scope
token-expiry-range = Ein Token gilt 1 bis { $most } Tage (0: es läuft nie ab)
token-unknown = Dieses Zugriffstoken ist unbekannt
token-revoked = Dieses Zugriffstoken wurde widerrufen
token-expired = Dieses Zugriffstoken ist abgelaufen: Erstelle ein neues
token-method-not-open = { $method } nimmt kein persönliches Zugriffstoken an
token-method-sign-in = { $method } nimmt kein persönliches Zugriffstoken an: Melde dich (im Portal) an, um es aufzurufen
token-scope-missing = Diesem Token fehlt der Scope { $scope }, den { $method } braucht
bot-account-rated = Dieses Konto hat schon eine gewertete Partie gespielt ({ $title }): Nur ein Konto, das nie gewertet wurde, kann ein Bot-Konto werden
bot-page-size = Eine Seite zeigt 1 bis { $most } Bots
bot-page-token = Dieses Seitentoken gehört nicht zu ListOnlineBots

## Der Partie-Client (match_client.py).

watch-deadline-from-start = Das Verfolgen der Partie { $match } ist beim Wiederaufnehmen ab ihrem Beginn über die Zeit gelaufen
watch-deadline-after = Das Verfolgen der Partie { $match } ist beim Wiederaufnehmen nach Version { NUMBER($version, useGrouping: 0) } über die Zeit gelaufen
