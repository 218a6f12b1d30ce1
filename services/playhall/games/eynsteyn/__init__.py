"""Eynsteyn (docs/rules/eynsteyn.md): a two-player connection game of square line stones."""

from playhall.games.eynsteyn.game import EynsteynGame

GAME = EynsteynGame()
