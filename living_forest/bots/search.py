"""``search``: determinized Monte-Carlo search over the fast path.

Action phase: the candidate actions are the best few by the greedy bot's one-step
value. Each iteration deals a position consistent with the seat's Observation
(``determinize``: hidden stacks resampled, a fresh random state), plays one candidate
(in turn, so each gets the same number of deals), then every player (itself too) plays
on with the greedy policy (no lookahead) to the end of the round — the V-1 check,
Onibi's attack, the new reserve — and, for the ``search`` bots, through the next round
too (its reveals by the baseline rule); the position is then valued as the greedy bot
values it (a won or lost game decides). The candidate with the best mean wins.
Guardian Animals phase: the greedy bot's draw policy (its risk from its own deck).

Looking two rounds ahead is what makes the hard level stronger than the medium one
(``search_quick``: 48 deals a move, to the end of the round): given one round, a
second of deals a move barely beat medium (measured in matches between the two).

Budget in the name: ``search:200`` (iterations), ``search:1s`` / ``search:0.5s``
(seconds of thinking per decision); plain ``search`` is ``search:1s``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from living_forest.core import Action, GameState, determinize, push
from living_forest.core.observation import Observation, seat_facts
from living_forest.core.state import PHASE_DRAW, PHASE_OVER
from living_forest.i18n import _

from .greedy import draw_phase_choice, ranked, value
from .rules_of_thumb import baseline_bot

CANDIDATES = 8  # root actions searched (the best by one-step value)
ROLLOUT_DECISIONS = 400  # a safety cap per rollout and round
SEARCH_ROUNDS = 2  # how far the ``search`` bots' rollouts look: this round and the next


def rollout(
    st: GameState, seat: int, rng: random.Random, legal: Sequence[Action], rounds: int = 1
) -> float:
    """Play on from ``st``, whose legal actions are ``legal``, to the end of its round
    (or of ``rounds`` rounds): greedily (no lookahead) in the Action phase, by the
    baseline rule while revealing; ``seat``'s value there."""
    end = st.round + rounds
    for _step in range(ROLLOUT_DECISIONS * rounds):
        if st.phase == PHASE_OVER or st.round >= end:
            break
        if len(legal) == 1:
            a = legal[0]
        elif st.phase == PHASE_DRAW:
            a = baseline_bot(seat_facts(st, st.current), legal, rng)
        else:
            a = ranked(st, legal, rng, depth=0)[0][1]
        legal = push(st, a)
    return value(st, seat)


class SearchBot:
    """A search bot with a budget of ``iterations`` or ``seconds`` per decision."""

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        rounds: int = SEARCH_ROUNDS,
    ) -> None:
        if (iterations is None) == (seconds is None):
            raise ValueError("a search bot needs either iterations or seconds")
        self.iterations = iterations
        self.seconds = seconds
        if rounds < 1:
            raise ValueError("a search bot's rollouts look at least to the end of the round")
        self.rounds = rounds  # how far each rollout looks: to the end of this many rounds

    def __call__(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if obs.phase == PHASE_DRAW:
            return draw_phase_choice(obs, legal)
        first = ranked(determinize(obs, rng), legal, rng)
        cands = [a for _score, a in first[:CANDIDATES]]
        if len(cands) == 1:
            return cands[0]
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        i = 0
        while True:
            if self.iterations is not None and i >= self.iterations:
                break
            if deadline is not None and i >= len(cands) and time.perf_counter() >= deadline:
                break
            k = i % len(cands)
            st = determinize(obs, rng)
            totals[k] += rollout(st, obs.seat, rng, push(st, cands[k]), self.rounds)
            counts[k] += 1
            i += 1
        best = max(range(len(cands)), key=lambda j: (totals[j] / max(counts[j], 1), -j))
        return cands[best]


def read_budget(param: str) -> tuple[int | None, float | None]:
    """A search budget in a bot's name: ``"200"`` -> (200, None) (a count: iterations
    or deals), ``"1s"`` / ``"0.5s"`` -> (None, seconds). Raises ValueError when it is
    empty or out of range (1 to 1,000,000; 0.001 to 600 seconds)."""
    text = param.strip().lower()
    if text.endswith("s"):
        seconds = float(text[:-1])
        if not 0.001 <= seconds <= 600:
            raise ValueError(text)
        return None, seconds
    count = int(text)
    if not 1 <= count <= 1_000_000:
        raise ValueError(text)
    return count, None


def parse_budget(param: str) -> SearchBot:
    """``"200"`` -> 200 iterations; ``"1s"`` / ``"0.5s"`` -> seconds (wall clock)."""
    try:
        iterations, seconds = read_budget(param)
    except ValueError:
        message = _(
            "search budget {budget}: give iterations (search:200) or seconds (search:1s), "
            "from 1 to 1,000,000 iterations or 0.001 to 600 seconds"
        )
        raise ValueError(message.format(budget=repr(param))) from None
    return SearchBot(iterations=iterations, seconds=seconds)
