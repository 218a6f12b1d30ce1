"""Inventors, Erfinderteam (docs/rules/inventors.md): teams of inventors, shared inventions,
reward choices in rank order, series scoring."""

from playhall.games.inventors.game import InventorsGame

GAME = InventorsGame()
