"""Pieces every panel uses: an Element's strength and a Spirit's tag in markup."""

from __future__ import annotations

from living_forest.core import GameState
from living_forest.core.data import ELEMENTS

from ..glyphs import ELEMENT_GLYPH, ELEMENT_STYLE, spirit_tag


def el(name: str, v: int) -> str:
    return f"[{ELEMENT_STYLE[name]}]{ELEMENT_GLYPH[name]}{v}[/]"


def elements(values: tuple[int, ...] | list[int], sep: str = "") -> str:
    return sep.join(el(n, v) for n, v in zip(ELEMENTS, values, strict=True) if v)


def tag(st: GameState, seat: int) -> str:
    return spirit_tag(st.players[seat].spirit)
