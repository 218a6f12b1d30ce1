## Ablehnungen der Regeln, die alle Titel teilen (playhall.core, der Regeldienst).

rules-player-count = { $title } wird mit { $min } bis { $max } Personen gespielt, nicht mit { $players }
rules-unknown-option = Unbekannte Option „{ $option }“ für { $title } (Optionen: { $options })
rules-no-options = Unbekannte Option „{ $option }“ für { $title } (es gibt keine Optionen)
rules-option-name-count =
    Die Option „{ $option }“ braucht bei { $players } { $players ->
        [one] Person
       *[other] Personen
    } { $wanted } Namen, nicht { $given }
rules-option-not-bool = Die Option „{ $option }“ ist entweder an oder aus (true oder false)
rules-option-not-whole = Die Option „{ $option }“ braucht eine ganze Zahl
rules-option-out-of-range = Die Option „{ $option }“ muss zwischen { $min } und { $max } liegen, nicht bei { $value }
rules-option-not-names = Die Option „{ $option }“ braucht eine Liste von Namen
rules-option-unknown-choice = Option „{ $option }“: „{ $choice }“ gehört nicht zu { $choices }
rules-option-repeated-choice = Die Option „{ $option }“ nennt dieselbe Wahl zweimal
rules-option-no-value = Die Option „{ $option }“ hat keinen Wert
rules-seed-length = Ein Spiel braucht einen Seed von { $min } bis { $max } Bytes
rules-no-such-seat = Es gibt keinen Platz { $seat }: Die Plätze gehen von { $first } bis { $last }
rules-no-rules-version = Der Spielstand nennt keine Regelversion: Er ist kein gespeichertes Spiel
rules-incompatible-version = Diese Partie wurde mit den Regeln „{ $found }“ begonnen; dieser Dienst spielt „{ $plays }“ und kann sie nicht fortsetzen

## Spielstand oder Zug einer Anfrage ($what: „state“ oder „move“).

rules-message-missing =
    { $what ->
        [state] Der Spielstand
       *[move] Der Zug
    } fehlt: Sende eine Nachricht { $expected }
rules-message-foreign =
    { $what ->
        [state] Der Spielstand
       *[move] Der Zug
    } ist eine Nachricht { $found }, dieses Spiel braucht aber { $expected }
rules-message-undecodable =
    { $what ->
        [state] Der Spielstand
       *[move] Der Zug
    } ließ sich nicht dekodieren
rules-view-no-viewer = Die Ansicht nennt niemanden, der sie sieht
rules-viewer-missing = Sag, wessen Ansicht: die eines Platzes oder die der Zuschauenden
rules-spectator-false = spectator muss true sein, wenn es gesetzt ist
rules-render-format = Wähle ein Darstellungsformat: text (das einzige)
