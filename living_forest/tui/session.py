"""One game being played at the keyboard: seats, the action log, the state and undo.

Pure Python (no Textual): the game screen owns a :class:`Session`, asks it to apply
actions and forwards the events it returns to the widgets. States are immutable
values (``apply`` never mutates its input), so undo keeps earlier states.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from living_forest.bots import BOTS
from living_forest.core import (
    BASE_GAME,
    Action,
    Event,
    GameOptions,
    GameState,
    Rules,
    apply,
    legal_actions,
    new_game,
    rules_of,
)
from living_forest.core.actions import DRAW, USE_FRAGMENT, format_action, parse_action
from living_forest.core.state import PHASE_ACTION

HUMAN = "human"
BOT_KINDS = tuple(BOTS)  # every registered bot can take a seat
CONTROLLERS = (HUMAN, *BOT_KINDS)


@dataclass(frozen=True, slots=True)
class SeatConfig:
    """One seat as chosen on the New game screen (table order)."""

    name: str
    spirit: str
    controller: str = HUMAN


class UndoError(Exception):
    """Nothing can be undone now; the message says why."""


class Session:
    """The game in progress. ``seats`` are in table order, as passed to ``new_game``."""

    def __init__(
        self,
        seats: Sequence[SeatConfig],
        seed: int,
        first: int | None = None,
        *,
        options: GameOptions = BASE_GAME,
        state: GameState | None = None,
        actions: Sequence[str] = (),
        events: Sequence[Event] = (),
    ) -> None:
        self.seats = list(seats)
        self.seed = seed
        self.first = first
        self.options = options
        self.controllers = {s.spirit: s.controller for s in self.seats}
        if state is None:
            state, evs = new_game(
                [(s.name, s.spirit) for s in self.seats], seed, first=first, options=options
            )
            self.events: list[Event] = list(evs)
            for text in actions:
                state, evs = apply(state, parse_action(text))
                self.events.extend(evs)
        else:
            self.events = list(events)
        self.state = state
        self.actions: list[str] = list(actions)
        # Undo stack: (state before, log length before) for the current undoable stretch.
        self._undo: list[tuple[GameState, int, int]] = []
        self._legal: tuple[Action, ...] = ()
        self._legal_for: GameState | None = None

    # --- who plays --------------------------------------------------------------

    def controller_of(self, seat: int) -> str:
        return self.controllers.get(self.state.players[seat].spirit, HUMAN)

    @property
    def current_controller(self) -> str:
        return self.controller_of(self.state.current)

    @property
    def current_is_human(self) -> bool:
        return self.current_controller == HUMAN

    @property
    def rules(self) -> Rules:
        return rules_of(self.state)

    def legal(self) -> tuple[Action, ...]:
        """The legal actions now (remembered for the current state only: states are
        never changed in place, so a new state is a new object)."""
        st = self.state
        if self._legal_for is not st:
            self._legal = legal_actions(st)
            self._legal_for = st
        return self._legal

    # --- playing ----------------------------------------------------------------

    def play(self, action: Action | str) -> list[Event]:
        """Apply one legal action (raises the core's errors otherwise)."""
        a = parse_action(action) if isinstance(action, str) else action
        before = self.state
        new, events = apply(before, a)
        self.state = new
        self.actions.append(format_action(a))
        self.events.extend(events)
        if self._undoable(before, a, new):
            self._undo.append((before, len(self.actions) - 1, len(self.events) - len(events)))
        else:
            self._undo.clear()
        return events

    @staticmethod
    def _undoable(before: GameState, a: Action, after: GameState) -> bool:
        """Undo covers the current player's action turn, never a revealed card."""
        if a.kind in (DRAW, USE_FRAGMENT) or before.phase != PHASE_ACTION:
            return False
        # The action ended the turn (or the round): the next player may not be undone into.
        return (
            after.phase == PHASE_ACTION
            and after.current == before.current
            and (after.round == before.round)
        )

    def can_undo(self) -> bool:
        return bool(self._undo) and self.current_is_human

    def why_no_undo(self) -> str:
        if not self.current_is_human:
            return "a bot is playing; nothing to undo"
        if self.state.phase != PHASE_ACTION:
            return "undo works only in your action turn; a revealed card cannot be taken back"
        return "nothing to undo in this turn yet"

    def undo(self) -> GameState:
        if not self.can_undo():
            raise UndoError(self.why_no_undo())
        state, n_actions, n_events = self._undo.pop()
        self.state = state
        del self.actions[n_actions:]
        del self.events[n_events:]
        return state
