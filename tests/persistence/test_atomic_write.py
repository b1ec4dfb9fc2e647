"""The one atomic write (saves, settings, the bots' weights, compiled catalogues)."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

from living_forest.atomic import STALE_TEMP_SECONDS, atomic_write


def _old(path: Path) -> Path:
    path.write_bytes(b"debris")
    then = time.time() - 2 * STALE_TEMP_SECONDS
    os.utime(path, (then, then))
    return path


def test_a_write_clears_only_its_own_files_old_temporaries(tmp_path: Path) -> None:
    """In a folder the user chose (settings, train --out), another file's temporaries
    and another program's are left alone; the target's own old ones go."""
    target = tmp_path / "settings.json"
    own = _old(tmp_path / ".settings.json.abc123.tmp")
    other = _old(tmp_path / ".notes.json.xyz.tmp")
    atomic_write(target, b"{}\n")
    assert target.read_bytes() == b"{}\n"
    assert not own.exists() and other.exists()


def test_a_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "weights.json"
    target.write_bytes(b"old")
    target.chmod(0o644)
    atomic_write(target, b"new")
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert sorted(p.name for p in tmp_path.iterdir()) == ["weights.json"]
