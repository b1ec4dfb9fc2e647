"""The app in a real pseudo-terminal: the bytes that reach the terminal carry
no escape sequence from a save file, and SIGTERM / SIGHUP end the app as Ctrl+Q does
(the game autosaved, the terminal given back)."""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from living_forest.persistence import autosaves, holder, read_record
from living_forest.present.session import SeatConfig, Session
from living_forest.tui.saving import save_session
from tests.procs import alive

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")

from tests.terminal import DEADLINE, Terminal  # noqa: E402  (POSIX-only imports)

TITLE = "\x1b]0;pwned\x07"  # sets the window title (ESC ] 0 ; ... BEL)
CLIPBOARD = "\x1b]52;c;cHduZWQ=\x07"  # writes the clipboard on many terminals
BLINK = "\x1b[5;31m"
HAND_OFF = b"Pass the keyboard"
LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"
MOUSE_OFF = b"\x1b[?1000l"
# What the app sets on the terminal, and what gives it back (Textual's driver).
TAKE_AND_GIVE_BACK = {
    "alternate screen": (b"\x1b[?1049h", LEAVE_ALTERNATE_SCREEN),
    "mouse reporting": (b"\x1b[?1000h", MOUSE_OFF),
    "bracketed paste": (b"\x1b[?2004h", b"\x1b[?2004l"),
    "hidden cursor": (b"\x1b[?25l", b"\x1b[?25h"),
}


def _save(path: Path, names: tuple[str, str], actions: tuple[str, ...] = ("draw",)) -> Path:
    s = Session([SeatConfig(names[0], "winter"), SeatConfig(names[1], "summer")], 4)
    for a in actions:
        s.play(a)
    save_session(path, s)
    return path


def _hostile_save(path: Path) -> Path:
    """A save whose names hold escape sequences, as a hand-edited file has them (the
    program never writes such names itself)."""
    _save(path, ("Anaxx", "Benxx"))
    raw = json.loads(path.read_text(encoding="utf-8"))
    swap = {"Anaxx": f"{TITLE}Ana{CLIPBOARD}", "Benxx": f"B{BLINK}en"}
    for who in [*raw["seats"], *raw["state"]["players"]]:
        who["name"] = swap[who["name"]]
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def test_escape_sequences_in_a_saves_names_never_reach_the_terminal(tmp_path: Path) -> None:
    save = _hostile_save(tmp_path / "hostile.json")
    with Terminal(["--load", str(save)]) as term:
        term.read_until(HAND_OFF)  # the board and its hand-off box, names and all
        term.read_until(b"pwned")
        term.send(b"\x11")  # ctrl+q
        code = term.finish()
    out = bytes(term.output)
    assert code == 0
    assert b"\x1b]0;pwned" not in out and b"\x1b]52;" not in out
    assert b"B\x1b[5;31men" not in out and b"\x07" not in out.split(HAND_OFF)[1]
    assert b"?]0;pwned?Ana" in out  # shown, harmless


@pytest.mark.parametrize(
    "signum", [signal.SIGTERM, pytest.param(signal.SIGHUP, marks=pytest.mark.slow)]
)
def test_sigterm_and_sighup_autosave_and_give_the_terminal_back(
    tmp_path: Path, signum: int
) -> None:
    save = _save(tmp_path / "game.json", ("Ana", "Ben"), ("draw", "draw"))
    with Terminal(["--load", str(save)]) as term:
        term.read_until(HAND_OFF)
        started = len(term.output)
        term.signal(signum)
        code = term.finish()
    after = bytes(term.output[started:])
    assert code == 128 + signum  # ended by the signal, as a shell reports it, yet cleanly
    assert LEAVE_ALTERNATE_SCREEN in after and MOUSE_OFF in after
    [auto] = autosaves()
    assert read_record(auto).actions == ["draw", "draw"]
    assert holder(auto) is None  # its lock went with the app


def _left_on(out: bytes) -> list[str]:
    """What the terminal was left with: each mode the output set and did not unset
    after (its last "on" after its last "off")."""
    return [
        what for what, (on, off) in TAKE_AND_GIVE_BACK.items() if out.rfind(on) > out.rfind(off)
    ]


@pytest.mark.parametrize(
    "signum", [signal.SIGTERM, pytest.param(signal.SIGHUP, marks=pytest.mark.slow)]
)
def test_a_signal_at_any_moment_of_the_apps_life_ends_it_with_the_terminal_given_back(
    tmp_path: Path, signum: int
) -> None:
    """The signal comes again and again from the moment the app takes the terminal
    (before its first screen is up) until its process has ended: every moment of its
    start, its play and its teardown gets one. The first ends the app as Ctrl+Q does;
    the others find that end under way. Before, one that came before the app had caught
    the signals (its driver starts before its mount) killed it outright with the
    alternate screen and the mouse reporting left on, and one after it had given them
    back (at its unmount) gave the process a kill's exit status."""
    save = _save(tmp_path / "game.json", ("Ana", "Ben"), ("draw", "draw"))
    with Terminal(["--load", str(save)]) as term:
        term.read_until(TAKE_AND_GIVE_BACK["alternate screen"][0])
        code = term.finish(meanwhile=lambda: term.signal(signum))
    assert _left_on(bytes(term.output)) == []
    assert code == 128 + signum  # the app's own end, as a shell reports the signal's
    for auto in autosaves():  # none if the first signal came before the game was loaded
        assert read_record(auto).actions == ["draw", "draw"]
        assert holder(auto) is None


