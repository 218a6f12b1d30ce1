## Ablehnungen von Eynsteyn (Regeln eynsteyn/1). $kind ist die Kennung einer Steinart.

eynsteyn-game-over = Das Spiel ist vorbei: Es sind keine Züge mehr möglich
eynsteyn-not-your-turn = Du bist nicht am Zug: Platz { $seat } ist dran
eynsteyn-draw-from-stack = Noch werden die Steine gezogen: Zieh von einem Stapel
eynsteyn-no-such-stack = Es gibt keinen Stapel { $stack }: Die Stapel gehen von { $first } bis { $last }
eynsteyn-empty-stack-drawn = Stapel { $stack } ist leer: Zieh von einem anderen
eynsteyn-place-first = Leg zuerst einen Stein aus deinem Vorrat
eynsteyn-no-such-stone = Diesen Stein gibt es nicht: Leg einen aus deinem Vorrat
eynsteyn-stone-not-in-hand =
    Du hast { $kind ->
        [straight] keine Gerade
        [curve] keine Kurve
        [junction] keine Abzweigung
        [crossing] keine Kreuzung
        [double_curve] keine Doppelkurve
       *[blocker] keinen Sperrstein
    } in deinem Vorrat
eynsteyn-rotation-only-zero =
    { $kind ->
        [straight] Eine Gerade
        [curve] Eine Kurve
        [junction] Eine Abzweigung
        [crossing] Eine Kreuzung
        [double_curve] Eine Doppelkurve
       *[blocker] Ein Sperrstein
    } sieht in jeder Drehung gleich aus: Gib die Drehung { $rotation } an
eynsteyn-rotation-out-of-range =
    { $kind ->
        [straight] Eine Gerade
        [curve] Eine Kurve
        [junction] Eine Abzweigung
        [crossing] Eine Kreuzung
        [double_curve] Eine Doppelkurve
       *[blocker] Ein Sperrstein
    } hat { $orientations } Ausrichtungen: Gib eine Drehung von { $first } bis { $last } Vierteldrehungen an (mehr Drehungen wiederholen eine davon)
eynsteyn-off-board = Dieses Feld liegt nicht auf dem Spielplan
eynsteyn-square-taken = Dieses Feld ist schon belegt
eynsteyn-preparation-adjacent = In der Vorbereitung darf kein Stein direkt neben einem anderen liegen (schräg daneben ist erlaubt)
eynsteyn-may-not-pass = Du kannst einen Stein legen, also darfst du nicht passen
eynsteyn-cover-final-stack = Ein Stapel aus vier Steinen ist endgültig: Darauf kommt nichts mehr
eynsteyn-cover-marked = Auf diesem Stein liegt ein Markierstein: Er darf nicht überdeckt werden
eynsteyn-cover-edge = Steine am Rand des Spielplans dürfen nie überdeckt werden
eynsteyn-cover-unsurrounded = Ein Stein darf erst überdeckt werden, wenn alle vier Felder um ihn herum belegt sind
eynsteyn-mark-or-skip = Markiere einen Stein oder verzichte darauf, bevor du deinen Zug beendest
eynsteyn-mark-empty-square = Ein Markierstein kommt auf einen Stein: Dieses Feld ist leer
eynsteyn-mark-marked = Auf diesem Stein liegt schon ein Markierstein
eynsteyn-mark-final-stack = Ein Stapel aus vier Steinen ist endgültig: Er braucht keinen Markierstein
eynsteyn-end-your-turn = Beende deinen Zug: Zieh einen Stein und sag EYNSTEYN an oder nicht
eynsteyn-all-stacks-empty = Alle Stapel sind leer: Beende den Zug mit Stapel { $stack }
eynsteyn-call-impossible = Du kannst nicht EYNSTEYN ansagen: Kein Stein in deinem Vorrat würde deine Ränder verbinden
eynsteyn-call-automatic = Hier sagt das Spiel EYNSTEYN für dich an: Dir fehlt nur noch ein Stein
eynsteyn-win-refused-pass = Dein Sieg wurde nicht anerkannt: Dein Zug verfällt

## Anfragen, die kein erreichbares Eynsteyn-Spiel beschreiben (von Programmen, nicht von Spielenden).

eynsteyn-move-empty = Der Zug ist leer: Ziehen, legen, markieren, auslassen, den Zug beenden oder passen
eynsteyn-view-shape = Die Ansicht braucht zwei Plätze und fünf Stapel
eynsteyn-board-size-range = Ein Spielplan hat { $min } bis { $max } Felder pro Seite, nicht { $size }
eynsteyn-board-square-count = Ein Spielplan der Größe { $size } hat { $squares } Felder
eynsteyn-board-height-range = Auf einem Feld liegen { $least } bis { $most } Steine
eynsteyn-board-lists-mismatch = Höhen, Arten und Drehungen des Spielplans passen nicht zusammen
eynsteyn-board-unknown-stone = Ein Stein auf dem Spielplan hat eine Art oder Drehung, die es nicht gibt
eynsteyn-marker-off-board = Das Feld ({ $row }, { $column }) des Markiersteins liegt nicht auf dem Spielplan
eynsteyn-markers-shared-square = Zwei Markiersteine liegen auf einem Feld
eynsteyn-unknown-kind = Unbekannte Steinart { $kind }
eynsteyn-edges-unassigned = Ein Platz muss Nord und Süd verbinden, der andere West und Ost
eynsteyn-cell-off-board = Das Feld ({ $row }, { $column }) liegt nicht auf dem Spielplan
eynsteyn-unknown-phase = Unbekannte Phase { $phase }
eynsteyn-view-stones-excess = Die Ansicht zeigt mehr Steine, als das Spiel hat
eynsteyn-view-stones-miscounted = Die Steinzahlen der Ansicht gehen nicht auf
eynsteyn-inconsistent-stones = Der Spielstand ist widersprüchlich: Jeder Stein muss genau einmal vorkommen
eynsteyn-inconsistent-stacks = Der Spielstand ist widersprüchlich: Es gibt { $stacks } Nachziehstapel
eynsteyn-inconsistent-returned = Der Spielstand ist widersprüchlich: Ein Stapel hat eine unmögliche Zahl zurückgelegter Steine
eynsteyn-inconsistent-marker-owner = Der Spielstand ist widersprüchlich: Ein Markierstein gehört keinem Platz
eynsteyn-inconsistent-markers = Der Spielstand ist widersprüchlich: Platz { $seat } muss insgesamt { $markers } Markiersteine haben
eynsteyn-inconsistent-marker-on-empty = Der Spielstand ist widersprüchlich: Ein Markierstein liegt auf einem leeren Feld
eynsteyn-inconsistent-seats = Der Spielstand ist widersprüchlich: Der Platz am Zug oder der Startplatz ist kein Platz
eynsteyn-inconsistent-last-placed = Der Spielstand ist widersprüchlich: Der zuletzt gelegte Stein liegt nicht auf dem Spielplan
eynsteyn-inconsistent-passes = Der Spielstand ist widersprüchlich: Zu oft hintereinander gepasst
eynsteyn-inconsistent-winner = Der Spielstand ist widersprüchlich: Ein Sieger, während das Spiel noch läuft
eynsteyn-inconsistent-moves = Der Spielstand ist widersprüchlich: Ein Spiel hat höchstens { $most } Züge, Schritte und Runden
