"""The rule-of-thumb bots, ``random`` and ``baseline``: they read only
:class:`~living_forest.core.observation.Facts`, so they get the cheap
:class:`~living_forest.core.observation.SeatFacts` (see ``bots.decider``); the search
bot's rollouts reveal by the baseline rule too."""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Sequence
from operator import itemgetter

from living_forest.core import Action
from living_forest.core.actions import END, EXTINGUISH, SKIP, TAKE_FRAGMENT
from living_forest.core.draw_phase import A_DRAW, A_STOP, A_USE_FRAGMENT
from living_forest.core.observation import Facts
from living_forest.core.state import PHASE_DRAW


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n`` > 0, the same draw: CPython's ``_randbelow``
    written out, so that the rule-of-thumb bots' every move costs C calls only (tested
    against ``randrange``)."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def random_bot(view: Facts, legal: Sequence[Action], rng: random.Random) -> Action:
    """Uniform over the legal actions."""
    return legal[below(rng, len(legal))]


_AVOID = frozenset({TAKE_FRAGMENT, END, SKIP})  # chosen only when nothing else is legal
_kind = itemgetter(0)  # an Action's kind


def baseline_bot(view: Facts, legal: Sequence[Action], rng: random.Random) -> Action:
    """The policy of the official digital version's bot.

    Draw phase: burn a just-drawn Fire Varan with a Fragment if possible, stop at a
    net solitary count of 2, otherwise draw. Action phase: random among legal
    actions, avoiding Take a Fragment whenever anything else is legal. Game Park
    forces basic and bonus actions while possible, so ``end`` and ``skip`` are
    chosen only when nothing else is legal (then Take a Fragment comes first).
    """
    if view.phase == PHASE_DRAW:  # the draw phase's three actions carry no argument
        if A_USE_FRAGMENT in legal and view.last_revealed == view.rules.data.varan_id:
            return A_USE_FRAGMENT
        if A_DRAW in legal and view.net_solitary < 2:
            return A_DRAW
        return A_STOP if A_STOP in legal else legal[0]
    best = [a for a in legal if a.kind not in _AVOID]
    if not best:
        best = [a for a in legal if a.kind == TAKE_FRAGMENT] or list(legal)
    # The official bot offers one move per Fire tile, so ``extinguish V`` is as likely
    # as there are tiles of value V in the centre.
    if EXTINGUISH in map(_kind, best):
        centre = view.centre
        # Running totals of the weights.
        cum: list[int] = []
        total = 0
        for a in best:
            total += centre.count(int(a.arg)) if a.kind == EXTINGUISH else 1
            cum.append(total)
        # rng.choices(best, weights)[0], written out (the same draw from the rng):
        return best[bisect(cum, rng.random() * (total + 0.0), 0, len(best) - 1)]
    return best[below(rng, len(best))]
