"""The rules core: pure, deterministic, serialisable. Imports no UI library."""

from .actions import (
    Action,
    ActionError,
    ActionParseError,
    IllegalActionError,
    format_action,
    parse_action,
)
from .data import DataError, GameData, load_data
from .engine import apply, data, is_over, legal_actions, new_game, outcome, why_illegal
from .events import Event, describe
from .scoring import Outcome, PlayerResult
from .setup import Seat, SetupError
from .state import GameState, Pending, PlayerState
from .strength import Counts, counts, net_solitary, raw_strengths
from .validate import validate

__all__ = [
    "Action",
    "ActionError",
    "ActionParseError",
    "Counts",
    "DataError",
    "Event",
    "GameData",
    "GameState",
    "IllegalActionError",
    "Outcome",
    "Pending",
    "PlayerResult",
    "PlayerState",
    "Seat",
    "SetupError",
    "apply",
    "counts",
    "data",
    "describe",
    "format_action",
    "is_over",
    "legal_actions",
    "load_data",
    "net_solitary",
    "new_game",
    "outcome",
    "parse_action",
    "raw_strengths",
    "validate",
]
