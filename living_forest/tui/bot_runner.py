"""The bot step in progress on a game screen: one thread worker per step, its move
played once the worker has reported, and only if the game is still the one it thought
about. The move, what is played when the bot fails, and the pause are the app's,
without a terminal (:mod:`living_forest.present.bot_turns`); this component only runs
them in Textual's workers, so the screen stays responsive while a bot thinks. A bot
that raises never ends the worker in error (which would end the app): its step is the
fallback's move, reported with the bot's error.
"""

from __future__ import annotations

from typing import Any

from textual.dom import DOMNode
from textual.worker import Worker, WorkerState

from living_forest.core import GameState
from living_forest.core.state import PHASE_DRAW
from living_forest.present.bot_turns import BotPace, BotStep, Chooser, bot_step

ENDED = (WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED)


def ended(event: Worker.StateChanged, worker: Worker[Any] | None) -> bool:
    """``event`` says that ``worker`` (the one waited for, if any) has finished."""
    return worker is not None and event.worker is worker and event.state in ENDED


class BotRunner:
    """Runs the bots' steps of ``host``'s game (the screen whose workers they are):
    ``move(st, controller, step)`` chooses, in a thread, after the pace's pause."""

    def __init__(self, host: DOMNode, move: Chooser, pause: float) -> None:
        self.host = host
        self.move = move
        self.pace = BotPace(pause)
        self._worker: Worker[BotStep] | None = None
        self._state: GameState | None = None  # the position the bot thinks about

    @property
    def busy(self) -> bool:
        """A bot is choosing its next step (its worker has not reported back yet)."""
        return self._worker is not None

    def start(self, st: GameState, controller: str, step: int) -> None:
        """Let the bot ``controller`` choose the ``step``-th action of the game at ``st``."""
        self._state = st
        self.pace.arm()
        # Not exclusive: a finished worker is never cancelled by its successor, and the
        # next one starts only once this one has reported (:meth:`reported`).
        self._worker = self.host.run_worker(
            lambda: self._choose(st, controller, step),
            name=f"bot-{step}",
            group="bot",
            thread=True,
            exclusive=False,
        )

    def _choose(self, st: GameState, controller: str, step: int) -> BotStep:
        """Runs in the worker thread: the visible pause, then the bot's choice (the
        fallback's, should the bot fail)."""
        self.pace.wait(reveal=st.phase == PHASE_DRAW)
        return bot_step(self.move, st, controller, step)

    def cancel(self) -> None:
        """Forget the step in progress (the game it thought about is gone)."""
        if self._worker is not None:
            self.pace.wake()
            self._worker.cancel()
            self._worker = None
            self._state = None

    def reported(self, event: Worker.StateChanged, now: GameState) -> BotStep | None:
        """For the step's worker having finished (``event``; check :meth:`is_report`
        first): its step, when it chose one for ``now``, the game's position; None when
        it failed, was cancelled or thought about a position that is gone."""
        thought_about = self._state
        self._worker = None
        self._state = None
        if event.state == WorkerState.SUCCESS and thought_about is now:
            step = event.worker.result
            assert isinstance(step, BotStep)
            return step
        return None

    def is_report(self, event: Worker.StateChanged) -> bool:
        """``event`` is the step's worker finishing."""
        return ended(event, self._worker)
