"""The titles Playhall knows, by title id. Each title module exposes `GAME`; it is imported on
first use, so a rules service loads only its own title."""

import importlib
from typing import Any

from playhall.core.api import Game

_MODULES = {
    "einstein": "playhall.games.einstein",
    "eynsteyn": "playhall.games.eynsteyn",
    "galileo": "playhall.games.galileo",
    "inventors": "playhall.games.inventors",
}
_loaded: dict[str, Game[Any]] = {}


def title_ids() -> tuple[str, ...]:
    """Every registered title id, in a stable order."""
    return tuple(sorted(_MODULES))


def get_game(title_id: str) -> Game[Any]:
    """The `Game` of a title; `KeyError` with the known ids for an unknown one."""
    if title_id not in _MODULES:
        raise KeyError(f"unknown title {title_id!r}; known: {', '.join(title_ids())}")
    if title_id not in _loaded:
        _loaded[title_id] = importlib.import_module(_MODULES[title_id]).GAME
    return _loaded[title_id]
