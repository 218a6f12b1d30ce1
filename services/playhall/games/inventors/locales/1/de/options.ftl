## Die Optionen beim Anlegen einer Erfinderteam-Partie (engine.py, INFO.options), beschrieben:
## der Schlüssel ist inventors-option- und der Name der Option, Unterstriche als Bindestriche.

inventors-option-teams = Das Team jedes Platzes, in der Reihenfolge der Plätze (sonst die ersten Teams der Liste)
