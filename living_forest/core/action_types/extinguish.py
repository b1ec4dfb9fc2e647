"""Extinguish Fire (A-30): Fire tiles from the Circle within water strength."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ...i18n import N_, _
from ..actions import EXTINGUISH, Action, Arg, Refusal
from ..data import WATER
from ..events import Event, wants
from .base import MultiPickType

if TYPE_CHECKING:
    from ..context import TurnContext
    from ..rules import Rules
    from ..state import GameState, PlayerState


@cache
def _fire_actions(r: Rules) -> dict[int, Action]:
    """The ``extinguish`` action of every Fire tile value of the rules."""
    return {v: Action(EXTINGUISH, str(v)) for v in r.data.fire_values}


class Extinguish(MultiPickType):
    kind = EXTINGUISH
    data_id = "extinguish"
    name = N_("Extinguish Fire")
    element = WATER
    arg = Arg.POSITIVE
    # i18n: what one picks in "picking cards or fires"
    pick_noun = N_("fires")
    bonus_ids = ("extinguish",)

    def options(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> list[Action]:
        acts = _fire_actions(r)
        out = []
        for v in sorted(set(st.centre)):
            if v <= budget:
                out.append(acts[v])
        return out

    def has_option(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> bool:
        return bool(st.centre) and min(st.centre) <= budget

    def why_no_option(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> Refusal:
        if not st.centre:
            return Refusal(_("there is no fire on the Circle"))
        text = _("no fire has a value of {budget} water or less")
        return Refusal(text.format(budget=budget), ("A-30",))

    def check(
        self, r: Rules, st: GameState, p: PlayerState, a: Action, budget: int
    ) -> Refusal | None:
        v = a.value
        if v not in st.centre:
            return Refusal(_("there is no fire of value {value} on the Circle").format(value=v))
        if v > budget:
            text = _("a fire of value {value} needs {value} water; you have {budget} left")
            return Refusal(text.format(value=v, budget=budget), ("A-30",))
        return None

    def pick(self, c: TurnContext, a: Action) -> int:
        st, seat, ev = c.state, c.seat, c.events
        p = st.players[seat]
        st.centre.remove(a.value)
        p.fires.append(a.value)
        if wants(ev, "fire_extinguished"):
            ev.append(Event("fire_extinguished", seat, {"value": a.value}))
        return a.value
