"""Strengths (A-5), the net solitary count (N-5), repeat limits (A-3) and the victory
counts (V-3).

A strength is the sum of the rules' named contributors (:class:`Contributor`): the
base game has the Help Line, the Forest trees and the completed lines; a module adds
its own. The temporary bonus of one action (a corner, F-4) is added by the action
itself (``ActionType.budget``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from .data import FLOWER
from .effects import RepeatAction
from .state import STARTING_TREE, PlayerState

if TYPE_CHECKING:
    from .rules import Rules


def raw_strengths(r: Rules, p: PlayerState) -> list[int]:
    """Each Element's strength from every contributor (A-5), not clamped: flowers count
    at face value for V-3 (X-9); actions clamp at 0.

    The contributors that read only the Help Line and the Forest are summed once per
    distinct pair and remembered in ``r.strength_cache`` (the hot path of every legal
    action list), those of the Forest alone also per Forest; the others run every
    time."""
    key = (*p.help_line, None, *p.forest)  # one flat tuple: its size is its own
    base = r.strength_cache.get(key)
    if base is None:
        s = list(_forest_part(r, p, tuple(p.forest)))
        for c in r.by_cards_and_forest:
            c.add(r, p, s)
        base = r.strength_cache.put(key, tuple(s))
    s = list(base)
    for c in r.other_contributors:
        c.add(r, p, s)
    return s


def _forest_part(r: Rules, p: PlayerState, forest: tuple[str | None, ...]) -> tuple[int, ...]:
    """The strengths of the Forest-only contributors, remembered per Forest."""
    cache = r.forest_strength_cache
    part = cache.get(forest)
    if part is None:
        s = [0, 0, 0, 0, 0]
        for c in r.by_forest:
            c.add(r, p, s)
        part = cache.put(forest, tuple(s))
    return part


# --- the base game's contributors (installed by core/base_game.py) -----------------


def help_line_elements(r: Rules, p: PlayerState, s: list[int]) -> None:
    """A-5.1: every card in the Help Line (negative values subtract)."""
    cards = r.data.cards
    for cid in p.help_line:
        e = cards[cid].elements
        s[0] += e[0]
        s[1] += e[1]
        s[2] += e[2]
        s[3] += e[3]
        s[4] += e[4]


def forest_tree_elements(r: Rules, p: PlayerState, s: list[int]) -> None:
    """A-5.2: every Protective Tree in the Forest (the starting tree has none, F-2)."""
    trees = r.data.trees
    for label in p.forest:
        if label is not None and label != STARTING_TREE:
            e = trees[label].elements
            s[0] += e[0]
            s[1] += e[1]
            s[2] += e[2]
            s[3] += e[3]
            s[4] += e[4]


def line_complete(forest: Sequence[str | None], cells: Iterable[int]) -> bool:
    """Has every cell of a row or column a tree (F-5)?"""
    for c in cells:  # noqa: SIM110 (the hot path: see bench/README.md)
        if forest[c] is None:
            return False
    return True


def completed_line_elements(r: Rules, p: PlayerState, s: list[int]) -> None:
    """A-5.3: the permanent bonus of every completed row or column (F-5)."""
    forest = p.forest
    for line in r.data.lines:
        if line_complete(forest, line.cells):
            s[line.element] += line.amount


def strength(r: Rules, p: PlayerState, element: int, extra: int = 0) -> int:
    """Usable strength of one Element, with a temporary bonus, never below 0 (A-5, X-9)."""
    v = raw_strengths(r, p)[element] + extra
    return v if v > 0 else 0


def net_solitary(r: Rules, p: PlayerState) -> int:
    """Solitary minus gregarious symbols in the Help Line, not below 0 (N-5, G-4, X-15).

    Remembered per Help Line in ``r.net_cache``: every reveal asks it three or four
    times (the event, the forced-stop test, the bot's view) of the same line."""
    key = tuple(p.help_line)
    cache = r.net_cache
    net = cache.get(key)
    if net is None:
        cards = r.data.cards
        net = 0
        for cid in key:
            net += cards[cid].symbol
        if net < 0:
            net = 0
        cache.put(key, net)
    return net


def basic_actions_for(r: Rules, p: PlayerState) -> int:
    """Basic actions the Help Line gives (A-2): 2 below the forced-stop count, else 1."""
    d = r.data
    return d.actions_calm if net_solitary(r, p) < d.forced_stop_at else d.actions_forced


def completed_lines(r: Rules, p: PlayerState) -> list[str]:
    return [ln.name for ln in r.data.lines if line_complete(p.forest, ln.cells)]


def max_of_type(r: Rules, p: PlayerState, action_id: str) -> int:
    """How many basic actions of the type the data calls ``action_id`` the player may
    take this round: 1 (A-3), or more while a repeat effect is in play (F-7: tree 11;
    K-G1: a module's animal), at most ``max_of_type`` of that effect (K-X5)."""
    best = 1
    if r.repeat_trees:
        trees = r.data.trees
        for label in p.forest:
            if label in r.repeat_trees:
                best = max(best, _repeat_limit(trees[label].effects, action_id))
    if r.repeat_cards:
        cards = r.data.cards
        for cid in p.help_line:
            if cid in r.repeat_cards:
                best = max(best, _repeat_limit(cards[cid].effects, action_id))
    return best


def _repeat_limit(effects: tuple[object, ...], action_id: str) -> int:
    return max(
        (e.max_of_type for e in effects if isinstance(e, RepeatAction) and e.covers(action_id)),
        default=1,
    )


class Counts(NamedTuple):
    """The three victory counts of a player (V-3). A named tuple: every end of a round
    makes one per player (V-1)."""

    trees: int
    fires: int
    flowers: int

    @property
    def total(self) -> int:
        return self.trees + self.fires + self.flowers

    def met(self, thresholds: Mapping[str, int]) -> list[str]:
        """The victory conditions reached (V-2), given each condition's threshold (plain
        tests: every player's counts are checked at every round's end, V-1)."""
        out: list[str] = []
        if self.trees >= thresholds["trees"]:
            out.append("trees")
        if self.fires >= thresholds["fires"]:
            out.append("fires")
        if self.flowers >= thresholds["flowers"]:
            out.append("flowers")
        return out


def counts(r: Rules, p: PlayerState) -> Counts:
    """The three victory counts (V-3)."""
    tiles = r.data.tiles
    kinds = set(p.forest)  # the kinds of tree planted: not an empty cell, not the start
    kinds.discard(None)
    kinds.discard(STARTING_TREE)
    trees = len(kinds) + 1
    fires = len(p.fires)
    flowers = raw_strengths(r, p)[FLOWER]
    for t in p.victory_tiles:
        kind = tiles[t][1]
        if kind == "tree":
            trees += 1
        elif kind == "fire":
            fires += 1
        elif kind == "flower":
            flowers += 1
    return Counts(trees, fires, flowers)
