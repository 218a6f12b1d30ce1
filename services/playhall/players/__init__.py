"""Players: who they are (signed player tokens, the dev stack's guest issuer) and what they
ask of Playhall about themselves (PlayerService)."""
