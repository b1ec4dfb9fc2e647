"""The supply: fires, Fire Varans, Fragments and Protective Trees left."""

from __future__ import annotations

from living_forest.core import GameState, rules_of
from living_forest.i18n import _, ngettext

from ..glyphs import FRAGMENT
from ..markup import visible_len


def supplies(
    st: GameState, *, wide: bool, width: int = 0, room: int | None = None, look_key: str = ""
) -> str:
    """The supply: its first line (fires, Varans, Fragments), then the trees left.
    With ``width`` (80x24: the left column's 43 cells) the tree kinds are packed into
    lines of ``width`` (the panel's height is its number of lines); with ``room`` too,
    in at most ``room`` lines: the kinds that do not fit end in "+3 more (o)" (the
    inspector, opened by ``look_key``, lists them all), with one line the trees are
    left out, with none the supply."""
    D = rules_of(st).data
    fires = " ".join(f"{v}:{n}" for v, n in st.fire_supply.items())
    grouped = len(st.dispensers) > 12 or not wide
    if grouped:  # grouped by copies left: one line at 80x24
        # ("x2: 3A 4B  x1: 5A": two of 3A and 4B, one 5A; a kind sold out is left out)
        by_left: dict[int, list[str]] = {}
        for label, n in st.dispensers.items():
            if n:  # a kind sold out is not listed
                by_left.setdefault(n, []).append(label)
        groups = [(n, labels) for n, labels in sorted(by_left.items(), reverse=True)]
        trees = "  ".join(f"x{n}: {' '.join(labels)}" for n, labels in groups)
    else:  # the wide board: each kind with its cost
        trees = " ".join(
            f"{label}({D.trees[label].cost})x{n}" for label, n in st.dispensers.items() if n
        )
    # i18n: the supply's first line in the left column at 80x24 (43 cells): {fires} is
    # "2:5 3:4 4:3" (fire values and tiles left), {varans} the Fire Varans left; the
    # Fragments left follow
    head = _("[b]Supply[/] fires {fires} Varans {varans}").format(
        fires=fires, varans=st.varan_supply
    )
    head = f"{head} {FRAGMENT}{st.fragment_supply}"
    # i18n: the Protective Trees left in the supply ({trees} is "x2: 3A 4B  x1: 5A")
    tree_line = _("Trees {trees}").format(trees=trees or _("none left"))
    if room is not None and room < 2:
        return head if room == 1 else ""
    if not width or not grouped or not trees:
        return f"{head}\n{tree_line}"
    # The kinds one by one, each group's "x2:" before its first: lines of ``width``.
    # i18n: the word before the trees left, as in "Trees {trees}" (at 80x24)
    words = [_("Trees")]
    for n, labels in groups:
        words += [f"x{n}: {labels[0]}", *labels[1:]]
    lines = _wrap(words, width)
    if room is None or len(lines) + 1 <= room:
        return "\n".join([head, *lines])
    # One line of trees: as many kinds as fit before "+N more (o)".
    shown = len(words)
    while shown > 1:
        shown -= 1
        more = _more(len(words) - shown, look_key)
        line = " ".join(words[:shown]) + " " + more
        if visible_len(line) <= width:
            return f"{head}\n{line}"
    return head


def _wrap(words: list[str], width: int) -> list[str]:
    """``words`` joined by spaces into lines of at most ``width`` cells."""
    lines: list[str] = []
    cur = ""
    for w in words:
        if cur and visible_len(cur) + 1 + visible_len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    lines.append(cur)
    return lines


def _more(n: int, look_key: str) -> str:
    """ "+3 more (o)": the tree kinds left out, and the key that lists them all."""
    if look_key:
        # i18n: the end of the Trees supply line at 80x24 when it is cut: {count} tree
        # kinds not shown; {key} the key that lists everything (Look, "o")
        text = ngettext("+{count} more ({key})", "+{count} more ({key})", n)
    else:
        # i18n: the end of the Trees supply line at 80x24 when it is cut: {count} tree
        # kinds not shown
        text = ngettext("+{count} more", "+{count} more", n)
    return f"[dim]{text.format(count=n, key=look_key)}[/]"
