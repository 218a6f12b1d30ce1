## The portal's pages (gateway/portal/*.html): their static texts, by data-l10n-id. The
## English in each page's markup is only what shows before the catalogue arrives.
## A `<x data-l10n-name="...">` in a text is the page's own element (a field, a link, a code
## sample) placed there: keep it, with its name, where the sentence needs it.

page-back-to-lobby = Zurück zur Lobby

## The lobby (index.html)

page-lobby-title = Playhall
page-lobby-heading = Lobby
page-lobby-challenges = Deine Herausforderungen
page-lobby-challenges-in = An dich
page-lobby-challenges-out = Von dir
page-lobby-open-tables = Offene Tische: Herausforderungen an alle
page-lobby-games = Spiele
page-lobby-links = Deine Partie ist bereit: ein Link pro Platz
page-lobby-links-note =
    Schick allen Mitspielenden ihren eigenen Link. Das Geheimnis des Platzes steht hinter dem
    <code data-l10n-name="hash">#</code>, den Browser nie an einen Server schicken; wer einen Link
    hat, spielt auf diesem Platz.
page-lobby-open = Offene Partien: nimm Platz
page-lobby-running = Laufende Partien: zuschauen
page-lobby-finished = Beendet: nachspielen

## Confirming an e-mail address (confirm-email.html)

page-confirm-email-title = E-Mail-Adresse bestätigen · Playhall
page-confirm-email-heading = E-Mail-Adresse bestätigen
page-confirm-email-status = Deine Adresse wird bestätigt …

## Coming back from the sign-in provider (signin.html)

page-signin-title = Anmeldung · Playhall
page-signin-heading = Anmeldung
page-signin-status = Die Anmeldung bei deinem Anbieter wird abgeschlossen …

## Friends (friends.html)

page-friends-title = Freunde · Playhall
page-friends-heading = Freunde
page-friends-signed-out =
    Melde dich an (oben auf der Seite), um Spielern zu folgen und zu sehen, wer online ist.
page-friends-note =
    Folge einem Spieler über sein Profil (etwa über einen Namen in der Bestenliste); zwei
    Spieler, die einander folgen, sind Freunde. Wen du blockierst, der kann dir weder folgen,
    dich herausfordern noch dir schreiben, sieht nicht, ob du online bist, und die
    Partnersuche bringt euch nicht zusammen.
page-friends-friends = Freunde
page-friends-following = Du folgst
page-friends-followers = Dir folgen
page-friends-blocked = Von dir blockiert

## Leaderboards (leaderboard.html)

page-leaderboard-title = Bestenlisten · Playhall
page-leaderboard-heading = Bestenlisten
page-leaderboard-game = Spiel: <select data-l10n-name="game"></select>
page-leaderboard-provisional = <input data-l10n-name="box"> mit vorläufigen Wertungen
page-leaderboard-best = Die besten Spieler
page-leaderboard-note =
    Spieler nach Wertung, die besten zuerst; jede Bot-Stufe ist auch ein Spieler, ihre Zahl
    zeigt also, wie stark sie ist.
page-leaderboard-rank = Rang
page-leaderboard-player = Spieler
page-leaderboard-rating = Wertung
page-leaderboard-rated = Gewertete Partien
page-leaderboard-challenge = Herausfordern
page-leaderboard-previous = Zurück
page-leaderboard-next = Weiter

## The matches waiting on the player (turns.html)

page-turns-title = Du bist dran · Playhall
page-turns-heading = Du bist dran
page-turns-signed-out =
    Melde dich an (oben auf der Seite), um die Partien zu sehen, die auf deinen Zug warten.
page-turns-waiting = Partien, die auf deinen Zug warten
page-turns-note =
    Die nächste Frist zuerst. Spielst du eine von hier aus, bekommt dieser Browser einen neuen
    Link zu deinem Platz; ein älterer Link dorthin funktioniert dann nicht mehr.

## Moderation (moderation.html)

page-moderation-title = Moderation · Playhall
page-moderation-heading = Moderation
page-moderation-not-moderator =
    Diese Seite ist für die Moderation: Melde dich (oben auf der Seite) mit einem
    Moderationskonto an.
page-moderation-reports = Offene Meldungen
page-moderation-reports-note =
    Die ältesten zuerst, eine gemeldete Nachricht mit den Nachrichten um sie herum (eine
    gelöschte mit ihrem Text). Jede Maßnahme braucht eine Begründung: Der Spieler erfährt sie,
    und sie wird mit deinem Namen festgehalten.
page-moderation-more-reports = Weitere Meldungen
page-moderation-actions = Ergriffene Maßnahmen
page-moderation-when = Wann
page-moderation-moderator = Moderator
page-moderation-action = Maßnahme
page-moderation-player = Spieler
page-moderation-reason = Begründung
page-moderation-older-actions = Ältere Maßnahmen

## Tournaments (tournaments.html)

page-tournaments-title = Turniere · Playhall
page-tournaments-heading = Turniere
page-tournaments-list = Turniere
page-tournaments-note =
    Turniere im Schweizer System und Rundenturniere, die zuletzt beginnenden zuerst. Ihre
    Partien sind gewöhnliche Partien und werden wie alle anderen gewertet.
