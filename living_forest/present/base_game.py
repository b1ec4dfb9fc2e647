"""How the base game's five basic action types show (A-4): their keys, words and
option texts, registered as the module view "base" the way any module registers its
own."""

from __future__ import annotations

from living_forest.core import Action, GameState, move_destination, rules_of
from living_forest.core.action_types import Attract, Extinguish, Move, Plant, TakeFragment
from living_forest.i18n import N_, _, card_name

from .glyphs import MARK_NAME, plain_elements, rock_bonus_name
from .views import ActionView, ModuleView, RockView, register


def _attract_label(st: GameState, a: Action) -> str:
    c = rules_of(st).data.cards[a.arg]
    # i18n: {elements}: Element glyphs ("☼1≈2"); {mark}: solitary, gregarious or
    # no mark; L{level}: the card's level (L1)
    return _("{card}: cost {cost}, {elements}, {mark} (L{level})").format(
        card=card_name(c.name),
        cost=c.cost,
        elements=plain_elements(c.elements),
        mark=_(MARK_NAME[c.symbol]),
        level=c.level,
    )


def _extinguish_label(st: GameState, a: Action) -> str:
    n = st.centre.count(a.value)
    # i18n: {count}: the fires of this value on the Circle
    return _("Fire of value {value} ({count} on the Circle)").format(value=a.value, count=n)


def _attract_pick(st: GameState, a: Action) -> str:
    # i18n: what to pick from a list, in the lesson's instruction ("press a, then
    # pick Spider.", "pick Spider in the list.")
    return _("pick {card}").format(card=card_name(rules_of(st).data.cards[a.arg].name))


def _extinguish_pick(st: GameState, a: Action) -> str:
    # i18n: {value} is the fire's value (1 to 3)
    return _("pick a fire of {value}").format(value=a.arg)


def _move_pick(st: GameState, a: Action) -> str:
    # i18n: {steps} is the number of rocks the Spirit moves
    return _("pick the move of {steps}").format(steps=a.arg)


def _plant_pick(st: GameState, a: Action) -> str:
    x, y = rules_of(st).data.xy(a.cell)
    # i18n: {tree} is a tree's number (5A); ({x},{y}) the space of the Forest
    return _("pick tree {tree}, then the space ({x},{y})").format(tree=a.arg, x=x, y=y)


def _plant_pick_after(st: GameState, a: Action) -> str:
    x, y = rules_of(st).data.xy(a.cell)
    # i18n: what to pick in the list of a tree's spaces; ({x},{y}) the space of the Forest
    return _("pick the space ({x},{y})").format(x=x, y=y)


def _move_label(st: GameState, a: Action) -> str:
    dest, jumped = move_destination(st, a.value)
    names = ", ".join(st.players[j].name for j in jumped)
    bonus = rock_bonus_name(rules_of(st).data.rock_bonus[dest])
    if names:
        # i18n: {bonus}: the rock's bonus ("bonus Plant"); {names}: players' names
        text = _("Move {distance} to rock {rock} ({bonus}), jumping {names}")
    else:
        # i18n: {bonus}: the rock's bonus ("bonus Plant")
        text = _("Move {distance} to rock {rock} ({bonus})")
    return text.format(distance=a.value, rock=dest, bonus=bonus, names=names)


BASE_GAME = register(
    ModuleView(
        "base",
        (
            ActionView(
                TakeFragment.kind,
                "take",
                "t",
                # i18n: key bar label (the 80x24 key bar is full): at most 5 characters;
                # keep ◆ (a Fragment)
                N_("Take◆"),
                # i18n: the action "Take a Fragment" as one token, in the Help Line's list of the
                # action types used this turn ("(used attract, take-fragment)")
                word=N_("take-fragment"),
                data_ids=(TakeFragment.data_id,),
                # i18n: the action "Take a Fragment" in one short word (a card's ability mark)
                ability_word=N_("fragment"),
                bonus_name=N_("Take fragment"),
                # i18n: the lesson's instruction after "Now: "; {key} is a key
                key_step=N_("press {key} to take a Fragment."),
            ),
            ActionView(
                Attract.kind,
                "attract",
                "a",
                # i18n: key bar label (the 80x24 key bar is full): at most 7 characters
                N_("Attract"),
                # i18n: an action in one short word (the reserve's ability marks, "+call"; the
                # Help Line's types used this turn)
                word=N_("attract"),
                data_ids=(Attract.data_id,),
                bonus_name=N_("Attract"),
                label=_attract_label,
                pick=_attract_pick,
            ),
            ActionView(
                Extinguish.kind,
                "extinguish",
                "x",
                # i18n: key bar label (the 80x24 key bar is full): at most 10 characters
                N_("Extinguish"),
                # i18n: an action in one short word (the reserve's ability marks, the Help Line)
                word=N_("extinguish"),
                data_ids=(Extinguish.data_id,),
                bonus_name=N_("Extinguish"),
                label=_extinguish_label,
                pick=_extinguish_pick,
            ),
            ActionView(
                Move.kind,
                "move",
                "m",
                # i18n: key bar label (the 80x24 key bar is full): at most 4 characters
                N_("Move"),
                # i18n: an action in one short word (the reserve's ability marks, the Help Line)
                word=N_("move"),
                data_ids=(Move.data_id,),
                bonus_name=N_("Move"),
                label=_move_label,
                pick=_move_pick,
            ),
            ActionView(
                Plant.kind,
                "plant",
                "p",
                # i18n: key bar label (the 80x24 key bar is full): at most 5 characters
                N_("Plant"),
                # i18n: an action in one short word (the reserve's ability marks, the Help Line)
                word=N_("plant"),
                data_ids=(Plant.data_id,),
                bonus_name=N_("Plant"),
                pick=_plant_pick,
                pick_after=_plant_pick_after,
            ),
        ),
        rocks=(
            RockView("plant", "♣", N_("Plant"), N_("bonus Plant")),
            RockView("fragment", "◆", N_("Fragment"), N_("1 Fragment")),
            RockView("attract", "☼", N_("Attract"), N_("bonus Attract")),
            RockView("extinguish", "≈", N_("Extinguish"), N_("bonus Extinguish")),
        ),
    )
)
