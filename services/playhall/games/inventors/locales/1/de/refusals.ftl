## Ablehnungen von Erfinderteam (playhall.games.inventors): was die Regeln dem Spieler sagen,
## der den Zug gemacht hat, und was der Codec zu einer Nachricht sagt, die er nicht annimmt.
## Die Begriffe sind die der deutschen Spielregel von Erfinderteam.

inventors-game-over = Das Spiel ist vorbei: Es sind keine Züge mehr möglich
inventors-not-your-turn = Du bist nicht am Zug: Platz { $seat } ist an der Reihe

## Die Hauptaktion (ans Werk schicken, aktivieren, passen) und das Ende des Zugs.

inventors-main-action-taken = Du hast deine Hauptaktion schon gemacht: Setze ein Plättchen ein oder beende deinen Zug
inventors-nothing-to-refresh = Alle deine Erfinder sind aktiv: Es gibt nichts wieder zu aktivieren
inventors-pass-not-allowed = Du kannst noch einen Erfinder ans Werk schicken oder dein Team wieder aktivieren: Passen ist nicht erlaubt
inventors-main-action-first = Mach erst deine Hauptaktion (einen Erfinder ans Werk schicken oder alle wieder aktivieren), bevor du deinen Zug beendest
inventors-your-turn-choices = Du bist am Zug: Schicke einen Erfinder ans Werk, aktiviere dein Team wieder oder setze ein Plättchen ein
inventors-which-inventor = Wähle einen der { $count } Erfinder deines Teams
inventors-inventor-tired = Dieser Erfinder hat schon gearbeitet: Aktiviere zuerst dein Team wieder
inventors-invention-not-on-table = Die Erfindung „{ $invention ->
        [1] Feuer
        [2] Öllampe
        [3] Bogen
        [4] Steinaxt
        [5] Kanu
        [6] Rad
        [7] Rauchzeichen
        [8] Papyrus
        [9] Flöte
        [10] Würfel
        [11] Sonnenuhr
        [12] Wasseruhr
        [13] Armbrust
        [14] Pistole
        [15] Heißluftballon
        [16] Karavelle
        [17] Druckerpresse
        [18] Optischer Telegraf
        [19] Feuerwerk
        [20] Klavier
        [21] Sanduhr
        [22] Mechanische Uhr
        [23] Blitzableiter
        [24] Voltasche Säule
        [25] Gatling-Kanone
        [26] Revolver
        [27] Automobil
        [28] Zeppelin
        [29] Telefon
        [30] Radio
        [31] Fotografie
        [32] Kino
        [33] Taschenuhr
        [34] Chronometer
        [35] Glühbirne
        [36] Dynamo
       *[other] { $invention }
    }“ liegt gerade nicht aus: Arbeite an einer der ausliegenden Erfindungen
inventors-choose-an-invention = Wähle eine der ausliegenden Erfindungen, an der du arbeiten willst
inventors-no-cubes = Alle deine Spielsteine liegen auf Erfindungen: Du kannst erst wieder arbeiten, wenn welche zurückkommen
inventors-no-genius = Du hast kein Geniestreich-Plättchen
inventors-genius-fields = Die zwei zusätzlichen Steine des Geniestreichs kommen auf Felder dieser Erfindung, die nach den Steinen des Erfinders noch frei sind
inventors-knowledge-fits-nothing = Das Wissen dieses Erfinders passt auf kein freies Feld dieser Erfindung

## Freie Aktionen: Kaffeetasse und Aufwertungen.

inventors-no-coffee = Du hast kein Kaffeetassen-Plättchen
inventors-coffee-useless = Alle deine Erfinder sind schon aktiv: Die Kaffeetasse würde nichts bewirken
inventors-upgrade-or-done = Setze ein Plättchen als Aufwertung ein oder sag, dass du fertig bist
inventors-tile-not-held = Dieses Plättchen hast du nicht
inventors-upgrade-which-inventor = Wähle einen der { $count } Erfinder deines Teams zum Aufwerten
inventors-name-a-discipline = Nenne ein Fachgebiet: Physik, Chemie, Mechanik oder Mathematik
inventors-back-raises-zero = Ein Plättchen als 1er-Aufwertung hebt nur von 0 auf 1; { $discipline ->
        [physics] Physik
        [chemistry] Chemie
        [mechanics] Mechanik
       *[mathematics] Mathematik
    } steht auf { $value }
inventors-back-only = Nur ein Aufwertungsplättchen wertet um seine Zahl auf; setze es als 1er-Aufwertung ein
inventors-upgrade-raises-one = Eine Aufwertung { $target } hebt nur von { $below } auf { $target }; { $discipline ->
        [physics] Physik
        [chemistry] Chemie
        [mechanics] Mechanik
       *[mathematics] Mathematik
    } steht auf { $value }

## Belohnungen einer fertigen Erfindung.

inventors-no-reward = Es gibt keine Belohnung auszusuchen
inventors-choose-a-reward = Suche dir eine der übrigen Belohnungen aus: das Patent oder eines ihrer Belohnungsplättchen

## Nachrichten, die der Codec nicht annimmt.

