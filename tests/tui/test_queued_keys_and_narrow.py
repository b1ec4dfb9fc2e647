"""Crashes a slow link or a tiny window caused: two Enter keys queued in a
dialog, a deferred resize after the choice list is gone, a list dialog at 11 columns
or fewer."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.widgets import Input

from living_forest.persistence import default_save_dir
from living_forest.present.session import SeatConfig, Session
from living_forest.tui.app import LivingForestApp
from living_forest.tui.screens.game import GameScreen
from living_forest.tui.screens.modals import FilePromptScreen, SaveBrowserScreen
from living_forest.tui.screens.over import TooSmallScreen
from living_forest.tui.screens.settings import SettingsScreen
from living_forest.tui.screens.title import NewGameScreen, TitleScreen
from living_forest.tui.screens.tutorial import ChapterScreen

from .driver import started

TWO = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")]


# A key's character, where not its name.
CHARACTERS = {"tab": "\t", "enter": "\r", "escape": "\x1b", "question_mark": "?"}


def _queue(app: LivingForestApp, *keys: str) -> None:
    """Keys that arrive together: all read before the first one's effect (a dialog
    closed, the focus moved, a move made) has taken place (a slow link, a busy
    machine, a fast typist)."""
    for key in keys:
        char = CHARACTERS.get(key, key if len(key) == 1 else None)
        app.post_message(events.Key(key, char))


async def _until_the_form(pilot: Any) -> None:
    """Wait (a bounded number of refreshes) until the New game form is on top, then
    one refresh more: the held keys have been given to it."""
    for _ in range(10):
        await pilot.pause()
        if isinstance(pilot.app.screen, NewGameScreen):
            break
    await pilot.pause()


def _queue_enter_twice(app: LivingForestApp) -> None:
    """Two Enter keys that arrive together: both are read before the first one's
    dialog has closed."""
    _queue(app, "enter", "enter")


async def test_enter_twice_in_the_save_prompt_saves_once_and_keeps_the_game(
    tmp_path: Path,
) -> None:
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(TWO, 3))
        await started(pilot)
        game = app.game
        assert game is not None
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FilePromptScreen)
        app.screen.query_one(Input).value = str(tmp_path / "twice.json")
        _queue_enter_twice(app)
        for _ in range(3):
            await pilot.pause()
        assert app.screen is game  # the second Enter closed nothing else
        assert (tmp_path / "twice.json").is_file()


async def test_enter_twice_in_the_save_browser_keeps_the_title_screen() -> None:
    """The second Enter took the title screen away with the browser (and under load
    raised InvalidStateError)."""
    other = Session(TWO, 8)
    other.play("draw")
    from living_forest.tui.saving import save_session

    save_session(default_save_dir() / "other.json", other)
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, SaveBrowserScreen)
        _queue_enter_twice(app)
        await started(pilot)
        assert [type(s) for s in app.screen_stack[:2]][1] is TitleScreen
        assert app.game is not None and app.game.session.actions == ["draw"]


@contextlib.asynccontextmanager
async def _on_the_board() -> AsyncIterator[tuple[LivingForestApp, Any, GameScreen]]:
    """A two-player game on the board (100x30), ready for keys: the app, its pilot and
    the board."""
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_session(Session(TWO, 3))
        await started(pilot)
        assert app.game is not None
        yield app, pilot, app.game


async def test_a_deferred_resize_after_the_choice_list_is_gone_does_not_crash() -> None:
    """A resize sizes the choice list again after the next refresh; when the board is
    being taken down by then (Enter on a new game), the list is gone: NoMatches."""
    async with _on_the_board() as (app, pilot, game):
        await game.query_one("#choices").remove()  # as while the screen is removed
        game.layout_changed()  # the resize, and its deferred second call
        await pilot.pause()
        await pilot.pause()
        assert app.game is game and app.return_code is None


OPENERS = {
    "settings": (SettingsScreen, ["s"]),
    "chapters": (ChapterScreen, ["t"]),
    "save browser": (SaveBrowserScreen, ["ctrl+o"]),
}


# Each dialog at one width and each width with one dialog (make test); the six other
# pairs in make test-slow.
IN_MAKE_TEST = [("settings", 11), ("chapters", 5), ("save browser", 1)]


@pytest.mark.parametrize(
    ("dialog", "width"),
    [
        pytest.param(d, w, id=f"{d}-{w}", marks=() if (d, w) in IN_MAKE_TEST else pytest.mark.slow)
        for d in OPENERS
        for w in (11, 5, 1)
    ],
)
async def test_list_dialogs_survive_a_terminal_of_a_few_columns(dialog: str, width: int) -> None:
    """A list dialog laid out at 11 columns or fewer raised ValueError: the "too small"
    notice now covers dialogs too. When the terminal grows, the dialog is as it was."""
    kind, keys = OPENERS[dialog]
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        assert isinstance(app.screen, kind)
        await pilot.resize_terminal(width, 24)
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, kind)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_a_key_queued_behind_tab_goes_to_the_field_tab_moved_to() -> None:
    """Tab and the next key read together (typed fast on a busy machine, or pasted):
    the key acts on the field Tab moved to, not on the one it left. It went to the
    name field the form opened on, replacing the name, and the player stayed human."""
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert form.focused is form.query_one("#name-0", Input)
        _queue(app, *["tab"] * 5, "a")  # to seat 2's player: hard
        await pilot.pause()
        assert form.query_one("#name-0", Input).value == "Ana"
        assert form.focused is form.query_one("#ctl-1")
        assert "hard" in str(form.query_one("#ctl-1").render())
        _queue(app, "shift+tab", "shift+tab", "x")  # back to seat 2's name
        await pilot.pause()
        assert form.focused is form.query_one("#name-1", Input)
        assert form.query_one("#name-0", Input).value == "Ana"
        assert "x" in form.query_one("#name-1", Input).value


async def test_keys_queued_behind_the_key_that_opens_a_screen_reach_that_screen() -> None:
    """The key that opens the New game form and the keys after it read together: they
    reach the form once it is there (the name typed replaces the one it opened on, as
    it does typed later), not the screen it is still mounting on, where they were
    lost."""
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        _queue(app, "n", "T", "o", "m", "tab", "tab", "a")  # seat 1's name, its player
        await _until_the_form(pilot)
        form = app.screen
        assert form.query_one("#name-0", Input).value == "Tom"
        assert form.focused is form.query_one("#ctl-0")
        assert "hard" in str(form.query_one("#ctl-0").render())


async def test_a_key_read_while_held_keys_are_given_back_goes_behind_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A key the app reads while the keys it held wait to be given back (it came in just
    as the New game form settled) goes behind them: held keys go back in the app's own
    task, not to the end of its queue behind that key (the name was "kTom")."""
    app = LivingForestApp(bot_pause=0)
    settle = app._settle
    came: list[bool] = []

    def key_comes_in_meanwhile() -> None:
        if isinstance(app.screen, NewGameScreen) and app.screen.is_mounted and not came:
            came.append(True)
            _queue(app, "k")
        settle()

    monkeypatch.setattr(app, "_settle", key_comes_in_meanwhile)
    async with app.run_test(size=(80, 24)) as pilot:
        _queue(app, "n", "T", "o", "m")
        await _until_the_form(pilot)
        assert came
        assert app.screen.query_one("#name-0", Input).value == "Tomk"


