"""Drive the app with key presses only: turn an engine action into the keys a person
would press on the board (digits for listed choices, arrows + Enter beyond 9)."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import Any, TypeVar

from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen

from living_forest.bots.rules_of_thumb import baseline_bot
from living_forest.core import Action, GameState, legal_actions
from living_forest.core.observation import observe
from living_forest.present.keys import KIND_NAME, opens_list
from living_forest.tui.app import LivingForestApp
from living_forest.tui.screens.game import GAME_KEYS, GameScreen
from living_forest.tui.screens.modals import HandOffScreen, InfoScreen
from living_forest.tui.screens.over import GameOverScreen

KIND_KEY = {k.kind: k.key for k in GAME_KEYS.values()}
SETTLE_TIMEOUT = 120.0  # seconds; generous for a loaded CI machine, only hit on a real hang


def app_of(pilot: Pilot) -> LivingForestApp:
    """The app ``pilot`` drives (Pilot knows it only as an App)."""
    app = pilot.app
    assert isinstance(app, LivingForestApp)
    return app


ScreenT = TypeVar("ScreenT", bound=Screen[Any])


def current_screen(app: App[Any], kind: type[ScreenT]) -> ScreenT:
    """The app's screen, which must be a ``kind`` (as ``query_one(selector, kind)``)."""
    screen = app.screen
    assert isinstance(screen, kind), screen
    return screen


async def settle(pilot: Pilot, timeout: float = SETTLE_TIMEOUT) -> None:
    """Wait until no bot is thinking: a human is to act, a dialog is up, the game is
    over or paused. Waits on the game's own state, not on Textual's worker list (a
    finished bot worker may still be listed while the next one starts), and first for
    a newly shown game screen's first flow, which is what starts a bot."""
    deadline = time.monotonic() + timeout
    while True:
        await pilot.pause()
        game = app_of(pilot).game
        if game is not None and pilot.app.screen is game and not game._log_loaded:
            pass  # shown but its first flow (which may start a bot) has not run yet
        elif game is None or not game.bot_busy:
            await pilot.pause()  # let the last move's refresh land
            game = app_of(pilot).game
            if game is None or not game.bot_busy:
                await _log_at_end(pilot, game)
                return
        if time.monotonic() > deadline:
            raise AssertionError(f"the bots did not settle within {timeout:g} s")
        await asyncio.sleep(0.005)


APPLY_GRACE = 5.0  # seconds for a pressed move to be applied (a loaded machine)
LOG_GRACE = 5.0  # seconds for the log's deferred scroll to its newest line


async def _log_at_end(pilot: Pilot, game: GameScreen | None) -> None:
    """The event log scrolls to its newest line after a refresh (RichLog defers it);
    on a busy machine that refresh can come after the moves have settled. Wait for it,
    briefly: a log a test scrolled up on purpose stays where it is."""
    if game is None or not game.is_attached:
        return
    logs = game.query("#log")
    if not logs:
        return
    log = logs.first()
    end = time.monotonic() + LOG_GRACE
    while log.scroll_y < log.max_scroll_y and time.monotonic() < end:
        await asyncio.sleep(0.01)
        await pilot.pause()


async def pick_visible(pilot: Pilot, game: GameScreen, match) -> bool:
    """Press the keys for the first listed choice satisfying ``match``."""
    for i, c in enumerate(game._choices):
        if match(c):
            n = game._numbers[i]  # the number shown, kept while picking
            # A digit that begins a listed number past 9 (1 of 10-19) waits for a second
            # one (GameScreen.TWO_DIGIT_WAIT, a timer): the arrows pick it at once.
            prefix = any(10 * n <= k < 10 * n + 10 for k in game._numbers if k >= 10)
            if n <= 9 and not (n and prefix):
                await pilot.press(str(n))
            else:
                game.query_one("#choices").focus()
                await pilot.press("home", *(["down"] * i), "enter")
            return True
    return False


