"""Glyphs and short names: every Spirit, Element and card mark has a letter or glyph,
so nothing depends on colour (NO_COLOR works). No emoji: all glyphs are one cell wide."""

from __future__ import annotations

from living_forest.core.data import ELEMENTS

ELEMENT_GLYPH = {"sun": "☼", "water": "≈", "plant": "♣", "wind": "»", "flower": "✿"}
ELEMENT_NAME = {
    "sun": "Sun",
    "water": "Water",
    "plant": "Plant",
    "wind": "Wind",
    "flower": "Flower",
}
# CSS class per Element, styled with theme variables in app.tcss.
ELEMENT_STYLE = {
    "sun": "$warning",
    "water": "$primary",
    "plant": "$success",
    "wind": "$secondary",
    "flower": "$accent",
}
SPIRIT_TAG = {"winter": "Wi", "spring": "Sp", "summer": "Su", "autumn": "Au"}
SOLITARY, GREGARIOUS = "▲", "▼"
MARK_GLYPH = {1: SOLITARY, -1: GREGARIOUS, 0: " "}
MARK_NAME = {1: "solitary", -1: "gregarious", 0: "no mark"}
ROCK_BONUS = {"plant": "♣", "fragment": "◆", "attract": "☼", "extinguish": "≈"}
ROCK_BONUS_NAME = {
    "plant": "bonus Plant",
    "fragment": "1 Fragment",
    "attract": "bonus Attract",
    "extinguish": "bonus Extinguish",
}
FRAGMENT = "◆"
FIRE = "▲"
SACRED_TREE = "♠"
VARAN = "V"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards`` (``many`` for irregular plurals)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def plain_elements(values: tuple[int, ...] | list[int]) -> str:
    """``☼3≈1`` for the non-zero Elements (negative values keep their sign)."""
    return "".join(f"{ELEMENT_GLYPH[n]}{v}" for n, v in zip(ELEMENTS, values, strict=True) if v)
