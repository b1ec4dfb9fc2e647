"""Bots: pure functions of (what the seat may see, legal actions, rng) -> action.

A bot never sees hidden information: it gets a :class:`SeatView`, a read-only
window on the state that exposes public facts and the seat's own Help Line.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from living_forest.core import Action, GameState, Rules, net_solitary, rules_of
from living_forest.core.actions import END, SKIP, TAKE_FRAGMENT, USE_FRAGMENT
from living_forest.core.state import PHASE_DRAW


class SeatView:
    """What one seat may see. Hidden stacks are exposed as sizes only."""

    __slots__ = ("_st", "rules", "seat")

    def __init__(self, st: GameState, seat: int) -> None:
        self._st = st
        self.seat = seat
        self.rules: Rules = rules_of(st)  # the game's rules and data (public)

    @property
    def phase(self) -> str:
        return self._st.phase

    @property
    def help_line(self) -> tuple[str, ...]:
        return tuple(self._st.players[self.seat].help_line)

    @property
    def discard(self) -> tuple[str, ...]:
        """The seat's own discard stack, which its owner may look through (G-9)."""
        return tuple(self._st.players[self.seat].discard)

    def help_line_of(self, seat: int) -> tuple[str, ...]:
        """Any player's revealed cards: public information (G-1)."""
        return tuple(self._st.players[seat].help_line)

    @property
    def last_revealed(self) -> str | None:
        p = self._st.players[self.seat]
        return p.help_line[-1] if p.can_use_fragment and p.help_line else None

    @property
    def fragments(self) -> int:
        return self._st.players[self.seat].fragments

    @property
    def net_solitary(self) -> int:
        return net_solitary(self.rules, self._st.players[self.seat])

    def draw_size(self, seat: int) -> int:
        return len(self._st.players[seat].draw)


Bot = Callable[[SeatView, Sequence[Action], random.Random], Action]


def random_bot(view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
    """Uniform over the legal actions."""
    return legal[rng.randrange(len(legal))]


_AVOID_LAST = frozenset({END, SKIP})


def baseline_bot(view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
    """The policy of the official digital version's bot (issue 2, section 4).

    Draw phase: burn a just-drawn Fire Varan with a Fragment if possible, stop at a
    net solitary count of 2, otherwise draw. Action phase: random among legal
    actions, avoiding Take a Fragment whenever anything else is legal. Game Park
    forces basic and bonus actions while possible, so ``end`` and ``skip`` are
    chosen only when nothing else is legal (then Take a Fragment comes first).
    """
    if view.phase == PHASE_DRAW:
        kinds = {a.kind: a for a in legal}
        if USE_FRAGMENT in kinds and view.last_revealed == view.rules.data.varan_id:
            return kinds[USE_FRAGMENT]
        if "draw" in kinds and view.net_solitary < 2:
            return kinds["draw"]
        return kinds.get("stop") or legal[0]
    best = [a for a in legal if a.kind != TAKE_FRAGMENT and a.kind not in _AVOID_LAST]
    if not best:
        best = [a for a in legal if a.kind == TAKE_FRAGMENT] or list(legal)
    return best[rng.randrange(len(best))]


BOTS: dict[str, Bot] = {"random": random_bot, "baseline": baseline_bot}


def get_bot(name: str) -> Bot:
    try:
        return BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose from {sorted(BOTS)}") from None
