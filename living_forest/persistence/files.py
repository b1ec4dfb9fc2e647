"""Writing and reading save files: atomic write, bounded read, replay check.

Nothing from a file is ever executed: it is parsed as JSON, validated against the
model, and its action log is replayed through the rules core from the seed. The
replayed state (not the stored snapshot) is what :func:`load_game` returns.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import ValidationError

from living_forest.atomic import atomic_write
from living_forest.core import (
    ActionParseError,
    Event,
    GameState,
    IllegalActionError,
    OptionsError,
    SetupError,
    apply,
    new_game,
    parse_action,
    rules_for,
)
from living_forest.datadir import ENV_DATA_DIR
from living_forest.i18n import _, ngettext

from . import migrations
from .model import SAVE_FORMAT, SCHEMA_VERSION, GameRecord, StateSnapshot

MAX_SAVE_BYTES = 5 * 1024 * 1024
MAX_MESSAGE = 300  # characters; a message quoting hostile input is cut to this


class SaveError(Exception):
    """A save file cannot be written or read; the message says why in one sentence,
    never longer than :data:`MAX_MESSAGE` characters, in the player's language (the
    names and texts it quotes from the file, the system's and pydantic's words are
    as they are)."""

    def __init__(self, message: str) -> None:
        if len(message) > MAX_MESSAGE:
            message = message[: MAX_MESSAGE - 1].rsplit(" ", 1)[0] + " …"
        super().__init__(message)


def _quote(text: str, limit: int = 40) -> str:
    """User-given text inside a message: quoted, and cut when long."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


class ReplayStep(NamedTuple):
    """One numbered step of a replay: number 0 is the setup (``action`` None)."""

    number: int
    action: str | None
    events: list[Event]


def default_save_dir() -> Path:
    """Where saves live: ``$LIVING_FOREST_DATA_DIR`` if set, else the user data dir;
    always an absolute path (see :func:`~living_forest.datadir.pin_data_dir`)."""
    env = os.environ.get(ENV_DATA_DIR)
    if env:
        return Path(env).expanduser().absolute()
    import platformdirs

    return Path(platformdirs.user_data_dir("living-forest", appauthor=False))


def autosave_path() -> Path:
    return default_save_dir() / "autosave.json"


# --- writing ------------------------------------------------------------------------


def save_game(
    path: str | os.PathLike[str], rec: GameRecord, state: GameState, *, verify: bool = True
) -> GameRecord:
    """Write ``rec`` with ``state`` as its snapshot, atomically; return what was written.

    With ``verify`` (the default) the log is replayed first, so a record that does not
    reproduce ``state`` is refused (it could never be loaded) and nothing is written.
    Autosave after every action passes ``verify=False``: the log came from the engine
    itself, replaying a long game on every key would cost tens of milliseconds, and
    loading checks the snapshot against the replay anyway.
    """
    target = Path(path)
    if rec.game_options() != state.options:
        raise SaveError(
            # i18n: {record} and {state} are the rules modules of each (GameOptions(...))
            _(
                "the record says the game uses {record} but the state is of a game "
                "with {state}; nothing was written"
            ).format(record=rec.game_options(), state=state.options)
        )
    if verify and _replay_final(rec).to_dict() != state.to_dict():
        raise SaveError(
            _(
                "the action log does not reproduce the game state being saved, so the save "
                "would not load; nothing was written"
            )
        )
    try:
        snapshot = StateSnapshot.model_validate(state.to_dict())
    except ValidationError as e:  # only a rules-core bug can get here
        raise SaveError(
            # i18n: {problem} is where and what, in English (pydantic's words)
            _(
                "the game state does not fit the save format ({problem}); nothing was written"
            ).format(problem=_first_error(e))
        ) from None
    full = rec.model_copy(
        update={"state": snapshot, "saved_at": datetime.now(UTC).isoformat(timespec="seconds")}
    )
    text = json.dumps(full.model_dump(mode="json"), indent=1, ensure_ascii=False) + "\n"
    blob = text.encode("utf-8")
    if len(blob) > MAX_SAVE_BYTES:
        raise SaveError(
            # i18n: {size} and {limit} are numbers of bytes, written 5,242,880
            _(
                "the save would be {size} bytes, over the {limit}-byte limit; nothing was written"
            ).format(size=f"{len(blob):,}", limit=f"{MAX_SAVE_BYTES:,}")
        )
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(target, blob)
    except OSError as e:
        raise SaveError(
            # i18n: {error} is the system's reason ("Permission denied")
            _("could not write save file {path}: {error}").format(
                path=target, error=e.strerror or e
            )
        ) from e
    return full


# --- reading ------------------------------------------------------------------------


def load_game(path: str | os.PathLike[str]) -> tuple[GameRecord, GameState]:
    """Read, validate and replay a save; return the record and the replayed state."""
    rec, final, _events = load_game_with_events(path)
    return rec, final


