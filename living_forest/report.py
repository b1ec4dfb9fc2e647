"""A report's table as data: what ``simulate`` and ``match`` print, made by the modules
they report on (``simulate.summary_report``, ``match.match_report``/``style_report``,
the rules modules' counters through their views) and drawn by the command line.

Imports no UI library: the words are the modules', the drawing is the terminal's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Justify = Literal["left", "right"]


@dataclass(frozen=True, slots=True)
class Column:
    heading: str
    justify: Justify = "left"


@dataclass(frozen=True, slots=True)
class Row:
    cells: tuple[str, ...]
    style: str | None = None  # a style name ("bold red": the failures, when there are)


@dataclass(frozen=True, slots=True)
class Line:
    """A line printed under the table: content markup ("[red]2 games failed[/]"), or
    plain text with ``markup`` False (a program's error message)."""

    text: str
    markup: bool = True


@dataclass(slots=True)
class Report:
    title: str
    columns: tuple[Column, ...]
    rows: list[Row] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)

    def add_row(self, *cells: str, style: str | None = None) -> None:
        assert len(cells) == len(self.columns), cells
        self.rows.append(Row(cells, style))
