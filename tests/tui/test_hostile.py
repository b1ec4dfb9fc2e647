"""Hostile input becomes a clear message and the game is kept: names with
markup, control characters, odd environment values, a malformed keymap file."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given
from hypothesis import strategies as hs
from textual.content import Content
from textual.widgets import Input

from living_forest.bots.rules_of_thumb import baseline_bot
from living_forest.core import is_over, legal_actions, observe
from living_forest.present.markup import FINAL_BACKSLASH, safe
from living_forest.present.session import SeatConfig, Session
from living_forest.tui.app import BOT_PAUSE, ENV_BOT_PAUSE, LivingForestApp, bot_pause_setting
from living_forest.tui.keymap import load_keymap
from living_forest.tui.screens.modals import FilePromptScreen
from living_forest.tui.screens.over import GameOverScreen
from living_forest.tui.widgets.board import Panel

from .driver import clear_dialogs, play_keys, settle, started


def shown(text: str) -> str:
    """What the player should see for ``text`` put through ``safe``."""
    out = "".join("?" if ord(c) < 32 or ord(c) == 127 else c for c in text)
    return out[:-1] + FINAL_BACKSLASH if out.endswith("\\") else out


@given(hs.text(max_size=30))
def test_safe_text_shows_as_typed_inside_any_markup(text: str) -> None:
    for markup in (f"[b]{safe(text)}[/]", f"{safe(text)}[dim] after[/]", safe(text)):
        plain = Content.from_markup(markup).plain
        assert plain.replace(" after", "") == shown(text)


def _finished_log(seats: list[SeatConfig], seed: int) -> list[str]:
    """A whole game's moves (baseline policy), played without the app."""
    session = Session(seats, seed)
    rng = random.Random(2)
    while not is_over(session.state):
        st = session.state
        session.play(baseline_bot(observe(st, st.current), legal_actions(st), rng))
        if session.held is not None:  # the round's last move waits for Enter
            session.confirm_turn()
    return list(session.actions)


@pytest.mark.parametrize(
    ("size", "moves"),
    [
        ((80, 24), 6),
        pytest.param((80, 24), 24, marks=pytest.mark.slow),
        pytest.param((160, 48), 12, marks=pytest.mark.slow),
    ],
    ids=["80x24", "80x24-24-moves", "160x48"],
)
async def test_names_with_markup_show_on_the_board_dialogs_and_result(
    size: tuple[int, int], moves: int
) -> None:
    """A name that closes a tag, one that ends in a backslash, one that ends in an
    open bracket: the board, help, inspector, hand-offs and the result show them,
    nothing raises. (Every panel of whole games with such names is held against
    Textual's reading of markup in test_markup.py, without a screen.)"""
    ana, ben = "[/]x\\", "[b]y["  # hot-seat: the hand-off boxes show the names too
    seats = [SeatConfig(ana, "winter"), SeatConfig(ben, "summer")]
    log = _finished_log(seats, 4)
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=size) as pilot:
        app.start_session(Session(seats, 4))
        dialogs = await started(pilot)
        game = app.game
        assert game is not None
        board = " ".join(str(w.render()) for w in game.query(Panel))
        assert shown(ana)[:5] in board
        for key in ("question_mark", "escape", "i", "escape"):
            await pilot.press(key)
        more, _over = await play_keys(pilot, game, moves)  # hand-offs, actions
        dialogs += more
        assert dialogs.count("HandOffScreen") >= 2
        # The same deal played to its end, loaded: the result box.
        app.start_session(Session(seats, 4, actions=log))
        await settle(pilot)
        await clear_dialogs(pilot)
        assert isinstance(app.screen, GameOverScreen)
        result = " ".join(str(w.render()) for w in app.screen.query("Label, Static"))
        assert shown(ana) in result or shown(ben) in result


