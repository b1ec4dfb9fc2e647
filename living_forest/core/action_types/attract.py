"""Attract Guardian Animals (A-20 … A-22): reserve cards within sun strength."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ..actions import ATTRACT, Action, Arg
from ..data import SUN
from ..events import Event
from .base import MultiPickType

if TYPE_CHECKING:
    from ..rules import Rules
    from ..state import GameState, PlayerState


@cache
def _attract(cid: str) -> Action:
    return Action(ATTRACT, cid)


class Attract(MultiPickType):
    kind = ATTRACT
    data_id = "attract"
    name = "Attract Guardian Animals"
    rule_ids = ("A-20", "A-21", "A-22")
    element = SUN
    arg = Arg.TOKEN
    pick_noun = "cards"
    bonus_ids = ("attract",)

    def options(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> list[Action]:
        cards = r.data.cards
        return [
            _attract(cid)
            for row in st.reserve
            for cid in row
            if cid is not None and cards[cid].cost <= budget
        ]

    def has_option(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> bool:
        cards = r.data.cards
        return any(
            cid is not None and cards[cid].cost <= budget for row in st.reserve for cid in row
        )

    def why_no_option(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> str:
        return f"no face-up card costs {budget} sun or less (A-20)"

    def check(self, r: Rules, st: GameState, p: PlayerState, a: Action, budget: int) -> str | None:
        if not any(a.arg in row for row in st.reserve):
            return f"{a.arg!r} is not a face-up card of the reserve (A-22)"
        cost = r.data.cards[a.arg].cost
        if cost > budget:
            return f"it costs {cost} sun; you have {budget} left (A-20)"
        return None

    def pick(self, r: Rules, st: GameState, seat: int, a: Action, ev: list[Event]) -> int:
        card = r.data.cards[a.arg]
        p = st.players[seat]
        row = st.reserve[card.level - 1]
        slot = row.index(a.arg)
        row[slot] = None  # the slot stays empty until E-3
        st.taken[card.level - 1] += 1
        p.draw.append(a.arg)  # on top of the draw stack, last picked on top
        p.draw_known += 1  # everyone saw it go there
        info = {"card_id": a.arg, "level": card.level, "cost": card.cost, "slot": slot}
        ev.append(Event("animal_attracted", seat, info))
        return card.cost
