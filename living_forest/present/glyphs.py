"""Glyphs and short names: every Spirit, Element and card mark has a letter or glyph,
so nothing depends on colour (NO_COLOR works). No emoji: all glyphs are one cell wide."""

from __future__ import annotations

from collections.abc import Iterable

from living_forest.core.data import ELEMENTS
from living_forest.core.effects import Effect
from living_forest.i18n import N_, NC_, _, pgettext

from .views import effect_view, rock_view

ELEMENT = "element"  # the catalogue's context of Element names

ELEMENT_GLYPH = {"sun": "☼", "water": "≈", "plant": "♣", "wind": "»", "flower": "✿"}
# English, marked for the catalogue with the context "element" (the action "Plant"
# is another word in German and French): show them with :func:`element_name`.
ELEMENT_NAME = {
    "sun": NC_("element", "Sun"),
    "water": NC_("element", "Water"),
    "plant": NC_("element", "Plant"),
    "wind": NC_("element", "Wind"),
    "flower": NC_("element", "Flower"),
}


def element_name(element: str) -> str:
    """ "Sun", "Plant"… in the player's language (an Element by its data id)."""
    return pgettext(ELEMENT, ELEMENT_NAME[element])


# CSS class per Element, styled with theme variables in app.tcss.
ELEMENT_STYLE = {
    "sun": "$warning",
    "water": "$primary",
    "plant": "$success",
    "wind": "$secondary",
    "flower": "$accent",
}
# Two letters per Spirit, in each language (context "spirit tag"): use spirit_tag().
SPIRIT_TAG = {
    "winter": NC_("spirit tag", "Wi"),
    "spring": NC_("spirit tag", "Sp"),
    "summer": NC_("spirit tag", "Su"),
    "autumn": NC_("spirit tag", "Au"),
}


def spirit_tag(spirit: str, unknown: str | None = None) -> str:
    """A Spirit's two letters ("Wi"); ``unknown`` (or the id's first two letters) for a
    Spirit the table does not know."""
    tag = SPIRIT_TAG.get(spirit)
    if tag is None:
        return spirit[:2].title() if unknown is None else unknown
    return pgettext("spirit tag", tag)


SOLITARY, GREGARIOUS = "▲", "▼"
MARK_GLYPH = {1: SOLITARY, -1: GREGARIOUS, 0: " "}
MARK_NAME = {1: N_("solitary"), -1: N_("gregarious"), 0: N_("no mark")}
UNKNOWN = "?"  # the glyph of anything no table or view knows (a module's bonus)


def rock_glyph(bonus: str) -> str:
    """One cell for a rock bonus (its module's :class:`RockView`); ``?`` for a bonus
    no view shows."""
    rv = rock_view(bonus)
    return rv.glyph if rv else UNKNOWN


def rock_word(bonus: str) -> str:
    """ "Plant", "Fragment"…; a bonus no view shows shows its data id."""
    rv = rock_view(bonus)
    return pgettext("rock", rv.word) if rv else bonus.replace("_", " ").capitalize()


def rock_bonus_name(bonus: str) -> str:
    rv = rock_view(bonus)
    return _(rv.name) if rv else _("bonus {bonus}").format(bonus=rock_word(bonus))


def effects_text(effects: Iterable[Effect]) -> str:
    """What a card's or tree's abilities do, in a few words ("" when none), as the
    views of their kinds say it (an ability no view shows is left out)."""
    words = []
    for e in effects:
        view = effect_view(e)
        if view is not None:
            words.append(view.words(e))
    return ", ".join(words)


FRAGMENT = "◆"
FIRE = "▲"
SACRED_TREE = "♠"
VARAN = "V"


def plain_elements(values: tuple[int, ...] | list[int]) -> str:
    """``☼3≈1`` for the non-zero Elements (negative values keep their sign)."""
    return "".join(f"{ELEMENT_GLYPH[n]}{v}" for n, v in zip(ELEMENTS, values, strict=True) if v)
