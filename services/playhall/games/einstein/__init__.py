"""Einstein: His Amazing Life and Incomparable Science (docs/rules/einstein.md): Penrose tiles
laid on exact geometry, hidden Inspiration hands."""

from playhall.games.einstein.game import EinsteinGame

GAME = EinsteinGame()
