"""The save prompt: it never replaces a file without asking, never a file that
is not a Living Forest save, and a relative data folder is not doubled."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.widget import Widget
from textual.widgets import Input, Label

from living_forest.persistence import ENV_DATA_DIR, default_save_dir, pin_data_dir, read_record
from living_forest.present.session import SeatConfig, Session
from living_forest.tui.app import LivingForestApp
from living_forest.tui.saving import save_session
from living_forest.tui.screens.modals import ConfirmScreen, FilePromptScreen

from .driver import clear_dialogs, started

TWO = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")]


async def _prompt(
    pilot, path: Path | str, opened_by: tuple[str, ...] = ("ctrl+s",)
) -> FilePromptScreen:
    """The file prompt the keys ``opened_by`` open (Save, by default), ``path`` typed in it
    and Enter pressed."""
    for key in opened_by:
        await pilot.press(key)
        await pilot.pause()
    prompt = pilot.app.screen
    assert isinstance(prompt, FilePromptScreen)
    prompt.query_one("#file-path", Input).value = str(path)
    await pilot.press("enter")
    await pilot.pause()
    return prompt


def _error(prompt: FilePromptScreen) -> str:
    return str(prompt.query_one("#file-error", Label).render())


async def test_the_save_prompt_never_replaces_a_file_that_is_not_a_save(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(TWO, 3))
        await started(pilot)
        prompt = await _prompt(pilot, notes)
        assert app.screen is prompt  # refused, the prompt stays for another name
        assert "is not a Living Forest save; it is left as it is" in _error(prompt)
        prompt.query_one("#file-path", Input).value = str(tmp_path)  # a folder
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is prompt and "is a folder" in _error(prompt)
        await pilot.press("escape")
    assert notes.read_text(encoding="utf-8") == "my notes\n"


async def test_the_save_prompt_asks_before_replacing_a_save(tmp_path: Path) -> None:
    other = Session([SeatConfig("Eve", "winter"), SeatConfig("Fox", "summer")], 8)
    other.play("draw")
    target = tmp_path / "slot.json"
    save_session(target, other)
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(TWO, 3))
        await started(pilot)
        await pilot.press("d")
        await clear_dialogs(pilot)
        prompt = await _prompt(pilot, target)
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == "Replace slot.json?"
        await pilot.press("escape")  # no: the file is kept, the prompt stays
        await pilot.pause()
        assert app.screen is prompt and "slot.json was kept" in _error(prompt)
        assert read_record(target).seats[0].name == "Eve"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")  # yes
        await pilot.pause()
        assert app.screen is app.game
        assert read_record(target).seats[0].name == "Ana"
        assert app.game is not None
        assert read_record(target).actions == app.game.session.actions


async def test_a_relative_data_folder_is_not_doubled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``LIVING_FOREST_DATA_DIR=rel/data``: Enter on the prompt's own suggestion
    saved to ``rel/data/rel/data/game-N.json``."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(ENV_DATA_DIR, os.path.join("rel", "data"))
    pin_data_dir()  # as the program does at start
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(TWO, 3))
        await started(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FilePromptScreen)
        await pilot.press("enter")  # the suggested name, as shown
        await pilot.pause()
        assert app.screen is app.game
    assert (tmp_path / "rel" / "data" / "game-3.json").is_file()
    assert not (tmp_path / "rel" / "data" / "rel").exists()
    assert default_save_dir() == tmp_path / "rel" / "data"
    assert os.environ[ENV_DATA_DIR] == str(tmp_path / "rel" / "data")


async def test_a_browser_tab_loads_and_saves_only_in_its_own_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every browser tab could load and save any file the server's user can
    write. A tab (``LIVING_FOREST_CONFINED=1``) names files in its data folder only:
    not elsewhere, not with ``..``, not through a link that leads out."""
    monkeypatch.setenv("LIVING_FOREST_CONFINED", "1")
    folder = default_save_dir()
    folder.mkdir(parents=True, exist_ok=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    (folder / "link").symlink_to(outside)
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(TWO, 3))
        await started(pilot)
        for name in (outside / "x.json", "../x.json", "link/x.json"):
            prompt = await _prompt(pilot, name)
            assert app.screen is prompt
            assert f"Here, games are kept in {folder} only" in _error(prompt)
            await pilot.press("escape")
            await pilot.pause()
        await _prompt(pilot, "mine.json")
        assert app.screen is app.game
        await pilot.press("ctrl+o", "end", "enter")  # Load: "Another file…"
        await pilot.pause()
        typed = pilot.app.screen  # app.screen: mypy still holds it for the game screen
        assert isinstance(typed, FilePromptScreen)
        typed.query_one("#file-path", Input).value = str(tmp_path / "data" / ".." / "x.json")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is typed and "Here, games are kept in" in _error(typed)
    assert (folder / "mine.json").is_file() and not any(outside.iterdir())


async def test_a_long_path_in_the_prompts_message_wraps_whole(tmp_path: Path) -> None:
    """Play-test at 80x24: "No such file: …" of a long path was cut at the box's edge
    (one line); the message now wraps within the box and shows the whole path."""
    deep = tmp_path.joinpath(*(f"folder-{i:02}" for i in range(8)), "my-saved-game.json")
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # Load…: the saves list; Enter: another file
        prompt = await _prompt(pilot, deep, opened_by=("l", "enter"))
        label = prompt.query_one("#file-error", Label)
        message = _error(prompt)
        assert str(deep) in message
        box = label.parent
        assert isinstance(box, Widget)
        assert label.region.right <= box.region.right
        # What the label draws, line by line, is the whole message (wrapped, not cut).
        drawn = [
            "".join(seg.text for seg in strip) for strip in label.render_lines(label.size.region)
        ]
        assert len(drawn) > 1
        assert "".join("".join(drawn).split()) == "".join(message.split())  # none cut


async def test_a_save_named_without_its_suffix_is_listed_to_load(tmp_path: Path) -> None:
    """A German play-test: a save typed as "pt25runde4" was written without ".json"
    and never showed in the Load or Replay lists (they list the saves by it). A name
    with no suffix is saved with it; a name with one is kept as typed."""
    from living_forest.persistence import SAVE_SUFFIX, saves

    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(TWO, 3))
        await started(pilot)
        await _prompt(pilot, tmp_path / "runde4")
        await clear_dialogs(pilot)
        named = tmp_path / f"runde4{SAVE_SUFFIX}"
        assert named.is_file() and not (tmp_path / "runde4").exists()
        assert named in [s.path for s in saves(tmp_path)]
        assert read_record(named).seed == 3
