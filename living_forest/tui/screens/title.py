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

from living_forest.bots import title
from living_forest.core import BASE_GAME, GameOptions, rules_for

from ..glyphs import SPIRIT_TAG
from ..session import CONTROLLERS, SeatConfig
from ..widgets.footer import Footer

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
    BINDINGS = [
        Binding("n", "app.new_game", "New game", id="title.new"),
        Binding("t", "app.learn", "Learn to play", id="title.learn"),
        Binding("c", "app.continue_game", "Continue", id="title.continue"),
        Binding("l", "app.load_game", "Load…", id="title.load"),
        Binding("w", "app.watch_replay", "Replay…", id="title.watch"),
        Binding("r", "app.help", "Rules", id="title.rules"),
        Binding("q", "app.quit", "Quit", id="title.quit"),
    ]
    AUTO_FOCUS = "#new"

    def __init__(self, has_autosave: Callable[[], bool]) -> None:
        super().__init__()
        self.has_autosave = has_autosave  # asked each time the title shows
        self.message = ""  # shown under the menu (kept until the screen is built)

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(LOGO, id="logo")
            yield Label(
                "Drive Onibi back and grow your forest: 2 to 4 Spirits at one keyboard",
                id="tagline",
            )
            with Center(id="menu-row"), Vertical(id="menu"):
                yield Button("New game      (n)", id="new")
                yield Button("Learn to play (t)", id="learn")
                yield Button("Continue      (c)", id="continue")
                yield Button("Load…         (l)", id="load")
                yield Button("Replay…       (w)", id="watch")
                yield Button("Rules         (r)", id="rules")
                yield Button("Quit          (q)", id="quit")
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
            "quit": "quit",
        }[event.button.id or "quit"]
        await self.app.run_action(f"app.{action}")

    def say(self, message: str) -> None:
        """Show ``message`` under the menu; said before the screen is built (a bad
        autosave with --continue), it appears once it is."""
        self.message = message
        self._show_message()

    def _show_message(self) -> None:
        for label in self.query("#title-message").results(Label):
            label.update(Content(self.message))


