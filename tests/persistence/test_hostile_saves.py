"""Cases a hostile run found (26,000 mutated loads of real saves, 300 kill -9 during
saves): each is refused with one clear, short SaveError, and nothing is left behind."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from living_forest.core import GameOptions, apply, legal_actions, new_game
from living_forest.persistence import (
    GameRecord,
    SaveError,
    SeatRecord,
    clean_stale_temporaries,
    load_game,
    save_game,
)
from living_forest.persistence.files import MAX_MESSAGE

from ..grove import rules as toy
from .conftest import play


def _saved(tmp_path: Path, steps: int = 60) -> tuple[Path, dict[str, Any]]:
    rec, st = play(11, steps)
    path = tmp_path / "game.json"
    save_game(path, rec, st)
    return path, json.loads(path.read_text(encoding="utf-8"))


def _error(path: Path) -> str:
    with pytest.raises(SaveError) as exc:
        load_game(path)
    msg = str(exc.value)
    assert "\n" not in msg and len(msg) <= MAX_MESSAGE, msg
    return msg


@pytest.mark.parametrize(
    "text",
    [
        "move \u00b2",  # superscript two: str.isdigit() is True, int() fails
        "move \u0663",  # Arabic-Indic three: int() reads 3
        "extinguish \uff13",  # full-width three
        "plant 5A@\u00b9,0",
        "plant 5A@1,\u0660",
        "extinguish 2\u00b2",
    ],
)
def test_non_ascii_digits_are_a_notation_error(tmp_path: Path, text: str) -> None:
    """int() reads some Unicode digits (Arabic-Indic, full-width) and not others; the
    notation takes ASCII digits only, so each of these is a clear parse error."""
    path, raw = _saved(tmp_path)
    i = next(k for k, a in enumerate(raw["actions"]) if a.split()[0] in ("move", "extinguish"))
    raw["actions"][i] = text
    path.write_text(json.dumps(raw), encoding="utf-8")
    msg = _error(path)
    assert f"action {i + 1} of" in msg and "is not valid notation" in msg


@pytest.mark.parametrize(
    "mutate",
    [
        lambda r: r["actions"].__setitem__(0, "x" * 64),
        lambda r: r["actions"].__setitem__(0, "attract " + "y" * 55),
        lambda r: r["state"]["thresholds"].__setitem__("z" * 5000, 1),
        lambda r: r["seats"][0].__setitem__("spirit", "w" * 4000),
        lambda r: r.__setitem__("schema_version", "9" * 3000),
        lambda r: r["state"]["players"][0]["draw"].append("q" * 4000),
    ],
    ids=["long-kind", "long-arg", "long-key", "long-spirit", "long-version", "long-card"],
)
def test_long_input_gives_a_readable_message(tmp_path: Path, mutate: Any) -> None:
    path, raw = _saved(tmp_path)
    mutate(raw)
    path.write_text(json.dumps(raw), encoding="utf-8")
    msg = _error(path)
    assert len(msg) <= MAX_MESSAGE
    assert "x" * 41 not in msg and "y" * 41 not in msg and "z" * 41 not in msg


def test_an_unknown_rules_module_is_refused(tmp_path: Path) -> None:
    path, raw = _saved(tmp_path)
    raw["options"] = {"modules": ["moonlight"]}
    path.write_text(json.dumps(raw), encoding="utf-8")
    assert "rules cannot be used: unknown rules module 'moonlight'" in _error(path)


def test_a_game_with_a_module_saves_and_loads_with_its_state(tmp_path: Path) -> None:
    options = GameOptions((toy.NAME,))
    seats = [("Ana", "winter"), ("Bo", "spring")]
    st, _ = new_game(seats, 4, options=options)
    log = []
    while st.phase != "action":
        a = next(a for a in legal_actions(st) if a.kind in ("stop", "draw"))
        st, _ = apply(st, a)
        log.append(str(a))
    st, _ = apply(st, "rest")
    log.append("rest")
    rec = GameRecord(
        seats=[SeatRecord(name=n, spirit=s, controller="human") for n, s in seats],
        seed=4,
        options=GameRecord.options_of(options),
        actions=log,
    )
    path = tmp_path / "grove.json"
    save_game(path, rec, st)
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw["options"] == {"modules": [toy.NAME]}
    assert raw["state"]["ext"][toy.NAME]["order"] == toy.game_grove(st).order
    rec2, st2 = load_game(path)
    assert st2 == st and rec2.game_options() == options
    # A record that says "base game" for a state of another game is refused.
    base_record = GameRecord(seats=rec.seats, seed=4, actions=log)
    with pytest.raises(SaveError, match="nothing was written"):
        save_game(tmp_path / "bad.json", base_record, st)
    assert not (tmp_path / "bad.json").exists()


def test_stale_temporaries_of_a_crashed_write_are_removed(tmp_path: Path) -> None:
    """A write killed between creating its temporary and renaming it leaves
    ``.NAME.json.XXXX.tmp`` behind; the next write in that folder removes old ones and
    keeps a fresh one (another writer may be using it)."""
    old = tmp_path / ".game.json.abc123.tmp"
    old.write_bytes(b'{"half": ')
    hour_ago = time.time() - 3600
    os.utime(old, (hour_ago, hour_ago))
    fresh = tmp_path / ".autosave.json.def456.tmp"
    fresh.write_bytes(b"{")
    other = tmp_path / ".notes.txt.tmp"  # not ours
    other.write_bytes(b"keep")
    os.utime(other, (hour_ago, hour_ago))
    path, _ = _saved(tmp_path)
    assert not old.exists() and fresh.exists() and other.exists() and path.exists()
    assert clean_stale_temporaries(tmp_path, older_than=-1) == 1  # the fresh one, forced
    assert not fresh.exists() and other.exists()
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == [other.name]
