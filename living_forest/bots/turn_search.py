"""Search over whole turns (the easy, medium and hard bots).

Candidates: the planner's best whole turns, and the best turn of every other set of
basic action types (``plan_turn(diverse=True)``; ``others``: only the best few of
those). Each candidate is played, then every seat plays on to the end of the Action
phase ``horizon`` rounds later (0: this round's end, the V-1 check), each turn planned
whole by the learned evaluation (``replies``:
its beam; 0 plays the fast ``rules`` policy instead), each reveal by the risk rule;
the evaluation then gives the seat's chance to win there (a game decided there counts
as decided). So the easy bot (horizon 0) sees how the players after it this round
answer each of its turns; the medium and hard bots (horizon 1) play on through Onibi,
the new reserve and the next round, in worlds dealt from their Observation
(``determinize``).
Every candidate is played in the *same* worlds (common random numbers: the same deal,
the same random state, the same dice), so that the differences between candidates are
not drowned by the luck of the deals; after every few worlds a candidate whose mean
difference to the leader is below zero by ``z`` standard errors is dropped. Budget:
deals (one candidate played in one world) or CPU seconds of the thinking thread —
never the wall clock, so a busy machine does not make the bot weaker.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from living_forest.core import (
    Action,
    GameState,
    Observation,
    determinize,
    legal_actions,
    observe,
    push,
    push_turn,
)
from living_forest.core.actions import END
from living_forest.core.state import PHASE_ACTION, PHASE_DRAW, PHASE_OVER
from living_forest.i18n import _

from .evaluation import Fit
from .greedy import draw_phase_choice
from .planner import SURE, Plan, PlannerBot, Weighed, plan_turn
from .rules_bot import rules_choice
from .search import read_budget

ROLLOUT_CAP = 2000  # decisions a rollout may take (a safety net)
MIN_WORLDS = 4  # worlds before a candidate may be dropped
# The levels' budgets (measured with ``make strength``).
EASY_WIDTH = 2  # the easy level's beam
EASY_CANDIDATES = (2, 2)  # its best turns, and the best turns of other action types
EASY_OTHERS_MANY = 1  # ... of one other set in 3-4 players (as strong, 15 % less CPU)
MEDIUM_DEALS = 48  # deals a searched decision, to the end of the next round
MEDIUM_CPU = 0.15  # and at most this many CPU seconds (whichever comes first)
MEDIUM_CANDIDATES = 4  # its best turns
MEDIUM_OTHERS = 2  # and the best turns of this many other sets of action types
HARD_DEALS = 192  # ... to the end of the next round
HARD_CPU = 1.0  # and at most this many CPU seconds (whichever comes first)
HARD_CANDIDATES = 6  # the turns it races
# In 3-4 players a rollout of the medium and hard levels plans this round's turns only,
# the next round's by the rules policy: no weaker there within 200 games (medium -3 +- 8
# points against three easy, hard level against three medium), at about half the CPU.
MANY_PLANNED_ROUNDS = 0


def easy(fits: Mapping[str, Fit] | None = None) -> TurnSearchBot:
    """The easy level: its two best turns and the best turns of two other sets of
    action types (one in 3-4 players, where a rollout costs more), each answered by
    the other seats' planned turns to the end of this round (one world: nothing a
    planned turn reads is hidden within the round)."""
    best, others = EASY_CANDIDATES
    return _level(
        {"others": EASY_OTHERS_MANY},
        fits=fits,
        deals=best + others,
        horizon=0,
        width=EASY_WIDTH,
        candidates=best,
        others=others,
    )


def medium(fits: Mapping[str, Fit] | None = None) -> TurnSearchBot:
    """The medium level (and the hint): its four best turns and the best turns of two
    other sets of action types, raced in common worlds to the end of the next round,
    with a quarter of the hard level's deals."""
    return _racing(MEDIUM_DEALS, MEDIUM_CPU, MEDIUM_CANDIDATES, MEDIUM_OTHERS, fits=fits)


def hard(
    deals: int | None = HARD_DEALS,
    cpu: float | None = HARD_CPU,
    fits: Mapping[str, Fit] | None = None,
) -> TurnSearchBot:
    """The hard level: six candidate turns raced in common worlds to the end of the
    next round (``search:N`` / ``search:Ts``: the same with another budget)."""
    return _racing(deals, cpu, HARD_CANDIDATES, fits=fits)


