"""How a bot plays in the app, without a terminal: the move it makes at a step of the
game, and the pause that lets a person follow it.

The move is seeded by the game's seed and the step, so the same game plays the same
whenever it is played or replayed. The pause is cut short when the step is dropped
(the game it thought about is gone) or when the bots play on at full speed until a
person is to act ("fast forward").
"""

from __future__ import annotations

import random
import threading

from living_forest.bots import decider, get_bot
from living_forest.core import Action, GameState, legal_actions


def bot_move(st: GameState, controller: str, step: int) -> Action:
    """The move of the bot ``controller`` at ``st``, the game's ``step``-th action."""
    rng = random.Random(f"{st.seed}:{step}")
    return decider(get_bot(controller))(st, legal_actions(st), rng)


class BotPace:
    """The visible pause before each bot move: ``pause`` seconds, none while
    :attr:`fast_forward` is on. :meth:`wait` runs in the bot's thread; :meth:`wake`
    (from any thread) ends the pause under way."""

    def __init__(self, pause: float) -> None:
        self.pause = pause
        self.fast_forward = False  # the bots skip their pause until a person is to act
        self._wake = threading.Event()

    def arm(self) -> None:
        """A new step: its pause runs in full unless woken."""
        self._wake.clear()

    def wait(self) -> None:
        if self.pause > 0 and not self.fast_forward:
            self._wake.wait(self.pause)

    def wake(self) -> None:
        self._wake.set()
