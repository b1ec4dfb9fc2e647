"""The base game's five basic action types (A-4), one module each.

``BASE_TYPES`` is their order in legal-action lists and menus. Importing this package
registers their notation kinds.
"""

from __future__ import annotations

from ..actions import register_notation
from .attract import Attract
from .base import ActionType
from .extinguish import Extinguish
from .move import Move, StealDecision, move_destination
from .plant import Plant, plant_spaces
from .take_fragment import TakeFragment, give_fragments

BASE_TYPES: tuple[ActionType, ...] = (TakeFragment(), Attract(), Extinguish(), Move(), Plant())

for _at in BASE_TYPES:
    register_notation(_at.kind, _at.arg)

__all__ = [
    "BASE_TYPES",
    "ActionType",
    "Attract",
    "Extinguish",
    "Move",
    "Plant",
    "StealDecision",
    "TakeFragment",
    "give_fragments",
    "move_destination",
    "plant_spaces",
]
