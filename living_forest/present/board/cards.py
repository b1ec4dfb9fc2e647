"""A card in markup: its mark, its name or short name, its ability in a word."""

from __future__ import annotations

import json
from functools import lru_cache

from living_forest.core.data import ASSETS_DIR, Card, GameData
from living_forest.core.effects import Effect
from living_forest.i18n import N_, _, card_name, pgettext

from ..glyphs import MARK_GLYPH, effects_text
from ..markup import safe, visible_len
from ..views import action_views, effect_view
from .parts import elements


def card_mark(c: Card) -> str:
    """▲ solitary, ▼ gregarious, the mark an ability's view gives a card showing it
    (a letter), else a space."""
    for e in c.effects:
        view = effect_view(e)
        if view is not None and view.mark:
            return view.mark
    return MARK_GLYPH[c.symbol]


def mark_before_name(c: Card) -> str:
    """The mark as it goes before a name: "▲Fox", "K Name" (a letter needs a space,
    "KName" reads as one word), "" for none."""
    m = card_mark(c).strip()
    return f"{m} " if m.isalnum() else m


def card_markup(D: GameData, cid: str, *, name: bool, cost: bool = True, width: int = 0) -> str:
    c = D.cards[cid]
    mark = (mark_before_name(c) or " ") if name else card_mark(c)  # "▲Fox", "K Name"
    head = f"[b]{c.cost}[/]" if cost else ""
    label = f"{safe(card_name(c.name))} " if name else ""
    text = f"{head}{mark}{label}{elements(c.elements)}"
    if name and c.effects:
        # In words where they fit ("a bonus extinguish"), else the short mark ("+extinguish",
        # the inspector's key explains it), else nothing: the reserve's columns are tight.
        for ability in (effects_text(c.effects), ability_tag(c.effects)):
            if ability and (not width or visible_len(text) + 1 + visible_len(ability) < width):
                text += f" [dim]{safe(ability)}[/]"
                break
    if width:
        pad = width - visible_len(text)
        if pad > 0:
            text += " " * pad
    return text


def ability_tag(effects: tuple[Effect, ...]) -> str:
    """A short mark of a card's ability for the reserve: "2x attract", "+call"."""
    tags = []
    for e in effects:
        view = effect_view(e)
        tag = view.tag(e) if view is not None and view.tag is not None else ""
        if tag:
            tags.append(tag)
    return " ".join(tags)


def _action_words() -> dict[str, str]:
    """An action in one short word, by its kind (the types used this turn:
    "take-fragment") or its ids in the data (a card's ability: "plant_tree"), as the
    action types' views give them. Shown in the reserve's tight columns ("2xattract",
    "+call") and the Help Line's "(used attract, move)"."""
    words = {}
    for view in action_views():
        if view.word:
            words[view.kind] = view.word
            words.update(dict.fromkeys(view.data_ids, view.ability_word or view.word))
    # i18n: "2xany": two actions of any one type (a card's ability mark)
    words["any"] = N_("any")
    return words


ACTION_WORD = _action_words()


def action_word(action: str) -> str:
    """An action in one short word (:data:`ACTION_WORD`; an id it lacks as it is)."""
    word = ACTION_WORD.get(action)
    return _(word) if word is not None else action


SHORT_NAME_CHARS = 7


@lru_cache(maxsize=1)
def _short_names() -> dict[str, str]:
    table = json.loads((ASSETS_DIR / "short_names.json").read_text(encoding="utf-8"))
    return {k: v for k, v in table.items() if not k.startswith("_")}


SHORT_NAME = "short name"  # the catalogue's context of the cards' short names


def short_name(c: Card) -> str:
    """The card's name in at most 7 characters: the catalogue's short name in the
    player's language (context ``short name``, its id the English name) when it has
    one; else the name itself when short enough; else, for an English name, the one in
    ``assets/short_names.json``; a name cut to 7 letters as a last resort."""
    short = pgettext(SHORT_NAME, c.name)
    if short != c.name:
        return short[:SHORT_NAME_CHARS]
    name = card_name(c.name)
    if len(name) <= SHORT_NAME_CHARS:
        return name
    if name != c.name:  # a translated name without a short one: the English table's
        return name[:SHORT_NAME_CHARS]  # short name would be in another language
    return _short_names().get(c.id, name)[:SHORT_NAME_CHARS]
