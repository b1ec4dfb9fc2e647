"""The end of a game in words, without a terminal: how each player's three counts
add up (V-3), every term labelled."""

from __future__ import annotations

import textwrap

from living_forest.core import GameState, count_breakdown, rules_of
from living_forest.i18n import _

BREAKDOWN_WIDTH = 70  # the result box at 80x24 (72 cells beside its scroll bar), as its legend


def _sum(parts: list[int]) -> str:
    """ "3 + 1 - 2": the parts of a count, negative ones subtracted."""
    out = str(parts[0])
    for v in parts[1:]:
        out += f" - {-v}" if v < 0 else f" + {v}"
    return out


def labelled_sum(parts: list[tuple[str, int]]) -> str:
    """ "Help Line 3 + Victory tiles 1": each part after its name, the parts that add
    nothing left out ("0" when none adds anything), negative ones subtracted."""
    terms = [(name, v) for name, v in parts if v]
    if not terms:
        return "0"
    out = ""
    for i, (name, v) in enumerate(terms):
        if i == 0:
            out = f"{name} {v}"
        else:
            out += f" - {name} {-v}" if v < 0 else f" + {name} {v}"
    return out


def breakdown(st: GameState) -> list[str]:
    """How each player's three counts add up (V-3), part by part (the core's split):
    trees = kinds + the starting tree + Tree Victory tiles; fires = Fire tiles + Fire
    Victory tiles, on the player's line; flowers on a line of their own, each source
    named (a module may add some), the sources that add nothing left out."""
    r = rules_of(st)
    sources = [_(c.name) for c in r.contributors]  # marked with N_ where they are added
    # i18n: a source of Sacred Flowers in the game-over breakdown ("Victory tiles 1")
    tiles = _("Victory tiles")
    # The counts by their words, in the player's language (the game-over table's
    # column heads): a letter ("T", "F") was English shorthand in German and French.
    tree_word, fire_word = _("trees"), _("fires")
    lines = [_("How the counts add up:")]
    for seat in st.order():
        b = count_breakdown(st, seat)
        c = b.counts
        name = st.players[seat].name[:10]
        trees = _sum([b.tree_kinds, b.starting_tree, b.tree_tiles])
        fires = _sum([b.fire_tiles, b.fire_victory_tiles])
        lines.append(
            f" {name:<10} {tree_word} {c.trees} = {trees}   {fire_word} {c.fires} = {fires}"
        )
        flowers = labelled_sum([(_(s), v) for s, v in b.flower_parts] + [(tiles, b.flower_tiles)])
        lines += textwrap.wrap(
            f"✿ {c.flowers} = {flowers}",
            BREAKDOWN_WIDTH,
            initial_indent=" " * 12,
            subsequent_indent=" " * 16,
            break_on_hyphens=False,
        )
    legend = [
        # i18n: the key to the lines above; {trees}: the word "trees" as they show it
        _("{trees} = different kinds + starting tree + Victory tiles").format(trees=tree_word),
        # i18n: the key to the lines above; {fires}: the word "fires" as they show it
        _("{fires} = Fire tiles + Victory tiles").format(fires=fire_word),
        # i18n: {sources}: every source of Sacred Flowers in this game's rules
        _("✿ = {sources} + Victory tiles (a source that adds nothing is left out)").format(
            sources=" + ".join(sources)
        ),
    ]
    lines += [x for item in legend for x in textwrap.wrap(item, 70, subsequent_indent="    ")]
    return lines
