"""Cheap interactive widgets for the board: the choice list and the key bar.

Both render a single Content and never change height, so updating them costs a
repaint, not a layout of the whole screen (the board must answer a key in < 50 ms).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import attrgetter

from textual import events
from textual.actions import SkipAction
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from living_forest.i18n import N_, _, ngettext
from living_forest.present.wrapping import NO_BREAK, tie_punctuation

from .footer import shown_bindings, shown_keys


class ChoiceList(Widget, can_focus=True):
    """Numbered options; arrows move, Enter or a click selects (posts ``Selected``)."""

    BINDINGS = [
        Binding("up", "move(-1)", N_("Up"), show=False, id="choices.up"),
        Binding("down", "move(1)", N_("Down"), show=False, id="choices.down"),
        Binding("home", "jump(0)", N_("First"), show=False, id="choices.home"),
        Binding("end", "jump(-1)", N_("Last"), show=False, id="choices.end"),
        # i18n: key bar label (the 80x24 key bar is full): at most 7 characters
        Binding("enter", "select", N_("Confirm"), id="choices.select"),
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
        """``numbers``: what each item is numbered (default 1, 2, 3, ...)."""
        emptied = bool(self.items) != bool(items)
        self.items = items
        self.numbers = numbers if numbers is not None else list(range(1, len(items) + 1))
        self._top = 0
        self.highlighted = 0
        self.refresh()
        if emptied:  # Enter (Confirm) shows only with something to confirm
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Hidden (False) when the list is empty: there is nothing to confirm.
        return action != "select" or bool(self.items)

    def watch_highlighted(self, index: int) -> None:
        self.post_message(self.Highlighted(index))

    def action_move(self, step: int) -> None:
        if self.items:
            self.highlighted = (self.highlighted + step) % len(self.items)

    def action_jump(self, where: int) -> None:
        if self.items:
            self.highlighted = where % len(self.items)

    def action_select(self) -> None:
        if not self.items:
            raise SkipAction()  # nothing to confirm: Enter goes on to the screen
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
        label = f"{n}. "  # past 9 too: two digits pick it (GameScreen.action_pick)
        # textwrap breaks at ASCII spaces only: the no-break ones French puts before its
        # signs hold ("puissance 4 : 2 Varans" never begins a line with ":").
        text = textwrap.wrap(
            tie_punctuation(label + self.items[i]),
            width,
            subsequent_indent="   ",
            break_on_hyphens=False,
        ) or [label]
        lines = [Content(t.replace(NO_BREAK, " ")) for t in text]
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
            below = n - end
            if self._top:
                # i18n: the choice box's last line (31 columns at 80x24): {count} options
                # below the box, {above} above it
                more = ngettext(
                    "↓ {count} more, {above} above (arrows)",
                    "↓ {count} more, {above} above (arrows)",
                    below,
                ).format(count=below, above=self._top)
            else:
                # i18n: the choice box's last line (31 columns at 80x24)
                more = ngettext("↓ {count} more (arrows)", "↓ {count} more (arrows)", below)
                more = more.format(count=below)
            out.append(Content(f"   {more}"))
            rows.append(end)
        elif self._top > 0 and len(out) < h:
            # i18n: the choice box's last line (31 columns at 80x24)
            more = ngettext(
                "↑ {count} more above (arrows)", "↑ {count} more above (arrows)", self._top
            ).format(count=self._top)
            out.append(Content(f"   {more}"))
            rows.append(self._top - 1)
        self._row_items = rows
        return Content("\n").join(out)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


def fit_ranked(pieces: Sequence[tuple[int, int, int]], room: int, strict: int) -> set[int]:
    """Which of ``pieces`` (index, rank, width) fit in ``room`` columns: by rank (the
    lowest first), then in their order, each that fits. A piece of rank ``strict`` or
    lower that does not fit leaves its room to the others of its rank only: a view is
    not shown where a move was left out."""
    kept: set[int] = set()
    bar = None  # the rank of the first piece left out that holds the later ranks back
    for i, rank, width in sorted(pieces, key=lambda p: (p[1], p[0])):
        if bar is not None and rank > bar:
            break
        if width <= room:
            kept.add(i)
            room -= width
        elif rank <= strict:
            bar = rank
    return kept


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

    def __init__(
        self, *, id: str | None = None, describe: Callable[[Binding], str] | None = None
    ) -> None:
        """``describe``: a binding's description (English, marked with ``N_``) as the
        screen words it now (a key whose meaning its state sharpens); the binding's own
        by default."""
        super().__init__(id=id)
        self._describe: Callable[[Binding], str] = describe or attrgetter("description")
        self._spans: list[_Span] = []
        self._pieces: list[tuple[Content, str, bool, bool, int]] = []
        self._laid_for = -1  # the width _spans and _content were laid out for
        self._content = Content("")
        self._showing: object = None  # shown_keys() and the keys' words when _pieces were made

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._rebuild)
        self.call_after_refresh(self._rebuild)

    # Always shown, at the end, when the bar is too narrow for every key.
    # The bindings' descriptions (English; translated when drawn).
    ESSENTIAL = ("Help", "Quit")
    # Keys given room last (Enter confirms the obvious; Load and Save are in Help).
    FIRST = ("escape",)  # Back, when it can be used: the way out of a sub-list
    # After the moves: Enter on the highlighted choice (the list says "⏎"; the End turn
    # key was left out for it at 80x24), before the views.
    AFTER_MOVES = ("Confirm",)
    VIEWS = ("v", "i", "o")  # other Forests, the discard, the inspector
    LAST = ("ctrl+o", "ctrl+s")  # Load and Save: also in Help and on the title screen

    MOVES = 1  # the rank of the moves: one left out for room is never replaced by a view

    def _rank(self, key: str, enabled: bool, description: str) -> int:
        """Who gets the room first: Back, the moves (and Enter passing a turn on, Undo),
        Confirm, the views, the dimmed keys of this phase (what becomes possible), then
        Load and Save."""
        if key in self.LAST:
            return 5
        if not enabled:
            return 4
        if description in self.AFTER_MOVES:
            return 2
        return 0 if key in self.FIRST else 3 if key in self.VIEWS else self.MOVES

    def _rebuild(self, *_args: object) -> None:
        """The keys again, after the screen's bindings were refreshed (each move, each
        focus change): made only when a key, its state, its wording or the language
        changed."""
        actives = shown_bindings(self.screen)
        described = tuple(self._describe(a.binding) for a in actives)
        showing = (shown_keys(self.screen, actives), described)
        if showing == self._showing:
            return
        self._showing = showing
        # piece, key, enabled, essential, rank
        pieces: list[tuple[Content, str, bool, bool, int]] = []
        seen: set[str] = set()
        for active, description in zip(actives, described, strict=True):
            b = active.binding
            if description in seen:
                continue
            seen.add(description)
            shown = self.app.get_key_display(b)
            label = _(description)  # marked with N_ where it is written
            if active.enabled:
                piece = Content.from_markup(
                    "[bold $footer-key-foreground]$k[/] $d ", k=shown, d=label
                )
            else:
                piece = Content.from_markup("[dim]$k $d[/] ", k=shown, d=label)
            essential = description in self.ESSENTIAL
            rank = self._rank(b.key, active.enabled, description)
            pieces.append((piece, b.key, active.enabled, essential, rank))
        self._pieces = pieces
        self._laid_for = -1
        self.refresh()

    def _layout(self, width: int) -> None:
        """The keys that fit in ``width``: all of them when they fit; else Help and Quit
        at the end and, in their order, as many others as fit by rank (see
        :meth:`_rank` and :func:`fit_ranked`)."""
        if width == self._laid_for:
            return
        pieces = self._pieces
        if sum(p[0].cell_length for p in pieces) > width:
            essential = [p for p in pieces if p[3]]
            room = width - sum(p[0].cell_length for p in essential)
            ranked = [(i, p[4], p[0].cell_length) for i, p in enumerate(pieces) if not p[3]]
            kept = fit_ranked(ranked, room, self.MOVES)
            pieces = [p for i, p in enumerate(pieces) if i in kept] + essential
        spans, parts, x = [], [], 0
        for piece, key, enabled, _essential, _rank in pieces:
            spans.append(_Span(x, x + piece.cell_length, key, enabled))
            x += piece.cell_length
            parts.append(piece)
        self._spans = spans
        self._content = Content("").join(parts)
        self._laid_for = width

    def on_resize(self) -> None:
        self._laid_for = -1

    def render(self) -> Content:
        self._layout(self.size.width)
        return self._content

    def on_click(self, event: events.Click) -> None:
        # A click is the same as pressing the key, refusals included.
        self._layout(self.size.width)
        for span in self._spans:
            if span.start <= event.x < span.end:
                self.app.simulate_key(span.key)
                return
