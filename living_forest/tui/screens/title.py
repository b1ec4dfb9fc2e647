"""Title and New game screens."""

from __future__ import annotations

import random

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from living_forest.core.engine import data

from ..glyphs import SPIRIT_TAG
from ..session import CONTROLLERS, SeatConfig

D = data()
SPIRITS = list(D.spirits)  # winter, spring, summer, autumn
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
        Binding("c", "app.continue_game", "Continue", id="title.continue"),
        Binding("l", "app.load_game", "Load…", id="title.load"),
        Binding("r", "app.help", "Rules", id="title.rules"),
        Binding("q", "app.quit", "Quit", id="title.quit"),
    ]
    AUTO_FOCUS = "#new"

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(LOGO, id="logo")
            yield Label(
                "Drive Onibi back and grow your forest: 2 to 4 Spirits at one keyboard",
                id="tagline",
            )
            with Center(id="menu-row"), Vertical(id="menu"):
                yield Button("New game  (n)", id="new")
                yield Button("Continue  (c)", id="continue")
                yield Button("Load…     (l)", id="load")
                yield Button("Rules     (r)", id="rules")
                yield Button("Quit      (q)", id="quit")
            yield Label("", id="title-message")
        yield Footer()

    def on_screen_resume(self) -> None:
        has = self.app.has_autosave()  # type: ignore[attr-defined]
        self.query_one("#continue", Button).disabled = not has
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue_game":
            return True if self.app.has_autosave() else None  # type: ignore[attr-defined]
        return True

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        action = {
            "new": "new_game",
            "continue": "continue_game",
            "load": "load_game",
            "rules": "help",
            "quit": "quit",
        }[event.button.id or "quit"]
        await self.app.run_action(f"app.{action}")

    def say(self, message: str) -> None:
        self.query_one("#title-message", Label).update(Content(message))


class SeatRow(Horizontal):
    """One seat of the New game form."""

    def __init__(self, index: int) -> None:
        super().__init__(classes="seat-row", id=f"seat-{index}")
        self.index = index

    def compose(self) -> ComposeResult:
        i = self.index
        yield Label(f"Seat {i + 1}", classes="seat-label")
        yield Input(DEFAULT_NAMES[i], id=f"name-{i}", max_length=40, classes="seat-name")
        yield Select(
            [(f"{D.spirits[s]} ({SPIRIT_TAG[s]})", s) for s in SPIRITS],
            value=SPIRITS[i],
            allow_blank=False,
            id=f"spirit-{i}",
            classes="seat-spirit",
        )
        yield Select(
            [(c, c) for c in CONTROLLERS],
            value="human",
            allow_blank=False,
            id=f"ctl-{i}",
            classes="seat-ctl",
        )


class NewGameScreen(Screen[tuple[list[SeatConfig], int] | None]):
    """Seats (2-4), each with a name, a unique Spirit and human/bot; a seed; Start."""

    BINDINGS = [
        Binding("escape", "cancel", "Back", id="newgame.back"),
        Binding("f5", "start", "Start", id="newgame.start", priority=True),
        Binding("f2", "add_seat", "Add seat", id="newgame.add"),
        Binding("f3", "remove_seat", "Remove seat", id="newgame.remove"),
        Binding("f4", "reseed", "New seed", id="newgame.reseed"),
    ]

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.seats = 2
        self.seed = seed if seed is not None else random.randrange(1_000_000)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="newgame"):
            yield Label(Content.from_markup("[b]New game[/]  2 to 4 seats, each Spirit once"))
            for i in range(4):
                yield SeatRow(i)
            with Horizontal(id="seed-row"):
                yield Label("Seed", classes="seat-label")
                yield Input(str(self.seed), id="seed", restrict=r"[0-9]*", max_length=18)
            with Horizontal(id="newgame-buttons"):
                yield Button("Start", id="start", variant="primary")
                yield Button("+ seat (F2)", id="add")
                yield Button("- seat (F3)", id="remove")
                yield Button("Back", id="back")
            yield Label("", id="newgame-error")
        yield Footer()

    def on_mount(self) -> None:
        self._show_seats()
        self.query_one("#name-0", Input).focus()

    def _show_seats(self) -> None:
        for i in range(4):
            self.query_one(f"#seat-{i}").display = i < self.seats

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

    def form(self) -> tuple[list[SeatConfig], int] | str:
        """The seats and seed, or a sentence saying what is wrong."""
        seats = []
        for i in range(self.seats):
            name = self.query_one(f"#name-{i}", Input).value.strip()
            spirit = self.query_one(f"#spirit-{i}", Select).value
            ctl = self.query_one(f"#ctl-{i}", Select).value
            if not name:
                return f"Seat {i + 1} needs a name."
            seats.append(SeatConfig(name, str(spirit), str(ctl)))
        spirits = [s.spirit for s in seats]
        for s in set(spirits):
            if spirits.count(s) > 1:
                return f"{D.spirits[s]} is chosen twice; each Spirit can be played once."
        text = self.query_one("#seed", Input).value.strip()
        if not text.isdigit():
            return "The seed must be a whole number (0 or more)."
        return seats, int(text)

    def action_start(self) -> None:
        result = self.form()
        if isinstance(result, str):
            self.query_one("#newgame-error", Label).update(Content(result))
            return
        self.dismiss(result)
