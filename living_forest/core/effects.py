"""Abilities of cards and trees as typed data.

The game data describes what a card or tree *does* with one of these effects; the
data models (``core/data.py``) validate them as a discriminated union on ``kind``,
so an effect the engine does not know fails loudly when the data is loaded. The
engine reads the compiled, frozen effect values below.

=============================  =================================================
``repeat_action``              basic actions of one type (or ``any``) may be taken
                               up to ``max_of_type`` times a round (F-7, K-G1, K-X5)
``bonus_action``               one bonus action of a type per round (K-G2, K-G3)
``element_per_visible_kodama`` +``per_symbol`` of an Element per visible Kodama
                               symbol (K-P1, K-P2)
``kodama_symbols``             shows ``amount`` Kodama symbols (K-K1, tree 8K)
=============================  =================================================

Action types are named as in the data (``attract``, ``plant_tree``, ``move``, …);
``core/action_types`` maps them to notation kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

ANY_ACTION = "any"
ElementName = Literal["sun", "water", "plant", "wind", "flower"]


class _EffectModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RepeatActionModel(_EffectModel):
    kind: Literal["repeat_action"]
    action: str = Field(min_length=1)  # a data action id, or "any"
    max_of_type: int = Field(default=2, ge=2)


class BonusActionModel(_EffectModel):
    kind: Literal["bonus_action"]
    action: str = Field(min_length=1)


class ElementPerSymbolModel(_EffectModel):
    kind: Literal["element_per_visible_kodama"]
    element: ElementName
    per_symbol: int = Field(ge=1)


class SymbolsModel(_EffectModel):
    kind: Literal["kodama_symbols"]
    amount: int = Field(ge=1)


EffectModel = Annotated[
    RepeatActionModel | BonusActionModel | ElementPerSymbolModel | SymbolsModel,
    Field(discriminator="kind"),
]


@dataclass(frozen=True, slots=True)
class RepeatAction:
    """Basic actions of ``action`` (a data action id, or ``any``) may be taken up to
    ``max_of_type`` times in the round instead of once (A-3, F-7, K-X5)."""

    action: str
    max_of_type: int = 2

    def covers(self, action_id: str) -> bool:
        return self.action == ANY_ACTION or self.action == action_id


@dataclass(frozen=True, slots=True)
class BonusAction:
    """One bonus action of ``action`` in the owner's turn (K-G2)."""

    action: str


@dataclass(frozen=True, slots=True)
class ElementPerSymbol:
    """``per_symbol`` of Element ``element`` (index into ELEMENTS) per visible Kodama
    symbol (K-P1)."""

    element: int
    per_symbol: int


@dataclass(frozen=True, slots=True)
class Symbols:
    """Shows ``amount`` Kodama symbols (K-K1)."""

    amount: int


Effect = RepeatAction | BonusAction | ElementPerSymbol | Symbols


def compile_effect(model: EffectModel, elements: tuple[str, ...]) -> Effect:
    if isinstance(model, RepeatActionModel):
        return RepeatAction(model.action, model.max_of_type)
    if isinstance(model, BonusActionModel):
        return BonusAction(model.action)
    if isinstance(model, ElementPerSymbolModel):
        return ElementPerSymbol(elements.index(model.element), model.per_symbol)
    return Symbols(model.amount)
