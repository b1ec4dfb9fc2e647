"""Game end and scoring (V-1 … V-6)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from .events import how_decided
from .state import PHASE_OVER, GameState
from .strength import Counts, counts

if TYPE_CHECKING:
    from .rules import Rules


class DecidedBy(StrEnum):
    """How the winners were decided (``Outcome.decided_by``); the ``game_over`` event
    and ``simulate``'s results carry its value."""

    ALONE = "alone"  # the only player to meet a condition (V-4)
    TOTAL = "total"  # the highest total of those who met one (V-4)
    TIE = "tie"  # tied on that total: a shared victory (V-5)


@dataclass(frozen=True, slots=True)
class PlayerResult:
    seat: int
    name: str
    counts: Counts
    met: tuple[str, ...]  # victory conditions met ("trees", "fires", "flowers")
    rank: int  # 1 = best (V-6)


@dataclass(frozen=True, slots=True)
class Outcome:
    winners: tuple[int, ...]
    players: tuple[PlayerResult, ...]
    conditions: tuple[str, ...]  # every condition met by any player
    shared: bool  # tied players share the victory (V-5)
    decided_by: DecidedBy
    best_total: int  # the winners' total (0 when decided alone and not compared)
    qualified: int  # players who met a condition

    @property
    def how(self) -> str:
        """How the winner(s) were decided, in words."""
        return how_decided(self.decided_by, self.best_total, self.qualified)


def any_victory(r: Rules, st: GameState) -> bool:
    """V-1/V-2: does at least one player meet a condition now?"""
    for p in st.players:  # noqa: SIM110 (the hot path: see bench/README.md)
        if counts(r, p).met(st.thresholds):
            return True
    return False


def outcome(r: Rules, st: GameState) -> Outcome | None:
    """Winners and counts once the game is over; None while it goes on."""
    if st.phase != PHASE_OVER:
        return None
    cs = [counts(r, p) for p in st.players]
    met = [tuple(c.met(st.thresholds)) for c in cs]
    qualified = [i for i in range(st.n) if met[i]]
    best = max((cs[i].total for i in qualified), default=0)
    if len(qualified) == 1:  # V-4
        winners = tuple(qualified)
        decided_by = DecidedBy.ALONE
    else:
        winners = tuple(i for i in qualified if cs[i].total == best)
        decided_by = DecidedBy.TOTAL if len(winners) == 1 else DecidedBy.TIE
    # V-6: qualified players by total, then everyone else tied below them.
    q_sorted = sorted(qualified, key=lambda i: -cs[i].total)
    rank: dict[int, int] = {}
    for i in q_sorted:
        rank[i] = 1 + sum(1 for j in qualified if cs[j].total > cs[i].total)
    for i in range(st.n):
        rank.setdefault(i, len(qualified) + 1)
    players = tuple(
        PlayerResult(i, st.players[i].name, cs[i], met[i], rank[i]) for i in range(st.n)
    )
    conditions = tuple(sorted({m for ms in met for m in ms}))
    return Outcome(winners, players, conditions, len(winners) > 1, decided_by, best, len(qualified))
