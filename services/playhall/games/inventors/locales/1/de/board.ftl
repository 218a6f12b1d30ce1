## Erfinderteam: Brett und Spielverlauf im Portal (js/titles/inventors.js), mit den Begriffen der
## deutschen Spielregel.

## Die Fachgebiete, kurz, wie auf der Karte eines Erfinders.
inventors-discipline-physics = Phys
inventors-discipline-chemistry = Chem
inventors-discipline-mechanics = Mech
inventors-discipline-mathematics = Math
inventors-discipline-unknown = Wissen

## Die Belohnungsplättchen (Aufwertungen abgekürzt: die Karte einer Erfindung hat Platz für zwei).
inventors-tile-victory-1 = 1 Siegpunkt
inventors-tile-victory-2 = 2 Siegpunkte
inventors-tile-victory-3 = 3 Siegpunkte
inventors-tile-upgrade-2 = Aufw. 2
inventors-tile-upgrade-3 = Aufw. 3
inventors-tile-upgrade-4 = Aufw. 4
inventors-tile-coffee = Kaffeetasse
inventors-tile-genius = Geniestreich
inventors-tile-star = Stern
inventors-tile-unknown = Belohnung

## Die Teams, nach Farbe.
inventors-team-red = rot
inventors-team-yellow = gelb
inventors-team-purple = lila
inventors-team-green = grün
inventors-team-blue = blau

## Die Knöpfe für Aktionen.
inventors-action-coffee = Kaffee trinken
inventors-action-refresh = Alle aktivieren
inventors-action-pass = Passen
inventors-action-patent = Patent nehmen
inventors-action-finish-upgrades = Aufwertungen beenden
inventors-action-end-turn = Zug beenden

## Über dem Brett.
inventors-headline-over = Spielende
inventors-headline-final = Letzte Aufwertungen: { $player } wertet auf oder beendet
inventors-headline-reward = Zeitalter { $age }: { $player } wählt eine Belohnung von { $invention }
inventors-headline-main = Zeitalter { $age }: { $player } schickt einen Erfinder ans Werk oder aktiviert alle wieder
inventors-headline-after = Zeitalter { $age }: { $player } darf Plättchen einsetzen und beendet dann den Zug

## Das Brett.
inventors-board = Erfinderteam-Spielbrett
inventors-area-table = Erfindungen des Zeitalters { $age } (Stapel { $decks })
inventors-no-tiles = keine Plättchen
inventors-work-on = An { $invention } arbeiten
inventors-area-rewards = Belohnungen von { $invention }
inventors-take-tile = Plättchen nehmen: { $tile }
inventors-patent-here = das Patent liegt noch hier
inventors-area-teams = Teams
inventors-team-line = { $player } · Team { $team }
inventors-team-facts = { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
} · { $cubes ->
    [one] { $cubes } Spielstein
   *[other] { $cubes } Spielsteine
} · Patente { $patents } · Plättchen: { $tiles }
inventors-tiles-none = keine
inventors-explain-team = Team von { $player }: { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}, { $cubes ->
    [one] { $cubes } Spielstein
   *[other] { $cubes } Spielsteine
} noch zu legen, { $patents ->
    [one] { $patents } Patent
   *[other] { $patents } Patente
}
inventors-use-short = { $tile } einsetzen
inventors-use-tile = Plättchen einsetzen: { $tile }
inventors-area-actions = Aktionen
inventors-plate = { $inventor }{ $tired ->
    [yes] {" "}· deaktiviert
   *[no] {""}
}{ $met ->
    [yes] {" "}· Ziel erreicht
   *[no] {""}
} ({ $points } P.)
inventors-explain-own-inventor = Dein Erfinder { $inventor }{ $tired ->
    [yes] , deaktiviert (arbeitet wieder nach „Alle aktivieren“ oder einem Kaffee)
   *[no] {""}
}: Ziel wert { $points } Punkte{ $met ->
    [yes] , erreicht
   *[no] {""}
}
inventors-explain-inventor = Erfinder { $inventor } von { $player }{ $tired ->
    [yes] , deaktiviert (arbeitet wieder nach „Alle aktivieren“ oder einem Kaffee)
   *[no] {""}
}: Ziel wert { $points } Punkte{ $met ->
    [yes] , erreicht
   *[no] {""}
}
inventors-knowledge = { $discipline } { $value }
inventors-knowledge-goal = { $discipline } { $value } → Ziel { $goal }
inventors-explain-knowledge = { $inventor }: Wissen in { $discipline } { $value }; ein Arbeitseinsatz legt so viele Spielsteine
inventors-explain-knowledge-goal = { $inventor }: Wissen in { $discipline } { $value }, Ziel { $goal }; ein Arbeitseinsatz legt so viele Spielsteine
inventors-inventor-unknown = ein Erfinder