async def test_a_paste_behind_the_key_that_opens_a_screen_reaches_that_screen() -> None:
    """A paste read with the key that opens the New game form goes to the form's first
    field once it is there, as typed keys do (it was lost)."""
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        _queue(app, "n")
        app.post_message(events.Paste("Tom"))
        _queue(app, "x")
        await _until_the_form(pilot)
        assert app.screen.query_one("#name-0", Input).value.endswith("Tomx")


async def test_keys_queued_behind_new_game_in_the_result_box_reach_the_form() -> None:
    """The result box's keys act when read, as the title's do: n and a name typed
    together name the New game form's first seat (the name went to the box's scroll
    area before n had acted, and was lost)."""
    import asyncio
    import time

    from living_forest.tui.screens.over import GameOverScreen

    from .test_charts import finished

    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(finished(2))
        deadline = time.monotonic() + 60
        while not isinstance(app.screen, GameOverScreen) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        await pilot.pause()
        _queue(app, "n", "T", "o", "m")
        await _until_the_form(pilot)
        assert app.screen.query_one("#name-0", Input).value == "Tom"


async def _until_top(pilot: Any, screen: object) -> None:
    """Wait (a bounded number of refreshes) until ``screen`` is on top again."""
    for _ in range(20):
        await pilot.pause()
        if pilot.app.screen is screen:
            return


