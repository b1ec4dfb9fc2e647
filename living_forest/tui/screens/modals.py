"""Typed modal screens: each returns its result through ``dismiss``."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from rich.markdown import Markdown as RichMarkdown
from rich.style import Style
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from living_forest.i18n import N_, _, spirit_name
from living_forest.persistence import AUTOSAVES_KEPT, KEEP_UNFINISHED_DAYS, SAVE_SUFFIX, SaveInfo
from living_forest.present.glyphs import spirit_tag
from living_forest.present.inspector import Item
from living_forest.present.saves import save_text

from .base import Dialog, Page


class HandOffScreen(Dialog[None]):
    """ "Pass the keyboard to Summer": the next human sits down knowingly."""

    BINDINGS = [Binding("enter", "go", N_("I am here"), id="handoff.go", priority=True)]

    def __init__(self, name: str, spirit: str, what: str, since: tuple[str, ...] = ()) -> None:
        """``spirit``: the Spirit's name in the game's data ("Winter", in English: it is
        translated here)."""
        super().__init__(classes="dialog")
        self.player_name = name
        self.spirit = spirit
        self.what = what
        self.since = since

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(
                Content.from_markup(
                    # i18n: keep $name (the player), $spirit (their Spirit) and $tag (its
                    # two letters on the board)
                    _("Pass the keyboard to [b]$name[/] ($spirit, [b]$tag[/])"),
                    name=self.player_name,
                    spirit=spirit_name(self.spirit),
                    tag=spirit_tag(self.spirit.lower(), ""),
                ),
                id="handoff-title",
            )
            yield Label(Content(self.what))
            if self.since:
                yield Label(Content.from_markup(_("[b]Since your last turn:[/]")), id="since-title")
                yield Static(Content("\n".join(f"• {x}" for x in self.since)), id="since")
            yield Label(
                Content.from_markup(
                    # i18n: keep $name (the player)
                    _("[b]$name[/]: press [b]Enter[/] when ready."),
                    name=self.player_name,
                )
            )

    def action_go(self) -> None:
        self.dismiss(None)


class InfoScreen(Dialog[None]):
    """A titled text (round summary, discard stack, error); Enter or Esc closes it."""

    BINDINGS = [
        Binding("enter", "close", N_("Continue"), id="info.close", priority=True),
        Binding("escape", "close", N_("Close"), id="info.escape", show=False),
    ]

    def __init__(self, title: str, body: str, *, markup: bool = False) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.body = body
        self.markup = markup

    def footer(self) -> str:
        """The box's last line, in markup."""
        return _("[dim]Enter to continue[/]")

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(Content.from_markup("[b]$t[/]", t=self.title_text), id="info-title")
            body = Content.from_markup(self.body) if self.markup else Content(self.body)
            with VerticalScroll(id="info-body"):
                yield Static(body)
            yield Label(Content.from_markup(self.footer()), id="info-footer")

    BODY = "#info-body"  # fitted by Dialog: the footer stays in view at 80x24

    def action_close(self) -> None:
        self.dismiss(None)


