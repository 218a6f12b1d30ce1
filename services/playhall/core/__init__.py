"""The engine API shared by every title, the title registry, seeded randomness and rule errors."""

from playhall.core.api import (
    SPECTATOR,
    BoolOption,
    ChoiceOption,
    Codec,
    Event,
    Game,
    GameInfo,
    IntOption,
    SlotsState,
    State,
    Transition,
    Viewer,
    play_random,
    replay,
)
from playhall.core.errors import (
    GameOver,
    IllegalMove,
    IncompatibleVersion,
    InvalidSetup,
    MalformedMessage,
    NotYourTurn,
    RuleError,
)
from playhall.core.registry import get_game, title_ids
from playhall.core.rng import Rng

__all__ = [
    "SPECTATOR",
    "BoolOption",
    "ChoiceOption",
    "Codec",
    "Event",
    "Game",
    "GameInfo",
    "GameOver",
    "IllegalMove",
    "IncompatibleVersion",
    "IntOption",
    "InvalidSetup",
    "MalformedMessage",
    "NotYourTurn",
    "Rng",
    "RuleError",
    "SlotsState",
    "State",
    "Transition",
    "Viewer",
    "get_game",
    "play_random",
    "replay",
    "title_ids",
]
