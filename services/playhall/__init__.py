"""Playhall: the backend of a multi-title online board-game portal."""
