"""How the base game's five basic action types show (A-4): their keys, words and
option texts, registered as the module view "base" the way any module registers its
own."""

from __future__ import annotations

from living_forest.core import Action, GameState, lost_bonus, move_destination, rules_of
from living_forest.core.action_types import Attract, Extinguish, Move, Plant, TakeFragment
from living_forest.core.effects import ANY_ACTION, BonusAction, RepeatAction
from living_forest.core.events import bonus_word
from living_forest.i18n import N_, NC_, _, card_name, join_and

from .board.players import players_key
from .glyphs import MARK_NAME, effects_text, plain_elements, rock_bonus_name, spirit_tag
from .views import ActionView, EffectView, ModuleView, RockView, register


def _attract_label(st: GameState, a: Action) -> str:
    c = rules_of(st).data.cards[a.arg]
    # What it gives: its Elements and its ability (a Kodama L3 animal has only the
    # ability: its Elements left an empty field, "cost 12, , no mark").
    gives = ", ".join(x for x in (plain_elements(c.elements), effects_text(c.effects)) if x)
    # i18n: {elements}: Element glyphs ("☼1≈2") and the card's ability, if any ("a
    # bonus extinguish"); {mark}: solitary, gregarious or no mark; L{level}: the card's
    # level (L1)
    return _("{card}: cost {cost}, {elements}, {mark} (L{level})").format(
        card=card_name(c.name),
        cost=c.cost,
        elements=gives or "—",
        mark=_(MARK_NAME[c.symbol]),
        level=c.level,
    )


def _attract_short(st: GameState, a: Action) -> str:
    # (the words of the picks of one Attract in a hint: "Attract Fox, Owl")
    return _("Attract {cards}").format(cards=card_name(rules_of(st).data.cards[a.arg].name))


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
    names = join_and(st.players[j].name for j in jumped)
    bonus = rock_bonus_name(rules_of(st).data.rock_bonus[dest])
    if lost_bonus(st, a) is not None:  # O-3: it would be lost at once (the core says)
        # i18n: a move's rock bonus that has no option now ({bonus}: "bonus Attract"):
        # "Move 2 to rock 8 (bonus Attract: nothing affordable)"
        bonus = _("{bonus}: nothing affordable").format(bonus=bonus)
    if names:
        # i18n: {bonus}: the rock's bonus ("bonus Plant"); {names}: players' names
        text = _("Move {distance} to rock {rock} ({bonus}), jumping {names}")
    else:
        # i18n: {bonus}: the rock's bonus ("bonus Plant")
        text = _("Move {distance} to rock {rock} ({bonus})")
    return text.format(distance=a.value, rock=dest, bonus=bonus, names=names)


def _action_word(action_id: str) -> str:
    return _("any type") if action_id == ANY_ACTION else bonus_word(action_id)


def _repeat_words(e: RepeatAction) -> str:
    times = _("two") if e.max_of_type == 2 else str(e.max_of_type)
    if e.action == ANY_ACTION:
        return _("{times} actions of one type").format(times=times)
    return _("{action} up to {times} times").format(action=_action_word(e.action), times=times)


def _bonus_words(e: BonusAction) -> str:
    return _("a bonus {action}").format(action=_action_word(e.action))


def _repeat_tag(e: RepeatAction) -> str:
    from .board.cards import action_word  # built from the registry this module fills

    return f"{e.max_of_type}x{action_word(e.action)}"


def _bonus_tag(e: BonusAction) -> str:
    from .board.cards import action_word

    return f"+{action_word(e.action)}"


def _legend(st: GameState) -> list[tuple[str, str]]:
    """The key to the base game's short marks (the 80x24 board has no room for words)."""
    out = _("out")  # the word the small Circle shows
    from .board.cards import ability_tag  # (its words are read from the registered views)

    tag = spirit_tag("winter")  # the board's own marks, in the player's language
    marks = (RepeatAction(Attract.data_id), BonusAction(Plant.data_id))
    abilities = "  ".join(ability_tag((e,)) for e in marks)
    return [
        (
            f"{out} {tag} 3",
            # i18n: the key to a short mark of the board ("out Wi 3" in the small Circle);
            # {tag}: Winter's two letters as the board shows them
            _(
                "In the Circle's centre: the fires each player put out in their last turn "
                "({tag}: the player's Spirit, 3: the fire's value)."
            ).format(tag=tag),
        ),
        (
            "net▲2",
            # i18n: the key to a short mark of the board (on the Help Line)
            _(
                "Net solitary count: the solitary animals (▲) of the Help Line less the "
                "gregarious ones (▼); the reveal stops when it reaches the limit."
            ),
        ),
        (
            "→ 2",
            # i18n: the key to a short mark of the board (on the Help Line)
            _("The basic actions the Help Line gives for the turn."),
        ),
        (
            players_key(st, wide=False),  # as the panel heads its columns
            # i18n: the key to the players panel's columns at 80x24 ("T F ✿→13 ◆ VT
            # dr/dis")
            _(
                "Players panel: trees, fires put out, Sacred Flowers (→ how many of each "
                "win), Fragments, Victory tiles, then the cards in the draw / discard "
                "stacks."
            ),
        ),
        (
            abilities,
            # i18n: the key to a short mark of the board (a card's ability in the reserve)
            _(
                "A card's ability: 2x: that action may be taken twice in the turn; +: a "
                "bonus action of that type."
            ),
        ),
        (
            "x3: 6 7 8",
            # i18n: the key to a short mark of the board (the Trees supply at 80x24)
            _("Trees in the supply: three copies are left of each of the trees 6, 7 and 8."),
        ),
        (
            "11x2",
            # i18n: the key to a short mark of the board (a tree planted in a Forest)
            _("A tree's ability in a Forest: x2: one action type may be taken twice a turn."),
        ),
        (
            "=✿2  ✓☼1",
            # i18n: the key to a short mark of the board (around a Forest)
            _(
                "Beside and under a Forest: the bonus of a row or column once it is "
                "complete (=), or complete already (✓)."
            ),
        ),
    ]


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
                short=_attract_short,
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
        legend=_legend,
        rocks=(
            # i18n: a rock's bonus in the key beside the 80x24 ring: at most 10 characters
            RockView("plant", "♣", NC_("rock", "Plant"), N_("bonus Plant")),
            RockView("fragment", "◆", NC_("rock", "Fragment"), N_("1 Fragment")),
            RockView("attract", "☼", NC_("rock", "Attract"), N_("bonus Attract")),
            RockView("extinguish", "≈", NC_("rock", "Extinguish"), N_("bonus Extinguish")),
        ),
        effects=(
            EffectView(RepeatAction, _repeat_words, _repeat_tag),
            EffectView(BonusAction, _bonus_words, _bonus_tag),
        ),
    )
)
