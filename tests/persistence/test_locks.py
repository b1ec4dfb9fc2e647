"""A running game's lock on its autosave: held while the game is open, seen
by every other process, and taken over once its process is dead."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from living_forest.persistence import GameLocked, acquire, holder, is_locked, remove_stale_locks
from living_forest.persistence.locks import lock_path

HOLD = """
import sys
from pathlib import Path
from living_forest.persistence import acquire
lock = acquire(Path(sys.argv[1]))
print("locked", flush=True)
sys.stdin.read()  # hold it until killed (or stdin closes)
"""


def _holding_process(save: Path) -> subprocess.Popen[str]:
    p = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(save)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert p.stdout is not None
    assert p.stdout.readline().strip() == "locked"  # waits for the child, no clock
    return p


def test_a_lock_is_seen_by_another_process_and_taken_over_when_it_dies(tmp_path: Path) -> None:
    save = tmp_path / "autosaves" / "game.json"
    child = _holding_process(save)
    try:
        assert holder(save) == child.pid
        with pytest.raises(GameLocked) as e:
            acquire(save)
        assert e.value.holder == child.pid
    finally:
        child.send_signal(signal.SIGKILL)  # no chance to clean up: the lock file stays
        child.wait()
        assert child.stdin is not None and child.stdout is not None
        child.stdin.close()
        child.stdout.close()
    assert lock_path(save).exists()  # left behind by the dead process...
    assert holder(save) is None  # ... but nobody holds it
    mine = acquire(save)  # taken over
    assert holder(save) == os.getpid()
    mine.release()


def test_a_lock_file_naming_a_dead_process_is_taken_over(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    lock_path(save).write_text(dead.stdout, encoding="ascii")  # its pid, no live lock
    lock = acquire(save)
    assert holder(save) == os.getpid() and lock_path(save).read_text().strip() == str(os.getpid())
    lock.release()


def test_release_frees_the_save_and_removes_the_lock_file(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    assert holder(save) is None and not is_locked(save)
    lock = acquire(save)
    with pytest.raises(GameLocked):  # a second game in this same process is refused too
        acquire(save)
    lock.release()
    lock.release()  # twice is harmless
    assert not lock_path(save).exists() and not is_locked(save)
    again = acquire(save)
    assert is_locked(save)
    again.release()


def test_lock_files_nobody_holds_are_removed_and_held_ones_kept(tmp_path: Path) -> None:
    """A game killed outright leaves its lock file behind: removed (the next start of
    the app does it), while the lock of a game still open stays as it is."""
    folder = tmp_path / "autosaves"
    killed, running = folder / "killed.json", folder / "running.json"
    child = _holding_process(killed)
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert child.stdin is not None and child.stdout is not None
    child.stdin.close()
    child.stdout.close()
    alive = _holding_process(running)
    try:
        assert lock_path(killed).exists() and lock_path(running).exists()
        assert remove_stale_locks(folder) == 1
        assert not lock_path(killed).exists()
        assert holder(running) == alive.pid  # still its: the file and its lock
        assert remove_stale_locks(tmp_path / "no such folder") == 0
    finally:
        alive.kill()
        alive.wait()
        assert alive.stdin is not None and alive.stdout is not None
        alive.stdin.close()
        alive.stdout.close()
