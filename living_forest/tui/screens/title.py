"""Title and New game screens."""

from __future__ import annotations

import random
from collections.abc import Callable

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from living_forest.bots import OFFERED, title
from living_forest.core import BASE_GAME, GameOptions, drawn_first, rules_for
from living_forest.i18n import N_, _, spirit_name
from living_forest.present.glyphs import spirit_tag
from living_forest.present.saves import BASE_RULES, who
from living_forest.present.session import HUMAN, SeatConfig, controller_name
from living_forest.text import access_letters, printable

from ..keymap import menu_keys
from ..widgets.footer import Footer
from .base import Page

# The Spirits and their names are the same with every module (N-7).
SPIRIT_NAMES = rules_for(BASE_GAME).data.spirits
SPIRITS = list(SPIRIT_NAMES)  # winter, spring, summer, autumn
DEFAULT_NAMES = ["Ana", "Ben", "Chloé", "Dai"]

LOGO = r"""
 _    _      _              ___                 _
| |  (_)_ _ (_)_ _  __ _   | __|__ _ _ ___ __| |_
| |__| \ V /| | ' \/ _` |  | _/ _ \ '_/ -_|_-<  _|
|____|_|\_/ |_|_||_\__, |  |_|\___/_| \___/__/\__|
                   |___/
"""


class TitleScreen(Screen[None]):
    # Not in the Footer: every menu button shows its key already, and the Footer has
    # no room for them all in German at 80 columns.
    BINDINGS = menu_keys(
        (
            ("n", "app.new_game", N_("New game"), "title.new"),
            ("t", "app.learn", N_("Learn to play"), "title.learn"),
            ("c", "app.continue_game", N_("Continue"), "title.continue"),
            ("l", "app.load_game", N_("Load…"), "title.load"),
            ("w", "app.watch_replay", N_("Replay…"), "title.watch"),
            ("r", "app.help", N_("Rules"), "title.rules"),
            ("s", "app.settings", N_("Settings"), "title.settings"),
            ("q", "app.quit", N_("Quit"), "title.quit"),
        ),
        show=False,
    )
    AUTO_FOCUS = "#new"

    def __init__(self, has_autosave: Callable[[], bool]) -> None:
        super().__init__()
        self.has_autosave = has_autosave  # asked each time the title shows
        self.message = ""  # shown under the menu (kept until the screen is built)

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(LOGO, id="logo")
            yield Label(
                _("Drive Onibi back and grow your forest: 2 to 4 Spirits at one keyboard"),
                id="tagline",
            )
            menu = [
                # i18n: a title-screen button and its key: at most 15 characters
                ("new", _("New game"), "n"),
                # i18n: a title-screen button and its key: at most 15 characters
                ("learn", _("Learn to play"), "t"),
                # i18n: a title-screen button and its key: at most 15 characters
                ("continue", _("Continue"), "c"),
                # i18n: a title-screen button and its key: at most 15 characters
                ("load", _("Load…"), "l"),
                # i18n: a title-screen button and its key: at most 15 characters
                ("watch", _("Replay…"), "w"),
                # i18n: a title-screen button (the rules reference): at most 15 characters
                ("rules", _("Rules"), "r"),
                # i18n: a title-screen button (the language): at most 15 characters
                ("settings", _("Settings"), "s"),
                # i18n: a title-screen button and its key: at most 15 characters
                ("quit", _("Quit"), "q"),
            ]
            width = max(len(label) for _id, label, _key in menu)  # the keys in a column
            with Center(id="menu-row"), Vertical(id="menu"):
                for bid, label, key in menu:
                    yield Button(f"{label:<{width}} ({key})", id=bid)
            yield Label("", id="title-message")
        yield Footer()

    def on_mount(self) -> None:
        self._show_message()

    def on_screen_resume(self) -> None:
        has = self.has_autosave()
        self.query_one("#continue", Button).disabled = not has
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue_game":
            return True if self.has_autosave() else None
        return True

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        action = {
            "new": "new_game",
            "learn": "learn",
            "continue": "continue_game",
            "load": "load_game",
            "watch": "watch_replay",
            "rules": "help",
            "settings": "settings",
            "quit": "quit",
        }[event.button.id or "quit"]
        await self.app.run_action(f"app.{action}")

    def say(self, message: str) -> bool:
        """Show ``message`` under the menu; said before the screen is built (a bad
        autosave with --continue), it appears once it is. True: it shows there whole
        (it wraps), so the app adds no notice over it (play-test: a load error said
        twice at 80x24, both cut)."""
        self.message = message
        self._show_message()
        return True

    def _show_message(self) -> None:
        for label in self.query("#title-message").results(Label):
            label.update(Content(self.message))


