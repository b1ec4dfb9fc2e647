"""The event log: the game's sentences, newest last, re-wrapped when its width changes,
with a line between rounds, the marked seats' lines marked, and a filter."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widgets import RichLog

from living_forest.i18n import _
from living_forest.present.wrapping import tie_punctuation, wrap_sentence

MARK = "▸ "  # before the lines of a marked seat (the human's own, in a game with bots)
UNMARKED = "  "


class Sentence:
    """A log line as Rich renders it, wrapped by :func:`wrap_sentence` at the log's
    width (Rich's own wrap breaks at any space, "symbole)" / "; nombre net 0.")."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        yield Text("\n".join(wrap_sentence(self.text, options.max_width)))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        words = tie_punctuation(self.text).split(" ")
        widest = max((cell_len(w) for w in words), default=0)
        return Measurement(widest, cell_len(self.text))


@dataclass(frozen=True, slots=True)
class Entry:
    text: str
    seat: int | None  # whose event it is (None: the table's, e.g. Onibi's)
    round: int
    separator: bool = False  # the line between rounds


# What the log shows: every line, this round's, or one seat's (and the round lines).
ALL = "all"
ROUND = "round"


class EventLog(RichLog):
    """The event log. Its own size never changes, so growing content needs a repaint
    and new scrollbars, not a relayout of the whole board (which costs ~10 ms).

    It keeps the entries, not only their wrapped lines: when its width or its filter
    changes, it writes them again and shows the newest."""

    virtual_size = Reactive(Size(0, 0), layout=False)
    KEEP = 600  # entries kept for re-wrapping and filtering

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.entries: list[Entry] = []
        self.view: str | int = ALL  # ALL, ROUND or a seat
        self.marked: frozenset[int] = frozenset()
        self._wrapped_at = 0
        self._paint_style: Style | None = None
        self._at_end = False  # scrolled to the end by a write, not moved since

    @property
    def sentences(self) -> list[str]:
        """The lines shown now, unwrapped (the marks and separators included)."""
        return [self._line(e) for e in self.entries if self._shows(e)]

    @property
    def latest_round(self) -> int:
        return self.entries[-1].round if self.entries else 0

    def _shows(self, e: Entry) -> bool:
        if self.view == ALL:
            return True
        if self.view == ROUND:
            return e.round == self.latest_round
        return e.separator or e.seat == self.view

    def _line(self, e: Entry) -> str:
        if e.separator or not self.marked:
            return e.text
        return (MARK if e.seat in self.marked else UNMARKED) + e.text

    def add(
        self,
        sentence: str,
        *,
        seat: int | None = None,
        round: int = 0,
        scroll_end: bool | None = None,
    ) -> None:
        if round and round != self.latest_round:
            # i18n: the line between rounds in the event log ("── Round 3 ──")
            line = "── " + _("Round {round}").format(round=round) + " ──"
            self._append(Entry(line, None, round, True), scroll_end)
        self._append(Entry(sentence, seat, round or self.latest_round), scroll_end)

    def _append(self, e: Entry, scroll_end: bool | None) -> None:
        if self.view == ROUND and e.round != self.latest_round:
            self.entries.append(e)  # a new round: this round's view starts again
            self.rewrap()
        else:
            self.entries.append(e)
            if self._shows(e):
                follow = self.auto_scroll if scroll_end is None else scroll_end
                if not self._size_known:  # RichLog keeps it until it has a size
                    self.write(Sentence(self._line(e)), scroll_end=follow)
                else:
                    self.write(Sentence(self._line(e)), scroll_end=False)
                    if follow:
                        # Now, not after the next paint (RichLog's way): one frame a
                        # key, not two (the latency target). If the layout then
                        # gives the log another height, on_resize follows the end.
                        self.scroll_end(animate=False, immediate=True, x_axis=False)
                        self._at_end = True
        if len(self.entries) > self.KEEP:
            del self.entries[: len(self.entries) - self.KEEP]

    def render_lines(self, crop: Region) -> list[Strip]:
        # RichLog asks for ``rich_style`` (a walk up the DOM) once per line; one walk
        # per paint is enough (~10 ms a key at 160x48, the latency target).
        self._paint_style = self.rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._paint_style = None

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        line = self._render_line(scroll_y + y, scroll_x, self.scrollable_content_region.width)
        style = self._paint_style if self._paint_style is not None else self.rich_style
        return line.apply_style(style)

    def set_view(self, view: str | int, marked: frozenset[int] | None = None) -> None:
        """Show ``view`` (ALL, ROUND or a seat); ``marked``: the seats whose lines get
        :data:`MARK` (empty: none)."""
        if marked is not None:
            self.marked = marked
        self.view = view
        self.rewrap()

    def on_resize(self, event: events.Resize) -> None:
        # RichLog's own handler (which runs next) renders the writes made before
        # the first size was known; after that, a new width re-wraps everything.
        width = event.size.width
        if self._wrapped_at and width != self._wrapped_at:
            self.rewrap()
        elif self._at_end:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        self._wrapped_at = width

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        if new >= self.max_scroll_y:
            self._at_end = True  # at the end (scrolled there, or a log grown taller)
        elif new < old:
            self._at_end = False  # the player scrolled back: leave the view alone

    def rewrap(self) -> None:
        self.clear()
        for e in self.entries:
            if self._shows(e):
                self.write(Sentence(self._line(e)), scroll_end=False)
        self.scroll_end(animate=False, immediate=False, x_axis=False)
        self._at_end = True
