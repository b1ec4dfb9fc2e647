"""Writing a file whole or not at all: saves, settings, the bots' weights, compiled
catalogues. A write goes to a temporary beside the target, is flushed to the disk, then
renamed over it: a crash, a full disk or Ctrl+C leaves the old file or the new one,
never half of one, and no temporary of its own behind."""

from __future__ import annotations

import contextlib
import glob
import os
import stat
import tempfile
import time
from pathlib import Path

TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 60.0  # a write takes milliseconds: an older temporary is debris


def clean_stale_temporaries(
    folder: Path, *, older_than: float = STALE_TEMP_SECONDS, of: str | None = None
) -> int:
    """Remove temporaries our own writes left behind in ``folder`` (a crash between
    creating and renaming one) older than ``older_than`` seconds: those of the file
    named ``of``, or else of any JSON file (``.NAME.json.*.tmp``: the saves' folder,
    ours alone). Returns how many were removed; never raises."""
    removed = 0
    now = time.time()
    pattern = f".{glob.escape(of)}.*{TEMP_SUFFIX}" if of else f".*.json.*{TEMP_SUFFIX}"
    try:
        candidates = list(folder.glob(pattern))
    except OSError:
        return 0
    for tmp in candidates:
        with contextlib.suppress(OSError):
            if tmp.is_file() and now - tmp.stat().st_mtime > older_than:
                tmp.unlink()
                removed += 1
    return removed


def atomic_write(target: Path, blob: bytes) -> None:
    """Temp file in the same directory (its name unique: two processes may write the
    same file), fsync, then rename over the target; the temporary is removed if the
    write stops on the way (an error, Ctrl+C). Stale temporaries of earlier crashed
    writes of the same file are removed first (not another program's, in a folder the
    user chose). A file replaced keeps its permissions. Raises OSError."""
    clean_stale_temporaries(target.parent, of=target.name)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=TEMP_SUFFIX)
    try:
        with contextlib.suppress(FileNotFoundError):
            os.chmod(fd, stat.S_IMODE(target.stat().st_mode))
        with os.fdopen(fd, "wb") as f:
            f.write(blob)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if hasattr(os, "O_DIRECTORY"):  # make the rename itself durable (POSIX)
        with contextlib.suppress(OSError):
            dfd = os.open(target.parent, os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