class Cycle(Widget, can_focus=True):
    """A one-value choice that the keyboard changes in place: Left/Right (or Space)
    step through the options, a letter jumps to the option it is the key of (each
    option has its own, underlined: "Human" h, "Bot: hard" a; see
    :func:`~living_forest.text.access_letters`). Focus is shown by a heavy border,
    ◀ ▶ arrows and bold text (no colour needed)."""

    DEFAULT_CSS = """
    Cycle { height: 3; border: tall $border-blurred; padding: 0 1; background: $surface; }
    Cycle:focus { border: heavy $accent; text-style: bold; background-tint: $foreground 5%; }
    """
    BINDINGS = [
        Binding("left", "step(-1)", N_("Previous"), show=False, id="newgame.cycle.prev"),
        Binding("right,space", "step(1)", N_("Next"), show=False, id="newgame.cycle.next"),
    ]
    value: reactive[str] = reactive("", layout=False)

    class Changed(Message):
        def __init__(self, cycle: Cycle) -> None:
            super().__init__()
            self.cycle = cycle

        @property
        def control(self) -> Cycle:
            return self.cycle

    def __init__(
        self,
        options: list[tuple[str, str]],
        value: str,
        *,
        id: str,
        classes: str = "",
        order: list[str] | None = None,
    ) -> None:
        """``options``: (label, value) in their own order, which gives the letters;
        ``order``: the values in the order ←/→ step through them (default: as given)."""
        super().__init__(id=id, classes=classes)
        where = access_letters([t for t, _v in options])
        letters = {v: at for (_t, v), at in zip(options, where, strict=True)}
        by_value = {v: t for t, v in options}
        values = order if order is not None else [v for _t, v in options]
        self.options = [(by_value[v], v) for v in values]
        self.letters = [letters[v] for v in values]  # where each option's letter is
        self.set_reactive(Cycle.value, value)

    def letter(self, value: str) -> str:
        """The key letter of the option ``value`` ("" when it has none)."""
        for (text, v), at in zip(self.options, self.letters, strict=True):
            if v == value and at >= 0:
                return text[at].lower()
        return ""

    @property
    def label(self) -> str:
        return next((text for text, v in self.options if v == self.value), self.value)

    def _index(self) -> int:
        return next((i for i, (_, v) in enumerate(self.options) if v == self.value), 0)

    def watch_value(self) -> None:
        self.post_message(self.Changed(self))

    def action_step(self, step: int) -> None:
        self.value = self.options[(self._index() + step) % len(self.options)][1]

    def on_key(self, event: events.Key) -> None:
        ch = (event.character or "").lower()
        if len(ch) != 1 or not ch.isalpha():
            return
        for _text, v in self.options:
            if self.letter(v) == ch:
                event.stop()
                event.prevent_default()
                self.value = v
                return

    def on_click(self) -> None:
        self.focus()
        self.action_step(1)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def render(self) -> Content:
        i = self._index()
        text = Content(self.label)
        at = self.letters[i] if i < len(self.letters) else -1
        if at >= 0:
            text = text.stylize("underline", at, at + 1)
        if self.has_focus:
            return Content("◀ ") + text.stylize("bold") + Content(" ▶")
        return Content("  ") + text


def controller_label(controller: str) -> str:
    return controller_name(controller)


def controller_options() -> list[tuple[str, str]]:
    """Who may play a seat, as the form offers it: Human, then the bots, weakest first."""
    return [(controller_label(c), c) for c in (HUMAN, *OFFERED)]


def controller_order(bot_level: str | None) -> list[str]:
    """The order →/Space step through: Human, then ``bot_level`` (the Settings' bot a
    seat gets first), then the other bots."""
    bots = [b for b in OFFERED if b != bot_level]
    first = [bot_level] if bot_level in OFFERED else []
    return [HUMAN, *first, *bots]


def rules_choices() -> list[tuple[str, str]]:
    """The rules on offer: (label, module names joined by "+"; "" = the base game), the
    base game then each installed rules module by its title; the labels are translated
    where shown."""
    from living_forest.core.modules import get_module, installed

    return [(BASE_RULES, ""), *((get_module(name).title, name) for name in sorted(installed()))]


def options_of(value: str) -> GameOptions:
    return GameOptions(tuple(m for m in value.split("+") if m))


