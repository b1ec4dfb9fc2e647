"""A browser tab's app (``living-forest serve``) whose server is gone: its
input ends, or its output breaks. The app quits as Ctrl+Q does — the game autosaved,
its lock given up — instead of running on unseen or ending on a ``BrokenPipeError``
that skipped its exit (the lock file left behind)."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from living_forest.persistence import autosaves, holder, read_record
from living_forest.persistence.locks import lock_path

from .test_real_terminal import HAND_OFF, _save

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes")

DEADLINE = 120.0  # seconds: generous for a loaded 2-core machine; only a hang reaches it
TAB_DRIVER = "living_forest.tui.web_driver:TabDriver"  # what `serve` gives its tabs


def _packet(kind: bytes, payload: bytes) -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


def _tab_app(save: Path, driver: str = TAB_DRIVER) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "TEXTUAL_DRIVER": driver,
        "TEXTUAL_COLOR_SYSTEM": "truecolor",
        "COLUMNS": "100",
        "ROWS": "30",
    }
    return subprocess.Popen(
        [sys.executable, "-m", "living_forest", "--load", str(save)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    )


def _read_until(app: subprocess.Popen[bytes], needle: bytes) -> None:
    """Read the app's output until ``needle`` (bounded: a reader thread, joined with the
    deadline)."""
    assert app.stdout is not None
    seen = bytearray()

    def read() -> None:
        assert isinstance(app.stdout, io.BufferedReader)  # a pipe, buffered: it has read1
        while needle not in seen:
            chunk = app.stdout.read1(65536)
            if not chunk:
                return
            seen.extend(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(DEADLINE)
    assert needle in seen, f"no {needle!r} from the app: {bytes(seen[-300:])!r}"


@pytest.mark.parametrize(
    "gone", ["input ends", pytest.param("output breaks", marks=pytest.mark.slow)]
)
def test_a_tab_whose_server_is_gone_quits_as_ctrl_q_does(tmp_path: Path, gone: str) -> None:
    save = _save(tmp_path / "game.json", ("Ana", "Ben"), ("draw", "draw"))
    app = _tab_app(save)
    try:
        _read_until(app, HAND_OFF)
        [auto] = autosaves()
        assert holder(auto) == app.pid  # the game is open, its autosave locked
        assert app.stdin is not None and app.stdout is not None
        if gone == "input ends":
            app.stdin.close()  # and the output is still read: nothing breaks
            threading.Thread(target=app.stdout.read, daemon=True).start()
        else:
            app.stdout.close()  # nobody reads it any more; a resize makes it draw
            resize = json.dumps({"type": "resize", "width": 90, "height": 28}).encode()
            app.stdin.write(_packet(b"M", resize))
            app.stdin.flush()
        code = app.wait(DEADLINE)
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
    assert code == 0
    assert read_record(auto).actions == ["draw", "draw"]
    assert holder(auto) is None and not lock_path(auto).exists()  # given up, not left


def test_a_tab_sent_sigterm_while_it_ends_still_gives_its_lock_up(tmp_path: Path) -> None:
    """The server killed: the tab's input ends (the app quits as Ctrl+Q does) and the
    fork server's SIGTERM comes while the app is already ending. On a loaded machine it
    came after the app had given its signal handlers back, so it killed the app outright
    before the app had given its lock up: the lock file was left in the data folder.
    Here SIGTERM comes again and again until the app has ended: the game is in its
    autosave, and its lock is gone with it."""
    save = _save(tmp_path / "game.json", ("Ana", "Ben"), ("draw", "draw"))
    app = _tab_app(save)
    try:
        _read_until(app, HAND_OFF)
        [auto] = autosaves()
        assert holder(auto) == app.pid
        assert app.stdin is not None and app.stdout is not None
        threading.Thread(target=app.stdout.read, daemon=True).start()
        app.stdin.close()  # the server is gone ...
        end = time.monotonic() + DEADLINE
        while app.poll() is None and time.monotonic() < end:
            os.kill(app.pid, signal.SIGTERM)  # ... and its fork server ends the tab
        app.wait(DEADLINE)
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
    assert read_record(auto).actions == ["draw", "draw"]
    assert not lock_path(auto).exists()  # given up before SIGTERM could kill the app
