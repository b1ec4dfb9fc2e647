"""A saved or finished game, position by position, for the replay viewer.
Pure (no Textual): the log is replayed once from the seed; ``states[i]`` is the
position after ``i`` actions and ``steps[i]`` the events that led to it (``steps[0]``:
the setup). Navigation by action, turn and round is arithmetic on these lists."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from living_forest.core import BASE_GAME, Event, GameOptions, GameState, apply, new_game

from .session import HUMAN, SeatConfig, Session


@dataclass(slots=True)
class Replay:
    seats: list[SeatConfig]
    seed: int
    first: int | None
    options: GameOptions
    actions: list[str]
    states: list[GameState]
    steps: list[list[Event]]

    @classmethod
    def of(
        cls,
        seats: Sequence[SeatConfig],
        seed: int,
        actions: Sequence[str],
        *,
        first: int | None = None,
        options: GameOptions = BASE_GAME,
    ) -> Replay:
        st, events = new_game(
            [(s.name, s.spirit) for s in seats], seed, first=first, options=options
        )
        states, steps = [st], [list(events)]
        for text in actions:
            st, events = apply(st, text)
            states.append(st)
            steps.append(list(events))
        return cls(list(seats), seed, first, options, list(actions), states, steps)

    @classmethod
    def of_session(cls, session: Session) -> Replay:
        return cls.of(
            session.seats,
            session.seed,
            session.actions,
            first=session.first,
            options=session.options,
        )

    @property
    def last(self) -> int:
        """The index of the final position (the number of actions)."""
        return len(self.actions)

    @property
    def hot_seat(self) -> bool:
        """Two or more people played: hidden information is hidden at first."""
        return sum(1 for s in self.seats if s.controller == HUMAN) >= 2

    def clamp(self, i: int) -> int:
        return max(0, min(self.last, i))

    def _turn(self, i: int) -> tuple[int, str, int]:
        st = self.states[i]
        return (st.round, st.phase, st.current)

    def next_turn(self, i: int) -> int:
        """The first position after ``i`` where another player (or phase) is to act."""
        here = self._turn(i)
        j = i + 1
        while j < self.last and self._turn(j) == here:
            j += 1
        return self.clamp(j)

    def prev_turn(self, i: int) -> int:
        """The start of the turn before the one at ``i`` (or of this one, if ``i`` is
        inside it)."""
        if i <= 0:
            return 0
        j = i - 1
        here = self._turn(j)
        while j > 0 and self._turn(j - 1) == here:
            j -= 1
        return j

    def round_start(self, r: int) -> int:
        """The first position of round ``r`` (the last position if the game ended first)."""
        for j, st in enumerate(self.states):
            if st.round >= r:
                return j
        return self.last

    def next_round(self, i: int) -> int:
        return self.round_start(self.states[i].round + 1)

    def prev_round(self, i: int) -> int:
        r = self.states[i].round
        start = self.round_start(r)
        return self.round_start(r - 1) if i == start and r > 1 else start

    def events_until(self, i: int) -> list[Event]:
        """Every event from the setup to position ``i``."""
        return [e for step in self.steps[: i + 1] for e in step]

    def play_from(self, i: int) -> Session:
        """A new game continuing from position ``i`` (same seats and rules); the record
        it came from is not touched."""
        return Session(
            self.seats, self.seed, self.first, options=self.options, actions=self.actions[:i]
        )
