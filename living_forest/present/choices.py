"""What the player to act can choose now, as a list of labelled options.

Pure (no Textual). Built only from ``legal_actions`` and the core's typed
``decision``: an option either applies one legal action or opens a sub-choice
(``mode``), e.g. the card list of Attract or the spaces for one tree kind. The screen
keeps a stack of modes; Esc pops it. Every registered action type is listed, so a
module's type needs no code here to be playable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from living_forest.core import (
    Action,
    GameState,
    decision,
    legal_actions,
    lost_bonus,
    new_tree_kind,
    plant_preview,
    raw_strengths,
    rules_of,
    victory_tile,
)
from living_forest.core.actions import (
    ATTRACT,
    DONE,
    DRAW,
    DRAW_PHASE_KINDS,
    END,
    EXTINGUISH,
    SKIP,
    STEAL,
    STOP,
    USE_FRAGMENT,
    Arg,
)
from living_forest.core.data import ELEMENTS
from living_forest.core.events import SOURCE_WORD, VICTORY_TILE, bonus_word, line_name
from living_forest.core.queries import BONUS, CHOOSE_ACTION, OVER, PICK, REVEAL
from living_forest.i18n import _, card_name, join_clauses, ngettext, spirit_name

from .glyphs import (
    ELEMENT_GLYPH,
    effects_text,
    element_name,
    plain_elements,
)
from .views import action_view


def type_names(st: GameState) -> dict[str, str]:
    """The game's action types by kind, in menu order: the core's naming, in the
    player's language."""
    return {at.kind: _(at.name) for at in rules_of(st).action_types}


def _arg(st: GameState, kind: str) -> Arg | None:
    at = rules_of(st).by_kind.get(kind)
    return None if at is None else at.arg


@dataclass(frozen=True, slots=True)
class Choice:
    label: str
    action: Action | None = None  # apply this legal action
    mode: str | None = None  # or open this sub-choice
    cell: int = -1  # Forest space, to mark on the grid


def _kinds(legal: tuple[Action, ...]) -> set[str]:
    return {a.kind for a in legal}


def prompt(st: GameState, modes: list[str]) -> str:
    """A short title for the choice list."""
    d = decision(st)
    if d.kind == REVEAL:
        return _("Reveal Guardian Animals")
    if d.kind == OVER:
        return _("Game over")
    mode = modes[-1] if modes else None
    if mode and ":" in mode:
        # i18n: {tree} is the tree's label (5A)
        return _("Tree {tree}: choose a Forest space").format(tree=mode.split(":", 1)[1])
    names = type_names(st)
    if mode in names:
        strength = _strength_text(st, mode, None)
        if not strength:
            return names[mode]
        # i18n: the choice list's title: an action's name and the strength it has
        # ("Plant a Protective Tree: Plant 4"); French puts a space before the colon
        return _("{action}: {strength}").format(action=names[mode], strength=strength)
    if d.kind == PICK:
        return _pick_prompt(st, names, d.action or "", d.strength, d.budget)
    if d.kind == STEAL and d.target is not None:
        return _("Take a Victory tile from {player}").format(player=st.players[d.target].name)
    if d.kind == BONUS:
        return _bonus_prompt(st, d.action or "", d.strength, d.extra, d.source)
    if d.kind != CHOOSE_ACTION:
        # i18n: {decision} is the id of a decision the app has no words for
        return _("Decide: {decision}").format(decision=d.kind)
    # i18n: {count}: the basic actions left this turn
    return _("Choose an action ({count} left)").format(count=st.basic_left)


