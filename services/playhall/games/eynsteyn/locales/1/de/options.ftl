## Die Optionen beim Anlegen einer Eynsteyn-Partie (engine.py, INFO.options), beschrieben: der
## Schlüssel ist eynsteyn-option- und der Name der Option, Unterstriche als Bindestriche.

eynsteyn-option-board-size = Felder an jeder Seite des Spielplans
eynsteyn-option-auto-call = Das Spiel sagt EYNSTEYN für jeden an, dem nur noch ein Stein fehlt