class Cycle(Widget, can_focus=True):
    """A one-value choice that the keyboard changes in place: Left/Right (or Space)
    step through the options, a letter jumps to the next option starting with it.
    Focus is shown by a heavy border, ◀ ▶ arrows and bold text (no colour needed)."""

    DEFAULT_CSS = """
    Cycle { height: 3; border: tall $border-blurred; padding: 0 1; background: $surface; }
    Cycle:focus { border: heavy $accent; text-style: bold; background-tint: $foreground 5%; }
    """
    BINDINGS = [
        Binding("left", "step(-1)", "Previous", show=False, id="newgame.cycle.prev"),
        Binding("right,space", "step(1)", "Next", show=False, id="newgame.cycle.next"),
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
        self, options: list[tuple[str, str]], value: str, *, id: str, classes: str = ""
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.options = options
        self.set_reactive(Cycle.value, value)

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
        n = len(self.options)
        start = self._index()
        # The next option, from the current one, with a word of its label or its value
        # starting with the letter (h: Human, then Bot: hard, then Human again).
        for k in range(1, n + 1):
            text, v = self.options[(start + k) % n]
            words = [w.strip("():").lower() for w in text.split()]
            if any(w.startswith(ch) for w in [*words, v.lower()] if w != "bot"):
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
        if self.has_focus:
            return Content.from_markup("◀ [b]$v[/] ▶", v=self.label)
        return Content(f"  {self.label}")


def controller_label(controller: str) -> str:
    return "Human" if controller == "human" else f"Bot: {title(controller)}"


# The rules on offer: (label, module names joined by "+"; "" = the base game).
RULES_CHOICES = [("Base game", ""), ("Kodama expansion", "kodama")]


def options_of(value: str) -> GameOptions:
    return GameOptions(tuple(m for m in value.split("+") if m))


class SeatRow(Horizontal):
    """One seat of the New game form: name, Spirit, controller (Tab in that order)."""

    def __init__(self, index: int) -> None:
        super().__init__(classes="seat-row", id=f"seat-{index}")
        self.index = index

    def compose(self) -> ComposeResult:
        i = self.index
        yield Label(f"Seat {i + 1}", classes="seat-label")
        yield Input(DEFAULT_NAMES[i], id=f"name-{i}", max_length=40, classes="seat-name")
        yield Cycle(
            [(f"{SPIRIT_NAMES[s]} ({SPIRIT_TAG[s]})", s) for s in SPIRITS],
            SPIRITS[i],
            id=f"spirit-{i}",
            classes="seat-spirit",
        )
        yield Cycle(
            [(controller_label(c), c) for c in CONTROLLERS],
            "human",
            id=f"ctl-{i}",
            classes="seat-ctl",
        )


FORM_HELP = (
    "[b]Tab[/] next field, [b]Shift+Tab[/] previous (each row: name → Spirit → player). "
    "On a Spirit or player: [b]←/→[/] or [b]Space[/] change it, a letter jumps "
    "([b]h[/]uman/[b]h[/]ard, [b]e[/]asy, [b]m[/]edium, [b]b[/]aseline, [b]r[/]andom). "
    "[b]F5[/] or [b]Enter[/] starts."
)


class NewGameScreen(Screen[tuple[list[SeatConfig], int, GameOptions] | None]):
    """Seats (2-4), each with a name, a unique Spirit and human/bot; a seed; Start."""

    BINDINGS = [
        Binding("escape", "cancel", "Back", id="newgame.back"),
        Binding("f5", "start", "Start", id="newgame.start", priority=True),
        # Enter starts from a name, the seed or a Spirit/player field (buttons keep theirs).
        Binding("enter", "start", "Start", show=False, id="newgame.start2"),
        Binding("f2", "add_seat", "Add seat", id="newgame.add"),
        Binding("f3", "remove_seat", "Remove seat", id="newgame.remove"),
        Binding("f4", "reseed", "New seed", id="newgame.reseed"),
    ]

    def __init__(
        self,
        seed: int | None = None,
        last: tuple[list[SeatConfig], GameOptions] | None = None,
    ) -> None:
        """``last``: the seats and rules of the previous new game, to start from."""
        super().__init__()
        self.seats = 2 if last is None else len(last[0])
        self.seed = seed if seed is not None else random.randrange(1_000_000)
        self.last = last

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="newgame"):
            yield Label(
                Content.from_markup(
                    "[b]New game[/]  2 to 4 seats, each Spirit once (no solo mode, not even "
                    "with Kodama)"
                )
            )
            yield Static(Content.from_markup(FORM_HELP), id="newgame-help")
            for i in range(4):
                yield SeatRow(i)
            with Horizontal(id="rules-row"):
                yield Label("Rules", classes="seat-label")
                yield Cycle(RULES_CHOICES, "", id="rules", classes="seat-rules")
            with Horizontal(id="seed-row"):
                yield Label("Seed", classes="seat-label")
                yield Input(str(self.seed), id="seed", restrict=r"[0-9]*", max_length=18)
            with Horizontal(id="newgame-buttons"):
                yield Button("Start", id="start", variant="primary")
                yield Button("+ seat (F2)", id="add")
                yield Button("- seat (F3)", id="remove")
                yield Button("Back", id="back")
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
            name = self.query_one(f"#name-{i}", Input).value.strip() or f"(seat {i + 1}: no name)"
            spirit = SPIRIT_NAMES.get(self.query_one(f"#spirit-{i}", Cycle).value, "?")
            ctl = self.query_one(f"#ctl-{i}", Cycle).value
            who = "human" if ctl == "human" else f"{title(ctl)} bot"
            parts.append(f"{name} ({spirit}, {who})")
        seed = self.query_one("#seed", Input).value.strip() or "?"
        rules = dict((v, label) for label, v in RULES_CHOICES)[
            self.query_one("#rules", Cycle).value
        ]
        self.query_one("#newgame-summary", Static).update(
            Content.from_markup(
                "[b]Game:[/] $g  [dim]$r, seed $s[/]", g=" vs ".join(parts), r=rules, s=seed
            )
        )
        error = self.query_one("#newgame-error", Label)
        if str(error.render()):  # an error is shown: say whether it still holds
            result = self.form()
            error.update(Content(result if isinstance(result, str) else ""))

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
            name = self.query_one(f"#name-{i}", Input).value.strip()
            spirit = self.query_one(f"#spirit-{i}", Cycle).value
            ctl = self.query_one(f"#ctl-{i}", Cycle).value
            if not name:
                return f"Seat {i + 1} needs a name."
            seats.append(SeatConfig(name, str(spirit), str(ctl)))
        spirits = [s.spirit for s in seats]
        for s in set(spirits):
            if spirits.count(s) > 1:
                return f"{SPIRIT_NAMES[s]} is chosen twice; each Spirit can be played once."
        text = self.query_one("#seed", Input).value.strip()
        if not text.isdigit():
            return "The seed must be a whole number (0 or more)."
        return seats, int(text), options_of(self.query_one("#rules", Cycle).value)

    def action_start(self) -> None:
        result = self.form()
        if isinstance(result, str):
            self.query_one("#newgame-error", Label).update(Content(result))
            return
        self.dismiss(result)
