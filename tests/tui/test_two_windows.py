"""Two app instances on one data folder: each running game owns its autosave.
Continue or Load of a game open in the other window says so and offers a copy; pruning
in one window never deletes the other's running game."""

from __future__ import annotations

import os
import time
from datetime import datetime
from pathlib import Path

import pytest

from living_forest.persistence import (
    AUTOSAVES_KEPT,
    autosaves,
    holder,
    new_autosave_path,
    read_record,
    save_game,
)
from living_forest.present.session import SeatConfig, Session
from living_forest.tui.app import LivingForestApp
from living_forest.tui.screens.modals import ConfirmScreen

from ..persistence.conftest import play
from .driver import clear_dialogs, started

TWO = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")]


async def _a_game_in(pilot, seed: int, draws: int) -> Path:
    """Start a 2-player hot-seat game in ``pilot``'s app, reveal ``draws`` cards, and
    return its autosave (on disk)."""
    app = pilot.app
    app.start_session(Session(TWO, seed))
    await started(pilot)
    for _ in range(draws):
        await pilot.press("d")
        await clear_dialogs(pilot)
    app.flush_autosave()
    assert app.autosave_to is not None and app.autosave_to.is_file()
    return app.autosave_to


async def test_continue_of_a_game_open_in_another_window_offers_a_copy() -> None:
    a = LivingForestApp(bot_pause=0)
    b = LivingForestApp(bot_pause=0)
    async with a.run_test(size=(80, 24)) as pa:
        mine = await _a_game_in(pa, 3, draws=1)
        assert holder(mine) == os.getpid()  # locked while on A's board
        async with b.run_test(size=(80, 24)) as pb:
            await pb.pause()
            await pb.press("c")  # Continue: the autosave written last is A's game
            await pb.pause()
            assert isinstance(b.screen, ConfirmScreen)
            assert b.screen.question == "This game is open in another window"
            await pb.press("escape")  # no: nothing opens, A's game is untouched
            await pb.pause()
            assert b.game is None and b.autosave_to is None
            await pb.press("c")
            await pb.pause()
            assert isinstance(b.screen, ConfirmScreen)
            await pb.press("enter")  # yes: a copy, saving to a file of its own
            await started(pb)
            assert b.game is not None and b.game.session.actions == ["draw"]
            copy = b.autosave_to
            assert copy is not None and copy != mine
            # Both go on, each in its own file.
            await pa.press("d")
            await clear_dialogs(pa)
            await pb.press("s")  # B stops instead
            await clear_dialogs(pb)
            a.flush_autosave()
            b.flush_autosave()
            assert read_record(mine).actions == a.game.session.actions
            assert read_record(copy).actions == b.game.session.actions
            assert read_record(mine).actions != read_record(copy).actions
    # A has closed: its game is free, and Continue in a new window takes it back itself.
    assert holder(mine) is None
    c = LivingForestApp(bot_pause=0)
    async with c.run_test(size=(80, 24)) as pc:
        await pc.pause()
        assert c.open_save(mine)
        await started(pc)
        assert c.autosave_to == mine and holder(mine) == os.getpid()


async def test_pruning_in_one_window_keeps_the_game_running_in_another() -> None:
    """B starts a game while A has one open that was last played weeks ago (the oldest
    file) and more than 12 other autosaves exist: A's file stays, A quits and loses
    nothing."""
    a = LivingForestApp(bot_pause=0)
    b = LivingForestApp(bot_pause=0)
    async with a.run_test(size=(80, 24)) as pa:
        running = await _a_game_in(pa, 5, draws=1)
        long_ago = time.time() - 90 * 86400
        os.utime(running, (long_ago, long_ago))
        rec, st = play(7, 3)
        others = []
        for i in range(AUTOSAVES_KEPT + 2):
            p = new_autosave_path(["spring"], datetime.now())
            save_game(p, rec, st, verify=False)
            when = long_ago + 3600 * (i + 1)  # abandoned too, but newer than A's
            os.utime(p, (when, when))
            others.append(p)
        async with b.run_test(size=(80, 24)) as pb:
            await _a_game_in(pb, 6, draws=0)
            assert running.is_file()  # B's start pruned the others, never A's game
            assert len([p for p in others if p.exists()]) < len(others)
            assert len(autosaves()) >= AUTOSAVES_KEPT
        assert a.game is not None
        actions = list(a.game.session.actions)
        await pa.press("ctrl+q")
    assert read_record(running).actions == actions


async def test_an_autosave_loaded_by_a_relative_path_goes_on_in_its_own_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--load autosaves/NAME.json`` typed in the data folder names an autosave too: the
    game goes on in that file, under its lock (it was taken for another file and copied
    to a new autosave, so the next Continue found two games)."""
    a = LivingForestApp(bot_pause=0)
    async with a.run_test(size=(80, 24)) as pa:
        mine = await _a_game_in(pa, 3, draws=1)
        await pa.press("ctrl+q")
    assert holder(mine) is None
    monkeypatch.chdir(mine.parent.parent)
    relative = Path(mine.parent.name) / mine.name
    b = LivingForestApp(bot_pause=0)
    async with b.run_test(size=(80, 24)) as pb:
        await pb.pause()
        assert b.open_save(relative)
        await started(pb)
        assert b.autosave_to == mine and holder(mine) == os.getpid()
        await pb.press("d")
        await clear_dialogs(pb)
        b.flush_autosave()
        assert autosaves() == [mine]  # no copy
        assert b.game is not None and read_record(mine).actions == b.game.session.actions