page-tournaments-tournament = Turnier
page-tournaments-game = Spiel
page-tournaments-format = Modus
page-tournaments-where = Ort
page-tournaments-entrants = Teilnehmende
page-tournaments-starts = Beginn
page-tournaments-all = Alle Turniere
page-tournaments-join = An diesem Turnier teilnehmen
page-tournaments-standings = Tabelle
page-tournaments-points-note =
    Punkte: 1 für einen Sieg oder ein Freilos, ½ für ein Remis oder einen geteilten Sieg. Bei
    Gleichstand entscheidet die Buchholz-Wertung (die Punkte der Gegner), dann die
    Sonneborn-Berger-Wertung (die Punkte der besiegten Gegner, die Hälfte derer, gegen die es
    ein Remis gab).
page-tournaments-rank = Rang
page-tournaments-entrant = Teilnehmer
page-tournaments-points = Punkte
page-tournaments-buchholz = Buchholz
page-tournaments-sonneborn-berger = Sonneborn-Berger
page-tournaments-games = Partien
page-tournaments-rounds = Runden

## A player's profile (profile.html)

page-profile-title = Profil · Playhall
page-profile-heading = Profil
page-profile-signed-out =
    Melde dich an (oben auf der Seite), um deine Spiele, deine beendeten Partien und deine
    Wertungen zu sehen.
page-profile-relation = Du und dieser Spieler
page-profile-games = Meine Spiele: laufende Partien
page-profile-games-note =
    Deine Plätze in Partien, die noch nicht vorbei sind, aus jedem Browser, in dem du dich
    angemeldet hast. Steigst du wieder ein, bekommt dieser Browser einen neuen Link zu deinem
    Platz; ein älterer Link funktioniert dann nicht mehr.
page-profile-vacation = Urlaub
page-profile-vacation-note =
    Während du weg bist, stehen deine Uhren in jeder Fernpartie still, bis du zurückkommst
    (Live-Partien betrifft das nicht). Du hast jedes Jahr eine bestimmte Zahl an Urlaubstagen.
page-profile-away-days = Für <input data-l10n-name="days"> Tage weg
page-profile-go-away = Urlaub antreten
page-profile-come-back = Zurückkommen
page-profile-notices = Benachrichtigungen
page-profile-notices-note =
    <a data-l10n-name="settings">Benachrichtigungseinstellungen</a>: worüber du informiert
    wirst (dein Zug, Erinnerungen, Ergebnisse), im Posteingang, per Push, E-Mail oder Webhook,
    und wann.
page-profile-tokens = Programme und Bots
page-profile-tokens-note =
    Mit einem persönlichen Zugriffstoken kann ein Programm von dir (ein Bot, ein Brett) in
    deinem Namen handeln, im Rahmen der Berechtigungen, die du ihm gibst: Es schickt das Token
    als <code data-l10n-name="header"></code>. Siehe <a data-l10n-name="api">die API</a>.
page-profile-token-name = Name
page-profile-token-starts = Beginnt mit
page-profile-token-scopes = Berechtigungen
page-profile-token-made = Erstellt
page-profile-token-used = Zuletzt benutzt
page-profile-token-expires = Läuft ab
page-profile-token-secret = Dein neues Token, nur dieses eine Mal angezeigt: Kopiere es jetzt.
page-profile-token-name-field = Name <input data-l10n-name="name">
page-profile-token-name-input =
    .placeholder = mein Bot
page-profile-token-days = Läuft ab nach <input data-l10n-name="days"> Tagen (0: nie)
page-profile-make-token = Token erstellen
page-profile-bot-account = Bot-Konto
page-profile-upgrade = Zum Bot-Konto machen
page-profile-ratings = Wertungen
page-profile-ratings-note =
    Eine Wertung pro Spiel (OpenSkill): Die angezeigte Zahl ist eine vorsichtige Schätzung der
    Spielstärke, die steigt, wenn die Ergebnisse sie zeigen, auf jeder Seite dieselbe; eine als
    <span data-l10n-name="provisional">vorläufig</span> markierte Wertung beruht auf zu wenigen
    Partien, um schon viel zu sagen.
page-profile-history = Beendete Partien
page-profile-history-game = Spiel: <select data-l10n-name="game"></select>
page-profile-every-game = alle Spiele
page-profile-finished = Beendet
page-profile-game = Spiel
page-profile-seats = Plätze
page-profile-result = Ergebnis
page-profile-rating-after = Wertung danach
page-profile-newer = Neuere
page-profile-older = Ältere

## Notification settings (notifications.html)

page-notifications-title = Benachrichtigungseinstellungen · Playhall
page-notifications-heading = Benachrichtigungseinstellungen
page-notifications-signed-out =
    Melde dich an (oben auf der Seite), um festzulegen, worüber du informiert wirst, wo und wann.
