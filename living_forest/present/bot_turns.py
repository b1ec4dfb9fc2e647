"""How a bot plays in the app, without a terminal: the move it makes at a step of the
game, what is played when the bot fails, and the pause that lets a person follow it.

The move is seeded by the game's seed and the step, so the same game plays the same
whenever it is played or replayed. A bot that raises (a bot's bug) or answers an
illegal action does not end the game: :func:`bot_step` plays a simple move in its
place (:func:`fallback_move`, seeded the same way), says so, and logs the error with
its traceback (the ``logging`` module; nothing is printed). The pause is cut short
when the step is dropped (the game it thought about is gone) or when the bots play on
at full speed until a person is to act ("fast forward").
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable, Sequence
from typing import NamedTuple

from living_forest.bots import decider, get_bot
from living_forest.core import Action, GameState, legal_actions

log = logging.getLogger(__name__)

# The bot that plays a simple move for a bot that failed: the hand-made rules (tens of
# microseconds a decision, no search).
FALLBACK = "rules"

# (the state, the bot's name, the game's step, the legal actions there) -> the move
Chooser = Callable[[GameState, str, int, Sequence[Action]], Action]


def _rng(st: GameState, step: int) -> random.Random:
    return random.Random(f"{st.seed}:{step}")


def bot_move(
    st: GameState, controller: str, step: int, legal: Sequence[Action] | None = None
) -> Action:
    """The move of the bot ``controller`` at ``st``, the game's ``step``-th action.
    ``legal``: the legal actions at ``st``, when known."""
    legal = legal_actions(st) if legal is None else legal
    return decider(get_bot(controller))(st, legal, _rng(st, step))


def fallback_move(st: GameState, step: int, legal: Sequence[Action] | None = None) -> Action:
    """The simple move played at ``st`` (the game's ``step``-th action) for a bot that
    failed: the rules bot's, seeded like every bot move (the same game and step give
    the same move); the first legal action if even that bot fails. ``legal``: the
    legal actions at ``st``, when known."""
    legal = legal_actions(st) if legal is None else legal
    try:
        action = decider(get_bot(FALLBACK))(st, legal, _rng(st, step))
    except Exception:
        log.exception(
            "the fallback bot %r failed at step %d; the first legal action played", FALLBACK, step
        )
        return legal[0]
    return action if action in legal else legal[0]


class BotStep(NamedTuple):
    """A bot's step as played: the action, and the error of the bot when the action
    is :func:`fallback_move`'s instead of the bot's (None: the bot chose it)."""

    action: Action
    error: Exception | None = None


def bot_step(move: Chooser, st: GameState, controller: str, step: int) -> BotStep:
    """``move(st, controller, step, legal)`` (the bot's choice, :func:`bot_move` or a
    lesson's script) when it gives a legal action; else the fallback's move, with the
    bot's error (logged here with its traceback)."""
    legal = legal_actions(st)
    try:
        action = move(st, controller, step, legal)
    except Exception as e:
        error: Exception = e
    else:
        if action in legal:
            return BotStep(action)
        error = ValueError(f"illegal action {action}")
    log.error(
        "the bot %r failed at step %d of the game of seed %s; a simple move played instead",
        controller,
        step,
        st.seed,
        exc_info=error,
    )
    return BotStep(fallback_move(st, step, legal), error)


class BotPace:
    """The visible pause before each bot move: ``pause`` seconds, a share of it before
    a reveal (:data:`REVEAL_SHARE`), none while :attr:`fast_forward` is on.
    :meth:`wait` runs in the bot's thread; :meth:`wake` (from any thread) ends the
    pause under way."""

    # A bot may reveal 20 cards and more in a round: at the whole pause each, a
    # play-test waited about 10 s a round for the reveals alone (each is in the log).
    REVEAL_SHARE = 1 / 3

    def __init__(self, pause: float) -> None:
        self.pause = pause
        self.fast_forward = False  # the bots skip their pause until a person is to act
        self._wake = threading.Event()

    def arm(self) -> None:
        """A new step: its pause runs in full unless woken."""
        self._wake.clear()

    def pause_for(self, *, reveal: bool) -> float:
        """The pause before a step (a reveal's is shorter), in seconds."""
        if self.fast_forward:
            return 0.0
        return self.pause * self.REVEAL_SHARE if reveal else self.pause

    def wait(self, *, reveal: bool = False) -> None:
        pause = self.pause_for(reveal=reveal)
        if pause > 0:
            self._wake.wait(pause)

    def wake(self) -> None:
        self._wake.set()
