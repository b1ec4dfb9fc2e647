"""Kodama's own part of the position: the piles and Onibi (game-wide) and each player's
Element tiles and what they used this round.

Both are frozen values: a change replaces the value in ``st.ext`` / ``p.ext``
(``dataclasses.replace``), so cloning a state shares them instead of copying — cloning
is on the hot path of every action.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..state import GameState, PlayerState

NAME = "kodama"


@dataclass(frozen=True, slots=True)
class KodamaState:
    """Game-wide: the three face-up piles (last = top, the only visible card, K-B2),
    the Kodama returned to the box unseen (K-S5), and Onibi's rock (K-S8)."""

    piles: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # never changed in place
    box: tuple[str, ...] = ()
    onibi: int = 0

    def clone(self) -> KodamaState:
        return self

    def to_dict(self) -> dict[str, Any]:
        return {
            "piles": {t: list(p) for t, p in self.piles.items()},
            "box": list(self.box),
            "onibi": self.onibi,
        }

    @classmethod
    def read(cls, d: Any) -> KodamaState:
        piles = {str(t): tuple(str(c) for c in p) for t, p in dict(d["piles"]).items()}
        return cls(piles, tuple(str(c) for c in d["box"]), int(d["onibi"]))


@dataclass(frozen=True, slots=True)
class KodamaPlayer:
    """One player: Element tiles held (K-E1), the bonuses of the tiles spent this round
    as (Element index, amount) (K-E3), the level-3 animals used this round (K-G3)."""

    tiles: int = 0
    active: tuple[tuple[int, int], ...] = ()
    animals_used: tuple[str, ...] = ()

    def clone(self) -> KodamaPlayer:
        return self

    def to_dict(self) -> dict[str, Any]:
        return {
            "tiles": self.tiles,
            "active": [list(a) for a in self.active],
            "animals_used": list(self.animals_used),
        }

    @classmethod
    def read(cls, d: Any) -> KodamaPlayer:
        active = tuple((int(e), int(v)) for e, v in d["active"])
        return cls(int(d["tiles"]), active, tuple(str(c) for c in d["animals_used"]))


def kodama(st: GameState) -> KodamaState:
    k = st.ext[NAME]
    assert isinstance(k, KodamaState)
    return k


def player(p: PlayerState) -> KodamaPlayer:
    k = p.ext[NAME]
    assert isinstance(k, KodamaPlayer)
    return k