class HelpText(ScrollView):
    """The help as one scrolling text (Textual's line API): each section is Rich
    Markdown drawn once per width and kept across openings, and only the rows in view
    are painted. The help must open in under 0.1 s: Textual's Markdown
    widget (a widget per block) took 0.8-2.2 s, and a widget per section still cost
    four layouts of the whole help per opening.

    ``offsets`` maps each section's heading to its first line."""

    DEFAULT_CSS = "HelpText { overflow-y: scroll; overflow-x: hidden; }"
    _drawn: ClassVar[dict[tuple[str, int], list[Strip]]] = {}

    def __init__(
        self, sections: list[tuple[str, str]], start: str | None = None, *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.sections = sections
        self.start = start
        self.offsets: dict[str, int] = {}
        self._lines: list[Strip] = []
        self._width = 0
        self._paint_style: Style | None = None

    def _strips(self, text: str, width: int) -> list[Strip]:
        key = (text, width)
        found = self._drawn.get(key)
        if found is None:
            if len(self._drawn) > 400:  # many widths seen (resizes): start again
                self._drawn.clear()
            console = self.app.console
            options = console.options.update(width=width, height=None)
            lines = console.render_lines(RichMarkdown(text), options, pad=True)
            found = self._drawn[key] = [Strip(line, width) for line in lines]
        return found

    def _draw(self, width: int) -> None:
        lines: list[Strip] = []
        self.offsets = {}
        for heading, text in self.sections:
            if lines:
                lines.append(Strip.blank(width))  # a blank line before each heading
            self.offsets[heading] = len(lines)
            lines.extend(self._strips(text, width))
        self._lines, self._width = lines, width
        self.virtual_size = Size(width, len(lines))

    @property
    def text(self) -> str:
        """The drawn help as plain text, one line per row."""
        return "\n".join(line.text.rstrip() for line in self._lines)

    def on_resize(self) -> None:
        width = max(1, self.scrollable_content_region.width)
        if width == self._width:
            return
        first = self._width == 0
        top = self._heading_at(self.scroll_y)
        self._draw(width)
        # At the first size: the section asked for; after a resize: the same section.
        at = self.start if first else top
        if at is not None and at in self.offsets:
            self.scroll_to(y=self.offsets[at], animate=False, immediate=True)
        self.refresh()

    def _heading_at(self, y: float) -> str | None:
        seen = [h for h, line in self.offsets.items() if line <= y]
        return seen[-1] if seen else None

    def render_lines(self, crop: Region) -> list[Strip]:
        self._paint_style = self.rich_style  # one walk up the DOM a paint, not a row
        try:
            return super().render_lines(crop)
        finally:
            self._paint_style = None

    def render_line(self, y: int) -> Strip:
        style = self._paint_style if self._paint_style is not None else self.rich_style
        row = int(self.scroll_y) + y
        width = self.scrollable_content_region.width
        if row >= len(self._lines):
            return Strip.blank(width, style)
        return self._lines[row].crop_extend(0, width, style).apply_style(style)


def help_sections(rules_md: str) -> list[tuple[str, str]]:
    """The rules reference cut at its ``## `` headings: (heading, text) in order; the
    text before the first heading has the heading ""."""
    out: list[tuple[str, list[str]]] = [("", [])]
    for line in rules_md.splitlines():
        if line.startswith("## "):
            out.append((line[3:].strip(), []))
        out[-1][1].append(line)
    return [(h, "\n".join(lines)) for h, lines in out if "".join(lines).strip()]


class HelpScreen(Page[None]):
    """The rules reference and the key list of the screen it was opened from, opened at
    the section ``start`` (a ``## `` heading of the reference) when there is one.

    One :class:`HelpText` holds it all (the help opens in under 0.1 s)."""

    BINDINGS = [
        Binding("escape", "close", N_("Close"), id="help.close", priority=True),
        Binding("q", "close", N_("Close"), id="help.q", show=False),
    ]

    def __init__(
        self, rules_md: str, keys: list[tuple[str, str]], start: str | None = None
    ) -> None:
        """``rules_md``, ``keys`` (key, description) and ``start`` in the player's
        language (the caller translates them)."""
        super().__init__(classes="dialog help")
        self.rules_md = rules_md
        self.keys = keys
        self.start = start

    def compose(self) -> ComposeResult:
        rows = "\n".join(f"- **{k}** {d}" for k, d in self.keys)
        # i18n: the heading of the help's first section, the keys of the screen it was
        # opened from
        heading = _("Keys on this screen")
        keys = (heading, f"## {heading}\n\n{rows}\n")
        yield HelpText([keys, *help_sections(self.rules_md)], self.start, id="help-scroll")
        yield Label(Content.from_markup(_("[dim]Esc closes; arrows and PgUp/PgDn scroll[/]")))

    def on_mount(self) -> None:
        self.query_one("#help-scroll", HelpText).focus()

    def action_close(self) -> None:
        self.dismiss(None)


class FilePromptScreen(Dialog[Path | None]):
    """Ask for a save file path; returns it, or None when cancelled.

    ``must_exist``: for loading (the path must name a file). Else, for saving: an
    existing file is refused when ``check`` says why (it is not a save, another
    window's game), and replaced only after the player says yes."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="file.cancel")]

    def __init__(
        self,
        title: str,
        default: Path,
        *,
        must_exist: bool,
        check: Callable[[Path], str | None] | None = None,
        confine: Path | None = None,
    ) -> None:
        """``confine``: the only folder whose files may be named (a browser tab)."""
        super().__init__(classes="dialog")
        self.title_text = title
        self.default = default
        self.must_exist = must_exist
        self.check = check
        self.confine = confine

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(Content.from_markup("[b]$t[/]", t=self.title_text))
            yield Label(
                Content(_("Folder: {folder}").format(folder=self.default.parent)),
                id="file-folder",
            )
            yield Input(value=str(self.default), id="file-path")
            yield Label("", id="file-error")
            with Horizontal(id="buttons"):
                yield Button(_("OK"), id="ok", variant="primary")
                yield Button(_("Cancel"), id="cancel")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def _submit(self) -> None:
        if not self.is_active:  # a second Enter queued behind the first one's question
            return
        text = self.query_one(Input).value.strip()
        if not text:
            self.query_one("#file-error", Label).update(_("Type a file name."))
            return
        if any(ord(c) < 32 or ord(c) == 127 for c in text):  # a pasted NUL, a tab
            self.query_one("#file-error", Label).update(
                _("A file name cannot hold control characters; type it again.")
            )
            return
        path = Path(text).expanduser()
        if not path.is_absolute():
            path = self.default.parent / path
        if not self.must_exist and not path.suffix and not path.is_dir():
            # A name typed without ".json" is saved with it: the Load and Replay lists
            # show *.json only (a play-test's "runde4" was saved and never listed).
            path = path.with_name(path.name + SAVE_SUFFIX)
        if self.confine is not None and not _inside(path, self.confine):
            self.query_one("#file-error", Label).update(
                Content(
                    _("Here, games are kept in {folder} only: type a name in it.").format(
                        folder=self.confine
                    )
                )
            )
            return
        if self.must_exist and not path.is_file():
            if path.exists() and not path.is_dir():  # a FIFO, a device: reading would hang
                problem = _("{path} is not a regular file, so it cannot be a save file")
            else:
                problem = _("No such file: {path}")
            self.query_one("#file-error", Label).update(Content(problem.format(path=path)))
            return
        if not self.must_exist and (path.exists() or path.is_symlink()):
            refused = self.check(path) if self.check is not None else None
            if refused:
                self.query_one("#file-error", Label).update(Content(refused))
                return
            self._ask_to_replace(path)
            return
        self.dismiss(path)

    def _ask_to_replace(self, path: Path) -> None:
        """Saving over an existing save: only after a yes (Esc: type another name)."""

        def answered(yes: bool | None) -> None:
            if yes:
                self.dismiss(path)
            else:
                self.query_one("#file-error", Label).update(
                    Content(_("{name} was kept; type another name.").format(name=path.name))
                )

        # i18n: {name} is a file name
        question = _("Replace {name}?").format(name=path.name)
        body = _(
            "{path} already holds a saved game. Enter replaces it with this one; Esc keeps it."
        )
        self.app.push_screen(ConfirmScreen(question, body.format(path=path)), answered)

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


def _inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` is in ``folder`` once links are followed (``..`` and a link
    that leads out count as out)."""
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError, ValueError):  # a link loop, a NUL
        return False


