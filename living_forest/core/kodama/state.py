"""Kodama's own part of the position: the piles and Onibi (game-wide) and each player's
Element tiles and what they used this round."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..state import GameState, PlayerState

NAME = "kodama"


@dataclass
class KodamaState:
    """Game-wide: the three face-up piles (last = top, the only visible card, K-B2),
    the Kodama returned to the box unseen (K-S5), and Onibi's rock (K-S8)."""

    piles: dict[str, list[str]] = field(default_factory=dict)
    box: list[str] = field(default_factory=list)
    onibi: int = 0

    def clone(self) -> KodamaState:
        return KodamaState({t: p[:] for t, p in self.piles.items()}, self.box[:], self.onibi)

    def to_dict(self) -> dict[str, Any]:
        return {
            "piles": {t: p[:] for t, p in self.piles.items()},
            "box": self.box[:],
            "onibi": self.onibi,
        }

    @classmethod
    def read(cls, d: Any) -> KodamaState:
        piles = {str(t): [str(c) for c in p] for t, p in dict(d["piles"]).items()}
        return cls(piles, [str(c) for c in d["box"]], int(d["onibi"]))


@dataclass
class KodamaPlayer:
    """One player: Element tiles held (K-E1), the bonuses of the tiles spent this round
    as [Element index, amount] (K-E3), the level-3 animals used this round (K-G3)."""

    tiles: int = 0
    active: list[list[int]] = field(default_factory=list)
    animals_used: list[str] = field(default_factory=list)

    def clone(self) -> KodamaPlayer:
        return KodamaPlayer(self.tiles, [a[:] for a in self.active], self.animals_used[:])

    def to_dict(self) -> dict[str, Any]:
        return {
            "tiles": self.tiles,
            "active": [a[:] for a in self.active],
            "animals_used": self.animals_used[:],
        }

    @classmethod
    def read(cls, d: Any) -> KodamaPlayer:
        active = [[int(x) for x in a] for a in d["active"]]
        return cls(int(d["tiles"]), active, [str(c) for c in d["animals_used"]])


def kodama(st: GameState) -> KodamaState:
    k = st.ext[NAME]
    assert isinstance(k, KodamaState)
    return k


def player(p: PlayerState) -> KodamaPlayer:
    k = p.ext[NAME]
    assert isinstance(k, KodamaPlayer)
    return k
