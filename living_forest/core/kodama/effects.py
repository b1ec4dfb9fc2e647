"""Kodama's two effect kinds (KODAMA.md), registered with the core's effect registry
when the package is imported (before ``kodama.json`` is read):

=============================  =================================================
``element_per_visible_kodama`` +``per_symbol`` of an Element per visible Kodama
                               symbol (K-P1, K-P2)
``kodama_symbols``             shows ``amount`` Kodama symbols (K-K1, tree 8K)
=============================  =================================================
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Literal, NamedTuple

from pydantic import Field

from ..effects import Effect, EffectData, ElementName, register_effect_kind

if TYPE_CHECKING:
    from ..rules import Rules


class ElementPerSymbolModel(EffectData):
    kind: Literal["element_per_visible_kodama"]
    element: ElementName
    per_symbol: int = Field(ge=1)


class SymbolsModel(EffectData):
    kind: Literal["kodama_symbols"]
    amount: int = Field(ge=1)


@dataclass(frozen=True, slots=True)
class ElementPerSymbol(Effect):
    """``per_symbol`` of Element ``element`` (index into ELEMENTS) per visible Kodama
    symbol (K-P1)."""

    element: int
    per_symbol: int


@dataclass(frozen=True, slots=True)
class Symbols(Effect):
    """Shows ``amount`` Kodama symbols (K-K1)."""

    amount: int


register_effect_kind(
    ElementPerSymbolModel,
    lambda m, elements: ElementPerSymbol(elements.index(m.element), m.per_symbol),
)
register_effect_kind(SymbolsModel, lambda m, elements: Symbols(m.amount))


class SymbolCounts(NamedTuple):
    """The Kodama symbols each card and each tree kind shows (K-K1): those with any."""

    cards: dict[str, int]
    trees: dict[str, int]


@cache
def symbol_counts(r: Rules) -> SymbolCounts:
    """The rules' :class:`SymbolCounts`, read once from the data's effects."""

    def shown(effects: Iterable[object]) -> int:
        return sum(e.amount for e in effects if isinstance(e, Symbols))

    return SymbolCounts(
        {cid: n for cid, c in r.data.cards.items() if (n := shown(c.effects))},
        {label: n for label, t in r.data.trees.items() if (n := shown(t.effects))},
    )
