"""Glue between a :class:`Session` and the save files of ``living_forest.persistence``."""

from __future__ import annotations

from pathlib import Path

from living_forest.persistence import (
    GameRecord,
    SaveError,
    SeatRecord,
    autosave_path,
    default_save_dir,
    load_game,
    save_game,
)

from .session import SeatConfig, Session

__all__ = [
    "SaveError",
    "autosave_path",
    "default_save_dir",
    "load_session",
    "record_of",
    "save_session",
]


def record_of(session: Session) -> GameRecord:
    return GameRecord(
        seats=[
            SeatRecord(name=s.name, spirit=s.spirit, controller=s.controller) for s in session.seats
        ],
        seed=session.seed,
        first=session.first,
        actions=list(session.actions),
    )


def save_session(path: Path, session: Session) -> None:
    """Write ``session`` to ``path`` atomically; raises :class:`SaveError`."""
    save_game(path, record_of(session), session.state)


def load_session(path: Path) -> Session:
    """Read a save into a new session (the log is replayed); raises :class:`SaveError`."""
    rec, state = load_game(path)
    seats = [SeatConfig(s.name, s.spirit, s.controller) for s in rec.seats]
    try:
        session = Session(seats, rec.seed, rec.first, actions=rec.actions)
    except Exception as e:  # the persistence layer checked it; this is belt and braces
        raise SaveError(f"{path} cannot be replayed: {e}") from None
    if session.state.to_dict() != state.to_dict():
        raise SaveError(f"{path} does not replay to its saved position")
    for s in seats:
        if s.controller not in ("human", "random", "baseline"):
            raise SaveError(f"{path} names an unknown controller {s.controller!r}")
    return session


def autosave_exists() -> bool:
    try:
        return autosave_path().is_file()
    except OSError:
        return False
