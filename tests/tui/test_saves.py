"""Loading or starting a game never destroys another: every game autosaves
to a file of its own, the save browser lists them all, and leaving a game in
progress asks first."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from living_forest.persistence import default_save_dir, latest_autosave, read_record
from living_forest.present.session import SeatConfig, Session
from living_forest.tui.app import LivingForestApp
from living_forest.tui.saving import save_session
from living_forest.tui.screens.modals import (
    ConfirmScreen,
    FilePromptScreen,
    HandOffScreen,
    SaveBrowserScreen,
    save_line,
)

from .driver import clear_dialogs, first_flow, started

FOUR = [
    SeatConfig("Ana", "winter"),
    SeatConfig("Ben", "summer"),
    SeatConfig("Cy", "spring"),
    SeatConfig("Di", "autumn"),
]


def other_game() -> Path:
    """A saved 2-player game in the save folder."""
    s = Session([SeatConfig("Eve", "winter"), SeatConfig("Fox", "summer")], 8)
    for a in ("draw", "stop"):
        s.play(a)
    path = default_save_dir() / "other.json"
    save_session(path, s)
    return path


async def pick(pilot, path: Path) -> None:
    """Open the save browser (ctrl+o) and choose ``path`` with the arrow keys."""
    await pilot.press("ctrl+o")
    browser = pilot.app.screen
    assert isinstance(browser, SaveBrowserScreen)
    index = [s.path for s in browser.found].index(path)
    await pilot.press("home", *(["down"] * index), "enter")
    await pilot.pause()


async def four_player_game(pilot, draws: int) -> None:
    """Start the 4-player hot-seat game on the board and reveal ``draws`` cards."""
    pilot.app.start_session(Session(FOUR, 3))
    await started(pilot)
    for _ in range(draws):
        await pilot.press("d")
        await clear_dialogs(pilot)


@pytest.mark.slow
async def test_loading_over_an_unsaved_game_asks_and_the_game_comes_back() -> None:
    """The play-test's loss: ctrl+o in a 4-player game loaded another file over it."""
    other = other_game()
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await four_player_game(pilot, draws=3)
        first = app.game
        assert first is not None
        mine, actions = app.autosave_to, list(first.session.actions)
        assert mine is not None and len(actions) == 3
        await pick(pilot, other)
        assert isinstance(app.screen, ConfirmScreen)
        assert "Ana (Winter), Ben (Summer), Cy (Spring), Di (Autumn), round 1" in str(
            app.screen.query_one("#confirm-body").render()
        )
        await pilot.press("escape")  # no: the game stays
        assert app.game is first and first.session.actions == actions
        await pick(pilot, other)
        await pilot.press("enter")  # yes
        await pilot.pause()
        await clear_dialogs(pilot)
        assert app.game is not first and app.game.session.seats[0].name == "Eve"
        assert app.autosave_to not in (mine, other)  # the loaded game saves elsewhere
        app.flush_autosave()
        await pick(pilot, mine)  # the 4-player game, from its own autosave
        assert isinstance(app.screen, ConfirmScreen)  # Eve's game is in progress too
        await pilot.press("enter")
        await pilot.pause()
        await clear_dialogs(pilot)
        back = app.game
        assert back is not None and back.session.actions == actions
        assert back.session.state.to_dict() == first.session.state.to_dict()
        assert app.autosave_to == mine  # and it goes on saving to its own file


async def test_the_browser_lists_every_game_and_continue_takes_the_last() -> None:
    other = other_game()
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await four_player_game(pilot, draws=1)
        app.flush_autosave()
        await pilot.press("ctrl+o")
        browser = app.screen
        assert isinstance(browser, SaveBrowserScreen)
        lines = [str(save_line(s)) for s in browser.found]
        assert lines[0] == (
            "Ana (Winter, human), Ben (Summer, human), Cy (Spring, human), Di (Autumn, human)"
            " · Base game · round 1 · just now · autosave"
        )
        assert any(
            line.startswith("Eve (Winter, human), Fox (Summer, human)") and "other.json" in line
            for line in lines
        )
        assert [s.path for s in browser.found][1] == other
        kept = str(browser.query_one("#saves-kept").render())  # what pruning keeps
        assert "Autosaves kept: the newest 12, every game open in a window" in kept
        await pilot.press("escape")
        assert app.screen is app.game
        mine = app.autosave_to
    assert latest_autosave() == mine
    app = LivingForestApp(bot_pause=0, continue_latest=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.game is not None and app.game.session.actions == ["draw"]
        assert app.autosave_to == mine


async def test_ctrl_s_saves_from_a_hand_off_box(tmp_path: Path) -> None:
    app = LivingForestApp(bot_pause=0)
    path = tmp_path / "from-the-box.json"
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(FOUR[:2], 6))
        await first_flow(pilot)
        box = app.screen
        assert isinstance(box, HandOffScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, FilePromptScreen)
        prompt.query_one("#file-path", Input).value = str(path)
        await pilot.press("enter")
        await pilot.pause()
        assert path.is_file() and app.screen is box  # back to the box, game untouched
        assert app.game is not None
        assert read_record(path).actions == app.game.session.actions