def load_game_with_events(
    path: str | os.PathLike[str],
) -> tuple[GameRecord, GameState, list[Event]]:
    """Like :func:`load_game`, also returning every event of the replay (setup first),
    so a viewer can show the game's log without replaying it a second time."""
    p = Path(path)
    raw = _read_json(p)
    rec = parse_record(raw, str(p))
    written_as = raw["schema_version"]  # parse_record accepted it: a readable version
    if rec.state is None:
        raise SaveError(_("{path} has no state snapshot, so it cannot be checked").format(path=p))
    events: list[Event] = []
    final: GameState | None = None
    for step, st in _replay_steps(rec):
        events.extend(step.events)
        final = st
    assert final is not None
    saved = rec.state.model_dump()
    replayed = final.to_dict()
    for name in migrations.unrecorded_player_fields(written_as):
        for player in replayed["players"]:
            player.pop(name, None)
    if saved != replayed:
        diff = [k for k in replayed if saved.get(k) != replayed[k]]
        raise SaveError(
            # i18n: {fields} are the names of the snapshot's fields (ids, not translated)
            _(
                "{path} was altered or damaged: its state snapshot does not match the "
                "replayed action log (differs in {fields})"
            ).format(path=p, fields=", ".join(diff))
        )
    return rec, final, events


def read_record(path: str | os.PathLike[str]) -> GameRecord:
    """A save file's record, validated but not replayed (a browser's quick look)."""
    p = Path(path)
    return parse_record(_read_json(p), p.name)


def parse_record(raw: Any, where: str = "the save file") -> GameRecord:
    """Validate already-decoded JSON as a :class:`GameRecord` (clear errors)."""
    if not isinstance(raw, dict):
        kind = _json_kind(raw)
        raise SaveError(
            # i18n: {file} is a file name; {kind} is JSON's word (array, string, number...)
            _("{file} is not a save file: it holds a JSON {kind}, not an object").format(
                file=where, kind=kind
            )
        )
    if raw.get("format") != SAVE_FORMAT or "schema_version" not in raw:
        raise SaveError(_("{file} is not a Living Forest save file").format(file=where))
    version = raw["schema_version"]
    if not migrations.readable(version):
        shown = _quote(version) if isinstance(version, str) else repr(version)
        raise SaveError(
            _(
                "{file} has save format version {version}; this program reads versions "
                "{oldest} to {newest}"
            ).format(file=where, version=shown, oldest=migrations.OLDEST, newest=SCHEMA_VERSION)
        )
    raw = migrations.upgrade(raw)
    try:
        return GameRecord.model_validate(raw)
    except ValidationError as e:
        raise SaveError(
            # i18n: {problem} is where and what, in English (pydantic's words)
            _("{file} is invalid at {problem}").format(file=where, problem=_first_error(e))
        ) from None


def _first_error(e: ValidationError) -> str:
    err = e.errors()[0]
    loc = ".".join(_quote(x, 24)[1:-1] if isinstance(x, str) else str(x) for x in err["loc"])
    loc = loc or "(top level)"
    more = ""
    if e.error_count() > 1:
        n = e.error_count() - 1
        # (The English singular keeps the wording of earlier versions.)
        more = " " + ngettext(
            "(and {count} more problems)", "(and {count} more problems)", n
        ).format(count=n)
    return f"{loc}: {err['msg']}{more}"


def _read_json(p: Path) -> Any:
    try:
        require_regular_file(p)
        # Opened without blocking and checked again: a FIFO put there since the check
        # would otherwise wait forever for a writer.
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise SaveError(_not_a_file(p))
            size = info.st_size
            if size > MAX_SAVE_BYTES:
                raise SaveError(
                    # i18n: {size} and {limit} are numbers of bytes, written 5,242,880
                    _("{path} is {size} bytes, over the {limit}-byte limit for a save file").format(
                        path=p, size=f"{size:,}", limit=f"{MAX_SAVE_BYTES:,}"
                    )
                )
            if hasattr(os, "set_blocking"):
                os.set_blocking(f.fileno(), True)
            blob = f.read(MAX_SAVE_BYTES + 1)  # bounded even if stat lied (/proc)
    except FileNotFoundError:
        raise SaveError(_("there is no save file at {path}").format(path=p)) from None
    except IsADirectoryError:
        raise SaveError(_("{path} is a directory, not a save file").format(path=p)) from None
    except OSError as e:
        raise SaveError(
            # i18n: {error} is the system's reason ("Permission denied")
            _("cannot read {path}: {error}").format(path=p, error=e.strerror or e)
        ) from None
    if len(blob) > MAX_SAVE_BYTES:
        raise SaveError(
            # i18n: {limit} is a number of bytes, written 5,242,880
            _("{path} is over the {limit}-byte limit for a save file").format(
                path=p, limit=f"{MAX_SAVE_BYTES:,}"
            )
        )
    if not blob.strip():
        raise SaveError(_("{path} is empty").format(path=p))
    try:
        text = blob.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(
            _("{path} is not a save file: it is not UTF-8 text").format(path=p)
        ) from None
    try:
        return json.loads(text, parse_constant=_no_constants)
    except json.JSONDecodeError as e:
        cut = e.pos >= len(text.rstrip()) or e.msg.startswith("Unterminated string")
        if cut:
            # i18n: {problem} is JSON's own message, in English
            message = _(
                "{path} is truncated: invalid JSON at line {line}, column {column} ({problem})"
            )
        else:
            # i18n: {problem} is JSON's own message, in English
            message = _(
                "{path} is corrupt: invalid JSON at line {line}, column {column} ({problem})"
            )
        raise SaveError(
            message.format(path=p, line=e.lineno, column=e.colno, problem=e.msg)
        ) from None
    except (ValueError, RecursionError) as e:
        # i18n: {problem} says what (in English from Python, or "NaN is not allowed…")
        raise SaveError(_("{path} is corrupt: {problem}").format(path=p, problem=e)) from None


