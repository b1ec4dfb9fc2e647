"""The driver of a browser tab's app (``living-forest serve``): Textual's web driver,
which talks to the server through standard input and output, plus what to do when the
server is gone.

When the server ends without ending its tabs (killed outright, a crash), the tab's
input ends and its output becomes a broken pipe. Textual's web driver then raised
``BrokenPipeError`` out of the app at its next write: the app ended without its exit
(the last autosave not waited for, the game's lock file left behind). Here the first
sign of either, the input ending by itself or a write that fails, makes the app quit
as Ctrl+Q does; what it writes after that goes nowhere, quietly.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable
from typing import Any

from textual.drivers.web_driver import WebDriver


class TabDriver(WebDriver):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._server_gone = False
        write = self._write

        def guarded(data: bytes) -> None:
            if self._server_gone:
                return
            try:
                write(data)
            except OSError:  # a broken pipe: nobody reads us any more
                self._gone()

        self._write = guarded  # type: ignore[assignment]

    def start_application_mode(self) -> None:
        """Textual's, except its handler of SIGTERM: the app's own stays (quit as Ctrl+Q
        does, once). Textual's, set through the event loop, posted an exit for every
        signal, so a flood of them (a fork server ending a tab again and again) kept the
        app from ever ending; set and then taken out, it would leave an instant when
        SIGTERM kills the app outright."""
        loop = asyncio.get_running_loop()
        add = loop.add_signal_handler

        def add_but_sigterm(sig: int, callback: Callable[..., object], *args: Any) -> None:
            if sig != signal.SIGTERM:
                add(sig, callback, *args)

        try:
            loop.add_signal_handler = add_but_sigterm  # type: ignore[method-assign,assignment]
        except AttributeError:  # a loop whose methods are not to be set (uvloop): as it is
            super().start_application_mode()
            return
        try:
            super().start_application_mode()
        finally:
            del loop.add_signal_handler

    def run_input_thread(self) -> None:
        super().run_input_thread()
        if not self.exit_event.is_set():  # the input ended by itself, not by our exit
            with contextlib.suppress(RuntimeError):  # the app's loop has closed meanwhile
                self._loop.call_soon_threadsafe(self._gone)

    def _gone(self) -> None:
        """In the app's thread: quit as Ctrl+Q does, once (unless ending already)."""
        first = not self._server_gone
        self._server_gone = True
        if first and not self.exit_event.is_set():
            quit_now = getattr(self._app, "server_gone", None) or self._app.exit
            self._app.call_later(quit_now)
