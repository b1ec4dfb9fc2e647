"""A hint for the player to act: what the medium bot would do in their place, and the
figures that explain it in the planner's terms (data only; the app makes the sentence).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from living_forest.core import (
    Action,
    Counts,
    GameState,
    counts,
    determinize,
    push_turn,
    raw_strengths,
)
from living_forest.core.actions import DRAW_PHASE_KINDS, END, USE_FRAGMENT
from living_forest.core.data import WATER
from living_forest.core.observation import Observation

from .greedy import draw_risk
from .planner import Weighed
from .turn_search import medium

HINT_BOT = "search_quick"  # the medium level


@dataclass(frozen=True, slots=True)
class Hint:
    """The move, and in the Action phase the whole turn the medium bot plans from it
    (``turn``, the move first); the seat's counts before and at the end of that turn;
    the Victory tiles it takes (``steals``: victim seat, tile id, A-42); Onibi's coming
    attack (E-1) as it stands then: its power, its Fire tiles (the Varans it would give)
    and the seat's water. ``power`` is 0 while revealing (the water is not known yet).

    While revealing (a draw, a stop, a Fragment spent): ``net`` the seat's net solitary
    count, ``stop_at`` the count that forces a stop (G-5) and ``risk`` the chance that
    the next card is solitary, from what the seat knows of its own deck (its known top
    card, else the cards left in its draw stack, A-21); ``risk`` is None in the Action
    phase; ``varan``: the card a Fragment would remove is a Fire Varan (G-8).

    ``chance``: the seat's mean chance to win after the turn in the worlds the medium
    bot raced it in; ``other``: the best turn that begins otherwise (not with the
    same actions in another order) and stayed in the race to its end (the same
    worlds), and its ``other_chance`` (None: no race, one turn was worth planning, or
    no such other)."""

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
    turn: tuple[Action, ...] = ()
    steals: tuple[tuple[int, str], ...] = ()
    varan: bool = False
    chance: float | None = None
    other: tuple[Action, ...] = ()
    other_chance: float | None = None


def hint(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Hint:
    """The medium bot's move for the seat of ``obs`` (a bot of its own: the hint never
    shares a plan with a bot in the game)."""
    bot = medium()
    weighed: list[Weighed] = []
    turn = bot.turn(obs, legal, rng, weighed)
    action = turn[0]
    r = obs.rules
    st = determinize(obs, rng)
    p0 = st.players[obs.seat]
    before = counts(r, p0)
    revealing = action.kind in DRAW_PHASE_KINDS
    if revealing:
        last = obs.last_revealed
        return Hint(
            action,
            before,
            before,
            0,
            0,
            raw_strengths(r, p0)[WATER],
            HINT_BOT,
            obs.net_solitary,
            r.data.forced_stop_at,
            draw_risk(obs) if action.kind != USE_FRAGMENT else None,
            (action,),
            varan=last is not None and last == r.data.varan_id,
        )
    end, steals = _turn_end(st, turn)
    p = end.players[obs.seat]
    # The race's first is the turn played (TurnSearchBot.choose); none: no race.
    raced = [w for w in weighed if w.worlds]
    chance = raced[0].chance if raced else None
    # The best other that ran the whole race (one dropped early has its mean over its
    # first worlds only, which may read higher than the winner's over all of them),
    # begins otherwise and is not the same actions in another order.
    same = Counter(a for a in turn if a.kind != END)
    other = next(
        (
            w
            for w in raced[1:]
            if w.plan.actions[0] != action
            and w.worlds == raced[0].worlds
            and Counter(a for a in w.plan.actions if a.kind != END) != same
        ),
        None,
    )
    return Hint(
        action,
        before,
        counts(r, p),
        sum(end.centre),
        len(end.centre),
        raw_strengths(r, p)[WATER],
        HINT_BOT,
        turn=tuple(turn),
        steals=tuple(steals),
        chance=chance,
        other=other.plan.actions if other is not None else (),
        other_chance=other.chance if other is not None else None,
    )


def _turn_end(st: GameState, turn: Sequence[Action]) -> tuple[GameState, list[tuple[int, str]]]:
    """The position at the end of the planned turn, and the Victory tiles it takes
    from each other seat (chosen or taken by themselves, A-42)."""
    s = st.clone()
    for a in turn:
        if a.kind == END or not push_turn(s, a):
            break
    steals: list[tuple[int, str]] = []
    for q, (was, now) in enumerate(zip(st.players, s.players, strict=True)):
        if q != st.current:
            lost = Counter(was.victory_tiles) - Counter(now.victory_tiles)
            steals.extend((q, tile) for tile in sorted(lost.elements()))
    return s, steals
