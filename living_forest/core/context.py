"""What a rules hook is given: one value instead of ``(r, st, seat, ev, bonus, extra)``
repeated in every action type and step (as boardgame.io passes its moves one
``FnContext``).

- :class:`Context` for a game-wide step (setup, the end of a round): the rules, the
  position the step changes, and the events to report what it did to;
- :class:`TurnContext` for a step of one seat's turn (its start, after an action) and
  for an action type's ``resolve`` / ``pick`` / ``give_bonus`` and a decision
  handler's ``apply`` / ``advance``: also the seat acting and, for an action, whether
  it is a bonus action and its temporary strength (F-4).

Ask :meth:`Context.wants` before making an event: the fast path keeps none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .events import Event, wants

if TYPE_CHECKING:
    from .rules import Rules
    from .state import GameState, PlayerState


@dataclass(slots=True)
class Context:
    rules: Rules
    state: GameState
    events: list[Event]

    def wants(self, kind: str) -> bool:
        """Is an event of ``kind`` wanted (:func:`~living_forest.core.events.wants`)?"""
        return wants(self.events, kind)


@dataclass(slots=True)
class TurnContext(Context):
    seat: int
    bonus: bool = False  # the action is a bonus action: it uses up no basic action
    extra: int = 0  # the action's temporary strength (F-4, X-12)

    @property
    def player(self) -> PlayerState:
        return self.state.players[self.seat]
