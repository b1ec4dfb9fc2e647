"""Cheap interactive widgets for the board: the choice list and the key bar.

Both render a single Content and never change height, so updating them costs a
repaint, not a layout of the whole screen (the board must answer a key in < 50 ms).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class ChoiceList(Widget, can_focus=True):
    """Numbered options; arrows move, Enter or a click selects (posts ``Selected``)."""

    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False, id="choices.up"),
        Binding("down", "move(1)", "Down", show=False, id="choices.down"),
        Binding("home", "jump(0)", "First", show=False, id="choices.home"),
        Binding("end", "jump(-1)", "Last", show=False, id="choices.end"),
        Binding("enter", "select", "Confirm", id="choices.select"),
    ]
    highlighted: reactive[int] = reactive(0, repaint=True)

    class Highlighted(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class Selected(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.items: list[str] = []
        self.numbers: list[int] = []  # the number shown (and typed) for each item
        self._top = 0
        self._row_items: list[int] = []  # item shown on each row (for clicks)

    def set_items(self, items: list[str], numbers: list[int] | None = None) -> None:
        """``numbers``: what each item is numbered (default 1, 2, 3, ...); only 1-9 show."""
        self.items = items
        self.numbers = numbers if numbers is not None else list(range(1, len(items) + 1))
        self._top = 0
        self.highlighted = 0
        self.refresh()

    def watch_highlighted(self, index: int) -> None:
        self.post_message(self.Highlighted(index))

    def action_move(self, step: int) -> None:
        if self.items:
            self.highlighted = (self.highlighted + step) % len(self.items)

    def action_jump(self, where: int) -> None:
        if self.items:
            self.highlighted = where % len(self.items)

    def action_select(self) -> None:
        if self.items:
            self.post_message(self.Selected(self.highlighted))

    def on_click(self, event: events.Click) -> None:
        index = self._row_items[event.y] if 0 <= event.y < len(self._row_items) else -1
        if 0 <= index < len(self.items):
            self.highlighted = index
            self.post_message(self.Selected(index))

    def _wrapped(self, i: int, width: int) -> list[Content]:
        """Item ``i`` as lines of at most ``width`` cells, continuation lines indented
        (labels are plain text of one-cell glyphs)."""
        n = self.numbers[i] if i < len(self.numbers) else i + 1
        label = f"{n}. " if n <= 9 else "   "
        text = textwrap.wrap(
            label + self.items[i], width, subsequent_indent="   ", break_on_hyphens=False
        ) or [label]
        lines = [Content(t) for t in text]
        if i == self.highlighted:
            style = "reverse" if self.has_focus else "bold"
            lines = [line.stylize(style) for line in lines]
        return lines

    def rows_needed(self, width: int) -> int:
        """Lines all the options take at ``width`` (to size the box to its content)."""
        return sum(len(self._wrapped(i, width)) for i in range(len(self.items)))

    def _fits(self, top: int, width: int, h: int) -> tuple[int, list[list[Content]]]:
        """Items shown from ``top``: (index past the last whole one, their lines)."""
        shown: list[list[Content]] = []
        used = 0
        n = len(self.items)
        i = top
        while i < n:
            lines = self._wrapped(i, width)
            room = h - used - (1 if i < n - 1 else 0)  # keep a line for "more"
            if len(lines) > room and not (i == n - 1 and len(lines) <= h - used):
                break
            shown.append(lines)
            used += len(lines)
            i += 1
        return i, shown

    def render(self) -> Content:
        # Labels wrap (never cut): scrolling counts lines, and a last line says
        # how many options are below when they do not all fit.
        h = max(1, self.content_size.height)
        width = max(8, self.content_size.width)
        n = len(self.items)
        self._top = max(0, min(self._top, self.highlighted, n - 1))
        end, shown = self._fits(self._top, width, h)
        while end <= self.highlighted and self._top < self.highlighted:
            self._top += 1
            end, shown = self._fits(self._top, width, h)
        if not shown and n:  # one label taller than the box: show its start
            shown, end = [self._wrapped(self._top, width)[: max(1, h - 1)]], self._top + 1
        out: list[Content] = []
        rows: list[int] = []
        for k, lines in enumerate(shown):
            for line in lines:
                out.append(line)
                rows.append(self._top + k)
        if end < n:
            out = out[: h - 1]
            rows = rows[: h - 1]
            above = f", {self._top} above" if self._top else ""
            out.append(Content(f"   ↓ {n - end} more{above} (arrows)"))
            rows.append(end)
        elif self._top > 0 and len(out) < h:
            out.append(Content(f"   ↑ {self._top} more above (arrows)"))
            rows.append(self._top - 1)
        self._row_items = rows
        return Content("\n").join(out)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


@dataclass
class _Span:
    start: int
    end: int
    key: str
    enabled: bool


class KeyBar(Widget):
    """A one-line key bar like Textual's Footer: keys the rules forbid now are dimmed
    (``check_action`` returns None), hidden ones (False) are left out. It repaints
    instead of recomposing, which keeps key presses fast."""

    DEFAULT_CSS = """
    KeyBar { height: 1; dock: bottom; background: $footer-background; color: $footer-foreground; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._spans: list[_Span] = []
        self._content = Content("")

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._rebuild)
        self.call_after_refresh(self._rebuild)

    def _rebuild(self, *_: object) -> None:
        parts: list[Content] = []
        spans: list[_Span] = []
        x = 0
        seen: set[str] = set()
        for active in self.screen.active_bindings.values():
            b = active.binding
            if not b.show or b.description in seen:
                continue
            seen.add(b.description)
            shown = self.app.get_key_display(b)
            if active.enabled:
                piece = Content.from_markup(
                    "[bold $footer-key-foreground]$k[/] $d ", k=shown, d=b.description
                )
            else:
                piece = Content.from_markup("[dim]$k $d[/] ", k=shown, d=b.description)
            spans.append(_Span(x, x + piece.cell_length, b.key, active.enabled))
            x += piece.cell_length
            parts.append(piece)
        self._spans = spans
        self._content = Content("").join(parts)
        self.refresh()

    def render(self) -> Content:
        return self._content

    def on_click(self, event: events.Click) -> None:
        # A click is the same as pressing the key, refusals included.
        for span in self._spans:
            if span.start <= event.x < span.end:
                self.app.simulate_key(span.key)
                return
