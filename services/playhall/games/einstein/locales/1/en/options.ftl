## Einstein's setup options (engine.py, INFO.options), described: the key is einstein-option-
## and the option's name, its underscores as hyphens.

einstein-option-einsteins = The Einsteins in the game, one per seat (seats follow their age)
