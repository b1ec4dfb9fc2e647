"""A program run in a real pseudo-terminal, for tests that check the bytes that reach a
terminal, what Ctrl+C does, or what a signal leaves behind (POSIX only).

Every wait is bounded by a generous deadline that only a hang reaches (never an
assertion about how long something took), and the output is drained while waiting, so
a program that writes a lot never blocks on a full terminal."""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from collections.abc import Callable, Sequence

DEADLINE = 120.0  # seconds: generous for a loaded 2-core machine; only a hang reaches it


class Terminal:
    """``argv`` (``python -m living_forest …`` by default) on a ``cols`` x ``rows``
    pseudo-terminal, with this process's environment plus ``env``."""

    def __init__(
        self,
        args: Sequence[str],
        *,
        env: dict[str, str] | None = None,
        cols: int = 100,
        rows: int = 30,
        python_module: bool = True,
    ) -> None:
        argv = [sys.executable, "-m", "living_forest", *args] if python_module else list(args)
        full_env = {**os.environ, "TERM": "xterm-256color", **(env or {})}
        full_env.pop("COLUMNS", None)
        full_env.pop("LINES", None)
        pid, fd = pty.fork()
        if pid == 0:  # the child: its terminal's size, then the program
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
                os.execve(argv[0], argv, full_env)
            finally:
                os._exit(127)
        self.pid = pid
        self.fd = fd
        self.output = bytearray()
        self.status: int | None = None

    def _read(self, timeout: float) -> bool:
        """Read what is there (waiting up to ``timeout``); False at the end of output."""
        ready, _w, _x = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # EIO: the program closed its terminal
            return False
        if not chunk:
            return False
        self.output.extend(chunk)
        return True

    def read_until(self, needle: bytes, deadline: float = DEADLINE, *, start: int = 0) -> int:
        """Read until ``needle`` is in the output (at ``start`` or after); return where
        it starts."""
        end = time.monotonic() + deadline
        while self.output.find(needle, start) < 0:
            if not self._read(0.2):
                raise AssertionError(f"output ended before {needle!r}: {self.tail()!r}")
            if time.monotonic() > end:
                raise AssertionError(f"no {needle!r} within {deadline:g} s: {self.tail()!r}")
        return self.output.index(needle, start)

    def send(self, data: bytes) -> None:
        os.write(self.fd, data)

    def signal(self, signum: int) -> None:
        os.kill(self.pid, signum)

    def finish(
        self, deadline: float = DEADLINE, *, meanwhile: Callable[[], object] | None = None
    ) -> int:
        """Read to the end of the output and wait for the program: its exit code
        (negative: the signal that ended it). ``meanwhile`` is called again and again
        (every few milliseconds at most) until the program has ended (e.g. to send it
        a signal at every moment of its end)."""
        end = time.monotonic() + deadline
        pause = 0.2 if meanwhile is None else 0.002
        while self._read(pause):
            if meanwhile is not None:
                meanwhile()
            if time.monotonic() > end:
                self.kill()
                raise AssertionError(f"still running after {deadline:g} s: {self.tail()!r}")
        while self.status is None:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.status = os.waitstatus_to_exitcode(status)
            elif time.monotonic() > end:
                self.kill()
                raise AssertionError(f"did not exit within {deadline:g} s")
            else:
                if meanwhile is not None:
                    meanwhile()
                time.sleep(pause)
        self._close()
        return self.status

    def kill(self) -> None:
        """End the program and its terminal (for a test's clean-up)."""
        if self.status is None:
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                _pid, status = os.waitpid(self.pid, 0)
                self.status = os.waitstatus_to_exitcode(status)
        self._close()

    def _close(self) -> None:
        fd, self.fd = self.fd, -1
        if fd >= 0:
            with contextlib.suppress(OSError):
                os.close(fd)

    def tail(self, n: int = 400) -> bytes:
        return bytes(self.output[-n:])

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.kill()
