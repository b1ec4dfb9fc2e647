"""Glyphs and short names: every Spirit, Element and card mark has a letter or glyph,
so nothing depends on colour (NO_COLOR works). No emoji: all glyphs are one cell wide."""

from __future__ import annotations

from collections.abc import Iterable

from living_forest.core.data import ELEMENTS
from living_forest.core.effects import (
    BonusAction,
    Effect,
    ElementPerSymbol,
    RepeatAction,
    Symbols,
)

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
ROCK_BONUS = {
    "plant": "♣",
    "fragment": "◆",
    "attract": "☼",
    "extinguish": "≈",
    "call_kodama": "K",  # Kodama's stone rocks (K-R1)
}
ROCK_BONUS_WORD = {
    "plant": "Plant",
    "fragment": "Fragment",
    "attract": "Attract",
    "extinguish": "Extinguish",
    "call_kodama": "Kodama",
}
ROCK_BONUS_NAME = {
    "plant": "bonus Plant",
    "fragment": "1 Fragment",
    "attract": "bonus Attract",
    "extinguish": "bonus Extinguish",
    "call_kodama": "bonus Call a Kodama",
}
UNKNOWN = "?"  # the glyph of anything the tables above do not know (a module's bonus)


def rock_glyph(bonus: str) -> str:
    """One cell for a rock bonus; ``?`` for a bonus the app has no glyph for."""
    return ROCK_BONUS.get(bonus, UNKNOWN)


def rock_word(bonus: str) -> str:
    """ "Plant", "Fragment"…; a bonus the app does not know shows its data id."""
    return ROCK_BONUS_WORD.get(bonus) or bonus.replace("_", " ").capitalize()


def rock_bonus_name(bonus: str) -> str:
    return ROCK_BONUS_NAME.get(bonus) or f"bonus {rock_word(bonus)}"


def _action_word(action_id: str) -> str:
    return "any type" if action_id == "any" else action_id.replace("_", " ")


def effects_text(effects: Iterable[Effect]) -> str:
    """What a card's or tree's abilities do, in a few words ("" when none)."""
    words = []
    for e in effects:
        if isinstance(e, RepeatAction):
            times = "two" if e.max_of_type == 2 else str(e.max_of_type)
            if e.action == "any":
                words.append(f"{times} actions of one type")
            else:
                words.append(f"{_action_word(e.action)} up to {times} times")
        elif isinstance(e, BonusAction):
            words.append(f"a bonus {_action_word(e.action)}")
        elif isinstance(e, ElementPerSymbol):
            words.append(f"+{e.per_symbol} {ELEMENTS[e.element]} per Kodama")
        elif isinstance(e, Symbols):
            words.append(f"{e.amount} Kodama")
    return ", ".join(words)


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
