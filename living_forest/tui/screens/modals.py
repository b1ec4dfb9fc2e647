"""Typed modal screens: each returns its result through ``dismiss``."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Markdown, Static

from ..glyphs import SPIRIT_TAG


class HandOffScreen(ModalScreen[None]):
    """ "Pass the keyboard to Summer": the next human sits down knowingly."""

    BINDINGS = [Binding("enter", "go", "I am here", id="handoff.go", priority=True)]

    def __init__(self, name: str, spirit: str, what: str) -> None:
        super().__init__(classes="dialog")
        self.player_name = name
        self.spirit = spirit
        self.what = what

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(
                Content.from_markup(
                    "Pass the keyboard to [b]$name[/] ($spirit, [b]$tag[/])",
                    name=self.player_name,
                    spirit=self.spirit,
                    tag=SPIRIT_TAG.get(self.spirit.lower(), ""),
                ),
                id="handoff-title",
            )
            yield Label(Content(self.what))
            yield Label(
                Content.from_markup(
                    "[b]$name[/]: press [b]Enter[/] when ready.", name=self.player_name
                )
            )

    def action_go(self) -> None:
        self.dismiss(None)


class InfoScreen(ModalScreen[None]):
    """A titled text (round summary, discard stack, error); Enter or Esc closes it."""

    BINDINGS = [
        Binding("enter", "close", "Continue", id="info.close", priority=True),
        Binding("escape", "close", "Close", id="info.escape", show=False),
    ]

    def __init__(self, title: str, body: str, *, markup: bool = False) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.body = body
        self.markup = markup

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(Content.from_markup("[b]$t[/]", t=self.title_text), id="info-title")
            body = Content.from_markup(self.body) if self.markup else Content(self.body)
            with VerticalScroll(id="info-body"):
                yield Static(body)
            yield Label(Content.from_markup("[dim]Enter to continue[/]"))

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    """The rules reference and the key list of the screen it was opened from."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="help.close", priority=True),
        Binding("q", "close", "Close", id="help.q", show=False),
    ]

    def __init__(self, rules_md: str, keys: list[tuple[str, str]]) -> None:
        super().__init__(classes="dialog help")
        self.rules_md = rules_md
        self.keys = keys

    def compose(self) -> ComposeResult:
        rows = "\n".join(f"- **{k}** {d}" for k, d in self.keys)
        keys_md = f"## Keys on this screen\n\n{rows}\n\n"
        with VerticalScroll(id="help-scroll"):
            yield Markdown(keys_md + self.rules_md, id="help-md")
        yield Label(Content.from_markup("[dim]Esc closes; arrows and PgUp/PgDn scroll[/]"))

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)


class FilePromptScreen(ModalScreen[Path | None]):
    """Ask for a save file path; returns it, or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="file.cancel")]

    def __init__(self, title: str, default: Path, *, must_exist: bool) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.default = default
        self.must_exist = must_exist

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(Content.from_markup("[b]$t[/]", t=self.title_text))
            yield Label(Content(f"Folder: {self.default.parent}"), id="file-folder")
            yield Input(value=str(self.default), id="file-path")
            yield Label("", id="file-error")
            with Horizontal(id="buttons"):
                yield Button("OK", id="ok", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def _submit(self) -> None:
        text = self.query_one(Input).value.strip()
        if not text:
            self.query_one("#file-error", Label).update("Type a file name.")
            return
        if any(ord(c) < 32 or ord(c) == 127 for c in text):  # a pasted NUL, a tab
            self.query_one("#file-error", Label).update(
                "A file name cannot hold control characters; type it again."
            )
            return
        path = Path(text).expanduser()
        if not path.is_absolute():
            path = self.default.parent / path
        if self.must_exist and not path.is_file():
            self.query_one("#file-error", Label).update(Content(f"No such file: {path}"))
            return
        self.dismiss(path)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "ok":
            self._submit()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