def require_regular_file(path: Path) -> None:
    """Refuse, before opening it, anything that is not a regular file (or a link to
    one): a FIFO or a terminal would wait forever, a device never ends. A missing path
    raises :class:`FileNotFoundError` and a folder :class:`IsADirectoryError`, as
    opening them would."""
    info = path.stat()
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(str(path))
    if not stat.S_ISREG(info.st_mode):
        raise SaveError(_not_a_file(path))


def _not_a_file(path: Path) -> str:
    # i18n: a FIFO, a device or a socket was given where a save file was expected
    return _("{path} is not a regular file, so it cannot be a save file").format(path=path)


def _no_constants(name: str) -> Any:
    raise ValueError(_("{name} is not allowed in a save file").format(name=name))


def _json_kind(v: Any) -> str:
    if isinstance(v, list):
        return "array"
    if isinstance(v, str):
        return "string"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, (int, float)):
        return "number"
    return "null"


# --- replay -------------------------------------------------------------------------


def _replay_steps(rec: GameRecord) -> Iterator[tuple[ReplayStep, GameState]]:
    seats = [(s.name, s.spirit) for s in rec.seats]
    try:
        options = rec.game_options()
        rules_for(options)
    except OptionsError as e:
        raise SaveError(
            _("the saved game's rules cannot be used: {error}").format(error=e)
        ) from None
    try:
        st, events = new_game(seats, rec.seed, first=rec.first, options=options)
    except SetupError as e:
        raise SaveError(_("the saved seats cannot start a game: {error}").format(error=e)) from None
    yield ReplayStep(0, None, events), st
    total = len(rec.actions)
    for i, text in enumerate(rec.actions, start=1):
        # i18n: {action} is the action's notation as the file has it, quoted ('draw')
        where = _("action {number} of {total} ({action})").format(
            number=i, total=total, action=_quote(text)
        )
        try:
            action = parse_action(text)
        except ActionParseError as e:
            raise SaveError(
                # i18n: {where} is "action 3 of 40 ('draw')"
                _("{where} in the log is not valid notation: {error}").format(where=where, error=e)
            ) from None
        try:
            st, events = apply(st, action)
        except IllegalActionError as e:
            raise SaveError(
                # i18n: {where} is "action 3 of 40 ('draw')"
                _("{where} in the log is illegal at that point: {reason}").format(
                    where=where, reason=e.reason.cited()
                )
            ) from None
        except Exception as e:  # a file must never crash the program, even via a core bug
            # i18n: {where} is "action 3 of 40 ('draw')"; {error} the program's own words
            raise SaveError(
                _(
                    "{where} in the log could not be replayed (internal error "
                    "{error}); please report this file"
                ).format(where=where, error=f"{type(e).__name__}: {e}")
            ) from None
        yield ReplayStep(i, str(action), events), st


def replay_record(rec: GameRecord) -> Iterator[ReplayStep]:
    """Replay a record step by step: ``(0, None, setup events)``, then one step per action.

    Raises :class:`SaveError` naming the first action that cannot be replayed.
    """
    for step, _st in _replay_steps(rec):
        yield step


def replay_states(rec: GameRecord) -> Iterator[tuple[ReplayStep, GameState]]:
    """Like :func:`replay_record`, with the state after each step (for a replay viewer)."""
    return _replay_steps(rec)


def _replay_final(rec: GameRecord) -> GameState:
    final: GameState | None = None
    for _step, st in _replay_steps(rec):
        final = st
    assert final is not None
    return final
