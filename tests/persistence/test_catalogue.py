"""One autosave per game, the newest kept, and the catalogue a save browser lists
(issue 8: loading or starting a game never destroys another)."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from living_forest.persistence import (
    AUTOSAVES_KEPT,
    autosave_dir,
    autosave_path,
    autosaves,
    describe_save,
    latest_autosave,
    new_autosave_path,
    prune_autosaves,
    save_game,
    saves,
)

from .conftest import play

WHEN = datetime(2026, 12, 1, 18, 59, 13)


def write(path: Path, seed: int, steps: int, age: int) -> Path:
    """A real save of a baseline game at ``path``, last written ``age`` seconds ago."""
    rec, st = play(seed, steps)
    save_game(path, rec, st, verify=False)
    t = 1_800_000_000 - age
    os.utime(path, (t, t))
    return path


def test_each_game_gets_its_own_autosave_named_by_start_time_and_spirits(data_dir: Path) -> None:
    p = new_autosave_path(["winter", "Summer", "../../etc"], WHEN)
    assert p.parent == autosave_dir() == data_dir / "autosaves"
    assert p.name == "2026-12-01T18-59-13_winter-summer-etc.json"
    write(p, 1, 5, 0)
    again = new_autosave_path(["winter", "summer", "etc"], WHEN)  # same second, same seats
    assert again != p and again.name.endswith("_2.json")


def test_continue_takes_the_autosave_written_last_old_layout_included(data_dir: Path) -> None:
    assert latest_autosave() is None
    a = write(new_autosave_path(["winter"], WHEN), 1, 5, age=300)
    legacy = write(autosave_path(), 2, 5, age=200)  # the single autosave of older versions
    assert latest_autosave() == legacy and autosaves() == [legacy, a]
    b = write(new_autosave_path(["summer"], WHEN), 3, 5, age=100)
    assert latest_autosave() == b


def test_only_the_newest_autosaves_are_kept_never_the_game_being_played(data_dir: Path) -> None:
    made = [write(new_autosave_path(["winter"], WHEN), 1, 3, age=10 * i) for i in range(16)]
    oldest = made[-1]
    deleted = prune_autosaves(spare=oldest)
    kept = autosaves()
    assert oldest in kept and len(kept) == AUTOSAVES_KEPT + 1
    assert sorted(deleted) == sorted(made[AUTOSAVES_KEPT:-1])
    assert all(not p.exists() for p in deleted)


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