async def press_action(pilot: Pilot, game: GameScreen, action: Action) -> None:
    """Perform ``action`` (legal now) through the board's keys."""
    if await pick_visible(pilot, game, lambda c: c.action == action):
        return
    name = KIND_NAME.get(action.kind)
    if name is not None and not opens_list(game.session.state, name):
        await pilot.press(KIND_KEY[action.kind])  # a flow key, or a type without options
        return
    if action.kind == "plant":
        if not await pick_visible(pilot, game, lambda c: c.mode == f"plant:{action.arg}"):
            await pilot.press(KIND_KEY["plant"])
            assert await pick_visible(pilot, game, lambda c: c.mode == f"plant:{action.arg}")
        assert await pick_visible(pilot, game, lambda c: c.action == action), action
        return
    await pilot.press(KIND_KEY[action.kind])
    assert await pick_visible(pilot, game, lambda c: c.action == action), action


async def started(pilot: Pilot, timeout: float = SETTLE_TIMEOUT) -> list[str]:
    """After ``start_session``: wait until the game screen has shown its first board
    (two refreshes after it is pushed, later on a busy machine), then settle any bots
    and press through the hand-off and summary dialogs; return the dialogs seen. A key
    pressed before this would reach a screen that is not ready yet."""
    seen: list[str] = []
    while True:
        game = await first_flow(pilot, timeout)
        await settle(pilot)
        seen += await clear_dialogs(pilot)
        if pilot.app.screen is game and not game._modal_open:
            return seen
        await asyncio.sleep(0.01)


async def first_flow(pilot: Pilot, timeout: float = SETTLE_TIMEOUT) -> GameScreen:
    """The game screen, once its first flow has run (its first hand-off or bot step),
    or once a screen covers it before it could (the terminal is too small)."""
    deadline = time.monotonic() + timeout
    while True:
        await pilot.pause()
        game = app_of(pilot).game
        if game is not None and (game._log_loaded or pilot.app.screen is not game):
            return game
        if time.monotonic() > deadline:
            raise AssertionError(f"the game did not start within {timeout:g} s")
        await asyncio.sleep(0.01)


async def clear_dialogs(pilot: Pilot) -> list[str]:
    """Press Enter through hand-off and summary dialogs; return their kinds."""
    seen = []
    while isinstance(pilot.app.screen, HandOffScreen | InfoScreen):
        screen = pilot.app.screen
        name = type(screen).__name__
        seen.append(f"{name}: {screen.body}" if isinstance(screen, InfoScreen) else name)
        await pilot.press("enter")
    return seen


async def play_to_end(pilot: Pilot, game: GameScreen, *, max_steps: int = 2000) -> list[str]:
    """Play the game with baseline choices pressed as keys; return dialogs seen."""
    dialogs, over = await play_keys(pilot, game, max_steps)
    assert over, "the game did not end"
    return dialogs


Choose = Callable[[GameState, tuple[Action, ...]], Action]


async def play_keys(
    pilot: Pilot, game: GameScreen, steps: int, choose: Choose | None = None
) -> tuple[list[str], bool]:
    """Up to ``steps`` moves pressed as keys for the humans (bots play on their own):
    ``choose(state, legal)``'s, by default the baseline bot's; return the dialogs seen
    and whether the game is over."""
    dialogs: list[str] = []
    rng = random.Random(1)
    for _ in range(steps):
        dialogs += await clear_dialogs(pilot)
        if isinstance(pilot.app.screen, GameOverScreen):
            return dialogs, True
        if game.session.turn_done is not None:  # a finished turn: pass it on
            await pilot.press("enter")
            continue
        st = game.session.state
        if not game.session.current_is_human:
            await settle(pilot)
            continue
        legal = legal_actions(st)
        if choose is not None:
            action = choose(st, legal)
        else:
            action = baseline_bot(observe(st, st.current), legal, rng)
        before = len(game.session.actions)
        await press_action(pilot, game, action)
        # On a loaded machine the move may land a refresh or two after the key.
        deadline = time.monotonic() + APPLY_GRACE
        while (
            len(game.session.actions) <= before
            and game.session.held is None
            and time.monotonic() < deadline
        ):
            await pilot.pause()
            await asyncio.sleep(0.01)
        if game.session.held is not None:  # the round's last move waits for Enter
            assert game.session.held == action
            continue
        # A bot may already have moved after it (no pause): look at this move's place.
        assert len(game.session.actions) > before, f"{action} was not applied"
        assert game.session.actions[before] == str(action)
    return dialogs, False
