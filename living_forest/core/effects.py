"""Abilities of cards and trees as typed data, in an open set of kinds.

The game data describes what a card or tree *does* with an effect: a JSON object whose
``kind`` names it. Each kind is registered with :func:`register_effect_kind` by whoever
owns it: a pydantic model that validates its fields (unknown fields fail) and a
function that compiles it into a frozen :class:`Effect` value, the only thing the
engine reads. The data models (``core/data.py``) read an effect through
:data:`EffectModel`, which dispatches on ``kind`` like a discriminated union: an effect
whose kind nobody registered fails loudly when the data is loaded, naming the kinds
that exist, and an error inside one names its field.

The base game's kinds:

=============================  =================================================
``repeat_action``              basic actions of one type (or ``any``) may be taken
                               up to ``max_of_type`` times a round (F-7)
``bonus_action``               one bonus action of a type per round
=============================  =================================================

A rules module registers its own when its package is imported (before it loads its
data). Action types are named as in the data (``attract``, ``plant_tree``, ``move``,
…); ``core/action_types`` maps them to notation kinds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, PlainValidator
from pydantic_core import PydanticCustomError

ANY_ACTION = "any"
ElementName = Literal["sun", "water", "plant", "wind", "flower"]


class EffectData(BaseModel):
    """The data of one effect kind: subclass it with ``kind: Literal["your_kind"]`` and
    the kind's fields (unknown fields fail)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str


class Effect:
    """A compiled effect: what the engine reads (subclass it as a frozen dataclass)."""

    __slots__ = ()


M = TypeVar("M", bound=EffectData)
Compile = Callable[[Any, tuple[str, ...]], Effect]


@dataclass(frozen=True, slots=True)
class EffectKind:
    kind: str
    model: type[EffectData]
    compile: Compile


_KINDS: dict[str, EffectKind] = {}


def register_effect_kind(
    model: type[M], compile: Callable[[M, tuple[str, ...]], Effect]
) -> type[M]:
    """Make the effect kind of ``model`` (its ``kind`` field's one literal value) known
    to the data; ``compile(data, elements)`` makes its :class:`Effect` (``elements``:
    the game's Element names, for an index). A kind registered already is refused."""
    kinds = get_args(model.model_fields["kind"].annotation)
    if len(kinds) != 1 or not isinstance(kinds[0], str):
        raise ValueError(f"{model.__name__}.kind must be one Literal string")
    kind = kinds[0]
    known = _KINDS.get(kind)
    if known is not None and known.model is not model:
        raise ValueError(f"the effect kind {kind!r} is registered already")
    _KINDS[kind] = EffectKind(kind, model, compile)
    return model


def effect_kinds() -> tuple[str, ...]:
    """The effect kinds the data may use now."""
    return tuple(sorted(_KINDS))


def _parse(value: Any) -> EffectData:
    if isinstance(value, EffectData):
        return value
    kind = value.get("kind") if isinstance(value, dict) else None
    if not isinstance(kind, str):
        raise PydanticCustomError(
            "effect_kind",
            "an effect is an object with a kind (one of {known})",
            {"known": ", ".join(effect_kinds())},
        )
    registered = _KINDS.get(kind)
    if registered is None:
        raise PydanticCustomError(
            "effect_kind",
            "unknown effect kind '{kind}' (known: {known})",
            {"kind": kind, "known": ", ".join(effect_kinds())},
        )
    return registered.model.model_validate(value)  # its errors keep their field


def _dump(value: EffectData) -> dict[str, Any]:
    return value.model_dump()


# An effect in the data models: validated by its kind's model, dumped as that model.
EffectModel = Annotated[
    EffectData, PlainValidator(_parse), PlainSerializer(_dump, return_type=dict[str, Any])
]


def compile_effect(model: EffectData, elements: tuple[str, ...]) -> Effect:
    return _KINDS[model.kind].compile(model, elements)


class RepeatActionModel(EffectData):
    kind: Literal["repeat_action"]
    action: str = Field(min_length=1)  # a data action id, or "any"
    max_of_type: int = Field(default=2, ge=2)


class BonusActionModel(EffectData):
    kind: Literal["bonus_action"]
    action: str = Field(min_length=1)


@dataclass(frozen=True, slots=True)
class RepeatAction(Effect):
    """Basic actions of ``action`` (a data action id, or ``any``) may be taken up to
    ``max_of_type`` times in the round instead of once (A-3, F-7)."""

    action: str
    max_of_type: int = 2

    def covers(self, action_id: str) -> bool:
        return self.action == ANY_ACTION or self.action == action_id


@dataclass(frozen=True, slots=True)
class BonusAction(Effect):
    """One bonus action of ``action`` in the owner's turn."""

    action: str


register_effect_kind(RepeatActionModel, lambda m, elements: RepeatAction(m.action, m.max_of_type))
register_effect_kind(BonusActionModel, lambda m, elements: BonusAction(m.action))
