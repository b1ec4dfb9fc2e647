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
    """A box over the screen below that returns a result (or None) when it closes."""

    _dismissed_once = False

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        if self._dismissed_once or not self.is_active:
            return AwaitComplete(_nothing())
        self._dismissed_once = True
        return super().dismiss(result)
