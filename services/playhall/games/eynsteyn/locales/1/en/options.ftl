## Eynsteyn's setup options (engine.py, INFO.options), described: the key is eynsteyn-option-
## and the option's name, its underscores as hyphens.

eynsteyn-option-board-size = Squares along each side of the board
eynsteyn-option-auto-call = The engine calls EYNSTEYN for every player who is one away