class SeatRow(Horizontal):
    """One seat of the New game form: name, Spirit, controller (Tab in that order)."""

    def __init__(self, index: int, bot_level: str | None = None) -> None:
        """``bot_level``: the bot → on Human gives first (Settings)."""
        super().__init__(classes="seat-row", id=f"seat-{index}")
        self.index = index
        self.bot_level = bot_level

    def compose(self) -> ComposeResult:
        i = self.index
        # i18n: the label of a row of the New game form: at most 7 characters
        yield Label(_("Seat {number}").format(number=i + 1), classes="seat-label")
        yield Input(DEFAULT_NAMES[i], id=f"name-{i}", max_length=40, classes="seat-name")
        yield Cycle(
            [(f"{spirit_name(SPIRIT_NAMES[s])} ({spirit_tag(s)})", s) for s in SPIRITS],
            SPIRITS[i],
            id=f"spirit-{i}",
            classes="seat-spirit",
        )
        yield Cycle(
            controller_options(),
            "human",
            id=f"ctl-{i}",
            classes="seat-ctl",
            order=controller_order(self.bot_level),
        )


# Translated where shown; $letters: each player type's key letter and name.
FORM_HELP = N_(
    "[b]Tab[/] next field, [b]Shift+Tab[/] previous (each row: name → Spirit → player). "
    "On a Spirit or player: [b]←/→[/] or [b]Space[/] change it, its underlined letter "
    "jumps ($letters). [b]F5[/] or [b]Enter[/] starts."
)


def form_letters() -> str:
    """The player types' key letters for the form's help: "h Human, r random, …"."""
    options = controller_options()
    where = access_letters([text for text, _v in options])
    return ", ".join(
        f"{text[at].lower()} {title(v) if v != HUMAN else text}"
        for (text, v), at in zip(options, where, strict=True)
        if at >= 0
    )


