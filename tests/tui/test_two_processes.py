"""Two real app processes on one data folder, each `living-forest` in a
pseudo-terminal of its own, as two terminal windows are: a game open in one is never
written or pruned by the other. (``test_two_windows.py`` has the same cases with two
app instances in one process, where each step can be looked at closely.)"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
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

from ..persistence.conftest import play
from .test_real_terminal import HAND_OFF, _save

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")

from tests.terminal import DEADLINE, Terminal  # noqa: E402  (POSIX-only imports)

CTRL_Q = b"\x11"


def wait_for(what: str, found: Callable[[], object]) -> object:
    """Poll ``found`` until it gives something true; bounded by a deadline only a hang
    reaches (the other process writes its files when it gets to it)."""
    end = time.monotonic() + DEADLINE
    while not (value := found()):
        if time.monotonic() > end:
            raise AssertionError(f"{what}: not within {DEADLINE:g} s")
        time.sleep(0.1)
    return value


def autosave_of(pid: int) -> Path | None:
    """The autosave the process ``pid`` has open (holds the lock of), if any."""
    mine = [p for p in autosaves() if holder(p) == pid]
    assert len(mine) <= 1, mine
    return mine[0] if mine else None


def actions(path: Path) -> list[str]:
    try:
        return list(read_record(path).actions)
    except Exception:  # being replaced this very moment: read it again
        return []


def test_continue_in_a_second_process_opens_a_copy_and_each_game_keeps_its_file(
    tmp_path: Path,
) -> None:
    save = _save(tmp_path / "game.json", ("Ana", "Ben"), ("draw",))
    with Terminal(["--load", str(save)]) as a:
        a.read_until(HAND_OFF)
        mine = wait_for("A's autosave, locked by A", lambda: autosave_of(a.pid))
        assert isinstance(mine, Path)
        with Terminal(["--continue"]) as b:  # the autosave written last: A's game
            asked = b.read_until(b"open in another window")
            b.send(b"\r")  # Enter: open a copy here
            b.read_until(HAND_OFF, start=asked)
            copy = wait_for("B's copy, locked by B", lambda: autosave_of(b.pid))
            assert isinstance(copy, Path) and copy != mine
            assert actions(copy) == ["draw"]
            a.send(b"\rd")  # A: past the hand-off, draws again
            b.send(b"\rs")  # B: past the hand-off, stops instead
            wait_for("A's move in A's file", lambda: len(actions(mine)) == 2)
            wait_for("B's move in B's file", lambda: len(actions(copy)) == 2)
            assert actions(mine) != actions(copy)  # neither overwrote the other
            ours, theirs = actions(mine), actions(copy)
            b.send(CTRL_Q)
            assert b.finish() == 0
        a.send(CTRL_Q)
        assert a.finish() == 0
    assert actions(mine) == ours and actions(copy) == theirs
    assert holder(mine) is None and holder(copy) is None  # both locks gone with their app


def test_a_new_game_in_a_second_process_never_prunes_the_game_open_in_the_first(
    tmp_path: Path,
) -> None:
    """A has a game open whose file is the oldest of more than 12 autosaves (last
    played weeks ago); B starts a new game, which prunes: A's file stays, and A
    quitting before its next move loses nothing."""
    save = _save(tmp_path / "game.json", ("Ana", "Ben"), ("draw",))
    with Terminal(["--load", str(save)]) as a:
        a.read_until(HAND_OFF)
        running = wait_for("A's autosave, locked by A", lambda: autosave_of(a.pid))
        assert isinstance(running, Path) and actions(running) == ["draw"]
        long_ago = time.time() - 90 * 86400
        os.utime(running, (long_ago, long_ago))
        rec, st = play(7, 3)
        others = []
        for i in range(AUTOSAVES_KEPT + 2):  # abandoned too, but newer than A's
            p = new_autosave_path(["spring"], datetime.now())
            save_game(p, rec, st, verify=False)
            os.utime(p, (long_ago + 3600 * (i + 1),) * 2)
            others.append(p)
        with Terminal([]) as b:
            b.read_until(b"New game")
            b.send(b"n")
            form = b.read_until(b"Seat 1")
            b.send(b"\r")  # start it
            b.read_until(HAND_OFF, start=form)
            wait_for("B's autosave, locked by B", lambda: autosave_of(b.pid))
            b.send(CTRL_Q)
            assert b.finish() == 0
        assert running.is_file()  # B's start pruned the others, never A's game
        assert len([p for p in others if p.exists()]) < len(others)
        assert len(autosaves()) >= AUTOSAVES_KEPT
        a.send(CTRL_Q)
        assert a.finish() == 0
    assert actions(running) == ["draw"]
