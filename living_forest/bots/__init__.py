"""Bots: pure functions of (what the seat knows, legal actions, rng) -> action.

A bot never sees hidden information: it gets an
:class:`~living_forest.core.observation.Observation` of its seat (hidden cards masked,
no seed or random state), never the game state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from living_forest.core import Action
from living_forest.core.actions import END, SKIP, TAKE_FRAGMENT, USE_FRAGMENT
from living_forest.core.observation import Observation
from living_forest.core.state import PHASE_DRAW

Bot = Callable[[Observation, Sequence[Action], random.Random], Action]


def random_bot(view: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Uniform over the legal actions."""
    return legal[rng.randrange(len(legal))]


_AVOID_LAST = frozenset({END, SKIP})


def baseline_bot(view: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
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
