"""One autosave per game, locked while it is open, the newest kept, and the catalogue a
save browser lists (loading or starting a game never destroys another,
nor does pruning)."""

from __future__ import annotations

import os
import re
from datetime import datetime
from pathlib import Path

from living_forest.persistence import (
    AUTOSAVES_KEPT,
    KEEP_UNFINISHED_DAYS,
    acquire,
    autosave_dir,
    autosave_path,
    autosaves,
    claim_autosave,
    describe_save,
    holder,
    latest_autosave,
    new_autosave_path,
    prune_autosaves,
    save_game,
    saves,
)

from .conftest import play

WHEN = datetime(2026, 12, 1, 18, 59, 13)
NOW = 1_800_000_000  # the files' clock (their mtime is NOW - age)
DAY = 86400


def write(path: Path, seed: int, steps: int, age: int) -> Path:
    """A real save of a baseline game at ``path``, last written ``age`` seconds ago."""
    rec, st = play(seed, steps)
    save_game(path, rec, st, verify=False)
    t = NOW - age
    os.utime(path, (t, t))
    return path


def test_each_game_gets_its_own_autosave_named_by_start_time_and_spirits(data_dir: Path) -> None:
    p = new_autosave_path(["winter", "Summer", "../../etc"], WHEN)
    assert p.parent == autosave_dir() == data_dir / "autosaves"
    assert re.fullmatch(r"2026-12-01T18-59-13_winter-summer-etc_[0-9a-f]{6}\.json", p.name)


def test_two_games_started_in_the_same_second_never_share_a_file(data_dir: Path) -> None:
    """Two windows starting a game with the same Spirits in the same second
    got the same name (the first file was not written yet), so each move of one
    replaced the other's. Each claim is a name of its own, locked for its game."""
    spirits = ["winter", "summer"]
    first = claim_autosave(spirits, WHEN)  # nothing written yet, as in a game's first instant
    second = claim_autosave(spirits, WHEN)
    assert first.path != second.path
    assert holder(first.path) == holder(second.path) == os.getpid()
    assert new_autosave_path(spirits, WHEN) != new_autosave_path(spirits, WHEN)
    first.release()
    assert holder(first.path) is None and holder(second.path) == os.getpid()
    second.release()


def test_continue_takes_the_autosave_written_last_old_layout_included(data_dir: Path) -> None:
    assert latest_autosave() is None
    a = write(new_autosave_path(["winter"], WHEN), 1, 5, age=300)
    legacy = write(autosave_path(), 2, 5, age=200)  # the single autosave of older versions
    assert latest_autosave() == legacy and autosaves() == [legacy, a]
    b = write(new_autosave_path(["summer"], WHEN), 3, 5, age=100)
    assert latest_autosave() == b


def test_pruning_keeps_the_newest_and_never_the_game_being_played(data_dir: Path) -> None:
    """Games abandoned long ago: all but the newest 12 go (never ``spare``)."""
    old = 40 * DAY
    made = [write(new_autosave_path(["winter"], WHEN), 1, 3, age=old + 10 * i) for i in range(16)]
    oldest = made[-1]
    deleted = prune_autosaves(spare=oldest, now=NOW)
    kept = autosaves()
    assert oldest in kept and len(kept) == AUTOSAVES_KEPT + 1
    assert sorted(deleted) == sorted(made[AUTOSAVES_KEPT:-1])
    assert all(not p.exists() for p in deleted)


def test_pruning_spares_running_and_recent_games_and_takes_finished_ones_first(
    data_dir: Path,
) -> None:
    """Starting a 13th game deleted another running game's autosave. Now a
    locked file and an unfinished game played in the last weeks are never deleted;
    finished games go first (even recent ones), then the oldest abandoned ones."""
    recent_unfinished = [
        write(new_autosave_path(["winter"], WHEN), 1, 3, age=DAY + i) for i in range(8)
    ]
    finished = [write(new_autosave_path(["summer"], WHEN), 2, 2000, age=i) for i in range(3)]
    assert all(describe_save(p).over for p in finished)
    abandoned = [
        write(new_autosave_path(["spring"], WHEN), 3, 3, age=(KEEP_UNFINISHED_DAYS + 5 + i) * DAY)
        for i in range(4)
    ]
    running = write(
        new_autosave_path(["autumn"], WHEN), 4, 3, age=(KEEP_UNFINISHED_DAYS + 99) * DAY
    )
    lock = acquire(running)  # a game open in another window, not played for months
    try:
        assert len(autosaves()) == 16
        deleted = prune_autosaves(now=NOW)
        assert running.exists() and all(p.exists() for p in recent_unfinished)
        # 16 - 12 = 4 to go: the 3 finished games, then the oldest abandoned one.
        assert sorted(deleted) == sorted([*finished, abandoned[-1]])
        assert all(p.exists() for p in abandoned[:-1])
        # Over the limit with only games that must stay: nothing more goes.
        more = [write(new_autosave_path(["winter"], WHEN), 5, 3, age=i) for i in range(6)]
        deleted = prune_autosaves(now=NOW)
        assert sorted(deleted) == sorted(abandoned[:-1])
        assert running.exists() and all(p.exists() for p in [*recent_unfinished, *more])
    finally:
        lock.release()


def test_the_catalogue_describes_every_save_without_replaying_it(data_dir: Path) -> None:
    mine = write(data_dir / "mine.json", 4, 40, age=50)
    auto = write(new_autosave_path(["winter", "summer", "spring"], WHEN), 5, 10, age=10)
    damaged = data_dir / "broken.json"
    damaged.write_text("{ not json", encoding="utf-8")
    os.utime(damaged, (1_700_000_000, 1_700_000_000))
    found = saves()
    assert [s.path for s in found] == [auto, mine, damaged]  # newest first
    first = found[0]
    assert first.autosave and first.players == (
        ("Ana", "winter"),
        ("Bo", "summer"),
        ("Cy", "spring"),
    )
    _, st = play(5, 10)
    assert first.round == st.round and first.modules == () and not first.over
    assert not found[1].autosave and found[1].round == play(4, 40)[1].round
    assert found[2].problem and "corrupt" in found[2].problem and found[2].players == ()
    assert describe_save(mine) == found[1]
