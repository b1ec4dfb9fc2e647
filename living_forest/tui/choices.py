"""What the player to act can choose now, as a list of labelled options.

Pure (no Textual). Built only from ``legal_actions`` and the core's typed
``decision``: an option either applies one legal action or opens a sub-choice
(``mode``), e.g. the card list of Attract or the spaces for one tree kind. The screen
keeps a stack of modes; Esc pops it. Every registered action type is listed, so a
module's type needs no code here to be playable.
"""

from __future__ import annotations

from dataclasses import dataclass

from living_forest.core import (
    Action,
    GameState,
    decision,
    legal_actions,
    move_destination,
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
    END,
    EXTINGUISH,
    MOVE,
    SKIP,
    STEAL,
    STOP,
    USE_FRAGMENT,
    Arg,
)
from living_forest.core.data import ELEMENTS
from living_forest.core.queries import BONUS, CHOOSE_ACTION, OVER, PICK, REVEAL

from . import kodama_ui
from .glyphs import (
    ELEMENT_GLYPH,
    ELEMENT_NAME,
    MARK_NAME,
    effects_text,
    plain_elements,
    plural,
    rock_bonus_name,
)


def type_names(st: GameState) -> dict[str, str]:
    """The game's action types by kind, in menu order: the core's naming."""
    return {at.kind: at.name for at in rules_of(st).action_types}


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
        return "Reveal Guardian Animals"
    if d.kind == OVER:
        return "Game over"
    mode = modes[-1] if modes else None
    if mode and ":" in mode:
        return f"Tree {mode.split(':', 1)[1]}: choose a Forest space"
    names = type_names(st)
    if mode in names:
        return names[mode] + _strength_text(st, mode, None)
    if d.kind == PICK:
        # What is left of the strength, the temporary bonus included (A-6, F-4).
        verb = {ATTRACT: "Attract more", EXTINGUISH: "Extinguish more"}.get(
            d.action or "", f"{names.get(d.action or '', d.action)}: more"
        )
        left = _strength_text(st, d.action or "", d.strength)
        return f"{verb}{left} · {d.budget} left" if left else f"{verb}, or Done"
    if d.kind == STEAL and d.target is not None:
        return f"Take a Victory tile from {st.players[d.target].name}"
    if d.kind == BONUS:  # short: the strength must fit at 80x24
        name = (d.action or "").replace("_", " ").replace("-", " ").capitalize()
        extra = f" (+{d.extra} {d.source})" if d.extra else f" ({d.source})"
        return f"Bonus {name}{_strength_text(st, d.action or '', d.strength)}{extra}"
    if d.kind != CHOOSE_ACTION:
        return f"Decide: {d.kind}"
    return f"Choose an action ({st.basic_left} left)"


def _strength_text(st: GameState, kind: str, strength: int | None) -> str:
    """ ": Sun 9": the Element and the strength an action of ``kind`` may use (the
    player's own when ``strength`` is None); "" for a type without an Element."""
    r = rules_of(st)
    at = r.by_kind.get(kind)
    if at is None or at.element is None:
        return ""
    if strength is None:
        p = st.players[st.current]
        strength = at.budget(r, p, raw_strengths(r, p), 0)
    return f": {ELEMENT_NAME[ELEMENTS[at.element]]} {strength}"


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
        out.append(Choice("Skip the bonus", Action(SKIP)))
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
            out.append(Choice(f"{name}… ({plural(n, 'option')})", mode=kind))
    out.append(Choice("End the turn", Action(END)))
    return out


def _mode_choices(st: GameState, legal: tuple[Action, ...], mode: str) -> list[Choice]:
    """``mode`` is an action kind (its options), or ``kind:LABEL`` (the spaces for one
    tree kind of a tree-planting type)."""
    kind, _, label = mode.partition(":")
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
        have = "" if new_tree_kind(st, label) else "; you have one: no tree point"
        out.append(
            Choice(
                f"Tree {label}: cost {k.cost}, {els} ({left} left{have})",
                mode=f"{kind}:{label}",
            )
        )
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
            extra.append(f"corner: {plural(corner.amount, 'Fragment')}")
        else:
            element = None if bonus is None else bonus.element
            g = "" if element is None else ELEMENT_GLYPH[ELEMENTS[element]]
            extra.append(f"corner: bonus {corner.bonus} {g}+{corner.extra}")
    for ln in preview.lines:
        extra.append(f"completes {ln.name}: {ELEMENT_GLYPH[ELEMENTS[ln.element]]}+{ln.amount}")
    tail = f" — {'; '.join(extra)}" if extra else ""
    return Choice(f"Space ({x},{y}){tail}", a, cell=a.cell)


def action_label(st: GameState, a: Action) -> str:
    """What playing the legal action ``a`` means, in words (a hint, a summary)."""
    if a.kind in (DRAW, STOP, USE_FRAGMENT):
        return _draw_choice(st, a).label
    if a.cell >= 0:
        x, y = rules_of(st).data.xy(a.cell)
        return f"Plant tree {a.arg} at ({x},{y})"
    if a.kind == EXTINGUISH:
        return f"Extinguish a fire of value {a.value}"
    if a.kind == ATTRACT:
        return f"Attract {_item_choice(st, a).label}"
    return _item_choice(st, a).label


def _draw_choice(st: GameState, a: Action) -> Choice:
    D = rules_of(st).data
    p = st.players[st.current]
    if a.kind == DRAW:
        left = len(p.draw)
        more = f"{left} in the draw stack" if left else "reshuffles the discard"
        return Choice(f"Draw the next card ({more})", a)
    if a.kind == STOP:
        return Choice(f"Stop with {plural(len(p.help_line), 'card')}", a)
    if a.kind == USE_FRAGMENT:
        card = D.cards[p.help_line[-1]].name
        have = plural(p.fragments, "Fragment")
        return Choice(f"Use a Fragment to remove {card} (you have {have})", a)
    return Choice(str(a), a)


def _item_choice(st: GameState, a: Action) -> Choice:
    D = rules_of(st).data
    if a.kind == ATTRACT:
        c = D.cards[a.arg]
        return Choice(
            f"{c.name}: cost {c.cost}, {plain_elements(c.elements)}, "
            f"{MARK_NAME[c.symbol]} (L{c.level})",
            a,
        )
    if a.kind == EXTINGUISH:
        n = st.centre.count(a.value)
        return Choice(f"Fire of value {a.value} ({n} on the Circle)", a)
    if a.kind == MOVE:
        dest, jumped = move_destination(st, a.value)
        names = ", ".join(st.players[j].name for j in jumped)
        jump = f", jumping {names}" if names else ""
        bonus = rock_bonus_name(D.rock_bonus[dest])
        return Choice(f"Move {a.value} to rock {dest} ({bonus}){jump}", a)
    if a.kind == STEAL:
        owner, kind = victory_tile(st, a.arg)
        return Choice(f"{D.spirits.get(owner, owner)}'s {kind} Victory tile", a)
    if a.kind == DONE:
        return Choice("Done", a)
    if a.kind == SKIP:
        return Choice("Skip the bonus", a)
    if a.kind == END:
        return Choice("End the turn", a)
    label = kodama_ui.choice_label(st, a)
    if label is not None:
        return Choice(label, a)
    if a.cell >= 0:
        return _space_choice(st, a)
    at = rules_of(st).by_kind.get(a.kind)
    if at is not None and at.arg is Arg.NONE:
        return Choice(at.name, a)
    return Choice(str(a), a)  # a module's action with no label of its own: its notation
