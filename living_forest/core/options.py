"""Game options: which rules modules a game uses.

A :class:`GameOptions` value is part of every :class:`~living_forest.core.state.GameState`
and of every save file. The base game is ``GameOptions()`` (no module); a variant such
as an expansion is a module name in ``modules``. Options are validated by
:func:`living_forest.core.rules.rules_for` before a game starts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any


class OptionsError(ValueError):
    """The options name a module that does not exist or cannot be combined."""


@dataclass(frozen=True, slots=True)
class GameOptions:
    """Which rules modules are on, as a sorted tuple of unique module names."""

    modules: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        mods = self.modules
        if isinstance(mods, str) or not all(isinstance(m, str) for m in mods):
            raise OptionsError("modules must be a list of module names")
        normal = tuple(sorted(set(mods)))
        if normal != mods:
            object.__setattr__(self, "modules", normal)

    @classmethod
    def of(cls, modules: Iterable[str] = ()) -> GameOptions:
        return cls(tuple(modules))

    @property
    def is_base(self) -> bool:
        """The plain base game (no module)."""
        return not self.modules

    def has(self, module: str) -> bool:
        return module in self.modules

    def to_dict(self) -> dict[str, Any]:
        return {"modules": list(self.modules)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> GameOptions:
        if not isinstance(d, Mapping):
            raise OptionsError("options must be an object")
        unknown = set(d) - {"modules"}
        if unknown:
            raise OptionsError(f"unknown option {sorted(unknown)[0]!r}")
        mods = d.get("modules", [])
        if not isinstance(mods, list | tuple):
            raise OptionsError("options.modules must be a list of module names")
        return cls(tuple(mods))

    def __str__(self) -> str:
        return "base game" if self.is_base else "base game + " + " + ".join(self.modules)


BASE_GAME = GameOptions()
