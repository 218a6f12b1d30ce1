## Einstein: Brett und Spielverlauf im Portal (js/titles/einstein.js), mit den Begriffen der
## deutschen Regel (Ideen, die Große Idee, Inspirationen, Haupttheorien, Prestigemarker).

## Die Fachgebiete (die Farbe eines Plättchens).
einstein-field-mathematics = Mathematik
einstein-field-physics = Physik
einstein-field-philosophy = Philosophie
einstein-field-chemistry = Chemie

## Die vier Einsteins, vom jüngsten zum ältesten.
einstein-einstein-young = der junge Einstein
einstein-einstein-prime = Einstein in den besten Jahren
einstein-einstein-globetrotting = Einstein der Weltenbummler
einstein-einstein-wise = der weise Einstein
einstein-einstein-unknown = Einstein

## Die Linienmuster der Plättchen, als ihre Buchstaben.
einstein-pattern-a = A
einstein-pattern-b = B

## Über dem Brett.
einstein-headline-over = Spielende
einstein-headline-place = { $player } legt Idee { $idea } von { $count }
einstein-headline-place-ending = { $player } legt Idee { $idea } von { $count } (das Ende naht)

## Ein Plättchen legen, Schritt für Schritt. $pattern ist das Muster (A oder B).
einstein-step-piece = Schritt 1 von 3: Wähle ein Plättchen aus deinem Vorrat
einstein-step-edge = Schritt 2 von 3: Wähle einen orangen Kreis (eine Kante)
einstein-step-ghost = Schritt 3 von 3: Wähle das gestrichelte Plättchen
einstein-step-ghost-turn = Schritt 3 von 3: Wähle das gestrichelte Plättchen (oder dreh es)
einstein-next-orientation = Die nächste Ausrichtung zeigen
einstein-turn-it = drehen ({ $index } von { $count })
einstein-pan-left = Weiter links in der Großen Idee schauen
einstein-pan-up = Weiter oben in der Großen Idee schauen
einstein-pan-down = Weiter unten in der Großen Idee schauen
einstein-pan-right = Weiter rechts in der Großen Idee schauen
einstein-zoomed = vergrößert: { $shown } von { $total } Kanten hier
einstein-lay-against = An Kante { $edge } von Plättchen { $tile } anlegen
einstein-place-here = Das Plättchen ({ $field }, Muster { $pattern }) hierher legen
einstein-choose-piece = Plättchen wählen: { $field }, Muster { $pattern } (noch { $count })

## Das Brett.
einstein-board = Einstein-Spielbrett
einstein-area-big-idea = Die Große Idee: { $count ->
    [one] { $count } Plättchen
   *[other] { $count } Plättchen
}
einstein-tile = { $field } { $pattern } von { $player }
einstein-tile-just-placed = (gerade gelegt)
einstein-tile-in-shape = (in der gerade vollendeten Inspiration)
einstein-tile-completed = (Teil der vollendeten Inspiration { $inspiration })
einstein-no-tile-yet = Noch kein Plättchen: das erste kommt in die Mitte
einstein-area-players = Spieler: Punkte und die Plättchen, die jeder noch hat
einstein-seat-name = { $player } · { $einstein }
einstein-seat-facts = { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
} · { $prestige } Prestige · { $inspirations ->
    [one] { $inspirations } Inspiration
   *[other] { $inspirations } Inspirationen
} · { $theories ->
    [one] { $theories } Theorie
   *[other] { $theories } Theorien
} · Hand { $hand }
einstein-chip = { $pattern } ×{ $count }
einstein-stock-of = { $player }: { $count } Plättchen { $field }, Muster { $pattern }
einstein-area-theories = Offene Haupttheorien (Stapel { $deck }, Prestigemarker übrig { $prestige })
einstein-area-inspirations = Deine Inspirationen: Bilde ihre Form in der Großen Idee
einstein-cards-none = keine
einstein-explain-inspiration = Inspiration { $card }, { $stars ->
    [one] { $stars } Stern
   *[other] { $stars } Sterne
}: vollendet, wenn eine Idee, die du legst, diese Form aus Plättchen ({ $fields }) in der Großen Idee bildet (beliebig gedreht, nie gespiegelt)
einstein-explain-theory = Haupttheorie { $card }, { $stars ->
    [one] { $stars } Stern
   *[other] { $stars } Sterne
}: deine, wenn eine Idee, die du legst, sie erfüllt: { $requirement }
einstein-explain-completed = Vollendete Inspiration { $card }, { $stars ->
    [one] { $stars } Stern
   *[other] { $stars } Sterne
}: { $fields }

