## Ablehnungen von Galileo Galilei (Regeln galileo/1).

galileo-game-over = Das Spiel ist vorbei: Es sind keine Züge mehr möglich
galileo-already-picked = Du hast in dieser Runde schon einen Wissenschaftler gewählt; die Wahl ist endgültig
galileo-pick-first = Gerade werden Wissenschaftler gewählt: Wähle einen Wissenschaftler aus deiner Hand
galileo-scientist-not-in-hand = Dieser Wissenschaftler ist nicht auf deiner Hand: Wähle einen deiner eigenen
galileo-not-your-turn = Du bist nicht am Zug: Platz { $seat } nimmt jetzt ein Experiment
galileo-take-instead = Dein Wissenschaftler ist schon aufgedeckt: Nimm stattdessen ein Experiment
galileo-experiment-not-on-table = Dieses Experiment liegt nicht auf dem Tisch: Nimm eines der in dieser Runde aufgedeckten

## Anfragen, die kein erreichbares Galileo-Spiel beschreiben (von Programmen, nicht von Spielenden).

galileo-move-empty = Der Zug ist leer: Wähle einen Wissenschaftler oder nimm ein Experiment
galileo-unknown-phase = Unbekannte Phase { $phase }
galileo-view-cards-miscounted = Die Kartenzahlen der Ansicht gehen nicht auf
galileo-view-experiments-miscounted = Die Experimentzahlen der Ansicht gehen nicht auf
galileo-inconsistent-scientists = Der Spielstand ist widersprüchlich: Jeder Wissenschaftler muss genau einmal vorkommen
galileo-inconsistent-experiments = Der Spielstand ist widersprüchlich: Jedes Experiment muss genau einmal vorkommen
galileo-inconsistent-points =
    Der Spielstand ist widersprüchlich: Experiment { $experiment } kann nicht { $points } { $points ->
        [one] Punkt
       *[other] Punkte
    } bringen
galileo-inconsistent-seat-orders = Der Spielstand ist widersprüchlich: Die Reihenfolge der Plätze ist fehlerhaft
galileo-inconsistent-take-order = Der Spielstand ist widersprüchlich: Die Reihenfolge beim Nehmen ist fehlerhaft
galileo-inconsistent-take-without-pick = Der Spielstand ist widersprüchlich: Ein Platz nimmt, ohne gewählt zu haben
galileo-inconsistent-order-outside-take = Der Spielstand ist widersprüchlich: Eine Reihenfolge zum Nehmen außerhalb des Nehmens
galileo-inconsistent-all-picked = Der Spielstand ist widersprüchlich: Eine Wahlphase, in der alle Plätze schon gewählt haben
galileo-inconsistent-empty-hand = Der Spielstand ist widersprüchlich: Ein Platz müsste mit leerer Hand wählen
galileo-inconsistent-round = Der Spielstand ist widersprüchlich: Ein Spiel zu { $players } hat die Runden { $first } bis { $last }
galileo-inconsistent-moves = Der Spielstand ist widersprüchlich: Ein Spiel zu { $players } hat höchstens { $most } Züge und Schritte
galileo-inconsistent-cards-in-play = Der Spielstand ist widersprüchlich: Ein beendetes Spiel mit Karten im Spiel
