"""The supply: fires, Fire Varans, Fragments and Protective Trees left."""

from __future__ import annotations

from living_forest.core import GameState, rules_of
from living_forest.i18n import _

from ..glyphs import FRAGMENT


def supplies(st: GameState, *, wide: bool) -> str:
    D = rules_of(st).data
    fires = " ".join(f"{v}:{n}" for v, n in st.fire_supply.items())
    if len(st.dispensers) > 12 or not wide:  # grouped by copies left: one line at 80x24
        # ("x2: 3A 4B  x1: 5A": two of 3A and 4B, one 5A; a kind sold out is left out)
        by_left: dict[int, list[str]] = {}
        for label, n in st.dispensers.items():
            if n:  # a kind sold out is not listed
                by_left.setdefault(n, []).append(label)
        trees = "  ".join(
            f"x{n}: {' '.join(labels)}" for n, labels in sorted(by_left.items(), reverse=True)
        )
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
    # i18n: the Protective Trees left in the supply ({trees} is "x2: 3A 4B  x1: 5A")
    tree_line = _("Trees {trees}").format(trees=trees or _("none left"))
    return f"{head} {FRAGMENT}{st.fragment_supply}\n{tree_line}"