## Die Wertung am Ende.
einstein-score-inspirations = Inspirationen ★
einstein-score-theories = Theorien ★
einstein-score-prestige = Prestige
einstein-score-total = Summe
einstein-score-note = Bei Gleichstand gewinnt der älteste Einstein unter den Gleichen.

## Der Spielverlauf. $stars sind die Sterne der Karte (★★).
einstein-log-idea-placed = { $player } hat ein Plättchen gelegt: { $field }, Muster { $pattern }
einstein-log-inspiration-completed = { $player } hat die Inspiration { $card } vollendet ({ $stars })
einstein-log-theory-claimed = { $player } hat die Haupttheorie { $card } beansprucht ({ $stars })
einstein-log-end-triggered = { $player } hat das Spielende ausgelöst
einstein-log-turn-ended = { $player } hat den Zug beendet
einstein-log-inspirations-drawn = { $player } hat Inspirationen gezogen
einstein-log-theories-revealed = Haupttheorien aufgedeckt: { $theories }
einstein-log-game-ended = Spielende: Punkte { $scores }
einstein-log-unknown = etwas ist passiert

## Die Bedingungen der Haupttheorien, nach Nummer.
einstein-requirement-1 = 4 Fachgebiete verbunden
einstein-requirement-2 = Inspiration mit 1 eigenen Idee
einstein-requirement-3 = 2 Inspirationen in einem Zug
einstein-requirement-4 = berührt alle 3 anderen Fachgebiete
einstein-requirement-5 = 3+ Kanten, alle passend
einstein-requirement-6 = berührt 4+ Ideen
einstein-requirement-7 = Inspiration nur aus eigenen Ideen
einstein-requirement-8 = Inspiration meist aus fremden Ideen
einstein-requirement-9 = 5 eigene Ideen verbunden
einstein-requirement-10 = passt an 2+ fremde Ideen

## Die Namen der Karten, nach Nummer (cards.json).
einstein-inspiration-1 = Der geschenkte Kompass
einstein-inspiration-2 = Luitpold-Gymnasium
einstein-inspiration-3 = Kantonsschule Aarau
einstein-inspiration-4 = Polytechnikum Zürich
einstein-inspiration-5 = Einem Lichtstrahl nachjagen
einstein-inspiration-6 = Mileva Marić
einstein-inspiration-7 = Akademie Olympia
einstein-inspiration-8 = Patentamt
einstein-inspiration-9 = Brownsche Bewegung
einstein-inspiration-10 = Mathematische Herausforderung
einstein-inspiration-11 = Der glücklichste Gedanke
einstein-inspiration-12 = Marcel Grossmann
einstein-inspiration-13 = Preußische Akademie
einstein-inspiration-14 = Äquivalenz von Masse und Energie
einstein-inspiration-15 = Feldgleichungen
einstein-inspiration-16 = Periheldrehung des Merkur
einstein-inspiration-17 = Bose-Einstein-Statistik
einstein-inspiration-18 = Eddington-Expedition
einstein-inspiration-19 = Nobelpreis
einstein-inspiration-20 = Solvay-Debatten
einstein-inspiration-21 = Reise nach Japan
einstein-inspiration-22 = Vortrag in Paris
einstein-inspiration-23 = Sommerhaus in Caputh
einstein-inspiration-24 = Segeln auf der Havel
einstein-inspiration-25 = Hebräische Universität
einstein-inspiration-26 = Ankunft in Princeton
einstein-inspiration-27 = Gravitationslinse
einstein-inspiration-28 = Institute for Advanced Study
einstein-inspiration-29 = Brief an Roosevelt
einstein-inspiration-30 = Rede in Kyoto
einstein-inspiration-31 = Geige und Mozart
einstein-inspiration-32 = Mercer Street
einstein-inspiration-33 = Spaziergänge mit Gödel
einstein-inspiration-34 = EPR-Paradoxon
einstein-inspiration-35 = Einstein-Szilard-Kühlschrank
einstein-inspiration-36 = Einstein-Rosen-Brücke
einstein-inspiration-37 = Kosmologische Konstante
einstein-inspiration-38 = Russell-Einstein-Manifest
einstein-inspiration-39 = Israels Präsidentschaft abgelehnt
einstein-inspiration-40 = Gott würfelt nicht
einstein-theory-1 = Einwände gegen die Quantenmechanik
einstein-theory-2 = Einsames Genie
einstein-theory-3 = Annus mirabilis
einstein-theory-4 = Einheitliche Feldtheorie
einstein-theory-5 = Passgenau
einstein-theory-6 = Voller Kopf
einstein-theory-7 = Alleingang
einstein-theory-8 = Geliehener Glanz
einstein-theory-9 = Tiefe Konzentration
einstein-theory-10 = Photoelektrischer Effekt