def _racing(
    deals: int | None,
    cpu: float | None,
    candidates: int,
    others: int | None = None,
    fits: Mapping[str, Fit] | None = None,
) -> TurnSearchBot:
    """A level that races its turns to the end of the next round (medium, hard); in 3-4
    players its rollouts plan this round's turns only (:data:`MANY_PLANNED_ROUNDS`)."""
    return _level(
        {"planned_rounds": MANY_PLANNED_ROUNDS},
        fits=fits,
        deals=deals,
        cpu=cpu,
        horizon=1,
        candidates=candidates,
        others=others,
    )


def _level(in_many: Mapping[str, Any], **settings: Any) -> TurnSearchBot:
    """A level: the search of ``settings`` in 2 players, and in 3-4 the same search
    with the settings ``in_many`` changed."""
    return TurnSearchBot(**settings, many=TurnSearchBot(**{**settings, **in_many}))


class TurnSearchBot(PlannerBot):
    """The planner's turns, weighed by rollouts in common worlds (see the module)."""

    def __init__(
        self,
        *,
        deals: int | None = None,
        cpu: float | None = None,
        candidates: int = 4,
        others: int | None = None,
        horizon: int = 1,
        width: int = 3,
        reveal: tuple[int, int] | None = None,
        batch: int = 4,
        z: float = 2.0,
        replies: int = 1,
        planned_rounds: int | None = None,
        many: TurnSearchBot | None = None,
        fits: Mapping[str, Fit] | None = None,
    ) -> None:
        if deals is None and cpu is None:
            raise ValueError("a search needs a budget: deals or CPU seconds (or both)")
        super().__init__(width, reveal, fits=fits)
        self.deals = deals
        self.cpu = cpu
        self.candidates = candidates  # the planner's best turns raced
        # ... and the best turns of this many other sets of action types (None: all)
        self.others = others
        self.horizon = horizon
        self.batch = batch
        self.z = z
        # The beam of the turns the other seats (and the seat itself, later) play in a
        # rollout, each planned whole by the evaluation; 0: the fast rules policy.
        self.replies = replies
        # Rounds of a rollout whose turns are planned (0: this round only); later
        # rounds are played by the fast rules policy. None: every round is planned.
        self.planned_rounds = planned_rounds
        # The search that decides in 3-4 players instead (None: this one), where a
        # rollout costs twice as much or more.
        self.many = many

    def pick(
        self,
        obs: Observation,
        st: GameState,
        legal: Sequence[Action],
        rng: random.Random,
        weighed: list[Weighed] | None = None,
    ) -> Plan:
        if self.many is not None and st.n > 2:
            return self.many.pick(obs, st, legal, rng, weighed)
        start = time.thread_time()  # the CPU budget counts the planning too
        seat = obs.seat
        ev = self.evaluation(st)
        plans = plan_turn(
            st,
            legal,
            lambda s: ev.value(s, seat),
            self.width,
            self.candidates,
            diverse=True,
            others=self.others,
        )
        return self.choose(obs, plans, rng, start, weighed) if len(plans) > 1 else plans[0]

    def choose(
        self,
        obs: Observation,
        plans: Sequence[Plan],
        rng: random.Random,
        start: float | None = None,
        weighed: list[Weighed] | None = None,
    ) -> Plan:
        """The candidate with the best mean over the worlds, racing the others. A world
        is begun only while the CPU budget (from ``start``) can pay for one more like
        the last, and left unfinished as soon as the budget is spent: a decision
        overruns its budget by at most one rollout. The values of an unfinished world
        are dropped, except the first world's: where no world fits in the budget, the
        candidates the first one played are compared in it (two at least; else the
        planner's best turn is played). ``weighed`` is given every candidate with its
        mean (the one played first, then by mean; a candidate played in no world has
        the chance -1)."""
        values: list[list[float]] = [[] for _ in plans]
        alive = list(range(len(plans)))
        clock = time.thread_time
        start = clock() if start is None else start
        cost = 0.0  # CPU seconds the last world took
        spent = 0
        # Within this round nothing is hidden that a planned turn reads (every Help
        # Line is revealed): with replies planned, one world is all the worlds.
        one_world = self.horizon == 0 and self.replies > 0
        while len(alive) > 1:
            if self.deals is not None and spent + len(alive) > self.deals:
                break
            if one_world and spent:
                break
            began = clock()
            if self.cpu is not None and began - start + cost >= self.cpu:
                break
            world = determinize(obs, rng)
            dice = rng.getrandbits(32)
            row: list[float] = []
            for k in alive:
                if row and self.cpu is not None and clock() - start >= self.cpu:
                    break
                row.append(self.rollout(world, plans[k].actions, obs.seat, dice))
            if len(row) < len(alive):
                if not spent and len(row) > 1:
                    # The first world left unfinished: the candidates it played (the
                    # planner's best first) are compared in it.
                    alive = alive[: len(row)]
                    for k, v in zip(alive, row, strict=True):
                        values[k].append(v)
                break  # the budget is spent: the worlds played to the end decide
            for k, v in zip(alive, row, strict=True):
                values[k].append(v)
            spent += len(alive)
            cost = clock() - began
            worlds = len(values[alive[0]])
            if worlds >= MIN_WORLDS and worlds % self.batch == 0:
                alive = self._race(values, alive)
        best = max(alive, key=lambda k: (_mean(values[k]), -k))
        if weighed is not None:
            order = sorted(range(len(plans)), key=lambda k: (k != best, -_mean(values[k]), k))
            weighed.extend(Weighed(plans[k], _mean(values[k]), len(values[k])) for k in order)
        return plans[best]

    def _race(self, values: list[list[float]], alive: list[int]) -> list[int]:
        leader = max(alive, key=lambda k: _mean(values[k]))
        keep = []
        for k in alive:
            if k == leader:
                keep.append(k)
                continue
            diffs = [a - b for a, b in zip(values[k], values[leader], strict=True)]
            m = _mean(diffs)
            n = len(diffs)
            sd = math.sqrt(sum((x - m) ** 2 for x in diffs) / (n - 1)) if n > 1 else 0.0
            if m + self.z * sd / math.sqrt(n) >= 0:
                keep.append(k)
        return keep

    def rollout(self, world: GameState, actions: Sequence[Action], seat: int, dice: int) -> float:
        """The seat's chance to win at the end of :meth:`play_out`."""
        st = self.play_out(world, actions, dice)
        return self.evaluation(st).value(st, seat)

    def play_out(self, world: GameState, actions: Sequence[Action], dice: int) -> GameState:
        """Play ``actions`` (a whole turn) in a copy of ``world``, then every seat to the
        end of the Action phase ``horizon`` rounds on: the end of that round's last
        turn, where V-1 ends the game or the round would end. Each later turn is planned
        whole by the evaluation (a beam of ``replies``; the rules policy with 0), each
        reveal by the risk rule, up to ``planned_rounds`` rounds on; beyond it every
        decision is the fast rules policy's. The position there."""
        st = world.clone()
        rng = random.Random(dice)
        target = world.round + self.horizon
        fast_from = world.round + (
            self.planned_rounds + 1 if self.planned_rounds is not None else self.horizon + 1
        )
        planned = list(actions)
        legal: Sequence[Action] = legal_actions(st)
        own = len(planned)  # the candidate's actions, planned in another deal
        for _step in range(ROLLOUT_CAP):
            if own:
                own -= 1
                if planned[0] not in legal:
                    break  # not playable in this world: valued where it stops
            if not planned:
                if st.phase == PHASE_OVER or st.round > target:
                    break
                if st.round >= fast_from and len(legal) > 1:
                    planned = [rules_choice(st, legal, rng)]
                else:
                    planned = self._policy(st, legal, rng)
            a = planned.pop(0)
            last = st.phase == PHASE_ACTION and st.round == target and st.turns_done == st.n - 1
            if not last:
                legal = push(st, a)
            elif a.kind == END or not (legal := push_turn(st, a)):
                break  # the end of the round's last turn: valued here
        return st

    def _policy(self, st: GameState, legal: Sequence[Action], rng: random.Random) -> list[Action]:
        """What the player to act does next in a rollout: a whole turn, or a reveal."""
        if len(legal) == 1:
            return [legal[0]]
        if self.replies <= 0:
            return [rules_choice(st, legal, rng)]
        if st.phase == PHASE_DRAW:
            return [draw_phase_choice(observe(st, st.current), legal, *self.risk)]
        seat = st.current
        ev = self.evaluation(st)
        plan = plan_turn(st, legal, lambda s: ev.value(s, seat), self.replies, ceiling=SURE)
        return list(plan[0].actions)


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else -1.0


def parse_deals(param: str) -> TurnSearchBot:
    """``"200"`` -> 200 deals a decision; ``"1s"`` / ``"0.5s"`` -> CPU seconds (both
    to the end of the next round, as the hard level)."""
    try:
        deals, seconds = read_budget(param)
    except ValueError:
        message = _(
            "search budget {budget}: give deals (search:200) or CPU seconds (search:1s), "
            "from 1 to 1,000,000 deals or 0.001 to 600 seconds"
        )
        raise ValueError(message.format(budget=repr(param))) from None
    return hard(deals, seconds)
