"""Galileo Galilei (docs/rules/galileo.md): secret simultaneous picks, hidden hands."""

from playhall.games.galileo.game import GalileoGame

GAME = GalileoGame()