def test_sigterm_again_and_again_while_the_app_quits_changes_nothing_of_its_quit(
    tmp_path: Path,
) -> None:
    """Ctrl+Q, then SIGTERM again and again from the moment the app starts giving the
    terminal back until its process has ended (a session manager, a fork server
    insisting): the quit under way ends the app, with its exit status (a second quit
    does nothing), the game autosaved, its lock given up, the terminal given back."""
    save = _save(tmp_path / "game.json", ("Ana", "Ben"), ("draw", "draw"))
    with Terminal(["--load", str(save)]) as term:
        at = term.read_until(HAND_OFF)
        term.send(b"\x11")  # ctrl+q
        term.read_until(TAKE_AND_GIVE_BACK["bracketed paste"][1], start=at)  # the quit began
        code = term.finish(meanwhile=lambda: term.signal(signal.SIGTERM))
    assert _left_on(bytes(term.output)) == []
    assert code == 0  # Ctrl+Q's
    [auto] = autosaves()
    assert read_record(auto).actions == ["draw", "draw"]
    assert holder(auto) is None


SERVER = """
import os, subprocess, sys
env = dict(os.environ, LIVING_FOREST_SERVER_PID=str(os.getpid()))
app = subprocess.Popen(  # its own session, as serve starts a tab: no SIGHUP reaches it
    [sys.executable, "-m", "living_forest", "--load", sys.argv[1]], env=env, start_new_session=True
)
print("app", app.pid, flush=True)
app.wait()
"""


def test_a_browser_tabs_app_quits_when_its_server_dies(tmp_path: Path) -> None:
    """``living-forest serve`` killed outright (SIGKILL, no chance to end its tabs):
    each tab's app notices its server is gone and quits as Ctrl+Q does."""
    save = _save(tmp_path / "game.json", ("Ana", "Ben"), ("draw",))
    with Terminal([sys.executable, "-c", SERVER, str(save)], python_module=False) as term:
        at = term.read_until(b"app ")
        term.read_until(HAND_OFF)
        app = int(bytes(term.output[at:]).split()[1])
        term.signal(signal.SIGKILL)  # the "server"
        try:
            term.finish()  # the output ends once the app, which shares the terminal, is gone
            # ... and its process a moment after (the kernel closes a process's files,
            # then marks it ended: a loaded machine can run this test in between).
            end = time.monotonic() + DEADLINE
            while alive(app) and time.monotonic() < end:
                time.sleep(0.05)
        finally:
            if alive(app):  # a failed test leaves nothing running
                os.kill(app, signal.SIGKILL)
    assert not alive(app)
    [auto] = autosaves()
    assert read_record(auto).actions == ["draw"] and holder(auto) is None


@pytest.mark.parametrize("good", [True, False], ids=["a save", "not a save"])
def test_escape_sequences_in_a_files_name_never_reach_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, good: bool
) -> None:
    """A file's name comes from the disk too (a download, a listing): the app's
    "Loaded NAME" and the command line's "cannot load: NAME …" show it cleaned."""
    name = f"{TITLE}{'good' if good else 'bad'}.json"
    if good:
        _save(tmp_path / name, ("Ana", "Ben"))
    else:
        (tmp_path / name).write_text("{}", encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # a short path: the message fits on a line or two
    with Terminal(["--load", name]) as term:
        said = term.read_until(b"Loaded" if good else b"cannot load")
        term.read_until(b"pwned", start=said)
        if good:
            term.send(b"\x11")  # ctrl+q
        code = term.finish()
    out = bytes(term.output)
    assert code == (0 if good else 1)
    assert b"\x1b]0" not in out and b"?]0;pwned?" in out


def test_escape_sequences_in_a_files_name_never_reach_the_terminal_from_the_replay_viewer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``view FILE`` (and Watch a replay) shows "Replay of NAME" on its status line: a
    file's name from the disk, cleaned there too (it set the terminal's title)."""
    name = f"{TITLE}good.json"
    _save(tmp_path / name, ("Ana", "Ben"), ("draw", "draw"))
    monkeypatch.chdir(tmp_path)
    with Terminal(["view", name]) as term:
        shown = term.read_until(b"Replay of")
        term.read_until(b"pwned", start=shown)
        term.send(b"\x11")  # ctrl+q
        code = term.finish()
    out = bytes(term.output)
    assert code == 0
    assert b"\x1b]0" not in out and b"?]0;pwned?good.json" in out