def _pushed(app: LivingForestApp, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the screens the app pushes from now on."""
    seen: list[str] = []
    push = app.push_screen

    def noted(screen: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(type(screen).__name__)
        return push(screen, *args, **kwargs)

    monkeypatch.setattr(app, "push_screen", noted)
    return seen


@pytest.mark.parametrize(
    ("opener", "box"),
    [
        ("i", "InfoScreen"),
        ("f1", "HelpScreen"),
        # Help's other key (F1 is in make test)
        pytest.param("question_mark", "HelpScreen", marks=pytest.mark.slow),
    ],
)
async def test_the_key_that_closes_a_box_typed_with_the_key_that_opens_it_closes_it(
    opener: str, box: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The discard box's Enter (or Help's Escape) typed with the key that opens it, on
    the board: the box opens and closes, and the game is as it was. The second key went
    to the board's choice list, came back unused once the box was on top, and was lost
    (the box's key is a binding of priority, checked only for a key read anew); the box
    stayed open."""
    closer = "enter" if opener == "i" else "escape"
    async with _on_the_board() as (app, pilot, game):
        before = list(game.session.actions)
        pushed = _pushed(app, monkeypatch)
        _queue(app, opener, closer)
        await _until_top(pilot, game)
        assert pushed == [box]
        assert app.screen is game
        assert game.session.actions == before


async def test_a_key_typed_just_before_one_that_opens_a_box_stays_out_of_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A key read before Ctrl+S (a binding of priority: the save prompt opens when it
    is read) that comes back unused from the board after the prompt opened was meant
    for the board: it is not typed into the prompt's file name."""
    async with _on_the_board() as (app, pilot, _game):
        pushed = _pushed(app, monkeypatch)
        _queue(app, "i", "ctrl+s")
        for _ in range(10):
            await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, FilePromptScreen) and pushed[-1] == "FilePromptScreen"
        assert not prompt.query_one(Input).value.endswith("i")


async def test_a_letter_a_keymap_gives_help_is_typed_in_a_field_and_f1_still_opens_help(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Help opens when its key is read, except in a field, which gets the key first: a
    letter a keymap gives Help is typed into a name (it opened Help), and F1, which the
    field leaves, opens Help there."""
    from living_forest.tui.screens.modals import HelpScreen

    keymap = tmp_path / "keymap.toml"
    keymap.write_text('[keys]\n"app.help" = "h,f1"\n', encoding="utf-8")
    monkeypatch.setenv("LIVING_FOREST_KEYMAP", str(keymap))
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        _queue(app, "n")
        await _until_the_form(pilot)
        form = app.screen
        assert form.focused is form.query_one("#name-0", Input)
        await pilot.press("h")
        assert app.screen is form
        assert form.query_one("#name-0", Input).value.endswith("h")
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_tab_still_turns_the_chart_where_it_is_the_next_chart_key() -> None:
    """Tab moves the focus at once only where nothing else binds it: on the charts
    shown one at a time (80x24) it turns to the next chart, Shift+Tab back."""
    from living_forest.present.charts import RoundPoint
    from living_forest.tui.screens.charts import ChartScreen

    points = [RoundPoint(1, ((2, 1, 0), (1, 1, 0)), (12, 12, 12), 0, 0)]
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        chart = ChartScreen(points, ["Ana", "Ben"])
        app.push_screen(chart)
        await pilot.pause()
        assert chart.at_once == 1 and chart.shown == 0
        await pilot.press("tab")
        assert chart.shown == 1
        await pilot.press("shift+tab", "shift+tab")
        assert chart.shown == len(chart.IDS) - 1


async def test_f5_queued_behind_a_fields_key_starts_the_game_that_key_set_up() -> None:
    """A field's key and F5 read together: the game starts as the key set it up (seat
    2 an easy bot), not as the form stood before the key (F5 overtook it: a game of two
    people started)."""
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press(*["tab"] * 5)  # seat 2's player
        _queue(app, "e", "f5")
        await pilot.pause()
        await pilot.pause()
        assert app.game is not None
        from living_forest.bots import ALIASES

        assert [s.controller for s in app.game.session.seats] == ["human", ALIASES["easy"]]


async def test_enter_queued_behind_the_key_that_ends_a_turn_passes_it() -> None:
    """The key of a turn's last action and Enter read together: Enter passes the turn
    the key ended (it was read while the turn was still open and then lost)."""
    from .driver import clear_dialogs

    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        session = Session(TWO, 7, actions=["draw", "stop", "draw", "stop"])
        app.start_session(session)
        await started(pilot)
        await clear_dialogs(pilot)
        mover = session.state.current
        _queue(app, "t", "enter")  # t: the turn ends by itself
        await pilot.pause()
        await pilot.pause()
        assert session.turn_done is None and session.state.current != mover
