"""Settings (from the title screen): the language of the game.

Returns the chosen language code, or None when the player leaves without a change.
Each language is listed in its own name, so a player who cannot read the current
one still finds theirs.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from living_forest.i18n import LANGUAGES, N_, _

from .base import Dialog

FOLLOW_SYSTEM = "system"  # the entry that clears the setting (LC_ALL / LANG decide)


class SettingsScreen(Dialog[str | None]):
    BINDINGS = [Binding("escape", "cancel", N_("Back"), id="settings.back")]

    def __init__(self, saved: str | None) -> None:
        super().__init__(classes="dialog")
        self.saved = saved  # the saved setting (None: follow the system)

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(Content.from_markup("[b]$t[/]", t=_("Settings")), id="settings-title")
            yield Label(_("Language"), id="settings-language")
            entries = []
            for code, name in LANGUAGES.items():
                mark = "●" if code == self.saved else " "
                entries.append(Option(Content(f"{mark} {name}"), id=code))
            mark = "●" if self.saved is None else " "
            # i18n: the entry that lets LC_ALL / LANG choose the language
            system = _("As the system says (LANG)")
            entries.append(Option(Content(f"{mark} {system}"), id=FOLLOW_SYSTEM))
            yield OptionList(*entries, id="settings-list")
            yield Label(
                Content.from_markup("[dim]$t[/]", t=_("↑↓ choose, Enter applies, Esc goes back")),
                id="settings-help",
            )

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        ol.focus()
        wanted = self.saved or FOLLOW_SYSTEM
        for i, option in enumerate(ol.options):
            if option.id == wanted:
                ol.highlighted = i

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