async def test_ctrl_o_loads_from_a_hand_off_box() -> None:
    """Ctrl+O did nothing, without a word, while a hand-off box was up
    (Ctrl+S worked there). It opens the save browser; Esc goes back to the box."""
    other = other_game()
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(FOUR[:2], 6))
        await first_flow(pilot)
        box = app.screen
        assert isinstance(box, HandOffScreen)
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, SaveBrowserScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is box
        await pick(pilot, other)  # no move made yet: nothing to ask, the game opens
        await first_flow(pilot)
        assert app.game is not None and app.game.session.seats[0].name == "Eve"
        await pilot.press("ctrl+o")  # over the save browser itself: no second one
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert [type(s) for s in app.screen_stack].count(SaveBrowserScreen) == 1


async def test_quit_while_a_bot_thinks_continues_the_game_that_was_left() -> None:
    """ctrl+q during a bot's step: the step was never played, the autosave is on disk,
    Continue gives back exactly the board that was left."""
    seats = [SeatConfig("Ana", "winter", "baseline"), SeatConfig("Bot", "summer", "baseline")]
    app = LivingForestApp(bot_pause=30.0)  # every bot step waits: quit lands mid-step
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(seats, 9))
        game = await first_flow(pilot)
        assert game.bot_busy
        left = game.session.state.to_dict()
        actions = list(game.session.actions)
        await pilot.press("ctrl+q")
    app = LivingForestApp(bot_pause=30.0, continue_latest=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.game is not None
        assert app.game.session.actions == actions
        assert app.game.session.state.to_dict() == left


async def test_loading_a_save_again_goes_on_in_its_one_autosave() -> None:
    """Each load of the same save made an autosave of its own, so the Load
    list filled with copies of one game. Now a save goes on in the autosave that holds
    its game; one further along is never overwritten (a game of its own then)."""
    from living_forest.persistence import autosaves

    other = other_game()
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(3):
            assert app.open_save(other)
            await first_flow(pilot)
            app.flush_autosave()
            assert len(autosaves()) == 1
        first = app.autosave_to
        assert first is not None and app.game is not None
        app.game.session.play("draw")  # the autosave is one move ahead of other.json now
        app.flush_autosave()
        await pilot.pause()
        assert app.open_save(other)  # from the title, after the game was left
        await first_flow(pilot)
        app.flush_autosave()
        assert len(autosaves()) == 2 and app.autosave_to != first
        assert len(read_record(first).actions) == 3  # its move kept


async def test_an_ended_app_writes_its_last_move_and_leaves_no_autosave_thread() -> None:
    """The autosave's thread ends with its app, after writing the last move: a thread
    left running held the app (a thread keeps the ``sys.stderr`` of its start, which
    is the app's while it runs), so every app a process had run stayed in memory."""
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(FOUR[:2], 7))
        await started(pilot)
        await pilot.press("d")
        assert app.autosaver is not None
        thread, path = app.autosaver._thread, app.autosave_to
        assert thread.is_alive() and path is not None
        assert app.game is not None
        moves = list(app.game.session.actions)
    assert not thread.is_alive()
    assert read_record(path).actions == moves == ["draw"]


async def test_the_app_starting_removes_the_lock_file_a_killed_game_left() -> None:
    """A game killed outright (``kill -9``; a browser tab's app killed after its fork
    server's grace) leaves its lock file beside its autosave: nobody holds it, and the
    next start of the app removes it. The autosave itself stays, to be continued."""
    from living_forest.persistence import autosave_dir, holder
    from living_forest.persistence.locks import lock_path

    auto = autosave_dir() / "killed.json"
    save_session(auto, Session(FOUR[:2], 7))
    lock_path(auto).write_text("999999\n", encoding="ascii")  # as a killed game leaves it
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not lock_path(auto).exists() and holder(auto) is None
        assert latest_autosave() == auto


async def test_quitting_gives_the_game_file_up_before_the_app_is_taken_down() -> None:
    """Ctrl+Q (and SIGTERM, SIGHUP, a browser tab's server gone) writes the last move
    and gives the autosave's lock up before Textual takes the screens down: a browser
    tab's app still ending when its fork server's grace is over is killed, and then
    leaves no lock file behind all the same."""
    from living_forest.persistence.locks import lock_path

    app = LivingForestApp(bot_pause=0)
    at_exit: list[tuple[bool, list[str]]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(FOUR[:2], 7))
        await started(pilot)
        await pilot.press("d")
        path = app.autosave_to
        assert path is not None and lock_path(path).exists()
        exit_ = app.exit

        def exit_seen(*args: object, **kwargs: object) -> None:
            at_exit.append((lock_path(path).exists(), list(read_record(path).actions)))
            exit_(*args, **kwargs)  # type: ignore[arg-type]

        app.exit = exit_seen  # type: ignore[method-assign]
        await app.action_quit()
    assert at_exit == [(False, ["draw"])]