page-notifications-kinds = Worüber du informiert wirst, und wo
page-notifications-kinds-note =
    Der Posteingang ist die Glocke oben auf jeder Seite. Push erreicht jeden Browser, in dem du
    es einschaltest (unten), E-Mail deine Adresse, sobald du sie bestätigt hast, ein Webhook
    seine URL. Ein Kanal, den du nicht eingerichtet hast, schickt nichts.
page-notifications-kinds-caption = Die Kanäle, an die jede Art von Benachrichtigung geht
page-notifications-notice = Benachrichtigung
page-notifications-inbox = Posteingang
page-notifications-push = Push
page-notifications-email = E-Mail
page-notifications-webhook = Webhook
page-notifications-when = Wann
page-notifications-reminders = Erinnere mich vor einer Frist in Fernpartien
page-notifications-time-zone = Deine Zeitzone
page-notifications-quiet = Ruhezeiten
page-notifications-quiet-note =
    In deinen Ruhezeiten geht kein Push, keine E-Mail und kein Webhook hinaus: Sie warten, bis
    die Ruhezeit endet (eine Erinnerung, deren Frist bis dahin abgelaufen ist, entfällt). Der
    Posteingang bekommt alles sofort.
page-notifications-quiet-on = <input data-l10n-name="box"> Ruhezeiten einhalten
page-notifications-quiet-from = Von
page-notifications-quiet-until = bis
page-notifications-max-per-hour = Höchstens so viele Benachrichtigungen pro Stunde über Push, E-Mail und Webhook
page-notifications-max-per-hour-note = (darüber hinaus warten sie nur im Posteingang)
page-notifications-email-address = E-Mail-Adresse
page-notifications-email-note =
    An eine neue Adresse geht ein Link zur Bestätigung; bis dahin bekommt sie keine
    Benachrichtigungen.
page-notifications-digest = E-Mails so viele Minuten sammeln und dann als eine schicken
page-notifications-digest-note = (0: eine E-Mail je Benachrichtigung)
page-notifications-webhook-note =
    Jede Benachrichtigung wird als JSON per POST an diese URL geschickt, signiert: Der Header
    <code data-l10n-name="header"></code> enthält <code data-l10n-name="t"></code> die Zeit und
    <code data-l10n-name="v1"></code> den HMAC-SHA256 aus Zeit, einem Punkt und dem Inhalt,
    mit dem Geheimnis als Schlüssel, das dir einmal gezeigt wird, wenn du eine neue URL
    speicherst. Nach zehn Fehlschlägen in Folge wird er abgeschaltet; speicherst du die URL
    erneut, ist er wieder an, mit einem neuen Geheimnis.
page-notifications-webhook-url = Webhook-URL
page-notifications-save = Speichern
page-notifications-push-heading = Push-Benachrichtigungen in diesem Browser
page-notifications-push-note =
    Mit eingeschaltetem Push zeigt dieser Browser deine Benachrichtigungen (die Arten, die oben
    für Push angehakt sind), auch wenn keine Playhall-Seite offen ist. Er bittet dich zuerst,
    Benachrichtigungen zu erlauben. Schalte es in jedem Browser ein, in dem du sie haben willst.
page-notifications-push-on = Push in diesem Browser einschalten
page-notifications-push-off = Push in diesem Browser ausschalten

## The table: a match and its replay (match.html, replay.html)

page-table-board =
    .aria-label = Spielbrett
page-table-how-to-play = Spielregeln
    .title = Die Regeln dieses Spiels, in einem neuen Tab
page-table-breakdown =
    .aria-label = Woher die Punkte kamen
page-table-scores-section =
    .aria-label = Punktestand
page-table-chat =
    .aria-label = Chat

page-match-title = Partie · Playhall
page-match-heading = Partie
page-match-connecting = verbinde …
page-match-sounds = Töne aus
    .title = Ein Ton, wenn du dran bist und wenn ein Zug gemacht wird
page-match-scores = Punktestand
page-match-undo = Zurücknehmen
    .title = Nimm deine letzte Aktion in diesem Zug zurück: möglich, bis eine Aktion etwas aufdeckt oder nachzieht, und bevor jemand anderes am Zug ist
page-match-resign = Aufgeben
    .title = Gib diese Partie auf: Die anderen spielen weiter oder gewinnen
page-match-replay = Nachspielen mit Prüfung des Seeds
page-match-give-time = Zeit geben
page-match-give-time-note =
    Gib einem anderen Spieler bis zu einen Tag, einmal pro Zug; bei einer Zeit pro Zug nur dem
    Spieler, der gerade dran ist.
page-match-log-section =
    .aria-label = Spielverlauf
page-match-log = Was geschah

page-replay-title = Nachspielen · Playhall
page-replay-heading = Nachspielen
page-replay-checking = prüfe den Seed …
page-replay-first =
    .aria-label = Erste Änderung
page-replay-prev =
    .aria-label = Vorige Änderung
page-replay-step =
    .aria-label = Änderung
page-replay-next =
    .aria-label = Nächste Änderung
page-replay-last =
    .aria-label = Letzte Änderung
page-replay-scores = Punktestand an dieser Stelle
page-replay-log-section =
    .aria-label = Ereignisse dieser Änderung
page-replay-log = Diese Änderung
