"""Take a Fragment (A-10, A-11); also the "take 1 Fragment" rock bonus (O-3, X-1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import N_, _
from ..actions import TAKE_FRAGMENT, Action, Refusal
from ..events import Event, wants
from .base import ActionType

if TYPE_CHECKING:
    from ..context import TurnContext
    from ..rules import Rules
    from ..state import GameState, PlayerState

A_TAKE = Action(TAKE_FRAGMENT)


def give_fragments(st: GameState, p: PlayerState, seat: int, want: int, ev: list[Event]) -> int:
    """Move up to ``want`` Fragments from the supply to ``p`` (X-1: only what is left)."""
    got = min(want, st.fragment_supply)
    st.fragment_supply -= got
    p.fragments += got
    if wants(ev, "fragment_taken"):
        ev.append(Event("fragment_taken", seat, {"count": got, "left": st.fragment_supply}))
    return got


class TakeFragment(ActionType):
    kind = TAKE_FRAGMENT
    data_id = "take_fragment"
    name = N_("Take a Fragment")
    # O-3: "take 1 Fragment" rocks, F-4: "2 Fragments" corners (Plant gives those at
    # once). A free gain, so it is given without asking.
    bonus_ids = ("fragment", "fragments")
    automatic_bonus = True

    def options(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> list[Action]:
        return [A_TAKE] if st.fragment_supply > 0 else []

    def has_option(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> bool:
        return st.fragment_supply > 0

    def why_no_option(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> Refusal:
        return Refusal(_("the Fragment supply is empty"), ("A-11", "X-1"))

    def check(
        self, r: Rules, st: GameState, p: PlayerState, a: Action, budget: int
    ) -> Refusal | None:
        return None if st.fragment_supply > 0 else self.why_no_option(r, st, p, budget)

    def resolve(self, c: TurnContext, a: Action) -> None:
        st, seat, ev = c.state, c.seat, c.events
        give_fragments(st, st.players[seat], seat, 1, ev)

    def give_bonus(self, c: TurnContext, source: str) -> None:
        st, seat, ev = c.state, c.seat, c.events
        p = st.players[seat]
        if st.fragment_supply > 0:
            give_fragments(st, p, seat, 1, ev)
        elif wants(ev, "bonus_lost"):  # the supply is empty, the bonus is lost
            ev.append(Event("bonus_lost", seat, {"bonus": "fragment", "source": source}))
