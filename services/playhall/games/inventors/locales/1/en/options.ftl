## Erfinderteam's setup options (engine.py, INFO.options), described: the key is
## inventors-option- and the option's name, its underscores as hyphens.

inventors-option-teams = The team of each seat, in seat order (default: the first teams listed)
