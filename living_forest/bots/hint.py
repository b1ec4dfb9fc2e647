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
    push,
    raw_strengths,
)
from living_forest.core.data import WATER
from living_forest.core.observation import Observation

HINT_BOT = "search_quick"  # the medium level


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action
    before: Counts  # the seat's counts now (V-3)
    after: Counts  # and right after the action (in a position consistent with its view)
    power: int  # Onibi's fire power now: the Fire tiles on the Circle (E-1)
    fires: int  # how many Fire tiles: the Fire Varans an attack would give
    water: int  # the seat's water strength after the action
    bot: str


def hint(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Hint:
    from . import get_bot

    action = get_bot(HINT_BOT)(obs, legal, rng)
    r = obs.rules
    st = determinize(obs, rng)
    before = counts(r, st.players[obs.seat])
    push(st, action)
    p = st.players[obs.seat]
    centre = obs.position.centre
    return Hint(
        action,
        before,
        counts(r, p),
        sum(centre),
        len(centre),
        raw_strengths(r, p)[WATER],
        HINT_BOT,
    )
