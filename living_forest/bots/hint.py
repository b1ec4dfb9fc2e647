"""A hint for the player to act: what the medium bot would do in their place, and the
figures that explain it (data only; the app makes the sentence)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from living_forest.core import (
    Action,
    Counts,
    counts,
    determinize,
    preview,
    raw_strengths,
)
from living_forest.core.actions import DRAW, STOP
from living_forest.core.data import WATER
from living_forest.core.observation import Observation

from .greedy import draw_risk

HINT_BOT = "search_quick"  # the medium level


@dataclass(frozen=True, slots=True)
class Hint:
    """The move, the seat's counts before and right after it (the move alone, not the
    end of the round it may lead to), and Onibi's coming attack (E-1) as it stands after
    the move: its power, its Fire tiles (the Varans it would give) and the seat's water.
    ``power`` is 0 when the move reveals a card (a draw: the water is not known yet).

    While revealing (a draw or a stop): ``net`` the seat's net solitary count,
    ``stop_at`` the count that forces a stop (G-5) and ``risk`` the chance that the next
    card is solitary, from what the seat knows of its own deck (its known top card, else
    the cards left in its draw stack, A-21); ``risk`` is None in the Action phase."""

    action: Action
    before: Counts
    after: Counts
    power: int
    fires: int
    water: int
    bot: str
    net: int = 0
    stop_at: int = 0
    risk: float | None = None


def hint(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Hint:
    from . import get_bot

    action = get_bot(HINT_BOT)(obs, legal, rng)
    r = obs.rules
    st = determinize(obs, rng)
    before = counts(r, st.players[obs.seat])
    after = preview(st, action)
    p = after.players[obs.seat]
    unknown = action.kind in r.revealing_actions  # a draw: the next card is not known
    centre = [] if unknown else after.centre
    revealing = action.kind in (DRAW, STOP)
    return Hint(
        action,
        before,
        before if unknown else counts(r, p),
        sum(centre),
        len(centre),
        raw_strengths(r, p)[WATER],
        HINT_BOT,
        obs.net_solitary,
        r.data.forced_stop_at,
        draw_risk(obs) if revealing else None,
    )
