"""Glue between a :class:`Session` and the save files of ``living_forest.persistence``."""

from __future__ import annotations

import threading
from datetime import datetime
from pathlib import Path

from living_forest.core import GameState
from living_forest.i18n import _
from living_forest.persistence import (
    GameLock,
    GameRecord,
    SaveError,
    SeatRecord,
    autosave_path,
    claim_autosave,
    default_save_dir,
    describe_save,
    is_locked,
    latest_autosave,
    load_game,
    new_autosave_path,
    require_regular_file,
    save_game,
)
from living_forest.present.session import CONTROLLERS, SeatConfig, Session

__all__ = [
    "SaveError",
    "autosave_path",
    "default_save_dir",
    "load_session",
    "record_of",
    "save_session",
]


def record_of(session: Session) -> GameRecord:
    actions, _state = session.record
    return GameRecord(
        seats=[
            SeatRecord(name=s.name, spirit=s.spirit, controller=s.controller) for s in session.seats
        ],
        seed=session.seed,
        first=session.first,
        options=GameRecord.options_of(session.options),
        actions=actions,
    )


def save_session(path: Path, session: Session) -> None:
    """Write ``session`` to ``path`` atomically; raises :class:`SaveError`."""
    save_game(path, record_of(session), session.record[1])


def load_session(path: Path) -> Session:
    """Read a save into a new session; raises :class:`SaveError`. The log is checked by
    a replay, then replayed again by the session, which so knows what of the last turn
    may be undone (a play-test: a plant saved mid-turn could not be taken back after
    Continue; a replay is a few ms)."""
    rec, _state = load_game(path)
    for s in rec.seats:
        if s.controller not in CONTROLLERS:
            raise SaveError(
                # i18n: {controller} is the id of a kind of player, quoted ('human')
                _("{path} names an unknown controller {controller}").format(
                    path=path, controller=repr(s.controller)
                )
            )
    seats = [SeatConfig(s.name, s.spirit, s.controller) for s in rec.seats]
    return Session(seats, rec.seed, rec.first, options=rec.game_options(), actions=rec.actions)


def autosave_exists() -> bool:
    return latest_autosave() is not None


def claim_autosave_file(session: Session) -> tuple[Path, GameLock | None]:
    """A new autosave file for ``session`` and its lock, held while the game is open
    (no other running game can write that file). When the save folder cannot hold a
    lock the file is not locked, and the autosave says why it fails."""
    spirits = [s.spirit for s in session.seats]
    now = datetime.now()
    try:
        lock = claim_autosave(spirits, now)
    except OSError:
        return new_autosave_path(spirits, now), None
    return lock.path, lock


def replace_problem(path: Path, own: Path | None = None) -> str | None:
    """Why the save prompt must not write over the existing file ``path``, or None
    when it may (after asking): only a Living Forest save may be replaced, never
    another kind of file (``notes.txt``), nor a game open in another window. ``own``:
    the autosave of the game being saved, which is its own to replace."""
    try:
        require_regular_file(path)
        info = describe_save(path)
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        return _("{path} is a folder; type a file name.").format(path=path)
    except (SaveError, OSError) as e:
        return str(e)
    if info.problem:
        return _(
            "{path} is not a Living Forest save; it is left as it is. Choose another name."
        ).format(path=path)
    if path != own and is_locked(path):
        return _("{path} is the game open in another window; choose another name.").format(
            path=path
        )
    return None


class Autosaver:
    """Writes the latest position in a background thread so a key press never waits
    for the disk. Only the newest pending save is written; ``flush`` waits for it;
    ``close`` writes it and ends the thread."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: tuple[Path, GameRecord, GameState] | None = None
        self._busy = False
        self._closed = False
        self.error: str = ""
        self._thread = threading.Thread(target=self._loop, name="autosave", daemon=True)
        self._thread.start()

    def submit(self, session: Session, path: Path) -> None:
        rec = record_of(session)
        with self._cond:
            self._pending = (path, rec, session.record[1])
            self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every submitted save is on disk."""
        with self._cond:
            return self._cond.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def close(self, timeout: float = 10.0) -> bool:
        """Write what is pending, then end the thread (an app that has ended keeps no
        thread behind, nor, through it, itself: a thread holds the ``sys.stderr`` of
        its start, which is the app's while it runs)."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _loop(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending is not None or self._closed)
                if self._pending is None:
                    return
                job, self._pending = self._pending, None
                self._busy = True
            assert job is not None
            try:
                save_game(job[0], job[1], job[2], verify=False)
                self.error = ""
            except (SaveError, OSError) as e:
                self.error = _("Autosave failed: {error}").format(error=e)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
