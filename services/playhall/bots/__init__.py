"""Bot opponents: one interface for every title (a seat's view and an RNG in, a move out), three
kinds (random, greedy, ISMCTS), the levels a match can ask for, and the Celery workers that play
bot turns."""
