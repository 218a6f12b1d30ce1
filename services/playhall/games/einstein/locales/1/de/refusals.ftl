## Ablehnungen von Einstein (playhall.games.einstein): was die Regeln dem Spieler sagen, der
## den Zug gemacht hat, und was der Codec zu einer Nachricht sagt, die er nicht annimmt.

einstein-game-over = Das Spiel ist vorbei: Es sind keine Züge mehr möglich
einstein-not-your-turn = Du bist nicht am Zug: Platz { $seat } legt gerade Ideen
einstein-place-only = Lege ein Ideenplättchen: Das ist der einzige Zug
einstein-no-such-tile = Dieses Ideenplättchen gibt es nicht

## Eine Idee legen (Regel 7).

einstein-not-in-stock = Du hast keine Idee dieser Form und dieses Musters mehr in deinem Vorrat
einstein-first-in-centre = Die erste Idee kommt in die Mitte des Tisches
einstein-overlap = Die Idee würde eine schon gelegte Idee überdecken
einstein-partial-edge = Jede Berührung muss eine ganze Kante sein, Ecke an Ecke mit der Kante einer gelegten Idee
einstein-no-contact = Die Idee muss eine ganze Kante mit der Großen Idee teilen
einstein-no-line-match = Mindestens eine gemeinsame Kante muss in der Zahl ihrer Linien passen

## Nachrichten, die der Codec nicht annimmt.

einstein-empty-move = Der Zug ist leer: Lege eine Idee
einstein-tile-owner-unknown = Ein Plättchen gehört Platz { $seat }, der nicht mitspielt
einstein-stock-order = Ein Vorrat nennt jedes Fachgebiet einmal, in der Reihenfolge der Fachgebiete
einstein-stock-range = Ein Vorrat hat 0 bis { $most } Plättchen je Muster
einstein-unknown-field = Unbekanntes Fachgebiet { $value }
einstein-unknown-pattern = Unbekanntes Linienmuster { $value }
einstein-rotation-range = Eine Drehung umfasst 0 bis 9 Schritte zu 36 Grad, nicht { $value }
einstein-unknown-einstein = Unbekannter Einstein { $value }
einstein-view-unknown-einstein = Die Ansicht nennt einen unbekannten Einstein
einstein-view-inspiration-counts = Die Zahlen der Inspirationen in der Ansicht gehen nicht auf
einstein-view-theory-counts = Die Zahlen der Theorien in der Ansicht gehen nicht auf

## Ein Spielstand, den die Regeln nie erzeugt hätten.

einstein-inconsistent-tile = Der Spielstand ist widersprüchlich: Plättchen { $tile } ist nicht regelgerecht gelegt
einstein-inconsistent-tiles = Der Spielstand ist widersprüchlich: mehr Plättchen, als die Einsteins besitzen
einstein-inconsistent-einstein-twice = Der Spielstand ist widersprüchlich: Ein Einstein spielt doppelt
einstein-inconsistent-inspirations = Der Spielstand ist widersprüchlich: Platz { $seat } muss jede Inspiration seines Einsteins genau einmal haben
einstein-inconsistent-hand = Der Spielstand ist widersprüchlich: Die Hand von Platz { $seat } ist keine sortierte Hand von höchstens { $most } Karten
einstein-inconsistent-stock = Der Spielstand ist widersprüchlich: Vorrat und gelegte Plättchen von Platz { $seat } gehen nicht auf
einstein-inconsistent-theories = Der Spielstand ist widersprüchlich: Jede Haupttheorie muss genau einmal vorkommen
einstein-inconsistent-prestige = Der Spielstand ist widersprüchlich: Es gibt { $tokens } Prestigemarker
einstein-inconsistent-turn-counters = Der Spielstand ist widersprüchlich: Die Zugzähler sind kaputt
einstein-inconsistent-placements = Der Spielstand ist widersprüchlich: Ein Platz legt höchstens zwei Ideen pro Zug
einstein-inconsistent-completed = Der Spielstand ist widersprüchlich: mehr Inspirationen in diesem Zug erfüllt als insgesamt
einstein-inconsistent-moves = Der Spielstand ist widersprüchlich: Ein Spiel hat höchstens { $most } Züge
einstein-inconsistent-no-placement = Der Spielstand ist widersprüchlich: Der Platz am Zug kann nirgends regelgerecht legen
