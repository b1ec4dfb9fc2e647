"""The event log: the game's sentences, newest last, re-wrapped when its width changes."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import RichLog


class EventLog(RichLog):
    """The event log. Its own size never changes, so growing content needs a repaint
    and new scrollbars, not a relayout of the whole board (which costs ~10 ms).

    It keeps the sentences, not only their wrapped lines: when its width changes
    (terminal resized), it wraps them again at the new width and shows the newest."""

    virtual_size = Reactive(Size(0, 0), layout=False)
    KEEP = 600  # sentences kept for re-wrapping

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.sentences: list[str] = []
        self._wrapped_at = 0

    def add(self, sentence: str, *, scroll_end: bool | None = None) -> None:
        self.sentences.append(sentence)
        if len(self.sentences) > self.KEEP:
            del self.sentences[: len(self.sentences) - self.KEEP]
        self.write(sentence, scroll_end=scroll_end)

    def on_resize(self, event: events.Resize) -> None:
        # RichLog's own handler (which runs next) renders the writes made before
        # the first size was known; after that, a new width re-wraps everything.
        width = event.size.width
        if self._wrapped_at and width != self._wrapped_at:
            self.rewrap()
        self._wrapped_at = width

    def rewrap(self) -> None:
        self.clear()
        for sentence in self.sentences:
            self.write(sentence, scroll_end=False)
        self.scroll_end(animate=False, immediate=False, x_axis=False)
