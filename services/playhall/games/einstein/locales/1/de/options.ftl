## Die Optionen beim Anlegen einer Einstein-Partie (engine.py, INFO.options), beschrieben: der
## Schlüssel ist einstein-option- und der Name der Option, Unterstriche als Bindestriche.

einstein-option-einsteins = Die Einsteins im Spiel, einer je Platz (die Plätze folgen ihrem Alter)
