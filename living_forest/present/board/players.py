"""The players panel: one line a player, then who could end the game this round."""

from __future__ import annotations

import textwrap

from living_forest.core import (
    GameState,
    conditions_met,
    could_end_this_round,
    counts,
    rules_of,
    victory_thresholds,
    victory_tile,
)
from living_forest.i18n import NC_, NP_, _, join_clauses, ngettext, pgettext

from ..glyphs import ELEMENT_GLYPH, FRAGMENT, SACRED_TREE, UNKNOWN
from ..markup import safe
from ..views import player_tags
from .parts import tag

# The marks of the players panel's columns, in each language (context "count letter"):
# the Trees and Fires counts (V-3), the Victory tiles held; ✿ and ◆ are glyphs.
LETTER = {
    # i18n: the players panel's mark for the Trees count (V-3) and a tree Victory
    # tile: one letter, not F or the Victory tiles' letter
    "trees": NC_("count letter", "T"),
    # i18n: the players panel's mark for the Fires count (V-3) and a fire Victory
    # tile: one letter, not the Trees' or the Victory tiles' letter
    "fires": NC_("count letter", "F"),
    # i18n: the players panel's mark before the number of Victory tiles held (80x24):
    # one letter, not the Trees' or the Fires' letter
    "tiles": NC_("count letter", "V"),
    # i18n: the Victory tiles in the players panel's key and wide lines: at most 2
    # letters
    "tiles_key": NC_("count letter", "VT"),
}


def letter(what: str) -> str:
    """A column's mark in the players panel ("T"; "B" in German): ``trees``,
    ``fires``, ``tiles`` (one letter) or ``tiles_key`` (at most two)."""
    return pgettext("count letter", LETTER[what])


def _tile_glyph(kind: str) -> str:
    """A Victory tile by its type ("fire"): its count's letter, or ✿."""
    if kind == "flower":
        return ELEMENT_GLYPH["flower"]
    return letter(f"{kind}s") if f"{kind}s" in LETTER else UNKNOWN


def players_key(st: GameState, *, wide: bool) -> str:
    """The players panel's key to its columns, in the player's language: "T trees F
    fires ✿ flowers of 12, VT Victory tiles", or at 80x24 "T F ✿→12 ◆ VT dr/dis"
    ("T·F·✿→15·13·13 ◆ VT dr/dis" once the thresholds differ)."""
    t, f, vt = letter("trees"), letter("fires"), letter("tiles_key")
    if wide:
        # i18n: a key to the players panel's columns: {trees}, {fires} and {tiles} are
        # the columns' letters (context "count letter"); trees, fires and flowers (✿)
        # of {threshold} (what wins: "12", or "T13·F15·✿13"), Victory tiles
        key = _("{trees} trees {fires} fires ✿ flowers of {threshold}, {tiles} Victory tiles")
        return key.format(trees=t, fires=f, tiles=vt, threshold=threshold_text(st, labelled=True))
    # i18n: the players panel's key at 80x24 (21 cells in English after the title):
    # the sizes of the draw and discard stacks ("12/3"), a few letters each
    stacks = _("dr/dis")
    # "T·F·✿→15·13·13" once the thresholds differ (K-V2): each letter its number
    sep = "·" if len(set(_thresholds(st))) > 1 else " "
    flower = ELEMENT_GLYPH["flower"]
    return f"{t}{sep}{f}{sep}{flower}→{threshold_text(st)} {FRAGMENT} {vt} {stacks}"


def _thresholds(st: GameState) -> tuple[int, int, int]:
    """The thresholds of trees, fires and flowers now (V-2, K-V2)."""
    t = victory_thresholds(st)
    return t["trees"], t["fires"], t["flowers"]


def threshold_text(st: GameState, *, labelled: bool = False) -> str:
    """ "12", or "13·15·13" (trees·fires·flowers) once the thresholds differ (K-V2);
    ``labelled``: "T13·F15·✿13" then, each number with its count's letter."""
    values = _thresholds(st)
    if len(set(values)) == 1:
        return str(values[0])
    if labelled:
        marks = (letter("trees"), letter("fires"), ELEMENT_GLYPH["flower"])
        return "·".join(f"{m}{v}" for m, v in zip(marks, values, strict=True))
    return "·".join(map(str, values))


