"""Which running game owns which autosave: a lock held while the game is open.

Two windows (or two browser tabs) that continued the same game would otherwise write
the same file, each move silently replacing the other's. So a game on the board holds
an exclusive lock on a small file beside its autosave (``.NAME.json.lock``), and a
second window that opens that autosave is told so (it may open a copy that saves to a
file of its own).

The lock is the operating system's (``flock`` on POSIX, ``msvcrt.locking`` on
Windows): it ends with the process that holds it, even one killed with ``kill -9`` or
by a power cut, so a lock left by a dead process is simply taken over. The file holds
the owner's process id, only to say who has the game open. Imports no UI library.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

LOCK_SUFFIX = ".lock"
_RETRIES = 3  # another process probing the lock holds it for microseconds


class GameLocked(Exception):
    """The save is open in another running game (``holder``: its process id, when
    the lock file says)."""

    def __init__(self, path: Path, holder: int | None) -> None:
        super().__init__(f"{path} is open in process {holder}")
        self.path = path
        self.holder = holder


def lock_path(save: Path) -> Path:
    """The lock file of a save: hidden, beside it (``.NAME.json.lock``)."""
    return save.with_name(f".{save.name}{LOCK_SUFFIX}")


class GameLock:
    """An exclusive lock on one save, held until :meth:`release` (or the process ends)."""

    def __init__(self, save: Path, fd: int) -> None:
        self.path = save
        self._fd: int | None = fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Give the save up: the lock file is removed while still locked, so nobody
        can be holding a lock on a file that is no longer there. Idempotent."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            lock_path(self.path).unlink()
        with contextlib.suppress(OSError):
            _unlock(fd)
        with contextlib.suppress(OSError):
            os.close(fd)

    def __repr__(self) -> str:
        return f"GameLock({str(self.path)!r}, held={self.held})"


def acquire(save: Path) -> GameLock:
    """Lock ``save`` for this process (its folder is made if missing); raises
    :class:`GameLocked` when a running game holds it, :class:`OSError` when the
    folder cannot hold a lock file."""
    lp = lock_path(save)
    lp.parent.mkdir(parents=True, exist_ok=True)
    for attempt in range(_RETRIES):
        fd = os.open(lp, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            got = _try_lock(fd)
            if got and _same_file(fd, lp):
                os.ftruncate(fd, 0)
                os.write(fd, f"{os.getpid()}\n".encode())
                return GameLock(save, fd)
        except BaseException:
            os.close(fd)
            raise
        if got:  # we locked a lock file its owner removed in the meantime: again
            with contextlib.suppress(OSError):
                _unlock(fd)
            os.close(fd)
            continue
        holder = _read_pid(fd)
        os.close(fd)
        if attempt < _RETRIES - 1:
            time.sleep(0.01)
            continue
        raise GameLocked(save, holder)
    raise GameLocked(save, None)  # removed under us three times running: someone has it


def holder(save: Path) -> int | None:
    """The process id of the running game that has ``save`` open (this process's
    own id for a game open in this process), or None when nobody holds it."""
    try:
        fd = os.open(lock_path(save), os.O_RDWR)
    except OSError:
        return None  # no lock file: nobody has it open
    try:
        if _try_lock(fd):
            _unlock(fd)
            return None
        pid = _read_pid(fd)
        return pid if pid is not None else -1
    finally:
        os.close(fd)


def is_locked(save: Path) -> bool:
    return holder(save) is not None


def remove_stale_locks(folder: Path) -> int:
    """Remove the lock files in ``folder`` that no running game holds: left by a game
    killed outright (``kill -9``, a power cut), which had no chance to give its lock
    up. Such a file is harmless (its lock is taken over) but a tidy folder has none.
    Each is removed while locked, as :meth:`GameLock.release` does, so a game taking it
    at that moment takes a file of its own. Returns how many; never raises."""
    try:
        candidates = list(folder.glob(f".*.json{LOCK_SUFFIX}"))
    except OSError:
        return 0
    removed = 0
    for lp in candidates:
        try:
            fd = os.open(lp, os.O_RDWR)
        except OSError:
            continue
        try:
            if _try_lock(fd):
                try:
                    if _same_file(fd, lp):
                        lp.unlink()
                        removed += 1
                finally:
                    _unlock(fd)
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed


def _same_file(fd: int, path: Path) -> bool:
    try:
        a, b = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except (OSError, AttributeError):  # os.pread: POSIX only
        return None
    return int(text) if text.isdigit() else None


if fcntl is not None:

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

else:  # pragma: no cover - Windows
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
