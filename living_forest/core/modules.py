"""Rules modules: a variant is a package that registers itself here.

A :class:`Module` names itself (the value a player puts in
:class:`~living_forest.core.options.GameOptions`), declares the action kinds it adds
to the notation, and installs its rules on a
:class:`~living_forest.core.rules.RulesBuilder`: action types, strength contributors,
setup / turn-start / after-action / end-of-round steps, validation checks and its own
part of the game state. The base game is installed first, always; no engine code
asks which modules are on.

Built-in modules are imported on first use from :data:`BUILTIN` (module name ->
package), so asking for one never needs an import elsewhere.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..i18n import _
from .actions import Arg, register_notation
from .options import OptionsError

if TYPE_CHECKING:
    from .rules import RulesBuilder
    from .state import ModuleState

# Packages of the modules that ship with the game: imported when first named.
BUILTIN: dict[str, str] = {"kodama": "living_forest.core.kodama"}


def _no_state(data: Any) -> ModuleState:
    raise ValueError("this module keeps no state of its own")


@dataclass(frozen=True)
class Module:
    name: str  # the option value, e.g. "kodama"
    title: str  # for menus and save browsers: marked with N_, shown with _(title)
    install: Callable[[RulesBuilder], None]
    notation: Mapping[str, Arg] = field(default_factory=dict)  # action kinds it adds
    read_state: Callable[[Any], ModuleState] = _no_state  # its game-wide state from JSON
    read_player_state: Callable[[Any], ModuleState] = _no_state  # a player's, from JSON
    players: tuple[int, ...] = ()  # player counts it supports (empty: all of the base game)


_MODULES: dict[str, Module] = {}


def register_module(module: Module) -> Module:
    """Make ``module`` available to game options (call once, at import of its package)."""
    if not module.name or module.name != module.name.lower() or " " in module.name:
        raise ValueError(f"module name {module.name!r} must be one lower-case word")
    if module.name in ("base",):
        raise ValueError("'base' is the base game, not a module")
    known = _MODULES.get(module.name)
    if known is not None and known is not module:
        raise ValueError(f"a module named {module.name!r} is already registered")
    for kind, arg in module.notation.items():
        register_notation(kind, arg)
    _MODULES[module.name] = module
    return module


def get_module(name: str) -> Module:
    """The registered module ``name``; a built-in one is imported on first use."""
    module = _MODULES.get(name)
    if module is None and name in BUILTIN:
        importlib.import_module(BUILTIN[name])
        module = _MODULES.get(name)
    if module is None:
        choices = ", ".join(sorted(set(_MODULES) | set(BUILTIN))) or _("none yet")
        raise OptionsError(
            _("unknown rules module {name} (available: {choices})").format(
                name=repr(name), choices=choices
            )
        )
    return module


def available_modules() -> tuple[str, ...]:
    """Every module a game may use: built-in ones and any registered since start."""
    return tuple(sorted(set(_MODULES) | set(BUILTIN)))
