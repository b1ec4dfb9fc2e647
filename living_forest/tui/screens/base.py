"""Screens that close once: the base of every screen that returns a result.

Textual's ``Screen.dismiss`` pops whatever screen is on top. Called twice (two Enter
keys queued on a slow link or a busy machine, both read before the first closed the
box), the second call closed the screen underneath too (the board, the title screen)
or set the result's future twice (``InvalidStateError``). Here a screen's first
``dismiss`` while it is the screen on top counts and every later one does nothing.
"""

from __future__ import annotations

from typing import TypeVar

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen, Screen

ResultT = TypeVar("ResultT")


async def _nothing() -> None:
    return None


class Page(Screen[ResultT]):
    """A full screen that returns a result (or None) when it closes."""

    _dismissed_once = False

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        if self._dismissed_once or not self.is_active:
            return AwaitComplete(_nothing())
        self._dismissed_once = True
        return super().dismiss(result)


class Dialog(ModalScreen[ResultT]):
    """A box over the screen below that returns a result (or None) when it closes.

    A box whose body scrolls (``BODY``: its selector) fits the body in what the box
    leaves it: 90 % of the rows (the box's ``max-height``), less its border, its title
    and its footer line, at most ``BODY_MOST`` rows. At 80x24 a long body otherwise
    pushed the footer out, the one line saying which keys act."""

    _dismissed_once = False
    BODY: str | None = None  # the scrolling body's selector; None: no body to fit
    BODY_MOST = 30  # the body's rows at most on a large terminal (it scrolls past them)

    def on_mount(self) -> None:
        self.fit_body()

    def on_screen_resume(self) -> None:
        """Textual shows the app's notices on the screen on top, and the screens below
        keep theirs, seen through the box's background: a notice twice (a load's
        "Loaded …" beside the round's box). Those below are hidden while the box is
        up; Textual shows them again on the screen that comes back on top."""
        stack = self.app.screen_stack
        for screen in stack[: stack.index(self)] if self in stack else ():
            for rack in screen.query_children("ToastRack"):  # Textual's, by its name
                rack.display = False

    def on_resize(self) -> None:
        self.fit_body()

    def fit_body(self) -> None:
        if self.BODY is None:
            return
        box_rows = int(self.app.size.height * 0.9)
        for body in self.query(self.BODY):  # a subclass may compose another body
            body.styles.max_height = max(1, min(self.BODY_MOST, box_rows - 4))

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        if self._dismissed_once or not self.is_active:
            return AwaitComplete(_nothing())
        self._dismissed_once = True
        return super().dismiss(result)