async def test_a_nul_byte_in_the_file_prompt_is_refused_and_the_game_kept(tmp_path) -> None:
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session([SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")], 3))
        await started(pilot)
        game = app.game
        assert game is not None
        before = game.session.state.to_dict()
        for keys in (["ctrl+s"], ["ctrl+o", "end", "enter"]):  # ctrl+o: the browser first
            await pilot.press(*keys)
            prompt = app.screen
            assert isinstance(prompt, FilePromptScreen)
            prompt.query_one("#file-path", Input).value = str(tmp_path / "saves" / "a\x00b.json")
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is prompt  # still asking, with the reason
            assert "control characters" in str(prompt.query_one("#file-error").render())
            await pilot.press("escape")
        assert app.game is game and game.session.state.to_dict() == before
        assert not (tmp_path / "saves").exists()


def test_keymap_files_that_would_hang_or_crash_are_refused(tmp_path) -> None:
    path = tmp_path / "keymap.toml"
    path.write_text("[keys]\nx = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    keymap, problems = load_keymap(path)
    assert keymap == {} and "nested too deeply" in problems[0]
    path.write_text('[keys]\n"game.draw" = "' + "a," * 100_000 + 'a"\n', encoding="utf-8")
    keymap, problems = load_keymap(path)
    assert keymap == {} and "too big" in problems[0]
    path.write_text('[keys]\n"game.draw" = "' + "a," * 200 + 'a"\n"game.stop" = "x"\n')
    keymap, problems = load_keymap(path)
    assert keymap == {"game.stop": "x", "game.stop.why": "x"}
    assert len(problems) == 1 and "too long" in problems[0]
    # What the file says is quoted in the warning, cleaned of control characters.
    path.write_text('[keys]\n"game.\\u001b]0;x\\u0007" = "\\u001b[5m"\n', encoding="utf-8")
    keymap, problems = load_keymap(path)
    assert keymap == {} and len(problems) == 1
    assert "\x1b" not in problems[0] and "\x07" not in problems[0]
    assert "game.?]0;x?: ?[5m is not a portable key" in problems[0]


@pytest.mark.parametrize("text", ["inf", "1e308", "1e9", "-1", "nan", "soon", "11"])
def test_a_bot_pause_out_of_range_is_refused_with_a_reason(text: str) -> None:
    pause, problem = bot_pause_setting(text)
    assert pause == BOT_PAUSE and problem is not None and ENV_BOT_PAUSE in problem


@pytest.mark.parametrize("text", ["0", "0.05", "2.5", "10"])
def test_a_bot_pause_in_range_is_taken(text: str) -> None:
    assert bot_pause_setting(text) == (float(text), None)


async def test_a_refused_setting_is_shown_when_the_app_starts() -> None:
    _, problem = bot_pause_setting("inf")
    assert problem is not None
    app = LivingForestApp(bot_pause=0, notices=[problem])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert [n.message for n in app._notifications] == [problem]


async def test_control_characters_typed_or_pasted_in_a_name_are_cleaned() -> None:
    """A name pasted with an escape sequence in the New game form would reach
    the terminal wherever the name is drawn. It is cleaned as the form is read."""
    from living_forest.tui.screens.title import NewGameScreen

    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#name-0", Input).value = "\x1b]0;pwned\x07Ana"
        form.query_one("#name-1", Input).value = "B\x1b[5men\r"
        result = form.form()
        assert not isinstance(result, str)
        seats, _seed, _options = result
        assert [s.name for s in seats[:2]] == ["?]0;pwned?Ana", "B?[5men?"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
async def test_the_load_prompt_refuses_a_fifo_before_opening_it(tmp_path) -> None:
    """A FIFO typed in the Load prompt hung the app (reading waits for a
    writer). It is refused in the prompt, with the reason, and nothing is opened."""
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o", "end", "enter")  # the browser's last entry: a path
        prompt = app.screen
        assert isinstance(prompt, FilePromptScreen)
        prompt.query_one("#file-path", Input).value = str(fifo)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is prompt
        error = str(prompt.query_one("#file-error").render())
        assert error == f"{fifo} is not a regular file, so it cannot be a save file"
        # Even past the prompt (a FIFO put there after it looked), loading refuses it.
        assert not app.open_save(fifo)
        assert "is not a regular file" in app.last_error
