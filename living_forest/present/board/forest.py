"""A player's Forest: the 5x3 grid, the empty corners' bonuses, the lines' rewards."""

from __future__ import annotations

from living_forest.core import GameState, Rules, rules_of
from living_forest.core.data import ELEMENTS, TreeKind
from living_forest.core.effects import RepeatAction
from living_forest.core.state import STARTING_TREE
from living_forest.core.strength import completed_lines
from living_forest.i18n import pgettext

from ..glyphs import ELEMENT_GLYPH, FRAGMENT, SACRED_TREE, UNKNOWN
from ..markup import pad
from .parts import el, elements

FOREST_CELL = 6


def _corner_hint(r: Rules, cell: int) -> str:
    """The corner's bonus on an empty corner space: +2◆, ☼+3 (the glyph of the bonus
    action's Element, as the rules say)."""
    c = r.data.corners.get(cell)
    if c is None:
        return ""
    bonus = r.bonus_types.get(c.bonus)
    if bonus is not None and bonus.automatic_bonus:
        return f"+{c.amount}{FRAGMENT}"
    element = None if bonus is None else bonus.element
    g = UNKNOWN if element is None else ELEMENT_GLYPH[ELEMENTS[element]]
    return f"{g}+{c.extra}"


def _tree_text(label: str, k: TreeKind) -> str:
    """A planted tree: its label and Elements; an ability shows as a mark (x2: a repeat
    of any action type, F-7; * another ability)."""
    text = f"[b]{label}[/]{elements(k.elements)}"
    for e in k.effects:
        text += f"x{e.max_of_type}" if isinstance(e, RepeatAction) else "*"
    return text


def forest(
    st: GameState,
    seat: int,
    *,
    cell_w: int = FOREST_CELL,
    marks: dict[int, str] | None = None,
    planted: set[int] | None = None,
    foot: bool = True,
) -> str:
    """5x3 grid; empty corners show their bonus, ``marks`` labels candidate spaces,
    ``planted`` trees (the owner's last turn) are underlined. ``foot`` False leaves out
    the columns' bonuses under the grid (the same on every Forest: a compact Forest
    below one that shows them)."""
    D = rules_of(st).data
    p = st.players[seat]
    done = set(completed_lines(rules_of(st), p))
    lines = []
    for y in range(D.rows):
        cells = []
        for x in range(D.columns):
            c = D.cell(x, y)
            label = p.forest[c]
            if marks and c in marks:
                m = marks[c]
                style = "reverse b" if m.startswith(">") else "b"
                cells.append("│" + pad(f"[{style}]{m}[/]{_corner_hint(rules_of(st), c)}", cell_w))
                continue
            if label is None:
                hint = _corner_hint(rules_of(st), c)
                text = f"[dim]{hint or '·'}[/]"
            elif label == STARTING_TREE:
                # i18n: the starting tree on its Forest space, after the glyph ♠: at most
                # 5 characters (the space is 6 cells wide)
                start = pgettext("starting tree", "start")
                text = f"[b]{SACRED_TREE}{start}[/]"
            else:
                text = _tree_text(label, D.trees[label])
                if planted and c in planted:
                    text = f"[u]{text}[/]"
            cells.append("│" + pad(text, cell_w))
        row_line = next((ln for ln in D.lines if ln.name == f"row {y}"), None)
        tail = "│"
        if row_line is not None:
            sign = "✓" if row_line.name in done else "="
            tail += f" {sign}{el(ELEMENTS[row_line.element], row_line.amount)}"
        lines.append("".join(cells) + tail)
    if not foot:
        return "\n".join(lines)
    under = []
    for x in range(D.columns):
        col = next((ln for ln in D.lines if ln.name == f"column {x}"), None)
        if col is None:
            under.append(" " * (cell_w + 1))
        else:
            sign = "✓" if col.name in done else "="
            under.append(" " + pad(f"{sign}{el(ELEMENTS[col.element], col.amount)}", cell_w))
    lines.append("".join(under).rstrip())
    return "\n".join(lines)