## Die Wertung am Ende.
inventors-score-goals = Ziele erreicht
inventors-score-tiles = Siegpunktplättchen
inventors-score-patents = Patente
inventors-score-series = Reihen
inventors-score-total = Summe
inventors-score-note = Patente zählen je nach Zeitalter 1, 2 oder 3; eine Reihe aus Patentkategorien 0 bis k (Sterne füllen Lücken) zählt k. Gleichstand: mehr Patente.

## Der Spielverlauf.
inventors-log-age-started = Zeitalter { $age } beginnt: { $inventions }
inventors-log-worked = { $player } hat { $inventor } an { $invention } arbeiten lassen
inventors-log-invention-finished = { $invention } ist fertig
inventors-log-took-patent = { $player } hat das Patent von { $invention } genommen
inventors-log-took-tile = { $player } hat das Plättchen { $tile } von { $invention } genommen
inventors-log-took-reward = { $player } hat eine Belohnung von { $invention } genommen
inventors-log-upgraded = { $player } hat { $inventor } in { $discipline } auf { $value } aufgewertet
inventors-log-coffee = { $player } hat Kaffee getrunken
inventors-log-refreshed = { $player } hat alle Erfinder wieder aktiviert
inventors-log-passed = { $player } hat gepasst
inventors-log-turn-ended = { $player } hat den Zug beendet
inventors-log-age-ended = Zeitalter { $age } endet
inventors-log-final-done = { $player } hat die letzten Aufwertungen beendet
inventors-log-game-ended = Spielende: Punkte { $scores }
inventors-log-unknown = etwas ist passiert

## Die Erfindungen, nach ihrer Nummer (inventions.json, ab 1).
inventors-invention-1 = Feuer
inventors-invention-2 = Öllampe
inventors-invention-3 = Bogen
inventors-invention-4 = Steinaxt
inventors-invention-5 = Kanu
inventors-invention-6 = Rad
inventors-invention-7 = Rauchzeichen
inventors-invention-8 = Papyrus
inventors-invention-9 = Flöte
inventors-invention-10 = Würfel
inventors-invention-11 = Sonnenuhr
inventors-invention-12 = Wasseruhr
inventors-invention-13 = Armbrust
inventors-invention-14 = Pistole
inventors-invention-15 = Heißluftballon
inventors-invention-16 = Karavelle
inventors-invention-17 = Druckerpresse
inventors-invention-18 = Optischer Telegraf
inventors-invention-19 = Feuerwerk
inventors-invention-20 = Klavier
inventors-invention-21 = Sanduhr
inventors-invention-22 = Mechanische Uhr
inventors-invention-23 = Blitzableiter
inventors-invention-24 = Voltasche Säule
inventors-invention-25 = Gatling-Kanone
inventors-invention-26 = Revolver
inventors-invention-27 = Automobil
inventors-invention-28 = Zeppelin
inventors-invention-29 = Telefon
inventors-invention-30 = Radio
inventors-invention-31 = Fotografie
inventors-invention-32 = Kino
inventors-invention-33 = Taschenuhr
inventors-invention-34 = Chronometer
inventors-invention-35 = Glühbirne
inventors-invention-36 = Dynamo

## Die Erfinder, nach ihrem Namen in der Datendatei (teams.json).
inventors-inventor-einstein = Einstein
inventors-inventor-curie = Curie
inventors-inventor-edison = Edison
inventors-inventor-tesla = Tesla
inventors-inventor-galileo = Galilei
inventors-inventor-newton = Newton
inventors-inventor-pascal = Pascal
inventors-inventor-boyle = Boyle
inventors-inventor-lovelace = Lovelace
inventors-inventor-lavoisier = Lavoisier
inventors-inventor-watt = Watt
inventors-inventor-faraday = Faraday
inventors-inventor-archimedes = Archimedes
inventors-inventor-aristotle = Aristoteles
inventors-inventor-hippocrates = Hippokrates
inventors-inventor-hypatia = Hypatia
inventors-inventor-fibonacci = Fibonacci
inventors-inventor-gutenberg = Gutenberg
inventors-inventor-oresme = Oresme
inventors-inventor-hildegard = Hildegard
