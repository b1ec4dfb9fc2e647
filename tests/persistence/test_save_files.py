"""Save → load round trips, and every way a file can be bad gives one clear SaveError."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from living_forest.core import apply, is_over, legal_actions
from living_forest.persistence import (
    MAX_SAVE_BYTES,
    SCHEMA_VERSION,
    GameRecord,
    SaveError,
    SeatRecord,
    autosave_path,
    default_save_dir,
    describe_save,
    files,
    load_game,
    load_game_with_events,
    read_record,
    replay_record,
    save_game,
)

from .conftest import play, release_fifo_writer


def _write(path: Path, obj: Any) -> None:
    path.write_text(json.dumps(obj), encoding="utf-8")


def _saved(tmp_path: Path, steps: int = 40) -> tuple[Path, dict[str, Any]]:
    rec, st = play(11, steps)
    path = tmp_path / "game.json"
    save_game(path, rec, st)
    return path, json.loads(path.read_text(encoding="utf-8"))


# --- round trips ------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "steps", "first"), [(1, 0, None), (2, 25, 1), (3, 400, None)])
def test_round_trip_gives_the_same_record_and_state(
    tmp_path: Path, seed: int, steps: int, first: int | None
) -> None:
    rec, st = play(seed, steps, first)
    path = tmp_path / "nested" / "dir" / "save.json"  # parent dirs are created
    written = save_game(path, rec, st)
    rec2, st2 = load_game(path)
    assert st2 == st
    assert st2.to_dict() == st.to_dict()
    assert rec2 == written
    assert rec2.actions == rec.actions and rec2.seats == rec.seats and rec2.first == first
    assert rec2.state is not None and rec2.state.model_dump() == st.to_dict()
    assert rec2.saved_at is not None and rec2.saved_at.endswith("+00:00")
    assert rec2.schema_version == SCHEMA_VERSION


def test_a_finished_game_round_trips_and_play_continues_after_load(tmp_path: Path) -> None:
    rec, st = play(5, 100_000)
    assert is_over(st)
    save_game(tmp_path / "over.json", rec, st)
    _, st2 = load_game(tmp_path / "over.json")
    assert is_over(st2) and st2 == st
    rec, st = play(6, 30)
    save_game(tmp_path / "mid.json", rec, st)
    _, st3 = load_game(tmp_path / "mid.json")
    a = legal_actions(st3)[0]
    assert apply(st3, a)[0] == apply(st, a)[0]


def test_save_refuses_a_record_that_does_not_reproduce_the_state(tmp_path: Path) -> None:
    rec, st = play(4, 30)
    short = rec.model_copy(update={"actions": rec.actions[:-1]})
    path = tmp_path / "s.json"
    with pytest.raises(SaveError, match="does not reproduce"):
        save_game(path, short, st)
    assert not path.exists()


def test_unverified_save_skips_the_replay_but_load_still_catches_a_mismatch(
    tmp_path: Path,
) -> None:
    """Autosave writes without replaying (verify=False); load_game still refuses a save
    whose log does not reproduce its snapshot."""
    rec, st = play(4, 30)
    path = tmp_path / "auto.json"
    save_game(path, rec, st, verify=False)
    assert load_game(path)[1] == st
    short = rec.model_copy(update={"actions": rec.actions[:-1]})
    save_game(path, short, st, verify=False)
    with pytest.raises(SaveError, match="snapshot"):
        load_game(path)


def test_save_refuses_a_state_outside_the_format(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rec, st = play(4, 30)
    st.fragment_supply = -1  # what a rules bug could produce
    monkeypatch.setattr(files, "_replay_final", lambda r: st)
    path = tmp_path / "s.json"
    with pytest.raises(SaveError, match="fragment_supply: Input should be greater than or equal"):
        save_game(path, rec, st)
    assert not path.exists()


def test_default_dir_honours_the_environment(data_dir: Path) -> None:
    assert default_save_dir() == data_dir
    assert autosave_path() == data_dir / "autosave.json"


def test_default_dir_without_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LIVING_FOREST_DATA_DIR")
    assert default_save_dir().name == "living-forest"


def test_replay_record_numbers_every_action(tmp_path: Path) -> None:
    rec, _ = play(9, 12)
    steps = list(replay_record(rec))
    assert [s.number for s in steps] == list(range(13))
    assert steps[0].action is None and steps[0].events[0].kind == "game_started"
    assert [s.action for s in steps[1:]] == rec.actions
    assert all(s.events for s in steps[1:])


# --- atomic write -------------------------------------------------------------------


def test_crash_during_replace_keeps_the_old_file_and_leaves_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, _ = _saved(tmp_path, 10)
    before = path.read_bytes()
    rec, st = play(12, 60)

    def boom(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(SaveError, match=r"could not write save file .*No space left"):
        save_game(path, rec, st)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_crash_during_write_keeps_the_old_file_and_leaves_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, _ = _saved(tmp_path, 10)
    before = path.read_bytes()
    rec, st = play(12, 60)

    def killed(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", killed)
    with pytest.raises(KeyboardInterrupt):
        save_game(path, rec, st)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert load_game(path)[0].actions == play(11, 10)[0].actions


def test_unwritable_directory_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    rec, st = play(1, 3)
    with pytest.raises(SaveError, match="could not write save file"):
        save_game(blocker / "save.json", rec, st)
    assert blocker.read_text() == "x"


# --- bad files ----------------------------------------------------------------------


def _load_error(path: Path) -> str:
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(SaveError) as info:
        load_game(path)
    if before is not None:
        assert path.read_bytes() == before  # loading never touches the file
    msg = str(info.value)
    assert "\n" not in msg
    return msg


@pytest.mark.parametrize("keep", [0.1, 0.5, 0.77, 0.999])
def test_truncated_file(tmp_path: Path, keep: float) -> None:
    path, _ = _saved(tmp_path)
    blob = path.read_bytes()
    path.write_bytes(blob[: int(len(blob) * keep)])
    assert "is truncated: invalid JSON" in _load_error(path)


def test_corrupt_file(tmp_path: Path) -> None:
    path, _ = _saved(tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"seed"', '"seed" "', 1), encoding="utf-8")
    assert "is corrupt: invalid JSON at line" in _load_error(path)


@pytest.mark.parametrize("blob", [b"", b"   \n", b"\xff\xfe\x00garbage"])
def test_empty_or_binary_file(tmp_path: Path, blob: bytes) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(blob)
    msg = _load_error(path)
    assert "is empty" in msg or "not UTF-8" in msg


@pytest.mark.parametrize(
    ("obj", "kind"), [([1, 2], "array"), ("save", "string"), (3, "number"), (None, "null")]
)
def test_json_that_is_not_an_object(tmp_path: Path, obj: Any, kind: str) -> None:
    path = tmp_path / "x.json"
    _write(path, obj)
    assert f"not a save file: it holds a JSON {kind}, not an object" in _load_error(path)


@pytest.mark.parametrize(
    "obj",
    [
        {"name": "my-package", "version": "1.0.0", "dependencies": {}},
        {"schema_version": 1, "seats": [], "seed": 1},  # no format marker
        {"format": "some-other-game", "schema_version": 1},
    ],
)
def test_foreign_json_file(tmp_path: Path, obj: Any) -> None:
    path = tmp_path / "package.json"
    _write(path, obj)
    assert "is not a Living Forest save file" in _load_error(path)


@pytest.mark.parametrize("version", [SCHEMA_VERSION + 1, 0, "1", True, None, 2.0])
def test_wrong_schema_version(tmp_path: Path, version: Any) -> None:
    path, raw = _saved(tmp_path)
    raw["schema_version"] = version
    _write(path, raw)
    want = f"has save format version {version!r}; this program reads versions 1 to {SCHEMA_VERSION}"
    assert want in _load_error(path)


@pytest.mark.parametrize("field", ["seats", "seed", "state"])
def test_missing_field(tmp_path: Path, field: str) -> None:
    path, raw = _saved(tmp_path)
    del raw[field]
    _write(path, raw)
    msg = _load_error(path)
    if field == "state":
        assert "has no state snapshot" in msg
    else:
        assert f"is invalid at {field}: Field required" in msg


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (
            lambda r: r["seats"][0].update(controller="Robert'); DROP"),
            "invalid at seats.0.controller",
        ),
        (lambda r: r.update(seed=-1), "invalid at seed"),
        (lambda r: r.update(extra="x"), "invalid at extra: Extra inputs are not permitted"),
        (lambda r: r["state"].update(round="3"), "invalid at state.round"),
        (lambda r: r["state"]["players"][0].update(rock=True), "invalid at state.players.0.rock"),
        (lambda r: r.update(actions="draw"), "invalid at actions"),
    ],
)
def test_wrong_types_are_named(tmp_path: Path, change: Any, fragment: str) -> None:
    path, raw = _saved(tmp_path)
    change(raw)
    _write(path, raw)
    assert fragment in _load_error(path)


def test_bad_seats_cannot_start_a_game(tmp_path: Path) -> None:
    path, raw = _saved(tmp_path)
    raw["seats"][1]["spirit"] = "winter"
    _write(path, raw)
    assert "the saved seats cannot start a game: each Spirit" in _load_error(path)


def test_illegal_action_in_the_log_names_its_index_and_reason(tmp_path: Path) -> None:
    path, raw = _saved(tmp_path)
    raw["actions"][2] = "plant 5A@0,0"  # during the draw phase
    _write(path, raw)
    msg = _load_error(path)
    assert f"action 3 of {len(raw['actions'])} ('plant 5A@0,0') in the log is illegal" in msg


def test_unparsable_action_in_the_log(tmp_path: Path) -> None:
    path, raw = _saved(tmp_path)
    raw["actions"][0] = "__import__('os').system('true')"
    _write(path, raw)
    assert "action 1 of" in (msg := _load_error(path)) and "is not valid notation" in msg


def test_tampered_snapshot(tmp_path: Path) -> None:
    path, raw = _saved(tmp_path)
    raw["state"]["players"][0]["fragments"] += 5
    raw["state"]["fragment_supply"] -= 5
    _write(path, raw)
    msg = _load_error(path)
    assert "was altered or damaged: its state snapshot does not match" in msg
    assert "players, fragment_supply" in msg


def test_log_with_extra_actions_does_not_match_snapshot(tmp_path: Path) -> None:
    rec, st = play(3, 20)
    path = tmp_path / "g.json"
    save_game(path, rec, st)
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["actions"] = raw["actions"][:-1]
    _write(path, raw)
    assert "does not match the replayed action log" in _load_error(path)


def test_oversized_file_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with path.open("wb") as f:
        f.write(b"{")  # not valid JSON: it must be refused on size alone
        f.truncate(MAX_SAVE_BYTES + 1)
    assert "over the 5,242,880-byte limit" in _load_error(path)


def test_missing_file_and_directory(tmp_path: Path) -> None:
    assert "there is no save file at" in _load_error(tmp_path / "nope.json")
    assert "is a directory, not a save file" in _load_error(tmp_path)


def test_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, _ = _saved(tmp_path)

    real_open = os.open

    def denied(name: Any, *args: Any, **kwargs: Any) -> Any:
        if str(name) == str(path):
            raise PermissionError(13, "Permission denied")
        return real_open(name, *args, **kwargs)

    monkeypatch.setattr(os, "open", denied)  # the os files.py opens with
    with pytest.raises(SaveError, match=r"cannot read .*game\.json: Permission denied"):
        load_game(path)


def test_deeply_nested_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    assert "is corrupt: maximum recursion depth" in _load_error(path)


def test_nan_is_refused(tmp_path: Path) -> None:
    path, _ = _saved(tmp_path)
    text = path.read_text(encoding="utf-8").replace('"seed": 11', '"seed": NaN', 1)
    path.write_text(text, encoding="utf-8")
    assert "NaN is not allowed" in _load_error(path)


def test_record_model_rejects_bad_controllers() -> None:
    with pytest.raises(ValueError):
        SeatRecord(name="A", spirit="winter", controller="Human Player")
    with pytest.raises(ValueError):
        GameRecord(seats=[], seed=1)
    ok = SeatRecord(name="A", spirit="winter", controller="mcts-2")
    assert ok.controller == "mcts-2"


def test_load_with_events_replays_once_and_gives_the_whole_log(tmp_path: Path) -> None:
    """The events returned are exactly the replay's, setup first; the state is load_game's."""
    rec, st = play(3, 60)
    path = tmp_path / "log.json"
    save_game(path, rec, st)
    rec2, st2, events = load_game_with_events(path)
    assert st2 == st and rec2.actions == rec.actions
    expected = [e for step in replay_record(rec) for e in step.events]
    assert events == expected
    assert events[0].kind == "game_started"


# --- what is not a file -------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_is_refused_before_it_is_opened(tmp_path: Path) -> None:
    """``--load``, ``replay``, ``view`` and the Load prompt on a FIFO waited forever for
    a writer. A helper thread plays that writer (it opens and closes the FIFO as soon
    as anyone reads it), so the old code ends too, with a wrong answer, not a hang."""
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    opened = threading.Event()

    def writer() -> None:
        with open(fifo, "wb"):  # blocks until a reader opens the FIFO
            opened.set()

    t = threading.Thread(target=writer, daemon=True)
    t.start()
    try:
        for read in (load_game, read_record):
            with pytest.raises(SaveError) as e:
                read(fifo)
            assert str(e.value) == f"{fifo} is not a regular file, so it cannot be a save file"
        assert not opened.is_set()  # nobody opened it for reading
    finally:
        release_fifo_writer(fifo, t)


def test_a_device_is_refused(tmp_path: Path) -> None:
    if not Path(os.devnull).exists() or os.devnull != "/dev/null":
        pytest.skip("no /dev/null")
    with pytest.raises(SaveError, match="is not a regular file"):
        load_game(Path(os.devnull))


# --- control characters in names ----------------------------------------------------

HOSTILE = ["\x1b]0;pwned\x07Ana", "B\x1b[5;31mo\x9b2J", "Cy\r\x08\u2028"]
CLEANED = ["?]0;pwned?Ana", "B?[5;31mo?2J", "Cy???"]


def test_control_characters_in_names_are_cleaned_as_a_save_is_read(tmp_path: Path) -> None:
    """A save whose names hold escape sequences (written by hand or by an older
    version) loads, with each control character shown as ``?``: the names that reach
    the app, the replayed state and the save browser's description are all clean."""
    path, raw = _saved(tmp_path)
    hostile = {seat["name"]: HOSTILE[i] for i, seat in enumerate(raw["seats"])}
    cleaned = {HOSTILE[i]: CLEANED[i] for i in range(len(HOSTILE))}
    for who in [*raw["seats"], *raw["state"]["players"]]:  # players: from the first player
        who["name"] = hostile[who["name"]]
    _write(path, raw)
    rec, st = load_game(path)
    assert [s.name for s in rec.seats] == CLEANED
    assert [p.name for p in st.players] == [cleaned[p["name"]] for p in raw["state"]["players"]]
    assert [name for name, _spirit in describe_save(path).players] == CLEANED
    assert read_record(path).seats[0].name == CLEANED[0]
