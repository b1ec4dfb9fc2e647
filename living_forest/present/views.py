"""How the app shows each action type and each rules module: the presentation
registry.

An action type (core) knows its notation kind, its name and its Element; its
:class:`ActionView` adds what only a screen needs: the key that opens it and its
binding id, its key-bar label, its word in the tight columns, the title of it as an
offered bonus and the text of one of its options. A rules module brings a
:class:`ModuleView` holding its actions' views; the base game registers its own the
same way. The app's tables (the game keys, the short words, the bonus titles) are
built from the registry, not keyed by kind elsewhere.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from living_forest.core import Action, GameState

# The views the app ships, imported on first use (each module registers itself).
BUILTIN = ("living_forest.present.base_game", "living_forest.present.kodama_ui")

Label = Callable[[GameState, Action], str]


@dataclass(frozen=True, slots=True)
class ActionView:
    """How one action type shows. Words are English, marked with ``N_``: show them
    with ``_()``."""

    kind: str  # the action type's notation kind ("attract")
    binding: str  # its key's binding id after "game." ("attract", "take")
    key: str  # its default key
    key_label: str  # its key-bar label
    word: str = ""  # one short word ("(used attract, move)"); "" shows the kind
    data_ids: tuple[str, ...] = ()  # the data's ids of it (a card's "+plant")
    ability_word: str = ""  # the word after a card's ability mark, if not ``word``
    bonus_name: str = ""  # the title of it offered as a bonus ("Bonus Attract: …")
    label: Label | None = None  # the text of one of its options in the choice list


@dataclass(frozen=True, slots=True)
class ModuleView:
    """How a rules module shows: its name (the core's module name, "base" for the
    base game) and its action types' views, in key-bar order."""

    name: str
    actions: tuple[ActionView, ...] = ()


_MODULES: dict[str, ModuleView] = {}


def register(view: ModuleView) -> ModuleView:
    """Add a module's view (once per name); returns it."""
    if view.name in _MODULES and _MODULES[view.name] is not view:
        raise ValueError(f"a view of the module {view.name!r} is registered already")
    _MODULES[view.name] = view
    return view


@cache
def _load_builtin() -> None:
    for name in BUILTIN:
        importlib.import_module(name)


def module_views() -> tuple[ModuleView, ...]:
    """Every registered module view, the base game's first."""
    _load_builtin()
    return tuple(_MODULES.values())


def action_views() -> tuple[ActionView, ...]:
    """Every action type's view, in key-bar order."""
    return tuple(av for mv in module_views() for av in mv.actions)


def action_view(kind: str) -> ActionView | None:
    """The view of the action type ``kind``, None when no module shows it."""
    return next((av for av in action_views() if av.kind == kind), None)
