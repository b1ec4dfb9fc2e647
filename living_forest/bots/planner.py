"""Whole-turn planning: every way to play one's Action-phase turn, valued at its end.

Nothing random happens inside a player's own turn of the Action phase, so a turn can be
played out on the engine (``push_turn``) and its end valued by the learned evaluation.
A turn is a series of *units*: one started action carried to completion with all its
parts (the picks of one Attract or Extinguish, in a canonical order so that a set is
made once; the Victory tiles of a jump; the rock or corner bonus and its own picks).
The planner makes every unit from the turn's start, keeps a beam of the best partial
turns, makes every next unit from each of them, and so on until no action is left;
every partial turn is also a way to end the turn (A-9). The best end wins.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, partial
from itertools import groupby, islice
from operator import attrgetter
from typing import NamedTuple

from living_forest.core import (
    Action,
    GameOptions,
    GameState,
    Observation,
    Rules,
    determinize,
    push_turn,
    raw_strengths,
    rules_of,
)
from living_forest.core.action_types import ActionType
from living_forest.core.actions import END
from living_forest.core.state import PHASE_DRAW

from .evaluation import Evaluation, Fit, evaluation_for
from .greedy import draw_phase_choice

A_END = Action(END)
MAX_UNITS = 6  # units a turn may hold: basic actions, an extra one, Element tiles
# The units of an action type made in more ways than this (late in a game a jump's
# steals, then a rock's Attract over a dozen cards: up to 20,000; one turn plan of a
# module's game took 12.7 s and 400 MiB) are finished by a beam of the best unfinished
# ways instead.
UNIT_WAYS = 500
UNIT_BEAM = 12  # a beam of 6 lost 0.02 of a chance to win on average, 12 lost 0.003
Value = Callable[[GameState], float]  # how good the end of the turn is for the planner
DrawPolicy = Callable[[Observation, Sequence[Action], random.Random], Action]
# The risk rule's limits (chance that the next card forces a stop) at a net count of 2,
# without and with a Fragment in hand.
RISK = (0.15, 0.3)  # tuned: 60.5 % against (0.3, 0.5), 200 games
SURE = 1.0  # a chance to win (Evaluation.value) never exceeds this: a sure win


@dataclass(frozen=True, slots=True)
class Plan:
    """A whole turn: its actions (``end`` last where the turn would not end by itself)
    and the value of where it leads."""

    value: float
    actions: tuple[Action, ...]
    types: tuple[str, ...] = ()  # the basic action types it uses, sorted


class Weighed(NamedTuple):
    """A candidate turn a search raced, and the seat's mean chance to win after it over
    the worlds it was played in (``worlds``: how many; a turn dropped early has fewer)."""

    plan: Plan
    chance: float
    worlds: int


@dataclass(slots=True)
class _Node:
    st: GameState
    actions: tuple[Action, ...]
    legal: tuple[Action, ...]  # () once the turn is over
    value: float


@cache
def _multi_pick_kinds(r: Rules) -> frozenset[str]:
    return frozenset(at.kind for at in r.action_types if at.multi_pick)


@cache
def _spending_kinds(r: Rules) -> frozenset[str]:
    """The kinds of the actions spent for others (``ActionType.spent_for``)."""
    return frozenset(
        at.kind for at in r.action_types if type(at).spent_for is not ActionType.spent_for
    )


Way = tuple[GameState, tuple[Action, ...], tuple[Action, ...]]  # position, actions, legal
Unfinished = tuple[GameState, tuple[Action, ...], Sequence[Action]]  # a unit in progress


def units(st: GameState, legal: Sequence[Action], value: Value | None = None) -> Iterator[Way]:
    """Every way to play one whole unit from ``st`` (the player's turn, nothing
    pending): the position after it, its actions and the legal actions then (``()``:
    the turn is over). ``end`` is not a unit. An action spent for others (an Element
    tile, ``ActionType.spent_for``) is a unit alone and, followed by each unit of
    those that it makes possible (begun by an action not legal before), one more.
    With ``value``, the units of an action type made in more than :data:`UNIT_WAYS`
    ways are finished by :func:`_beam_ways` instead (every way otherwise, in the same
    order)."""
    r = rules_of(st)
    multi = _multi_pick_kinds(r)
    starts = (a for a in legal if a.kind != END)
    for kind, run in groupby(starts, key=attrgetter("kind")):
        begun = tuple(run)
        # The actions legal before one spent for others is (the ones it adds count).
        before = frozenset(legal) if kind in _spending_kinds(r) else frozenset()
        if value is None:
            yield from _begun_by(r, st, begun, multi, None, before)
            continue
        beamed = partial(_begun_by, r, st, begun, multi, value, before)
        yield from _bounded(_begun_by(r, st, begun, multi, None, before), beamed)


def _begun_by(
    r: Rules,
    st: GameState,
    begun: Sequence[Action],
    multi: frozenset[str],
    value: Value | None,
    before: frozenset[Action] = frozenset(),
) -> Iterator[Way]:
    """The units begun by each of ``begun`` in turn, each finished in every way; with
    ``value``, the unfinished ones are finished together by :func:`_beam_ways`. An
    action spent for others is also followed by the units it makes possible (begun by
    an action not in ``before``, the actions legal without it)."""
    placed: set[tuple[object, ...]] = set()
    unfinished: list[Unfinished] = []
    spending = _spending_kinds(r)
    for a in begun:
        s = st.clone()
        after = push_turn(s, a)
        if after and s.pending:
            if value is None:
                yield from _complete(s, after, (a,), multi)
            else:
                unfinished.append((s, (a,), after))
            continue
        if a.cell >= 0:
            # A placement that is all its unit (no corner bonus follows): another space
            # giving the same strengths is the same end for the evaluation.
            key = (a.kind, a.arg, *raw_strengths(r, s.players[s.current]), len(after))
            if key in placed:
                continue
            placed.add(key)
        yield s, (a,), after
        if a.kind in spending and after:
            # Spent alone, it is worth only what it gives at the round's end (K-E3):
            # with the action it is spent for, it is one step the beam keeps or drops.
            # Only the actions it makes possible: with every action of its Element
            # (a set of cards whose first was affordable without it...), a planned
            # Kodama turn valued 40 % more positions, for a few more tiles used.
            kinds = r.by_kind[a.kind].spent_for(r, a)
            then = [x for x in after if x.kind in kinds and x not in before]
            if then:
                for s2, acts, after2 in units(s, then, value):
                    yield s2, (a, *acts), after2
    if unfinished and value is not None:
        yield from _beam_ways(unfinished, value)


def _ways(
    st: GameState,
    legal: Sequence[Action],
    acts: tuple[Action, ...],
    multi: frozenset[str],
    value: Value,
) -> Iterator[Way]:
    """The ways to finish the unit in progress: every way (:func:`_complete`, in its
    order), or where there are more than :data:`UNIT_WAYS`, the ways
    :func:`_beam_ways` finds."""
    yield from _bounded(
        _complete(st, legal, acts, multi), partial(_beam_ways, [(st, acts, legal)], value)
    )


def _bounded(every: Iterator[Way], beamed: Callable[[], Iterator[Way]]) -> Iterator[Way]:
    """``every`` way, in its order, if there are :data:`UNIT_WAYS` at most; else the
    ways ``beamed`` makes."""
    ways = list(islice(every, UNIT_WAYS + 1))
    yield from ways if len(ways) <= UNIT_WAYS else beamed()


def _complete(
    st: GameState, legal: Sequence[Action], acts: tuple[Action, ...], multi: frozenset[str]
) -> Iterator[Way]:
    """Finish the unit in progress in every way. A further pick of the multi-pick action
    in progress comes in canonical order (never before the previous pick, compared as
    actions): each set of cards or fires is made once."""
    top = st.pending[-1].kind
    last = acts[-1] if acts else None
    ordered = last is not None and top == last.kind and top in multi
    for a in legal:
        if ordered and a.kind == top and a < last:  # type: ignore[operator]
            continue
        s = st.clone()
        after = push_turn(s, a)
        if after and s.pending:
            yield from _complete(s, after, (*acts, a), multi)
        else:
            yield s, (*acts, a), after


def _beam_ways(
    unfinished: Sequence[Unfinished],
    value: Value,
) -> Iterator[Way]:
    """Finish units in progress a step at a time: every next action of each of
    ``unfinished``, then of the :data:`UNIT_BEAM` best of the ways still unfinished
    (by ``value``), and so on; each way that finishes its unit is one of the ways.
    Picks come in any order (a beam that took them in the canonical order could not
    reach a set whose first pick it had dropped), each set once: the picks of one
    action commute, and the rest of a unit comes in the one order the engine allows."""
    seen: set[tuple[Action, ...]] = set()
    frontier = unfinished
    while frontier:
        going: list[tuple[float, GameState, tuple[Action, ...], tuple[Action, ...]]] = []
        for s0, acts0, legal0 in frontier:
            for a in legal0:
                acts = (*acts0, a)
                key = tuple(sorted(acts))
                if key in seen:
                    continue
                seen.add(key)
                s = s0.clone()
                after = push_turn(s, a)
                if after and s.pending:
                    going.append((value(s), s, acts, after))
                else:
                    yield s, acts, after
        going.sort(key=lambda g: -g[0])
        frontier = [(s, acts, after) for _v, s, acts, after in going[:UNIT_BEAM]]


def plan_turn(
    st: GameState,
    legal: Sequence[Action],
    value: Value,
    width: int = 4,
    keep: int = 1,
    *,
    diverse: bool = False,
    others: int | None = None,
    ceiling: float | None = None,
) -> list[Plan]:
    """The ``keep`` best whole turns for the player to act in ``st`` (at the start of
    their turn, between two units, or within one), best first, with a beam of ``width``
    partial turns; with ``diverse``, followed by the best turn of every other set of
    basic action types (a search's candidates), best first, ``others`` of them at most
    (None: all).

    ``ceiling``: a value no turn can exceed (1.0 for a chance to win: a sure win). With
    ``keep`` 1 and not ``diverse``, the first turn reaching it is the best turn (the
    first of the best in the order the full search ranks ties), so the planning stops
    there: the same turn, without making every other way to win."""
    sure = ceiling if keep == 1 and not diverse else None
    ends: list[Plan] = []
    ways: Iterable[Way]
    if st.pending:  # within a unit: its ways to finish come first
        ways = _ways(st, legal, (), _multi_pick_kinds(rules_of(st)), value)
    else:
        ends.append(Plan(value(st), (A_END,)))
        if sure is not None and ends[0].value >= sure:
            return ends
        ways = units(st, legal, value)
    nodes = ways
    for _depth in range(MAX_UNITS):
        layer: list[_Node] = []
        for s, acts, after in nodes:
            node = _Node(s, acts, after, value(s))
            if sure is not None and node.value >= sure:
                return [_end_of(node)]
            layer.append(node)
        if not layer:
            break
        ends.extend(_end_of(n) for n in layer)
        layer.sort(key=lambda n: -n.value)
        nodes = (
            (s, node.actions + acts, after)
            for node in layer[:width]
            if node.legal
            for s, acts, after in units(node.st, node.legal, value)
        )
    ends.sort(key=lambda p: -p.value)
    best = ends[:keep]
    if diverse:
        seen = {p.types for p in best}
        limit = len(best) + others if others is not None else len(ends)
        for p in ends[keep:]:
            if len(best) >= limit:
                break
            if p.types not in seen:
                seen.add(p.types)
                best.append(p)
    return best


def _end_of(n: _Node) -> Plan:
    """The turn a partial turn makes when it ends there (A-9)."""
    acts = (*n.actions, A_END) if n.legal else n.actions
    return Plan(n.value, acts, tuple(sorted(n.st.used_types)))


# --- the bot ----------------------------------------------------------------------


def turn_fingerprint(st: GameState) -> tuple[object, ...]:
    """What tells a position of a turn from another, read from what every seat sees
    (a masked Observation and a determinized position give the same): a planned turn
    goes on while the position is the one the plan expected."""
    p = st.players[st.current]
    return (
        st.round,
        st.current,
        st.basic_left,
        tuple(st.used_types),
        tuple((x.kind, x.spent, x.target, x.bonus_type) for x in st.pending),
        tuple(st.centre),
        tuple(tuple(row) for row in st.reserve),
        tuple((q.rock, len(q.victory_tiles), q.fragments) for q in st.players),
        tuple(p.forest),
        tuple(p.help_line),
        len(p.draw),
        tuple(p.ext.values()),
    )


class TurnCache:
    """The rest of a planned turn, per seat: the actions still to play and the
    fingerprint of the position each is for. A bot answers from it while the game
    follows the plan, and plans again as soon as it does not (a hint asked mid-turn,
    a revealing action, another game)."""

    def __init__(self) -> None:
        self._plans: dict[int, list[tuple[tuple[object, ...], Action]]] = {}

    def store(self, seat: int, st: GameState, actions: Sequence[Action]) -> None:
        """Remember ``actions`` planned from ``st`` (the first is played now)."""
        steps: list[tuple[tuple[object, ...], Action]] = []
        s = st.clone()
        r = rules_of(st)
        for a in actions[:-1]:
            if a.kind in r.revealing_actions or not push_turn(s, a):
                break
            steps.append((turn_fingerprint(s), actions[len(steps) + 1]))
        self._plans[seat] = steps

    def next(self, seat: int, st: GameState, legal: Sequence[Action]) -> tuple[Action, ...] | None:
        """The rest of the seat's planned turn from ``st`` (its move now first), if the
        game is where the plan expected it."""
        steps = self._plans.get(seat)
        if not steps:
            return None
        fp, a = steps[0]
        if fp != turn_fingerprint(st) or a not in legal:
            self._plans.pop(seat, None)
            return None
        rest = tuple(b for _fp, b in steps)
        del steps[0]
        return rest


class PlannerBot:
    """Plans its whole turn at its start (or when the game leaves the plan) on a
    position dealt from its Observation, with a beam of ``width``, the learned
    evaluation valuing each end; then plays the plan. Reveals with ``draw``."""

    def __init__(
        self,
        width: int = 3,
        reveal: tuple[int, int] | None = None,
        *,
        risk: tuple[float, float] = RISK,
        fits: Mapping[str, Fit] | None = None,
        explore: tuple[float, int] | None = None,
    ) -> None:
        self.width = width
        # (beam, depth) of the exact reveal decision (``bots/reveal.py``); None: the
        # risk rule of ``greedy``'s reveals.
        self.risk = risk  # the risk rule's limits without and with a Fragment in hand
        self.draw: DrawPolicy | None = None
        if reveal is not None:
            from .reveal import RevealBot

            self.draw = RevealBot(self.value, *reveal)
        self.fits = fits  # None: the shipped weights
        # (chance, plans): now and then one of the next-best plans (self-play training)
        self.explore = explore
        self.cache = TurnCache()
        self._evaluations: dict[tuple[GameOptions, int], Evaluation] = {}

    def value(self, st: GameState, seat: int) -> float:
        return self.evaluation(st).value(st, seat)

    def evaluation(self, st: GameState) -> Evaluation:
        key = (st.options, st.n)
        ev = self._evaluations.get(key)
        if ev is None:
            ev = self._evaluations[key] = evaluation_for(st.options, st.n, self.fits)
        return ev

    def __call__(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.turn(obs, legal, rng)[0]

    def turn(
        self,
        obs: Observation,
        legal: Sequence[Action],
        rng: random.Random,
        weighed: list[Weighed] | None = None,
    ) -> tuple[Action, ...]:
        """The move now, and in the Action phase the rest of the turn it plans (the
        rest is played from the cache while the game follows it). ``weighed`` (a
        search's, for the hint) is given the candidate turns it raced, with their
        chances."""
        if len(legal) == 1:
            return (legal[0],)
        if obs.phase == PHASE_DRAW:
            if self.draw is not None:
                return (self.draw(obs, legal, rng),)
            return (draw_phase_choice(obs, legal, *self.risk),)
        planned = self.cache.next(obs.seat, obs.position, legal)
        if planned is not None:
            return planned
        st = determinize(obs, rng)
        best = self.pick(obs, st, legal, rng, weighed)
        self.cache.store(obs.seat, st, best.actions)
        return best.actions

    def pick(
        self,
        obs: Observation,
        st: GameState,
        legal: Sequence[Action],
        rng: random.Random,
        weighed: list[Weighed] | None = None,
    ) -> Plan:
        """The turn to play, planned on the dealt position ``st`` (``weighed``: see
        :meth:`turn`; the planner alone races nothing)."""
        ev = self.evaluation(st)
        seat = obs.seat
        keep = self.explore[1] if self.explore else 1
        plans = plan_turn(st, legal, lambda s: ev.value(s, seat), self.width, keep, ceiling=SURE)
        best = plans[0]
        if self.explore and len(plans) > 1 and rng.random() < self.explore[0]:
            best = plans[rng.randrange(len(plans))]
        return best
