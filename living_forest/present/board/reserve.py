"""The reserve: three columns, one per level."""

from __future__ import annotations

from living_forest.core import GameState, rules_of
from living_forest.i18n import _, card_name, ngettext

from ..markup import pad, safe, visible_len
from .cards import card_mark, card_markup, short_name
from .parts import elements, tag


def reserve_width(names: bool) -> int:
    return 24 if names else 14


def reserve(
    st: GameState,
    *,
    names: bool,
    taken: dict[tuple[int, int], int] | None = None,
    tall: bool = False,
) -> str:
    """Three columns, one per level: header with the stack size and the fire a card adds.
    ``taken``: (level, slot) -> the seat that emptied it in its last turn (its tag shows).
    ``tall`` (the narrow columns with rows to spare): each card on two rows, its name
    above its Elements."""
    D = rules_of(st).data
    width = reserve_width(names)
    head = []
    for lv in range(3):
        fire = D.fire_value_per_level[lv]
        left = len(st.stacks[lv])
        if names:
            # i18n: a reserve column's head on the wide board, after "L1 ": the cards
            # left in the level's stack and the fire a card adds: at most 20 cells
            more = _("stack {cards} fire {fire}").format(cards=left, fire=fire)
        else:
            # i18n: a reserve column's head at 80x24, after "L1 ": the cards left in the
            # level's stack: at most 10 cells ("17 left")
            more = ngettext("{cards} left", "{cards} left", left).format(cards=left)
        head.append(pad(f"[b]L{lv + 1}[/] [dim]{more}[/]", width))
    lines = ["".join(head).rstrip()]
    for slot in range(D.reserve_size):
        cells = []
        for lv in range(3):
            row = st.reserve[lv]
            cid = row[slot] if slot < len(row) else None
            if cid is None:
                who = (taken or {}).get((lv, slot))
                mark = "" if who is None else f"[u]{tag(st, who)}[/]"
                cells.append(pad(f"[dim]—[/]{mark}", width))
            else:
                cells.append(card_markup(D, cid, name=names, width=width - 1) + " ")
        if not tall or names:
            lines.append("".join(cells).rstrip())
            continue
        # Two rows a card: "3▲Weasel" over "  ☼2".
        tops, bottoms = [], []
        for lv in range(3):
            row = st.reserve[lv]
            cid = row[slot] if slot < len(row) else None
            if cid is None:
                tops.append(cells[lv])
                bottoms.append(" " * width)
                continue
            c = D.cards[cid]
            top = f"[b]{c.cost}[/]{card_mark(c)}"
            room = width - 1 - visible_len(top)
            name = card_name(c.name)
            name = name if len(name) <= room else short_name(c)[:room]
            tops.append(pad(f"{top}{safe(name)}", width))
            bottoms.append(pad(f"  {elements(c.elements)}", width))
        lines.append("".join(tops).rstrip())
        lines.append("".join(bottoms).rstrip())
    return "\n".join(lines)
