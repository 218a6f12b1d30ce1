"""TournamentService's room: the pairings (`pairings.py`, `matchings.py`: pure), the domain
(`domain.py`), its records (`store.py`), the runner holding each tournament's lease
(`runner.py`) and the thin servicer."""