def _pick_prompt(
    st: GameState, names: dict[str, str], kind: str, strength: int | None, budget: int | None
) -> str:
    """More picks for a multi-pick action: what is left of the strength, the temporary
    bonus included (A-6, F-4)."""
    left = _strength_text(st, kind, strength)
    if kind == ATTRACT:
        if left:
            # i18n: {strength} is an Element and a number ("Sun 3"); {budget}: what is left
            return _("Attract more: {strength} · {budget} left").format(
                strength=left, budget=budget
            )
        return _("Attract more, or Done")
    if kind == EXTINGUISH:
        if left:
            # i18n: {strength} is an Element and a number ("Water 3"); {budget}: what is left
            return _("Extinguish more: {strength} · {budget} left").format(
                strength=left, budget=budget
            )
        return _("Extinguish more, or Done")
    action = names.get(kind, kind)
    if left:
        # i18n: {action} is an action type's name; {strength} an Element and a number
        return _("{action}: more: {strength} · {budget} left").format(
            action=action, strength=left, budget=budget
        )
    # i18n: {action} is an action type's name
    return _("{action}: more, or Done").format(action=action)


def _bonus_prompt(
    st: GameState, kind: str, strength: int | None, extra: int, source: str | None
) -> str:
    """The offered bonus, short: the strength must fit at 80x24."""
    # The bonus's title is its view's (a kind without one shows its id: "take-fragment"
    # -> "Take fragment").
    view = action_view(kind)
    word = "" if view is None else view.bonus_name
    name = _(word) if word else kind.replace("_", " ").replace("-", " ").capitalize()
    where = SOURCE_WORD.get(source or "")  # the core's words for the log, the same
    origin = _(where) if where else str(source)
    power = _strength_text(st, kind, strength)
    if power and extra:
        # i18n: short (80 columns): "Bonus Attract: Sun 6 (+3 corner)"; {source}: rock or corner
        text = _("Bonus {action}: {strength} (+{extra} {source})")
    elif power:
        # i18n: short (80 columns): "Bonus Plant: Plant 4 (rock)"; {source}: rock or corner
        text = _("Bonus {action}: {strength} ({source})")
    elif extra:
        # i18n: short (80 columns); {source}: rock or corner
        text = _("Bonus {action} (+{extra} {source})")
    else:
        # i18n: short (80 columns); {source}: rock or corner
        text = _("Bonus {action} ({source})")
    return text.format(action=name, strength=power, extra=extra, source=origin)


def _strength_text(st: GameState, kind: str, strength: int | None) -> str:
    """ "Sun 9": the Element and the strength an action of ``kind`` may use (the
    player's own when ``strength`` is None); "" for a type without an Element."""
    r = rules_of(st)
    at = r.by_kind.get(kind)
    if at is None or at.element is None:
        return ""
    if strength is None:
        p = st.players[st.current]
        strength = at.budget(r, p, raw_strengths(r, p), 0)
    return f"{element_name(ELEMENTS[at.element])} {strength}"


def choices(st: GameState, modes: list[str]) -> list[Choice]:
    legal = legal_actions(st)
    if not legal:
        return []
    mode = modes[-1] if modes else None
    if mode is not None:
        sub = _mode_choices(st, legal, mode)
        if sub:
            return sub
    d = decision(st)
    if d.kind == REVEAL:
        return [_draw_choice(st, a) for a in legal]
    if d.kind == BONUS:  # a bonus on offer: its options, or Skip
        out: list[Choice] = []
        if d.action is not None and _arg(st, d.action) is Arg.TREE_AT:
            out.extend(_tree_kind_choices(st, legal, d.action))
        else:
            out.extend(_item_choice(st, a) for a in legal if a.kind != SKIP)
        out.append(Choice(_("Skip the bonus"), Action(SKIP)))
        return out
    if d.kind != CHOOSE_ACTION:  # more picks, a Victory tile, a module's decision
        return [_item_choice(st, a) for a in legal]
    out = []
    kinds = _kinds(legal)
    for kind, name in type_names(st).items():
        if kind not in kinds:
            continue
        n = sum(1 for a in legal if a.kind == kind)
        if _arg(st, kind) is Arg.NONE:
            out.append(Choice(name, Action(kind)))
        else:
            # i18n: {action} is an action type's name
            label = ngettext("{action}… ({count} option)", "{action}… ({count} options)", n)
            out.append(Choice(label.format(action=name, count=n), mode=kind))
    out.append(Choice(_("End the turn"), Action(END)))
    return out


