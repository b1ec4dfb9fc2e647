"""Where games are kept: one autosave file per game, and a catalogue of every save.

Every game autosaves to its own file under ``<data dir>/autosaves/``, named by its
start time, its seats' Spirits and a random part
(``2026-12-01T18-59-13_winter-summer_3fa9c1.json``), and locked while the game is open
(``locks.py``), so starting, loading or continuing another game never overwrites it,
even in another window started in the same second. Pruning keeps the newest
:data:`AUTOSAVES_KEPT`, and beyond them never a game open somewhere nor an unfinished
game played in the last :data:`KEEP_UNFINISHED_DAYS` days: finished games go first,
then the oldest abandoned ones. The autosave of older versions (``autosave.json`` in
the data dir) is still found and listed. :func:`saves` describes every save file for a
save browser without replaying any of them. Imports no UI library.
"""

from __future__ import annotations

import contextlib
import re
import secrets
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from living_forest.core import GameState, outcome

from .files import SaveError, autosave_path, default_save_dir, read_record
from .locks import GameLock, GameLocked, acquire
from .model import GameRecord

AUTOSAVE_DIR = "autosaves"
AUTOSAVES_KEPT = 12
KEEP_UNFINISHED_DAYS = 28  # an unfinished game played this recently is never pruned
SAVE_SUFFIX = ".json"  # the saves the browsers list (a name typed without it gets it)
_SAFE = re.compile(r"[^a-z0-9-]+")


def autosave_dir() -> Path:
    return default_save_dir() / AUTOSAVE_DIR


def new_autosave_path(spirits: list[str], started: datetime) -> Path:
    """A name of its own for a game starting now: start time, the seats' Spirits and a
    random part (two windows start games in the same second). :func:`claim_autosave`
    also locks it, which is what makes it this game's alone."""
    stamp = started.strftime("%Y-%m-%dT%H-%M-%S")
    seats = "-".join(_SAFE.sub("", s.lower()) or "seat" for s in spirits)[:60]
    return autosave_dir() / f"{stamp}_{seats}_{secrets.token_hex(3)}.json"


def claim_autosave(spirits: list[str], started: datetime) -> GameLock:
    """A new autosave file for a game starting now, locked for it: no other running
    game has or can take that name. Raises OSError when the folder is not usable."""
    for _attempt in range(100):
        path = new_autosave_path(spirits, started)
        try:
            lock = acquire(path)
        except GameLocked:
            continue
        if not path.exists():
            return lock
        lock.release()  # an old file of that name (a chance in millions): another name
    raise OSError(f"no free autosave name in {autosave_dir()}")


def is_autosave(path: Path) -> bool:
    path = path.absolute()  # `--load autosaves/x.json` from the data folder is one too
    return path.parent == autosave_dir() or path == autosave_path()


def autosaves() -> list[Path]:
    """Every autosave file, newest first (by the time it was last written)."""
    found = []
    with contextlib.suppress(OSError):
        found = [p for p in autosave_dir().glob(f"*{SAVE_SUFFIX}") if p.is_file()]
    with contextlib.suppress(OSError):
        if autosave_path().is_file():
            found.append(autosave_path())
    return sorted(found, key=_mtime, reverse=True)


def latest_autosave() -> Path | None:
    """The game Continue resumes: the autosave written last."""
    found = autosaves()
    return found[0] if found else None


def prune_autosaves(
    keep: int = AUTOSAVES_KEPT, *, spare: Path | None = None, now: float | None = None
) -> list[Path]:
    """Delete autosaves of the autosave folder beyond the ``keep`` newest: finished
    games first, then the oldest abandoned ones. Never ``spare`` (the game being
    played), a game open in a running program (locked), or an unfinished game played
    in the last :data:`KEEP_UNFINISHED_DAYS` days, so more than ``keep`` may stay.
    Returns what was deleted."""
    files = [p for p in autosaves() if p.parent == autosave_dir() and p != spare]
    excess = len(files) - keep
    if excess <= 0:
        return []
    recent = (time.time() if now is None else now) - KEEP_UNFINISHED_DAYS * 86400
    candidates: list[tuple[bool, float, Path]] = []
    for p in files:
        finished = _finished(p)
        if not finished and _mtime(p) >= recent:
            continue
        candidates.append((not finished, _mtime(p), p))  # finished first, then oldest
    deleted: list[Path] = []
    for _unfinished, _when, p in sorted(candidates):
        if len(deleted) >= excess:
            break
        try:
            lock = acquire(p)  # a game open elsewhere keeps its file
        except (GameLocked, OSError):
            continue
        try:
            p.unlink()
            deleted.append(p)
        except OSError:
            pass
        finally:
            lock.release()
    return deleted


def _finished(path: Path) -> bool:
    """Whether an autosave holds a game that is over. A file that cannot be read (a
    newer program's, a damaged one) counts as unfinished: it may still matter."""
    try:
        st = read_record(path).state
    except SaveError:
        return False
    return st is not None and st.phase == "over"


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
    controllers: tuple[str, ...] = ()  # who plays each seat ("human", a bot's name)
    winners: tuple[str, ...] = ()  # the winners' names once the game is over


def describe_save(path: Path) -> SaveInfo:
    """What a save holds, from its record and snapshot (no replay: loading checks)."""
    when = datetime.fromtimestamp(_mtime(path))
    auto = is_autosave(path)
    try:
        rec = read_record(path)
    except SaveError as e:
        return SaveInfo(path, auto, when, problem=str(e))
    st = rec.state
    over = st is not None and st.phase == "over"
    return SaveInfo(
        path,
        auto,
        when,
        players=tuple((s.name, s.spirit) for s in rec.seats),
        modules=tuple(rec.game_options().modules),
        round=st.round if st is not None else 0,
        over=over,
        controllers=tuple(s.controller for s in rec.seats),
        winners=_winners(rec) if over else (),
    )


def _winners(rec: GameRecord) -> tuple[str, ...]:
    """The winners' names, from the snapshot (the file is not replayed: loading checks
    it); none when the snapshot cannot say (a module not installed, a damaged file)."""
    try:
        assert rec.state is not None
        st = GameState.from_dict(rec.state.model_dump())
        result = outcome(st)
    except (AssertionError, KeyError, IndexError, TypeError, ValueError):
        return ()
    return tuple(st.players[i].name for i in result.winners) if result is not None else ()


def same_game(a: GameRecord, b: GameRecord) -> bool:
    """Whether two records hold one game at two moments: the same seats, seed, first
    player and rules, and one's action log the beginning of the other's."""
    if (a.seed, a.first, a.options.modules, a.seats) != (
        b.seed,
        b.first,
        b.options.modules,
        b.seats,
    ):
        return False
    n = min(len(a.actions), len(b.actions))
    return a.actions[:n] == b.actions[:n]


def autosave_of(rec: GameRecord) -> Path | None:
    """The newest autosave holding the game of ``rec`` at the same moment or an
    earlier one (it can go on saving there without losing a move), or None."""
    for p in autosaves():
        try:
            other = read_record(p)
        except SaveError:
            continue
        if same_game(rec, other) and len(other.actions) <= len(rec.actions):
            return p
    return None


def saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every save in the save folder and every autosave, newest first."""
    base = folder or default_save_dir()
    files: list[Path] = []
    with contextlib.suppress(OSError):
        files = [p for p in base.glob(f"*{SAVE_SUFFIX}") if p.is_file() and p != autosave_path()]
    found = {p: None for p in [*files, *autosaves()]}
    return sorted((describe_save(p) for p in found), key=lambda s: s.modified, reverse=True)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
