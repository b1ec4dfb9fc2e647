"""One row per game, for analysis tools: ``simulate --out FILE`` and ``match --out FILE``.

The format follows the file's suffix: ``.csv``, ``.jsonl`` (JSON Lines) or ``.parquet``
(needs pyarrow: ``pip install 'living-forest[analysis]'``). Rows are written as the games
finish, in seed order, and flushed one by one (Parquet: in groups of
:data:`PARQUET_GROUP` rows), so a run of any length holds no rows in memory and a run
stopped by Ctrl+C leaves a valid file with the games finished so far.

The schema (:data:`GAME_COLUMNS`, then :data:`PLAYER_COLUMNS` per seat): JSON Lines keeps
the seats as a list of objects under ``"seats"``; CSV and Parquet flatten them into
``seat1_trees``, ``seat2_trees``, … for ``MAX_SEATS`` seats (empty beyond the game's
players). Seats are in table order (Winter, Spring, Summer, Autumn), not turn order;
``first`` names the seat that played first (S-2). Counts are the final ones (V-3).
Reads no terminal library.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Protocol

from .i18n import _

MAX_SEATS = 4
PARQUET_GROUP = 1000

# (column, type, meaning): every game.
GAME_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("seed", "int", "the engine's seed"),
    ("players", "int", "2 to 4"),
    ("rules", "str", 'the rules modules on, "+" between them; "base" for none'),
    ("first", "str", "the Spirit of the seat that played first (S-2)"),
    ("rounds", "int", "rounds played"),
    ("winners", "str", 'the winners\' Spirits, "+" between them; empty after a failure'),
    ("decided_by", "str", '"alone" (V-4), "total" (V-4), "tie" (V-5); empty after a failure'),
    ("conditions", "str", 'victory conditions the winners met, "+" between them'),
    ("failure", "str", "why the game did not finish (stuck, an exception); empty when it did"),
)
# (column, type, meaning): every seat.
PLAYER_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("spirit", "str", "winter, spring, summer or autumn (table order)"),
    ("bot", "str", "the bot that played the seat"),
    ("trees", "int", "distinct trees count at the end (V-3)"),
    ("fires", "int", "fire count at the end (V-3)"),
    ("flowers", "int", "Sacred Flower count at the end (V-3)"),
    ("victory_tiles", "int", "Victory tiles held at the end"),
    ("varans", "int", "Fire Varans received in the game"),
    ("forced_stops", "int", "forced stops (a lost basic action each, G-5)"),
    ("met", "str", 'victory conditions the seat met, "+" between them'),
)
FORMATS = (".csv", ".jsonl", ".parquet")


class RowsError(ValueError):
    """``--out`` cannot be written: one sentence saying why."""


def flat_columns() -> list[str]:
    """CSV's and Parquet's columns: the game's, then ``seatN_<column>`` per seat."""
    seats = [f"seat{i + 1}_{c}" for i in range(MAX_SEATS) for c, _t, _m in PLAYER_COLUMNS]
    return [c for c, _t, _m in GAME_COLUMNS] + seats


def flatten(row: Mapping[str, Any]) -> dict[str, Any]:
    """A JSON Lines row as a CSV/Parquet row (missing seats: None)."""
    flat = {c: row[c] for c, _t, _m in GAME_COLUMNS}
    seats: Sequence[Mapping[str, Any]] = row["seats"]
    for i in range(MAX_SEATS):
        for c, _t, _m in PLAYER_COLUMNS:
            flat[f"seat{i + 1}_{c}"] = seats[i][c] if i < len(seats) else None
    return flat


class Sink(Protocol):
    """Where rows go: ``write`` each, ``close`` once (again is harmless)."""

    def write(self, row: Mapping[str, Any]) -> None: ...
    def close(self) -> None: ...


class _JsonLines:
    def __init__(self, f: IO[str]) -> None:
        self.f = f

    def write(self, row: Mapping[str, Any]) -> None:
        self.f.write(json.dumps(row, ensure_ascii=False) + "\n")
        self.f.flush()

    def close(self) -> None:
        self.f.close()


class _Csv:
    def __init__(self, f: IO[str]) -> None:
        self.f = f
        self.w = csv.DictWriter(f, fieldnames=flat_columns())
        self.w.writeheader()
        f.flush()

    def write(self, row: Mapping[str, Any]) -> None:
        self.w.writerow(flatten(row))
        self.f.flush()

    def close(self) -> None:
        self.f.close()


class _Parquet:
    def __init__(self, path: Path) -> None:
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise RowsError(
                # i18n: {extra} is the pip command that installs what Parquet needs
                _("writing Parquet needs pyarrow: {extra}").format(
                    extra="pip install 'living-forest[analysis]'"
                )
            ) from None
        kinds = {"int": pa.int64(), "str": pa.string()}
        fields = [pa.field(c, kinds[t]) for c, t, _m in GAME_COLUMNS]
        fields += [
            pa.field(f"seat{i + 1}_{c}", kinds[t])
            for i in range(MAX_SEATS)
            for c, t, _m in PLAYER_COLUMNS
        ]
        self.pa = pa
        self.schema = pa.schema(fields)
        self.writer = pq.ParquetWriter(str(path), self.schema)
        self.rows: list[dict[str, Any]] = []

    def write(self, row: Mapping[str, Any]) -> None:
        self.rows.append(flatten(row))
        if len(self.rows) >= PARQUET_GROUP:
            self._flush()

    def _flush(self) -> None:
        if self.rows:
            self.writer.write_table(self.pa.Table.from_pylist(self.rows, schema=self.schema))
            self.rows = []

    def close(self) -> None:
        if self.writer.is_open:
            self._flush()
            self.writer.close()  # the footer: without it the file is not Parquet


def open_rows(path: Path) -> Sink:
    """A sink for ``path``'s format (by suffix); :class:`RowsError` with the reason when the
    suffix is unknown or the file cannot be created."""
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise RowsError(
            # i18n: {name} is a file name, {formats} the suffixes allowed (.csv, .jsonl, .parquet)
            _("{name}: the file's suffix says its format, one of {formats}").format(
                name=path.name, formats=", ".join(FORMATS)
            )
        )
    try:
        if suffix == ".parquet":
            return _Parquet(path)
        f = path.open("w", encoding="utf-8", newline="")
    except OSError as e:
        # i18n: {name} is a file name, {reason} the system's reason
        raise RowsError(
            _("cannot write {name}: {reason}").format(name=path, reason=e.strerror or e)
        ) from None
    return _Csv(f) if suffix == ".csv" else _JsonLines(f)


def written(sink: Sink | None, rows: Iterable[Any]) -> Iterator[Any]:
    """Pass ``rows`` (game results with a ``row``) through, writing each one's row to
    ``sink`` as it comes (nothing when ``sink`` is None). The caller opens the sink before
    the run (:func:`open_rows`, so a bad name stops nothing) and closes it however the run
    ends; this closes it too when the rows run out."""
    if sink is None:
        yield from rows
        return
    for r in rows:
        if r.row is not None:
            sink.write(r.row)
        yield r
    sink.close()
