"""PlayerService's room: what a signed-in player asks of Playhall about themselves (their
matches, seats, ratings and history), a thin servicer over the match domain and the archive."""