def player_line(st: GameState, seat: int, *, wide: bool = False) -> str:
    p = st.players[seat]
    c = counts(rules_of(st), p)
    t = threshold_text(st)
    mark = ">" if seat == st.current and st.phase != "over" else " "
    tree = SACRED_TREE if seat == st.first else " "
    tiles = "".join(_tile_glyph(victory_tile(st, x)[1]) for x in p.victory_tiles)
    tiles = tiles or "-"
    if wide:
        return (
            f"{mark}{tree}[b]{tag(st, seat)}[/] {safe(f'{p.name[:12]:<12}')} "
            f"{letter('trees')}{c.trees:>2} {letter('fires')}{c.fires:>2} "
            f"{ELEMENT_GLYPH['flower']}{c.flowers:>2} /{t}  "
            f"{FRAGMENT}{p.fragments:<2} {letter('tiles_key'):<2} {tiles:<3} "
            # i18n: the sizes of the player's draw and discard stacks (two cells each),
            # at the end of a line of the wide players panel: 13 cells in English
            + _("draw {draw} disc {discard}").format(
                draw=f"{len(p.draw):>2}", discard=f"{len(p.discard):>2}"
            )
            + player_tags(st, seat)
        )
    return (
        f"{mark}{tree}[b]{tag(st, seat)}[/] {safe(f'{p.name[:5]:<5}')} "
        f"{letter('trees')}{c.trees:<3}{letter('fires')}{c.fires:<3}"
        f"{ELEMENT_GLYPH['flower']}{c.flowers:<3}{FRAGMENT}{p.fragments:<3}"
        f"{letter('tiles')}{len(p.victory_tiles)} "
        f"{len(p.draw):>2}/{len(p.discard):<2}"
    )


def players(st: GameState, *, wide: bool = False, width: int = 0) -> str:
    """A line a player, then who could end the game this round (in lines of ``width``
    cells when given: the panel's height is then its number of lines)."""
    lines = [player_line(st, i, wide=wide) for i in st.order()]
    ending = game_end_forecast(st, width)
    if ending:
        lines.append(ending)
    return "\n".join(lines)


# A victory condition reached: the count and its threshold, by the counts' names.
_REACHED = {
    # i18n: a victory condition met: the player's trees, of the {threshold} that win
    "trees": NP_("{count} tree (of {threshold})", "{count} trees (of {threshold})"),
    # i18n: a victory condition met: the fires the player put out, of the {threshold}
    # that win
    "fires": NP_("{count} fire (of {threshold})", "{count} fires (of {threshold})"),
    # i18n: a victory condition met: the player's flowers, of the {threshold} that win
    "flowers": NP_("{count} flower (of {threshold})", "{count} flowers (of {threshold})"),
}


# A player close to a victory condition: how many they lack, and the threshold.
_SHORT_OF = {
    # i18n: "Ana 1 tree from 12": the player lacks {count} trees to reach {goal}, the
    # victory threshold
    "trees": NP_("{player} {count} tree from {goal}", "{player} {count} trees from {goal}"),
    # i18n: "Ana 1 fire from 12": the player lacks {count} fires put out to reach {goal},
    # the victory threshold
    "fires": NP_("{player} {count} fire from {goal}", "{player} {count} fires from {goal}"),
    # i18n: "Ana 1 flower from 12": the player lacks {count} flowers to reach {goal}, the
    # victory threshold
    "flowers": NP_("{player} {count} flower from {goal}", "{player} {count} flowers from {goal}"),
}


def game_end_forecast(st: GameState, width: int = 0) -> str:
    """While a round is played: who meets a victory condition now, so that the game
    ends when this Action phase is over if it still holds (V-1, V-2); and who could
    still end it this round (:func:`could_end_this_round`)."""
    if st.phase not in ("draw", "action"):
        return ""
    met = conditions_met(st)
    t = victory_thresholds(st)
    lines = []
    if met:
        who = []
        for seat in st.order():
            if seat in met:
                c = counts(rules_of(st), st.players[seat])
                reach = ", ".join(
                    ngettext(*_REACHED[m], getattr(c, m)).format(
                        count=getattr(c, m), threshold=t[m]
                    )
                    for m in met[seat]
                )
                # i18n: {reached} lists the conditions met ("13 trees (of 12)")
                has = _("{player} has {reached}")
                who.append(has.format(player=safe(st.players[seat].name), reached=reach))
        # i18n: {players} is "Ana has 13 trees (of 12); Ben has …"
        text = _("{players}: the game ends after this round's actions if it still holds")
        lines += _warning(text.format(players=join_clauses(who)), width)
    # Who could still end it this round: in the Action phase a promise (one basic
    # action does it, the core says); while revealing, who is one short.
    close = [
        ngettext(*_SHORT_OF[m], need).format(
            player=safe(st.players[seat].name), count=need, goal=t[m]
        )
        for seat, reach in could_end_this_round(st).items()
        if seat not in met
        for m, need in reach.items()
    ]
    if close:
        if st.phase == "action":
            # i18n: {players} is "Ana 1 tree from 12; Ben 2 fires from 12"
            head = _("Can end the game this round: {players}")
        else:
            # i18n: {players} is "Ana 1 tree from 12; Ben 1 fire from 12"
            head = _("One short of the end: {players}")
        lines += _warning(head.format(players=join_clauses(close)), width)
    return "\n".join(lines)


def _warning(text: str, width: int) -> list[str]:
    """``text`` (markup-safe, no styles) in the warning's colour, in lines of ``width``
    cells (one line when 0)."""
    rows = textwrap.wrap(text, width, break_on_hyphens=False) if width else [text]
    return [f"[$warning]{row}[/]" for row in rows]
