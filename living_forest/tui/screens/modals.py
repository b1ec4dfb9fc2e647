"""Typed modal screens: each returns its result through ``dismiss``."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from living_forest.persistence import SaveInfo

from ..glyphs import SPIRIT_TAG


class HandOffScreen(ModalScreen[None]):
    """ "Pass the keyboard to Summer": the next human sits down knowingly."""

    BINDINGS = [Binding("enter", "go", "I am here", id="handoff.go", priority=True)]

    def __init__(self, name: str, spirit: str, what: str, since: tuple[str, ...] = ()) -> None:
        super().__init__(classes="dialog")
        self.player_name = name
        self.spirit = spirit
        self.what = what
        self.since = since

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
            if self.since:
                yield Label(Content.from_markup("[b]Since your last turn:[/]"), id="since-title")
                yield Static(Content("\n".join(f"• {x}" for x in self.since)), id="since")
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


class ConfirmScreen(ModalScreen[bool]):
    """A question with two answers: Enter (yes) or Esc (no)."""

    BINDINGS = [
        Binding("enter", "answer(True)", "Yes", id="confirm.yes", priority=True),
        Binding("escape", "answer(False)", "No", id="confirm.no", priority=True),
    ]

    def __init__(self, question: str, body: str) -> None:
        super().__init__(classes="dialog")
        self.question = question
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(Content.from_markup("[b]$q[/]", q=self.question), id="confirm-title")
            yield Static(Content(self.body), id="confirm-body")
            yield Label(Content.from_markup("[b]Enter[/] yes   [b]Esc[/] no"))

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


OTHER_FILE = "other"  # the save browser's last entry: type a path


class SaveBrowserScreen(ModalScreen[Path | str | None]):
    """Every save and autosave, newest first, with its players, Spirits, round, rules
    and date; returns the chosen file, :data:`OTHER_FILE` to type a path, or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="saves.cancel")]

    def __init__(self, found: list[SaveInfo]) -> None:
        super().__init__(classes="dialog")
        self.found = found

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(Content.from_markup("[b]Load a game[/]"), id="saves-title")
            entries = [Option(save_line(s), id=str(i)) for i, s in enumerate(self.found)]
            entries.append(Option(Content("Another file… (type its path)"), id=OTHER_FILE))
            yield OptionList(*entries, id="saves-list")
            yield Label(
                Content.from_markup("[dim]↑↓ choose, Enter loads, Esc cancels[/]"),
                id="saves-help",
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        oid = event.option.id
        if oid == OTHER_FILE:
            self.dismiss(OTHER_FILE)
            return
        info = self.found[int(oid or 0)]
        if info.problem:
            self.notify(info.problem, severity="error", markup=False)
            return
        self.dismiss(info.path)

    def action_cancel(self) -> None:
        self.dismiss(None)


def save_line(s: SaveInfo) -> Content:
    """One save in the browser: "Ana (Winter), Ben (Summer) · round 4 · Kodama ·
    autosave · 2026-12-01 18:59"; a damaged file says so."""
    when = s.modified.strftime("%Y-%m-%d %H:%M")
    kind = "autosave" if s.autosave else s.path.name
    if s.problem:
        return Content(f"{kind} · {when} · cannot be read")
    names = ", ".join(f"{name} ({spirit.title()})" for name, spirit in s.players)
    rules = "".join(f" · {m.title()}" for m in s.modules)
    state = "game over" if s.over else f"round {s.round}"
    return Content(f"{names} · {state}{rules} · {kind} · {when}")