class ConfirmScreen(Dialog[bool]):
    """A question with two answers: Enter (yes) or Esc (no)."""

    BINDINGS = [
        Binding("enter", "answer(True)", N_("Yes"), id="confirm.yes", priority=True),
        Binding("escape", "answer(False)", N_("No"), id="confirm.no", priority=True),
    ]

    def __init__(self, question: str, body: str) -> None:
        super().__init__(classes="dialog")
        self.question = question
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(Content.from_markup("[b]$q[/]", q=self.question), id="confirm-title")
            yield Static(Content(self.body), id="confirm-body")
            yield Label(Content.from_markup(_("[b]Enter[/] yes   [b]Esc[/] no")))

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


OTHER_FILE = "other"  # the save browser's last entry: type a path


class SaveBrowserScreen(Dialog[Path | str | None]):
    """Every save and autosave, newest first, with its players (people and which
    bots), rules, round or winners, and how long ago; returns the chosen file,
    :data:`OTHER_FILE` to type a path, or None."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="saves.cancel")]

    def __init__(self, found: list[SaveInfo], *, title: str | None = None) -> None:
        """``title``: in the player's language (default: Load a game)."""
        super().__init__(classes="dialog")
        self.found = found
        self.title_text = _("Load a game") if title is None else title

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(Content.from_markup("[b]$t[/]", t=self.title_text), id="saves-title")
            entries = [Option(save_line(s), id=str(i)) for i, s in enumerate(self.found)]
            entries.append(Option(Content(_("Another file… (type its path)")), id=OTHER_FILE))
            yield OptionList(*entries, id="saves-list")
            # i18n: what pruning keeps; {count} is 12, {days} is 28
            kept = _(
                "Autosaves kept: the newest {count}, every game open in a window, and every "
                "unfinished game played in the last {days} days; finished games go first."
            ).format(count=AUTOSAVES_KEPT, days=KEEP_UNFINISHED_DAYS)
            yield Label(Content.from_markup("[dim]$t[/]", t=kept), id="saves-kept")
            yield Label(
                Content.from_markup(_("[dim]↑↓ choose, Enter opens, Esc cancels[/]")),
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
    """One save in the browser (see :func:`~living_forest.present.saves.save_text`)."""
    return Content(save_text(s, datetime.now()))


class InspectScreen(Dialog[None]):
    """Look at anything on the board: a list of the reserve cards, fires,
    rocks, trees, Forest spaces, Victory tiles and the modules' panels on the left; what
    the highlighted one is, does and offers now on the right. Changes nothing."""

    BINDINGS = [
        Binding("escape", "close", N_("Close"), id="inspect.close"),
        Binding("o", "close", N_("Close"), show=False, id="inspect.o"),
    ]

    LIST_EDGES = 4  # the list's columns beside its entries: padding 1 + 1, scroll bar 2

    def __init__(self, items: list[Item], start: str | None = None) -> None:
        super().__init__(classes="dialog inspect")
        self.items = items
        self.start = start

    def compose(self) -> ComposeResult:
        options: list[Option | None] = []
        group = ""
        for i, it in enumerate(self.items):
            if it.group != group:
                group = it.group
                options.append(Option(Content.from_markup("[b]$g[/]", g=_(group)), disabled=True))
            options.append(Option(Content(it.title), id=str(i)))
        with Vertical(id="box"):
            yield Label(Content.from_markup(_("[b]Look at the board[/]")), id="inspect-title")
            with Horizontal(id="inspect-body"):
                listed = OptionList(*options, id="inspect-list")
                # As wide as its widest entry with the scroll bar and padding (40 % of
                # an 80-column box wrapped "L3 Flying Squirrel (cost 15)"), at most
                # half the box (the detail's room).
                titles = [it.title for it in self.items] + [_(it.group) for it in self.items]
                widest = max(map(cell_len, titles), default=0)
                listed.styles.width = widest + self.LIST_EDGES
                yield listed
                # Scrolls: at 80x24 a card's text ran past the box (a French play-test:
                # "Maintenant : impossible — pendant" and the rest out of reach).
                with VerticalScroll(id="inspect-scroll"):
                    yield Static(id="inspect-detail")
            # i18n: the Look box's keys: Tab goes to the text on the right (it scrolls)
            yield Label(
                Content.from_markup(_("[dim]↑↓ look at another · Tab: the text · Esc closes[/]"))
            )

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        ol.focus()
        keys = [it.key for it in self.items]
        first = keys.index(self.start) if self.start in keys else 0
        index = ol.get_option_index(str(first)) if self.items else 0
        ol.highlighted = index
        self._show(first)

    def _show(self, i: int) -> None:
        if 0 <= i < len(self.items):
            it = self.items[i]
            body = Content.from_markup("[b]$t[/]", t=it.title) + Content(
                "\n\n" + "\n".join(it.lines)
            )
            self.query_one("#inspect-detail", Static).update(body)
            self.query_one("#inspect-scroll", VerticalScroll).scroll_home(animate=False)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option.id is not None:
            self._show(int(event.option.id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class NumberScreen(Dialog[int | None]):
    """Ask for a whole number from ``low`` to ``high``; returns it, or None (Esc)."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="number.cancel")]

    def __init__(self, title: str, low: int, high: int) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.low, self.high = low, high

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(Content.from_markup("[b]$t[/]", t=self.title_text))
            yield Input(id="number", restrict=r"[0-9]*", max_length=4)
            yield Label("", id="number-error")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        n = int(text) if text.isascii() and text.isdigit() else None
        if n is None or not self.low <= n <= self.high:
            self.query_one("#number-error", Label).update(
                _("Type a number from {low} to {high}.").format(low=self.low, high=self.high)
            )
            return
        self.dismiss(n)

    def action_cancel(self) -> None:
        self.dismiss(None)