class NewGameScreen(Page[tuple[list[SeatConfig], int, GameOptions] | None]):
    """Seats (2-4), each with a name, a unique Spirit and human/bot; a seed; Start."""

    BINDINGS = [
        Binding("escape", "cancel", N_("Back"), id="newgame.back"),
        # Not of priority: F5 reaches the screen behind the keys read before it (a field's
        # key and F5 read together started the game as the form stood before the key).
        Binding("f5", "start", N_("Start"), id="newgame.start"),
        # Enter starts from a name, the seed or a Spirit/player field (buttons keep theirs).
        Binding("enter", "start", N_("Start"), show=False, id="newgame.start2"),
        Binding("f2", "add_seat", N_("Add seat"), id="newgame.add"),
        Binding("f3", "remove_seat", N_("Remove seat"), id="newgame.remove"),
        Binding("f4", "reseed", N_("New seed"), id="newgame.reseed"),
    ]

    def __init__(
        self,
        seed: int | None = None,
        last: tuple[list[SeatConfig], GameOptions] | None = None,
        bot_level: str | None = None,
    ) -> None:
        """``last``: the seats and rules of the previous new game, to start from;
        ``bot_level``: the bot a seat gets first when → leaves Human (Settings)."""
        super().__init__()
        self.bot_level = bot_level
        self.seats = 2 if last is None else len(last[0])
        self.seed = seed if seed is not None else random.randrange(1_000_000)
        self.last = last

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="newgame"):
            # i18n: one line of at most 76 characters (markup not counted); it wraps
            # (a Static, not a Label) where the form's scroll bar takes two of them
            yield Static(
                Content.from_markup(
                    _("[b]New game[/]  2 to 4 seats, each Spirit once (no solo mode)")
                ),
                id="newgame-title",
            )
            yield Static(
                Content.from_markup(_(FORM_HELP), letters=form_letters()), id="newgame-help"
            )
            for i in range(4):
                yield SeatRow(i, self.bot_level)
            with Horizontal(id="rules-row"):
                # i18n: the label of the New game form's row of rules (base game or
                # Kodama): at most 7 characters
                yield Label(_("Rules"), classes="seat-label")
                rules = [(_(label), v) for label, v in rules_choices()]
                yield Cycle(rules, "", id="rules", classes="seat-rules")
            with Horizontal(id="seed-row"):
                # i18n: the label of the New game form's row of the seed: at most 7 characters
                yield Label(_("Seed"), classes="seat-label")
                yield Input(str(self.seed), id="seed", restrict=r"[0-9]*", max_length=18)
                yield Static("", id="newgame-order")  # the seed draws the order of play
            with Horizontal(id="newgame-buttons"):
                yield Button(_("Start"), id="start", variant="primary")
                yield Button(_("+ seat (F2)"), id="add")
                yield Button(_("- seat (F3)"), id="remove")
                yield Button(_("Back"), id="back")
            yield Static("", id="newgame-summary")
            yield Label("", id="newgame-error")
        yield Footer()

    def on_mount(self) -> None:
        if self.last is not None:
            seats, options = self.last
            for i, seat in enumerate(seats):
                self.query_one(f"#name-{i}", Input).value = seat.name
                self.query_one(f"#spirit-{i}", Cycle).value = seat.spirit
                self.query_one(f"#ctl-{i}", Cycle).value = seat.controller
            self.query_one("#rules", Cycle).value = "+".join(options.modules)
        self._show_seats()
        self.query_one("#name-0", Input).focus()

    def _show_seats(self) -> None:
        for i in range(4):
            self.query_one(f"#seat-{i}").display = i < self.seats
        self._summarise()

    @on(Cycle.Changed)
    @on(Input.Changed)
    def _summarise(self) -> None:
        """One line saying the game the form describes now, so every change shows."""
        if not self.is_mounted:
            return
        parts = []
        for i in range(self.seats):
            # A pasted escape sequence would reach the terminal wherever the name shows.
            name = printable(self.query_one(f"#name-{i}", Input).value).strip() or _(
                "(seat {number}: no name)"
            ).format(number=i + 1)
            spirit = self.query_one(f"#spirit-{i}", Cycle).value
            parts.append(who(name, spirit, self.query_one(f"#ctl-{i}", Cycle).value))
        seed = self.query_one("#seed", Input).value.strip() or "?"
        rules = dict((v, label) for label, v in rules_choices())[
            self.query_one("#rules", Cycle).value
        ]
        # i18n: between the players of the New game form's summary: "Ana (…) vs Ben (…)"
        versus = _("vs")
        self.query_one("#newgame-summary", Static).update(
            Content.from_markup(
                # i18n: the New game form's summary; keep $g (the players), $r (the rules)
                # and $s (the seed)
                _("[b]Game:[/] $g  [dim]$r, seed $s[/]"),
                g=f" {versus} ".join(parts),
                r=_(rules),
                s=seed,
            )
        )
        self.query_one("#newgame-order", Static).update(self._order_text(seed))
        error = self.query_one("#newgame-error", Label)
        if str(error.render()):  # an error is shown: say whether it still holds
            result = self.form()
            error.update(Content(result if isinstance(result, str) else ""))

    def _order_text(self, seed: str) -> Content:
        """Who plays first and then who: the seed draws the first player (S-2) and
        play goes clockwise from them, so the seats' numbers on the form are not the
        order of play."""
        if not seed.isdigit():
            return Content("")
        names = [
            printable(self.query_one(f"#name-{i}", Input).value).strip() or "?"
            for i in range(self.seats)
        ]
        first = drawn_first(int(seed), len(names))
        order = names[first:] + names[:first]
        return Content.from_markup(
            # i18n: the New game form's play order, beside the seed; keep $o (the names
            # in order) and $f (the first player's name)
            _("[b]Play order:[/] $o  [dim]($f drawn to start by the seed)[/]"),
            o=" → ".join(order),
            f=order[0],
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "add_seat":
            return True if self.seats < 4 else None
        if action == "remove_seat":
            return True if self.seats > 2 else None
        return True

    def action_add_seat(self) -> None:
        if self.seats < 4:
            self.seats += 1
            self._show_seats()
            self.refresh_bindings()

    def action_remove_seat(self) -> None:
        if self.seats > 2:
            self.seats -= 1
            self._show_seats()
            self.refresh_bindings()

    def action_reseed(self) -> None:
        self.query_one("#seed", Input).value = str(random.randrange(1_000_000))

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        event.stop()
        {
            "start": self.action_start,
            "add": self.action_add_seat,
            "remove": self.action_remove_seat,
            "back": self.action_cancel,
        }[event.button.id or "back"]()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def form(self) -> tuple[list[SeatConfig], int, GameOptions] | str:
        """The seats, seed and rules, or a sentence saying what is wrong."""
        seats = []
        for i in range(self.seats):
            # A pasted escape sequence would reach the terminal wherever the name shows.
            name = printable(self.query_one(f"#name-{i}", Input).value).strip()
            spirit = self.query_one(f"#spirit-{i}", Cycle).value
            ctl = self.query_one(f"#ctl-{i}", Cycle).value
            if not name:
                return _("Seat {number} needs a name.").format(number=i + 1)
            seats.append(SeatConfig(name, str(spirit), str(ctl)))
        spirits = [s.spirit for s in seats]
        for s in set(spirits):
            if spirits.count(s) > 1:
                return _("{spirit} is chosen twice; each Spirit can be played once.").format(
                    spirit=spirit_name(SPIRIT_NAMES[s])
                )
        text = self.query_one("#seed", Input).value.strip()
        if not text.isdigit():
            return _("The seed must be a whole number (0 or more).")
        return seats, int(text), options_of(self.query_one("#rules", Cycle).value)

    def action_start(self) -> None:
        result = self.form()
        if isinstance(result, str):
            self.query_one("#newgame-error", Label).update(Content(result))
            return
        self.dismiss(result)