def _mode_choices(st: GameState, legal: tuple[Action, ...], mode: str) -> list[Choice]:
    """``mode`` is an action kind (its options), or ``kind:LABEL`` (the spaces for one
    tree kind of a tree-planting type)."""
    kind, _sep, label = mode.partition(":")
    if label:
        return [_space_choice(st, a) for a in legal if a.kind == kind and a.arg == label]
    if _arg(st, kind) is Arg.TREE_AT:
        return _tree_kind_choices(st, legal, kind)
    return [_item_choice(st, a) for a in legal if a.kind == mode]


def _tree_kind_choices(st: GameState, legal: tuple[Action, ...], kind: str) -> list[Choice]:
    D = rules_of(st).data
    labels = list(dict.fromkeys(a.arg for a in legal if a.kind == kind))
    out = []
    for label in labels:
        k = D.trees[label]
        els = ", ".join(x for x in (plain_elements(k.elements), effects_text(k.effects)) if x)
        left = st.dispensers[label]
        if new_tree_kind(st, label):
            # i18n: {gives}: its Elements and abilities ("☼1≈1, a bonus plant")
            text = _("Tree {tree}: cost {cost}, {gives} ({left} left)")
        else:
            # i18n: {gives}: its Elements and abilities ("☼1≈1, a bonus plant")
            text = _("Tree {tree}: cost {cost}, {gives} ({left} left; you have one: no tree point)")
        label_text = text.format(tree=label, cost=k.cost, gives=els, left=left)
        out.append(Choice(label_text, mode=f"{kind}:{label}"))
    return out


def _space_choice(st: GameState, a: Action) -> Choice:
    """A Forest space, with what a tree there completes or triggers (the core says)."""
    r = rules_of(st)
    x, y = r.data.xy(a.cell)
    extra = []
    preview = plant_preview(st, a.cell)
    corner = preview.corner
    if corner is not None:
        bonus = r.bonus_types.get(corner.bonus)
        if bonus is not None and bonus.automatic_bonus:
            n = corner.amount
            extra.append(
                ngettext("corner: {count} Fragment", "corner: {count} Fragments", n).format(count=n)
            )
        else:
            element = None if bonus is None else bonus.element
            g = "" if element is None else ELEMENT_GLYPH[ELEMENTS[element]]
            # i18n: {bonus} is a bonus ("attract"); {glyph} an Element's glyph (☼+3: sun 3)
            text = _("corner: bonus {bonus} {glyph}+{extra}").format(
                bonus=bonus_word(corner.bonus), glyph=g, extra=corner.extra
            )
            if lost_bonus(st, a) is not None:  # O-3: lost at once (the core says)
                # i18n: a corner's bonus that has no option now ({bonus}: "corner:
                # bonus attract ☼+3")
                text = _("{bonus}: nothing affordable").format(bonus=text)
            extra.append(text)
    for ln in preview.lines:
        g = ELEMENT_GLYPH[ELEMENTS[ln.element]]
        # i18n: {line} is "row 1" or "column 2"; {glyph} an Element's glyph (≈+2: water 2)
        extra.append(
            _("completes {line}: {glyph}+{amount}").format(
                line=line_name(ln.name), glyph=g, amount=ln.amount
            )
        )
    if extra:
        # i18n: {details}: what a tree there completes or triggers
        text = _("Space ({x},{y}) — {details}").format(x=x, y=y, details=join_clauses(extra))
    else:
        text = _("Space ({x},{y})").format(x=x, y=y)
    return Choice(text, a, cell=a.cell)


