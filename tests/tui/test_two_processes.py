"""Two real app processes on one data folder, each `living-forest` in a
pseudo-terminal of its own, as two terminal windows are: a game open in one is never
written or pruned by the other. (``test_two_windows.py`` has the same cases with two
app instances in one process, where each step can be looked at closely.)"""

from __future__ import annotations

import os
import signal
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
from living_forest.persistence.locks import lock_path

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


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
def test_a_game_whose_window_was_killed_is_taken_over_by_the_next_continue(
    tmp_path: Path,
) -> None:
    """A is killed outright (kill -9: no chance to give its game up) with a game open.
    Its lock file stays behind, but no running program holds it: B's --continue opens
    that game in its own file without asking, takes the lock over and plays on in it."""
    save = _save(tmp_path / "game.json", ("Ana", "Ben"), ("draw",))
    with Terminal(["--load", str(save)]) as a:
        a.read_until(HAND_OFF)
        mine = wait_for("A's autosave, locked by A", lambda: autosave_of(a.pid))
        assert isinstance(mine, Path)
        wait_for("A's game in A's file", lambda: actions(mine) == ["draw"])
        a.signal(signal.SIGKILL)
        assert a.finish() == -signal.SIGKILL
    assert lock_path(mine).exists()  # left behind by the dead process...
    assert holder(mine) is None  # ... held by nobody
    with Terminal(["--continue"]) as b:
        b.read_until(HAND_OFF)
        assert b"open in another window" not in b.output  # nobody else has it: no question
        assert wait_for("B holding A's file", lambda: autosave_of(b.pid) == mine)
        b.send(b"\rd")  # past the hand-off, B draws: in the same file, A's game goes on
        wait_for("B's move in the game's own file", lambda: actions(mine) == ["draw", "draw"])
        b.send(CTRL_Q)
        assert b.finish() == 0
    assert [p for p in autosaves() if p != mine] == []  # no copy was made
    assert holder(mine) is None and not lock_path(mine).exists()  # given up with B


@pytest.mark.slow
def test_two_new_games_started_in_the_same_second_keep_a_file_each() -> None:
    """Two windows start a New game with the same Spirits (the form's own) in the same
    second: their autosaves were named by that second and the Spirits alone, so both
    games wrote one file, each move replacing the other's. A draws, B does not move;
    both quit: two files, one for each game."""
    with Terminal([]) as a, Terminal([]) as b:
        forms = []
        for t in (a, b):
            t.read_until(b"New game")
            t.send(b"n")
        for t in (a, b):
            forms.append(t.read_until(b"Seat 1"))
        # Both Enter keys early in one second: the same second unless the machine
        # stalls (then the test still holds; it is only less likely to catch the old
        # naming).
        time.sleep(1.02 - time.time() % 1)
        a.send(b"\r")
        b.send(b"\r")
        for t, form in zip((a, b), forms, strict=True):
            t.read_until(HAND_OFF, start=form)
        a.send(b"\rd")  # A: past the hand-off, draws
        wait_for("A's move on disk", lambda: any(actions(p) == ["draw"] for p in autosaves()))
        for t in (b, a):
            t.send(CTRL_Q)
            assert t.finish() == 0
    assert sorted(actions(p) for p in autosaves()) == [[], ["draw"]]
