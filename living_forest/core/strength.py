"""Strengths (A-5), the net solitary count (N-5) and the victory counts (V-3)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .data import FLOWER, GameData
from .state import STARTING_TREE, PlayerState


def raw_strengths(d: GameData, p: PlayerState) -> list[int]:
    """Sum of each Element over Help Line, Forest trees and completed lines (A-5).

    Not clamped: flowers count at face value for V-3 (X-9); actions clamp at 0.
    """
    s = [0, 0, 0, 0, 0]
    cards = d.cards
    for cid in p.help_line:
        e = cards[cid].elements
        s[0] += e[0]
        s[1] += e[1]
        s[2] += e[2]
        s[3] += e[3]
        s[4] += e[4]
    trees = d.trees
    forest = p.forest
    for label in forest:
        if label is not None and label != STARTING_TREE:
            e = trees[label].elements
            s[0] += e[0]
            s[1] += e[1]
            s[2] += e[2]
            s[3] += e[3]
            s[4] += e[4]
    for line in d.lines:
        if all(forest[c] is not None for c in line.cells):
            s[line.element] += line.amount
    return s


def strength(d: GameData, p: PlayerState, element: int, extra: int = 0) -> int:
    """Usable strength of one Element, with a temporary bonus, never below 0 (A-5, X-9)."""
    v = raw_strengths(d, p)[element] + extra
    return v if v > 0 else 0


def net_solitary(d: GameData, p: PlayerState) -> int:
    """Solitary minus gregarious symbols in the Help Line, not below 0 (N-5, G-4, X-15)."""
    cards = d.cards
    n = 0
    for cid in p.help_line:
        n += cards[cid].symbol
    return n if n > 0 else 0


def completed_lines(d: GameData, p: PlayerState) -> list[str]:
    return [ln.name for ln in d.lines if all(p.forest[c] is not None for c in ln.cells)]


def can_repeat_types(d: GameData, p: PlayerState) -> bool:
    """Tree 11 lets the two basic actions share a type (F-7)."""
    trees = d.trees
    return any(
        label is not None and label != STARTING_TREE and trees[label].same_action_twice
        for label in p.forest
    )


@dataclass(frozen=True, slots=True)
class Counts:
    trees: int
    fires: int
    flowers: int

    @property
    def total(self) -> int:
        return self.trees + self.fires + self.flowers

    def met(self, thresholds: Mapping[str, int]) -> list[str]:
        """The victory conditions reached (V-2), given each condition's threshold."""
        return [
            name
            for name, v in (("trees", self.trees), ("fires", self.fires), ("flowers", self.flowers))
            if v >= thresholds[name]
        ]


def counts(d: GameData, p: PlayerState) -> Counts:
    """The three victory counts (V-3)."""
    kinds = {label for label in p.forest if label is not None and label != STARTING_TREE}
    tiles = [d.tiles[t][1] for t in p.victory_tiles]
    return Counts(
        trees=len(kinds) + 1 + tiles.count("tree"),
        fires=len(p.fires) + tiles.count("fire"),
        flowers=raw_strengths(d, p)[FLOWER] + tiles.count("flower"),
    )