def action_label(st: GameState, a: Action, *, short: bool = False) -> str:
    """What playing the legal action ``a`` means, in words (a hint, a summary); ``short``:
    in a few words, where its action type's view has them (:attr:`ActionView.short`)."""
    view = action_view(a.kind) if short else None
    if view is not None and view.short is not None:
        return view.short(st, a)
    if a.kind in DRAW_PHASE_KINDS:
        return _draw_choice(st, a).label
    if a.cell >= 0:
        x, y = rules_of(st).data.xy(a.cell)
        # i18n: {tree} is the tree's label (5A)
        return _("Plant tree {tree} at ({x},{y})").format(tree=a.arg, x=x, y=y)
    if a.kind == EXTINGUISH:
        return _("Extinguish a fire of value {value}").format(value=a.value)
    if a.kind == ATTRACT:
        # i18n: {card}: the card's option text ("Fox: cost 2, ☼1, solitary (L1)")
        return _("Attract {card}").format(card=_item_choice(st, a).label)
    return _item_choice(st, a).label


def part_label(st: GameState, actions: Sequence[Action]) -> str:
    """A part of a turn in a hint's few words: one action (:func:`action_label`,
    ``short``), or the picks of one Extinguish or Attract together ("Extinguish fires
    of value 2, 2, 3")."""
    first = actions[0]
    if len(actions) > 1 and first.kind == EXTINGUISH:
        values = ", ".join(str(a.value) for a in actions)
        return ngettext(
            # i18n: a hint's part of a turn: the picks of one Extinguish, e.g. "2, 2, 3"
            "Extinguish a fire of value {values}",
            "Extinguish fires of value {values}",
            len(actions),
        ).format(values=values)
    if len(actions) > 1 and first.kind == ATTRACT:
        cards = rules_of(st).data.cards
        names = ", ".join(card_name(cards[str(a.arg)].name) for a in actions)
        # i18n: a hint's part of a turn: the cards one Attract takes, e.g. "Fox, Owl"
        return _("Attract {cards}").format(cards=names)
    return action_label(st, first, short=True)


def _draw_choice(st: GameState, a: Action) -> Choice:
    D = rules_of(st).data
    p = st.players[st.current]
    if a.kind == DRAW:
        left = len(p.draw)
        if left:
            # i18n: {count}: the cards left in the draw stack
            return Choice(_("Draw the next card ({count} in the draw stack)").format(count=left), a)
        return Choice(_("Draw the next card (reshuffles the discard)"), a)
    if a.kind == STOP:
        n = len(p.help_line)
        return Choice(
            ngettext("Stop with {count} card", "Stop with {count} cards", n).format(count=n), a
        )
    if a.kind == USE_FRAGMENT:
        card = card_name(D.cards[p.help_line[-1]].name)
        n = p.fragments
        text = ngettext(
            "Use a Fragment to remove {card} (you have {count} Fragment)",
            "Use a Fragment to remove {card} (you have {count} Fragments)",
            n,
        )
        return Choice(text.format(card=card, count=n), a)
    return Choice(str(a), a)


def _item_choice(st: GameState, a: Action) -> Choice:
    D = rules_of(st).data
    view = action_view(a.kind)
    if view is not None and view.label is not None:  # the text its module's view gives
        return Choice(view.label(st, a), a)
    if a.kind == STEAL:
        owner, kind = victory_tile(st, a.arg)
        spirit = spirit_name(D.spirits.get(owner, owner))
        return Choice(_(VICTORY_TILE[kind]).format(spirit=spirit), a)
    if a.kind == DONE:
        return Choice(_("Done"), a)
    if a.kind == SKIP:
        return Choice(_("Skip the bonus"), a)
    if a.kind == END:
        return Choice(_("End the turn"), a)
    if a.cell >= 0:
        return _space_choice(st, a)
    at = rules_of(st).by_kind.get(a.kind)
    if at is not None and at.arg is Arg.NONE:
        return Choice(_(at.name), a)
    return Choice(str(a), a)  # a module's action with no label of its own: its notation
