"""What the player to act can choose now, as a list of labelled options.

Pure (no Textual). Built only from ``legal_actions``: an option either applies one
legal action or opens a sub-choice (``mode``), e.g. the card list of Attract or the
spaces for one tree kind. The screen keeps a stack of modes; Esc pops it.
"""

from __future__ import annotations

from dataclasses import dataclass

from living_forest.core import Action, GameState, legal_actions, move_destination, rules_of
from living_forest.core.actions import (
    ATTRACT,
    DONE,
    DRAW,
    END,
    EXTINGUISH,
    MOVE,
    PLANT,
    SKIP,
    STEAL,
    STOP,
    TAKE_FRAGMENT,
    USE_FRAGMENT,
)
from living_forest.core.state import PHASE_ACTION, PHASE_DRAW

from .glyphs import ELEMENT_GLYPH, MARK_NAME, ROCK_BONUS_NAME, plain_elements, plural


def type_names(st: GameState) -> dict[str, str]:
    """The game's action types by kind, in menu order: the core's naming."""
    return {at.kind: at.name for at in rules_of(st).action_types}


# Actions that need more choices before they can be applied.
MULTI = (ATTRACT, EXTINGUISH, MOVE, PLANT)


@dataclass(frozen=True, slots=True)
class Choice:
    label: str
    action: Action | None = None  # apply this legal action
    mode: str | None = None  # or open this sub-choice
    cell: int = -1  # Forest space, to mark on the grid


def _kinds(legal: tuple[Action, ...]) -> set[str]:
    return {a.kind for a in legal}


def pending_kind(st: GameState) -> str | None:
    """The decision in progress: attract/extinguish/steal/bonus-<type>, or None."""
    if st.phase != PHASE_ACTION or not st.pending:
        return None
    top = st.pending[-1]
    if top.kind == "bonus":
        return f"bonus-{top.bonus_type}"
    return top.kind


def prompt(st: GameState, modes: list[str]) -> str:
    """A short title for the choice list."""
    if st.phase == PHASE_DRAW:
        return "Reveal Guardian Animals"
    if st.phase != PHASE_ACTION:
        return "Game over"
    mode = modes[-1] if modes else None
    if mode and mode.startswith("plant:"):
        return f"Tree {mode[6:]}: choose a Forest space"
    names = type_names(st)
    if mode in names:
        return names[mode]
    pk = pending_kind(st)
    if pk == ATTRACT:
        return "Attract more animals, or Done"
    if pk == EXTINGUISH:
        return "Extinguish more fires, or Done"
    if pk == STEAL:
        victim = st.players[st.pending[-1].target].name
        return f"Take a Victory tile from {victim}"
    if pk and pk.startswith("bonus-"):
        top = st.pending[-1]
        extra = f" with +{top.extra}" if top.extra else ""
        return f"Bonus {top.bonus_type}{extra} ({top.source})"  # Skip is listed
    return f"Choose an action ({st.basic_left} left)"


def choices(st: GameState, modes: list[str]) -> list[Choice]:
    legal = legal_actions(st)
    if not legal:
        return []
    mode = modes[-1] if modes else None
    if mode is not None:
        sub = _mode_choices(st, legal, mode)
        if sub:
            return sub
    if st.phase == PHASE_DRAW:
        return [_draw_choice(st, a) for a in legal]
    pk = pending_kind(st)
    if pk in (ATTRACT, EXTINGUISH, STEAL):
        return [_item_choice(st, a) for a in legal]
    if pk is not None:  # a bonus on offer: its options, or Skip
        out: list[Choice] = []
        kinds = _kinds(legal)
        if PLANT in kinds:
            out.extend(_plant_kind_choices(st, legal))
        out.extend(_item_choice(st, a) for a in legal if a.kind not in (PLANT, SKIP))
        out.append(Choice("Skip the bonus", Action(SKIP)))
        return out
    out = []
    kinds = _kinds(legal)
    for kind, name in type_names(st).items():
        if kind not in kinds:
            continue
        n = sum(1 for a in legal if a.kind == kind)
        if kind == TAKE_FRAGMENT:
            out.append(Choice(name, Action(TAKE_FRAGMENT)))
        else:
            out.append(Choice(f"{name}… ({plural(n, 'option')})", mode=kind))
    out.append(Choice("End the turn", Action(END)))
    return out


def _mode_choices(st: GameState, legal: tuple[Action, ...], mode: str) -> list[Choice]:
    if mode.startswith("plant:"):
        label = mode[6:]
        return [_space_choice(st, a) for a in legal if a.kind == PLANT and a.arg == label]
    if mode == PLANT:
        return _plant_kind_choices(st, legal)
    return [_item_choice(st, a) for a in legal if a.kind == mode]


def _plant_kind_choices(st: GameState, legal: tuple[Action, ...]) -> list[Choice]:
    D = rules_of(st).data
    labels = list(dict.fromkeys(a.arg for a in legal if a.kind == PLANT))
    out = []
    for label in labels:
        k = D.trees[label]
        els = plain_elements(k.elements) or "two actions of one type"
        left = st.dispensers[label]
        out.append(
            Choice(f"Tree {label}: cost {k.cost}, {els} ({left} left)", mode=f"plant:{label}")
        )
    return out


def _space_choice(st: GameState, a: Action) -> Choice:
    D = rules_of(st).data
    x, y = D.xy(a.cell)
    extra = []
    corner = D.corners.get(a.cell)
    if corner is not None:
        if corner.bonus == "fragments":
            extra.append(f"corner: {plural(corner.amount, 'Fragment')}")
        else:
            g = ELEMENT_GLYPH["sun" if corner.bonus == "attract" else "water"]
            extra.append(f"corner: bonus {corner.bonus} {g}+{corner.extra}")
    forest = st.players[st.current].forest
    for ln in D.lines:
        if a.cell in ln.cells and all(forest[c] is not None or c == a.cell for c in ln.cells):
            g = ELEMENT_GLYPH[("sun", "water", "plant", "wind", "flower")[ln.element]]
            extra.append(f"completes {ln.name}: {g}+{ln.amount}")
    tail = f" — {'; '.join(extra)}" if extra else ""
    return Choice(f"Space ({x},{y}){tail}", a, cell=a.cell)


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
        bonus = ROCK_BONUS_NAME[D.rock_bonus[dest]]
        return Choice(f"Move {a.value} to rock {dest} ({bonus}){jump}", a)
    if a.kind == STEAL:
        kind = a.arg.split("_")[-1]
        owner = D.spirits.get(a.arg.split("_")[0], "?")
        return Choice(f"{owner}'s {kind} Victory tile", a)
    if a.kind == DONE:
        return Choice("Done", a)
    if a.kind == SKIP:
        return Choice("Skip the bonus", a)
    if a.kind == END:
        return Choice("End the turn", a)
    if a.kind == TAKE_FRAGMENT:
        return Choice("Take a Fragment", a)
    if a.kind == PLANT:
        return _space_choice(st, a)
    return Choice(str(a), a)