inventors-empty-move = Der Zug ist leer: Schicke einen Erfinder ans Werk, aktiviere, setze ein Plättchen ein oder wähle eine Belohnung
inventors-genius-disciplines = Ein Geniestreich nennt höchstens zwei Fachgebiete, der Reihe nach
inventors-unknown-phase = Unbekannte Spielphase { $value }
inventors-unknown-tile = Unbekanntes Plättchen { $value }
inventors-unknown-discipline = Unbekanntes Fachgebiet { $value }
inventors-unknown-team = Unbekanntes Team { $value }
inventors-decks = Der Spielstand muss { $ages } Erfindungsstapel enthalten
inventors-view-invention-counts = Die Zahlen der Erfindungen in der Ansicht gehen nicht auf
inventors-view-tile-counts = Die Zahlen der Plättchen in der Ansicht gehen nicht auf

## Ein Spielstand, den die Regeln nie erzeugt hätten.

inventors-inconsistent-knowledge-size = Der Spielstand ist widersprüchlich: Ein Team hat { $inventors } Erfinder mit { $disciplines } Fachgebieten
inventors-inconsistent-knowledge-range = Der Spielstand ist widersprüchlich: Wissen reicht von 0 bis { $most }
inventors-inconsistent-team-size = Der Spielstand ist widersprüchlich: Ein Team hat { $inventors } Erfinder
inventors-inconsistent-team-twice = Der Spielstand ist widersprüchlich: Zwei Plätze spielen dasselbe Team
inventors-inconsistent-table-age = Der Spielstand ist widersprüchlich: Erfindung { $invention } auf dem Tisch gehört nicht zum Zeitalter { $age }
inventors-inconsistent-invention-tiles = Der Spielstand ist widersprüchlich: Eine Erfindung trägt höchstens zwei Plättchen, sortiert
inventors-inconsistent-invention-cubes = Der Spielstand ist widersprüchlich: Erfindung { $invention } trägt Steine, für die sie keine Felder hat
inventors-inconsistent-invention-full = Der Spielstand ist widersprüchlich: Erfindung { $invention } ist voll, aber nicht fertig
inventors-inconsistent-cubes = Der Spielstand ist widersprüchlich: Ein Platz hat mehr als { $cubes } Steine auf Erfindungen
inventors-inconsistent-held-order = Der Spielstand ist widersprüchlich: Die Plättchen eines Spielers liegen sortiert
inventors-inconsistent-spent-order = Der Spielstand ist widersprüchlich: Abgegebene Plättchen liegen sortiert
inventors-inconsistent-moves = Der Spielstand ist widersprüchlich: Ein Spiel hat höchstens { $most } Züge, Schritte und Runden
inventors-inconsistent-inventions = Der Spielstand ist widersprüchlich: Jede Erfindung muss genau einmal vorkommen
inventors-inconsistent-deck-age = Der Spielstand ist widersprüchlich: Der Stapel von Zeitalter { $age } enthält eine Erfindung eines anderen Zeitalters
inventors-inconsistent-ages = Der Spielstand ist widersprüchlich: Die Zeitalter gehen von 1 bis { $ages }
inventors-inconsistent-deck-whole = Der Spielstand ist widersprüchlich: Der Stapel von Zeitalter { $age } ist nicht vollständig
inventors-inconsistent-tiles = Der Spielstand ist widersprüchlich: Jedes Belohnungsplättchen muss genau einmal vorkommen
inventors-inconsistent-seat-to-move = Der Spielstand ist widersprüchlich: Der Platz am Zug spielt nicht mit
inventors-inconsistent-passes = Der Spielstand ist widersprüchlich: Höchstens { $most ->
        [one] ein Platz kann
       *[other] { $most } Plätze können
    } nacheinander gepasst haben
inventors-inconsistent-reward-phase = Der Spielstand ist widersprüchlich: Belohnungen werden genau in der Belohnungsphase ausgesucht
inventors-inconsistent-reward-choice = Der Spielstand ist widersprüchlich: Eine Wahl der Belohnung braucht zwei übrige Arten von Belohnung
inventors-inconsistent-reward-order = Der Spielstand ist widersprüchlich: Die Reihenfolge der Belohnungen ist kaputt
inventors-inconsistent-reward-seat = Der Spielstand ist widersprüchlich: Ein Platz, der nicht mitspielt, sucht eine Belohnung aus
inventors-inconsistent-final-order = Der Spielstand ist widersprüchlich: Die Reihenfolge der letzten Aufwertungen ist kaputt
inventors-inconsistent-final-seat = Der Spielstand ist widersprüchlich: Ein Platz ohne mögliche Aufwertung macht letzte Aufwertungen
inventors-inconsistent-final-phase = Der Spielstand ist widersprüchlich: Eine Reihenfolge letzter Aufwertungen außerhalb der letzten Aufwertungen
inventors-inconsistent-final-age = Der Spielstand ist widersprüchlich: Die letzten Aufwertungen und das Ende kommen nach Zeitalter III, ohne übrige Erfindung
inventors-inconsistent-age-over = Der Spielstand ist widersprüchlich: Ein Zeitalter mit nur einer unfertigen Erfindung ist vorbei
