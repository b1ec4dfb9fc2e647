"""Attract Guardian Animals (A-20 … A-22): reserve cards within sun strength."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ...i18n import N_, _
from ..actions import ATTRACT, Action, Arg, Refusal
from ..data import SUN
from ..events import Event, wants
from .base import MultiPickType

if TYPE_CHECKING:
    from ..context import TurnContext
    from ..rules import Rules
    from ..state import GameState, PlayerState


@cache
def _attract_actions(r: Rules) -> dict[str, Action]:
    """Every ``attract`` action of the rules, by card id."""
    return {cid: Action(ATTRACT, cid) for cid in r.data.cards}


class Attract(MultiPickType):
    kind = ATTRACT
    data_id = "attract"
    name = N_("Attract Guardian Animals")
    element = SUN
    arg = Arg.TOKEN
    # i18n: what one picks in "picking cards or fires"
    pick_noun = N_("cards")
    bonus_ids = ("attract",)

    def options(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> list[Action]:
        cards = r.data.cards
        acts = _attract_actions(r)
        out = []
        for row in st.reserve:
            for cid in row:
                if cid is not None and cards[cid].cost <= budget:
                    out.append(acts[cid])
        return out

    def has_option(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> bool:
        cards = r.data.cards
        return any(
            cid is not None and cards[cid].cost <= budget for row in st.reserve for cid in row
        )

    def why_no_option(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> Refusal:
        text = _("no face-up card costs {budget} sun or less")
        return Refusal(text.format(budget=budget), ("A-20",))

    def check(
        self, r: Rules, st: GameState, p: PlayerState, a: Action, budget: int
    ) -> Refusal | None:
        if not any(a.arg in row for row in st.reserve):
            # i18n: {card} is the card id typed in the notation, quoted
            text = _("{card} is not a face-up card of the reserve")
            return Refusal(text.format(card=repr(a.arg)), ("A-22",))
        cost = r.data.cards[a.arg].cost
        if cost > budget:
            text = _("it costs {cost} sun; you have {budget} left")
            return Refusal(text.format(cost=cost, budget=budget), ("A-20",))
        return None

    def pick(self, c: TurnContext, a: Action) -> int:
        r, st, seat, ev = c.rules, c.state, c.seat, c.events
        card = r.data.cards[a.arg]
        p = st.players[seat]
        row = st.reserve[card.level - 1]
        slot = row.index(a.arg)
        row[slot] = None  # the slot stays empty until E-3
        st.taken[card.level - 1] += 1
        p.draw.append(a.arg)  # on top of the draw stack, last picked on top
        p.draw_known += 1  # everyone saw it go there
        if wants(ev, "animal_attracted"):
            info = {"card_id": a.arg, "level": card.level, "cost": card.cost, "slot": slot}
            ev.append(Event("animal_attracted", seat, info))
        return card.cost
