"""Drive the app with key presses only: turn an engine action into the keys a person
would press on the board (digits for listed choices, arrows + Enter beyond 9)."""

from __future__ import annotations

import random

from textual.pilot import Pilot

from living_forest.bots import SeatView, baseline_bot
from living_forest.core import Action, legal_actions
from living_forest.tui.screens.game import GAME_KEYS, GameScreen
from living_forest.tui.screens.modals import HandOffScreen, InfoScreen
from living_forest.tui.screens.over import GameOverScreen

KIND_KEY = {kind: key for key, kind, _ in GAME_KEYS.values()}


async def pick_visible(pilot: Pilot, game: GameScreen, match) -> bool:
    """Press the keys for the first listed choice satisfying ``match``."""
    for i, c in enumerate(game._choices):
        if match(c):
            if i < 9:
                await pilot.press(str(i + 1))
            else:
                game.query_one("#choices").focus()
                await pilot.press("home", *(["down"] * i), "enter")
            return True
    return False


async def press_action(pilot: Pilot, game: GameScreen, action: Action) -> None:
    """Perform ``action`` (legal now) through the board's keys."""
    if await pick_visible(pilot, game, lambda c: c.action == action):
        return
    if action.kind in ("draw", "stop", "use-fragment", "take-fragment", "done", "skip", "end"):
        await pilot.press(KIND_KEY[action.kind])
        return
    if action.kind == "plant":
        if not await pick_visible(pilot, game, lambda c: c.mode == f"plant:{action.arg}"):
            await pilot.press(KIND_KEY["plant"])
            assert await pick_visible(pilot, game, lambda c: c.mode == f"plant:{action.arg}")
        assert await pick_visible(pilot, game, lambda c: c.action == action), action
        return
    await pilot.press(KIND_KEY[action.kind])
    assert await pick_visible(pilot, game, lambda c: c.action == action), action


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
    dialogs: list[str] = []
    rng = random.Random(1)
    for _ in range(max_steps):
        dialogs += await clear_dialogs(pilot)
        if isinstance(pilot.app.screen, GameOverScreen):
            return dialogs
        st = game.session.state
        if not game.session.current_is_human:
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            continue
        action = baseline_bot(SeatView(st, st.current), legal_actions(st), rng)
        before = len(game.session.actions)
        await press_action(pilot, game, action)
        assert len(game.session.actions) == before + 1, f"{action} was not applied"
        assert game.session.actions[-1] == str(action)
    raise AssertionError("the game did not end")
