"""Game end and scoring (V-1 … V-6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .state import PHASE_OVER, GameState
from .strength import Counts, counts

if TYPE_CHECKING:
    from .rules import Rules


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
    how: str  # how the winner(s) were decided, in words
    shared: bool  # tied players share the victory (V-5)


def any_victory(r: Rules, st: GameState) -> bool:
    """V-1/V-2: does at least one player meet a condition now?"""
    return any(counts(r, p).met(st.thresholds) for p in st.players)


def outcome(r: Rules, st: GameState) -> Outcome | None:
    """Winners and counts once the game is over; None while it goes on."""
    if st.phase != PHASE_OVER:
        return None
    cs = [counts(r, p) for p in st.players]
    met = [tuple(c.met(st.thresholds)) for c in cs]
    qualified = [i for i in range(st.n) if met[i]]
    if len(qualified) == 1:  # V-4
        winners = tuple(qualified)
        how = "the only player to reach a victory threshold"
    else:
        best = max(cs[i].total for i in qualified)
        winners = tuple(i for i in qualified if cs[i].total == best)
        if len(winners) == 1:
            how = (
                f"highest total ({best}) among the {len(qualified)} players who reached a threshold"
            )
        else:
            how = f"tied on total {best}: shared victory (V-5)"
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
    return Outcome(winners, players, conditions, how, len(winners) > 1)
