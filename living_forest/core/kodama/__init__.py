"""The Kodama expansion (KODAMA.md) as a rules module: ``GameOptions(("kodama",))``.

Everything Kodama changes lives in this package and reaches the engine through the
core's extension points (``rules.install``): merged data, three action types (Call a
Kodama, spend an Element tile, a level-3 animal's bonus), contributors, setup, turn
start and end-of-round steps, Onibi as an occupied rock, a card pool and a check.
Importing the package registers the module (``core/modules.py`` does it on first use).
"""

from __future__ import annotations

from ...i18n import N_
from ..actions import Arg
from ..modules import Module, register_module
from . import sentences as _sentences  # noqa: F401  (registers the log sentences)
from .rules import ANIMAL, CALL, ELEMENT, install, kodama_data, visible_symbols
from .state import NAME, KodamaPlayer, KodamaState, kodama, player

MODULE = register_module(
    Module(
        name=NAME,
        # i18n: the rules of a game on the New game form: at most 16 characters
        title=N_("Kodama expansion"),
        install=install,
        notation={CALL: Arg.TOKEN, ELEMENT: Arg.TOKEN, ANIMAL: Arg.TOKEN},
        read_state=KodamaState.read,
        read_player_state=KodamaPlayer.read,
        players=(2, 3, 4),  # K-M1 (ruling K-U14): no solo mode
    )
)

__all__ = [
    "ANIMAL",
    "CALL",
    "ELEMENT",
    "MODULE",
    "NAME",
    "KodamaPlayer",
    "KodamaState",
    "kodama",
    "kodama_data",
    "player",
    "visible_symbols",
]
