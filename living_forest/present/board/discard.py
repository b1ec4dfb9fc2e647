"""A player's discard stack, one card a line."""

from __future__ import annotations

from living_forest.core import GameState, rules_of
from living_forest.i18n import _

from .cards import card_markup


def discard(st: GameState, seat: int) -> str:
    D = rules_of(st).data
    p = st.players[seat]
    if not p.discard:
        return _("The discard stack is empty.")
    # (no cost: the cards are the player's; a French play-test read "0 Babouin ☼1")
    lines = [card_markup(D, c, name=True, cost=False) for c in p.discard]
    return "\n".join(lines)
