"""Where games are kept: one autosave file per game, and a catalogue of every save.

Every game autosaves to its own file under ``<data dir>/autosaves/``, named by its
start time and its seats' Spirits (``2026-12-01T18-59-13_winter-summer.json``), so
starting or loading another game never overwrites it; the newest
:data:`AUTOSAVES_KEPT` are kept. The autosave of older versions (``autosave.json``
in the data dir) is still found and listed. :func:`saves` describes every save file
for a save browser without replaying any of them. Imports no UI library.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from .files import SaveError, autosave_path, default_save_dir, read_record

AUTOSAVE_DIR = "autosaves"
AUTOSAVES_KEPT = 12
_SAFE = re.compile(r"[^a-z0-9-]+")


def autosave_dir() -> Path:
    return default_save_dir() / AUTOSAVE_DIR


def new_autosave_path(spirits: list[str], started: datetime) -> Path:
    """A file of its own for a game starting now: start time, then the seats' Spirits."""
    stamp = started.strftime("%Y-%m-%dT%H-%M-%S")
    seats = "-".join(_SAFE.sub("", s.lower()) or "seat" for s in spirits)[:60]
    folder = autosave_dir()
    path = folder / f"{stamp}_{seats}.json"
    n = 2
    while path.exists():  # two games started in the same second
        path = folder / f"{stamp}_{seats}_{n}.json"
        n += 1
    return path


def is_autosave(path: Path) -> bool:
    return path.parent == autosave_dir() or path == autosave_path()


def autosaves() -> list[Path]:
    """Every autosave file, newest first (by the time it was last written)."""
    found = []
    with contextlib.suppress(OSError):
        found = [p for p in autosave_dir().glob("*.json") if p.is_file()]
    with contextlib.suppress(OSError):
        if autosave_path().is_file():
            found.append(autosave_path())
    return sorted(found, key=_mtime, reverse=True)


def latest_autosave() -> Path | None:
    """The game Continue resumes: the autosave written last."""
    found = autosaves()
    return found[0] if found else None


def prune_autosaves(keep: int = AUTOSAVES_KEPT, *, spare: Path | None = None) -> list[Path]:
    """Delete all but the ``keep`` newest autosaves of the autosave folder (never
    ``spare``, the game being played); return what was deleted."""
    old = [p for p in autosaves() if p.parent == autosave_dir() and p != spare][keep:]
    for p in old:
        with contextlib.suppress(OSError):
            p.unlink()
    return old


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """One save file as a browser lists it. ``problem`` is set (and the rest empty)
    when the file cannot be read as a save."""

    path: Path
    autosave: bool
    modified: datetime
    players: tuple[tuple[str, str], ...] = ()  # (name, spirit) in table order
    modules: tuple[str, ...] = ()
    round: int = 0
    over: bool = False
    problem: str = ""


def describe_save(path: Path) -> SaveInfo:
    """What a save holds, from its record and snapshot (no replay: loading checks)."""
    when = datetime.fromtimestamp(_mtime(path))
    auto = is_autosave(path)
    try:
        rec = read_record(path)
    except SaveError as e:
        return SaveInfo(path, auto, when, problem=str(e))
    st = rec.state
    return SaveInfo(
        path,
        auto,
        when,
        players=tuple((s.name, s.spirit) for s in rec.seats),
        modules=tuple(rec.game_options().modules),
        round=st.round if st is not None else 0,
        over=st is not None and st.phase == "over",
    )


def saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every save in the save folder and every autosave, newest first."""
    base = folder or default_save_dir()
    files: list[Path] = []
    with contextlib.suppress(OSError):
        files = [p for p in base.glob("*.json") if p.is_file() and p != autosave_path()]
    found = {p: None for p in [*files, *autosaves()]}
    return sorted((describe_save(p) for p in found), key=lambda s: s.modified, reverse=True)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
