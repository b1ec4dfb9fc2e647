"""Cheap interactive widgets for the board: the choice list and the key bar.

Both render a single Content and never change height, so updating them costs a
repaint, not a layout of the whole screen (the board must answer a key in < 50 ms).
"""

from __future__ import annotations

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
        self._top = 0

    def set_items(self, items: list[str]) -> None:
        self.items = items
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
        index = self._top + event.y
        if 0 <= index < len(self.items):
            self.highlighted = index
            self.post_message(self.Selected(index))

    def render(self) -> Content:
        h = max(1, self.content_size.height)
        n = len(self.items)
        if self.highlighted < self._top:
            self._top = self.highlighted
        elif self.highlighted >= self._top + h:
            self._top = self.highlighted - h + 1
        self._top = max(0, min(self._top, max(0, n - h)))
        lines = []
        for i in range(self._top, min(n, self._top + h)):
            label = f"{i + 1}. " if i < 9 else "   "
            text = Content(label + self.items[i])
            if i == self.highlighted:
                text = text.stylize("reverse" if self.has_focus else "bold")
            lines.append(text)
        if n > h and self._top + h < n:
            lines[-1] = Content(f"   ↓ {n - self._top - h + 1} more (arrows)")
        return Content("\n").join(lines)

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
