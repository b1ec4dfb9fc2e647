"""Rules modules: a variant is a package that registers itself here.

A :class:`Module` names itself (the value a player puts in
:class:`~living_forest.core.options.GameOptions`), declares the action kinds it adds
to the notation, and installs its rules on a
:class:`~living_forest.core.rules.RulesBuilder`: action types, strength contributors,
setup / turn-start / after-action / end-of-round steps, validation checks and its own
part of the game state. The base game is installed first, always; no engine code
asks which modules are on.

Modules are found the Python way: a package names its module in the entry-point
group ``living_forest.modules`` (name -> the package that registers it; this project's
own are in its ``pyproject.toml``), imported on first use, so asking for one never
needs an import elsewhere and a saved game of any installed module loads in a fresh
process. A module declares its order among the others (``after``) and the modules it
cannot be played with (``conflicts``); :func:`install_order` checks both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Any

from ..i18n import _
from .actions import Arg, register_notation
from .options import OptionsError

if TYPE_CHECKING:
    from .rules import RulesBuilder
    from .state import ModuleState

# The entry-point group that names the installed rules modules.
GROUP = "living_forest.modules"


def _no_state(data: Any) -> ModuleState:
    raise ValueError("this module keeps no state of its own")


@dataclass(frozen=True)
class Module:
    name: str  # the option value: one lower-case word
    title: str  # for menus and save browsers: marked with N_, shown with _(title)
    install: Callable[[RulesBuilder], None]
    notation: Mapping[str, Arg] = field(default_factory=dict)  # action kinds it adds
    read_state: Callable[[Any], ModuleState] = _no_state  # its game-wide state from JSON
    read_player_state: Callable[[Any], ModuleState] = _no_state  # a player's, from JSON
    players: tuple[int, ...] = ()  # player counts it supports (empty: all of the base game)
    after: tuple[str, ...] = ()  # modules installed before it when both are on
    conflicts: tuple[str, ...] = ()  # modules it cannot be played with


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


@cache
def installed() -> dict[str, EntryPoint]:
    """The modules installed packages name in the entry-point group, by name."""
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def get_module(name: str) -> Module:
    """The registered module ``name``; an installed one is imported on first use."""
    module = _MODULES.get(name)
    if module is None and name in installed():
        installed()[name].load()  # its package registers it
        module = _MODULES.get(name)
    if module is None:
        choices = ", ".join(available_modules()) or _("none yet")
        raise OptionsError(
            _("unknown rules module {name} (available: {choices})").format(
                name=repr(name), choices=choices
            )
        )
    return module


def available_modules() -> tuple[str, ...]:
    """Every module a game may use: installed ones and any registered since start."""
    return tuple(sorted(set(_MODULES) | set(installed())))


def install_order(names: Iterable[str]) -> list[Module]:
    """The modules ``names``, each after those it names in ``after`` (otherwise by
    name); :class:`OptionsError` when two of them conflict or their orders go round."""
    modules = {name: get_module(name) for name in sorted(set(names))}
    for m in modules.values():
        clash = sorted(set(m.conflicts) & set(modules))
        if clash:
            others = ", ".join(repr(c) for c in clash)
            raise OptionsError(f"rules module {m.name!r} cannot be played with {others}")
    order: list[Module] = []
    left = dict(modules)
    while left:
        ready = [m for m in left.values() if not (set(m.after) & set(left))]
        if not ready:
            names = ", ".join(repr(n) for n in left)
            raise OptionsError(f"rules modules {names} each want to come after another")
        order.append(ready[0])
        del left[ready[0].name]
    return order
