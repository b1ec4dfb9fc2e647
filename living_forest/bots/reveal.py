"""The reveal decision (G-2 … G-8) by an expectimax over the next card.

The seat knows what its draw stack holds (its deck minus its Help Line and discard;
attracted cards known on top, A-21; the discard when a reshuffle comes, G-6), so the
next card's chances are exact. Stopping now is worth the best turn the planner finds
with this Help Line (``turn_start_as``: the Action phase as if it began now). Drawing
is worth the mean, over the next card, of the best that card leaves: stop, spend a
Fragment on it (G-8), or, ``depth`` levels deep, draw again; a card that forces a stop
(G-5) leaves one basic action (A-2). Cards that act alike (symbol, Elements, effects)
are one outcome. Below a net count of one less than the forced stop no card can force
one, and the seat draws (the deck's flow model does the same).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from living_forest.core import (
    Action,
    GameState,
    Observation,
    determinize,
    legal_actions,
    observe,
    push,
    turn_start_as,
)
from living_forest.core.actions import DRAW, STOP, USE_FRAGMENT
from living_forest.core.state import PHASE_DRAW

from .planner import SURE, plan_turn

TurnValue = Callable[[GameState], float]  # the value of a turn's end for the seat


def next_cards(obs: Observation) -> list[tuple[str, float]]:
    """The next card the seat would reveal and its chance, one card per way of acting
    alike (their chances summed), most likely first."""
    known = obs.known_top(obs.seat)
    if known:
        return [(known[0], 1.0)]
    pool = obs.own_draw_cards()
    if not pool:
        pool = Counter(obs.discard)  # G-6: the discard is reshuffled
    total = sum(pool.values())
    cards = obs.rules.data.cards
    groups: dict[object, tuple[str, int]] = {}
    for cid, n in sorted(pool.items()):
        c = cards[cid]
        key = (c.symbol, c.elements, c.effects)
        first, m = groups.get(key, (cid, 0))
        groups[key] = (first, m + n)
    out = [(cid, n / total) for cid, n in groups.values()]
    out.sort(key=lambda x: -x[1])
    return out


def with_top(st: GameState, seat: int, cid: str) -> None:
    """Deal ``cid`` as the next card of ``seat``'s draw stack in the dealt position
    ``st`` (swapped with the card on top; from the discard if a reshuffle comes)."""
    p = st.players[seat]
    if not p.draw:
        p.draw, p.discard = p.discard, []
    if p.draw[-1] == cid:
        return
    j = p.draw.index(cid)
    p.draw[j], p.draw[-1] = p.draw[-1], p.draw[j]


class Expectimax:
    """Values of a reveal decision in one dealt position, planning each outcome's turn
    with a beam of ``width``."""

    def __init__(self, obs: Observation, value: Callable[[GameState, int], float], width: int):
        self.obs = obs
        self.seat = obs.seat
        self.value = value
        self.width = width
        self.memo: dict[tuple[object, ...], float] = {}

    def stop(self, st: GameState) -> float:
        """The best turn with the Help Line as it stands."""
        p = st.players[self.seat]
        key = (*p.help_line, p.fragments)
        v = self.memo.get(key)
        if v is None:
            start = turn_start_as(st, self.seat)
            legal = legal_actions(start)
            seat = self.seat
            if len(legal) <= 1:
                v = self.value(start, seat)
            else:
                plan = plan_turn(
                    start, legal, lambda s: self.value(s, seat), self.width, ceiling=SURE
                )
                v = plan[0].value
            self.memo[key] = v
        return v

    def draw(self, st: GameState, obs: Observation, depth: int) -> float:
        """The mean over the next card of the best it leaves."""
        total = 0.0
        for cid, chance in next_cards(obs):
            s = st.clone()
            with_top(s, self.seat, cid)
            after = push(s, Action(DRAW))
            total += chance * self.after(s, after, depth)
        return total

    def after(self, st: GameState, legal: Sequence[Action], depth: int) -> float:
        """The best the seat can do right after a reveal (a forced stop is the only
        choice when the seat no longer decides)."""
        if st.phase != PHASE_DRAW or st.current != self.seat:
            return self.stop(st)
        best = self.stop(st)
        kinds = {a.kind for a in legal}
        if USE_FRAGMENT in kinds:
            s = st.clone()
            push(s, Action(USE_FRAGMENT))
            best = max(best, self.stop(s))
        if depth > 0 and DRAW in kinds:
            best = max(best, self.draw(st, observe(st, self.seat), depth - 1))
        return best


class RevealBot:
    """The reveal decision by :class:`Expectimax` (``depth`` further reveals looked
    at after the next one), valued by the evaluation ``value``."""

    def __init__(
        self, value: Callable[[GameState, int], float], width: int = 1, depth: int = 0
    ) -> None:
        self.value = value
        self.width = width
        self.depth = depth

    def __call__(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        kinds = {a.kind: a for a in legal}
        if len(legal) == 1:
            return legal[0]
        r = obs.rules
        net = obs.net_solitary
        if USE_FRAGMENT not in kinds and DRAW in kinds and net < r.data.forced_stop_at - 1:
            return kinds[DRAW]
        st = determinize(obs, rng)
        ex = Expectimax(obs, self.value, self.width)
        options: list[tuple[float, Action]] = []
        if STOP in kinds:
            options.append((ex.stop(st), kinds[STOP]))
        if USE_FRAGMENT in kinds:
            s = st.clone()
            after = push(s, kinds[USE_FRAGMENT])
            options.append((ex.after(s, after, self.depth), kinds[USE_FRAGMENT]))
        if DRAW in kinds:
            options.append((ex.draw(st, obs, self.depth), kinds[DRAW]))
        options.sort(key=lambda x: -x[0])
        return options[0][1]
