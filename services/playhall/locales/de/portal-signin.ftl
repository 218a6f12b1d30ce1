## Anmeldung über den Anbieter des Betreibers und Bestätigung einer E-Mail-Adresse
## (js/signin.js, oidc.js, confirm-email.js).

signin-no-provider = Dieses Playhall hat keinen Anmeldeanbieter.
signin-not-accepted = Playhall akzeptiert diese Anmeldung nicht: { $reason }.

oidc-not-answering = Der Anmeldeanbieter antwortet nicht (HTTP { $status }); versuche es später noch einmal.
oidc-other-issuer = Der Anmeldeanbieter nennt einen anderen Aussteller als eingerichtet.
oidc-unreachable = Der Anmeldeanbieter ist nicht erreichbar; versuche es später noch einmal.
oidc-unreadable-token = Der Anmeldeanbieter hat ein Token geschickt, das sich nicht lesen lässt.
oidc-link-used = Dieser Anmeldelink wurde schon benutzt oder nicht in diesem Tab begonnen. Melde dich erneut an.
oidc-refused = Der Anmeldeanbieter hat abgelehnt: { $reason }.
oidc-not-completed = Der Anmeldeanbieter hat die Anmeldung nicht abgeschlossen: { $reason }. Melde dich erneut an.
oidc-other-audience = Der Anmeldeanbieter hat ein Token für einen anderen Aussteller oder Client geschickt.
oidc-other-nonce = Das Token des Anmeldeanbieters gehört zu einer anderen Anmeldung. Melde dich erneut an.
oidc-expired = Das Token des Anmeldeanbieters ist schon abgelaufen; prüfe die Uhr dieses Geräts.

confirm-no-token = Dieser Link enthält kein Bestätigungstoken. Öffne den Link aus der E-Mail noch einmal.
confirm-refused = Deine Adresse wurde nicht bestätigt: { $reason }.
confirm-done = Bestätigt: Playhall schickt die Benachrichtigungen, die du gewählt hast, jetzt an { $email }.
