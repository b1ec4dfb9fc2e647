"""Settings (from the title screen): the language, the bots' speed,
the colours, the bot level a seat gets first, and where the keymap is and what it
binds.

One list with a heading per setting; Enter on an entry posts :class:`SettingsScreen.
Chosen` (the app saves and applies it, then shows the new settings here) and the
screen stays open; Esc goes back. Each language is listed in its own name, so a player
who cannot read the current one still finds theirs. A setting that an environment
variable overrides says so in its heading.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from living_forest.bots import OFFERED, title
from living_forest.i18n import LANGUAGES, N_, _, decimal, ngettext
from living_forest.settings import (
    BOT_PAUSE,
    BOT_PAUSES,
    ENV_BOT_PAUSE,
    ENV_THEME,
    THEME_NAMES,
    Settings,
)

from .base import Dialog

FOLLOW_SYSTEM = "system"  # the entry that clears the language (LC_ALL / LANG decide)
UNSET = ""  # the value of an entry that clears its setting
KEYS = "keys:show"  # the entry that lists every key

# The themes as the list names them (English, marked; translated where shown).
THEME_WORDS = {
    # i18n: a colour theme in Settings
    "default": N_("Forest colours (default)"),
    # i18n: a colour theme in Settings
    "contrast": N_("High contrast (7:1, black background)"),
    # i18n: a colour theme in Settings: the terminal's own 16 colours
    "ansi": N_("The terminal's own colours (ANSI)"),
}


@dataclass(frozen=True, slots=True)
class Environment:
    """What the environment says that wins over a setting (None: nothing)."""

    bot_pause: str | None = None  # $LIVING_FOREST_BOT_PAUSE
    theme: str | None = None  # $LIVING_FOREST_THEME
    no_color: bool = False  # NO_COLOR is set
    keymap: Path | None = None  # the keymap file read
    keymap_found: bool = False
    keymap_problems: int = 0  # its lines refused
    keymap_bound: int = 0  # keys it binds


def pause_text(seconds: float) -> str:
    """A bot speed as the list shows it: "fast (0.2 s)"."""
    words = {
        # i18n: a bot speed in Settings (bots pause 0 s before each step)
        0.0: N_("instant"),
        # i18n: a bot speed in Settings
        0.2: N_("fast"),
        # i18n: a bot speed in Settings (the default)
        0.4: N_("normal"),
        # i18n: a bot speed in Settings
        1.0: N_("slow"),
        # i18n: a bot speed in Settings
        2.0: N_("very slow"),
    }
    word = words.get(seconds)
    seconds_text = _("{seconds} s").format(seconds=decimal(seconds))
    return f"{_(word)} ({seconds_text})" if word else seconds_text


class SettingsScreen(Dialog[None]):
    BINDINGS = [Binding("escape", "cancel", N_("Back"), id="settings.back")]

    class Chosen(Message):
        """An entry was chosen: ``key`` (language, bot_pause, theme, bot_level, keys)
        and its value as text (:data:`UNSET`: clear the setting)."""

        def __init__(self, key: str, value: str) -> None:
            super().__init__()
            self.key = key
            self.value = value

    def __init__(self, saved: Settings, env: Environment | None = None) -> None:
        super().__init__(classes="dialog")
        self.saved = saved
        self.env = env or Environment()
        self.message = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(Content.from_markup("[b]$t[/]", t=_("Settings")), id="settings-title")
            yield OptionList(*self._entries(), id="settings-list")
            yield Label(Content(self.message), id="settings-message")
            yield Label(
                Content.from_markup("[dim]$t[/]", t=_("↑↓ choose, Enter applies, Esc goes back")),
                id="settings-help",
            )

    def _entries(self) -> list[Option]:
        s, env = self.saved, self.env
        out: list[Option] = []

        def heading(text: str) -> None:
            out.append(Option(Content.from_markup("[b]$t[/]", t=text), disabled=True))

        def entry(key: str, value: str, text: str, on: bool) -> None:
            out.append(Option(Content(f"{'●' if on else ' '} {text}"), id=f"{key}:{value}"))

        def note(text: str) -> None:
            out.append(Option(Content.from_markup("  [dim]$t[/]", t=text), disabled=True))

        heading(_("Language"))
        for code, name in LANGUAGES.items():
            entry("language", code, name, s.language == code)
        # i18n: the entry that lets LC_ALL / LANG choose the language
        entry("language", UNSET, _("As the system says (LANG)"), s.language is None)

        # i18n: a heading of Settings: how long a bot waits before each step
        heading(_("Bot speed (a pause before each step, a third of it before a reveal)"))
        if env.bot_pause is not None:
            note(
                _("{variable}={value} is set: it wins").format(
                    variable=ENV_BOT_PAUSE, value=env.bot_pause[:20]
                )
            )
        chosen = BOT_PAUSE if s.bot_pause is None else s.bot_pause
        for seconds in sorted({*BOT_PAUSES, chosen}):
            entry("bot_pause", f"{seconds:g}", pause_text(seconds), seconds == chosen)

        # i18n: a heading of Settings: the colour theme
        heading(_("Colours"))
        if env.theme is not None:
            note(
                _("{variable}={value} is set: it wins").format(
                    variable=ENV_THEME, value=env.theme[:20]
                )
            )
        for name in THEME_NAMES:
            entry("theme", name, _(THEME_WORDS[name]), s.theme == name)
        # i18n: the theme entry that follows NO_COLOR
        auto = _("Automatic: forest colours; the terminal's own under NO_COLOR")
        entry("theme", UNSET, auto, s.theme is None)
        if env.no_color:
            note(_("NO_COLOR is set: colours are left out, glyphs and letters say it all"))

        # i18n: a heading of Settings: the bot a seat of the New game form gets first
        heading(_("Bot level a seat gets first (New game: → on Human)"))
        for bot in OFFERED:
            entry("bot_level", bot, _("Bot: {level}").format(level=title(bot)), s.bot_level == bot)
        # i18n: the entry that keeps the New game form's own order of bots
        entry("bot_level", UNSET, _("As listed (random first)"), s.bot_level is None)

        heading(_("Keys"))
        if env.keymap is not None:
            if env.keymap_found:
                n = env.keymap_bound
                # i18n: {path}: the keymap file; {count}: the keys it binds
                text = ngettext(
                    "Keymap {path}: {count} key remapped", "Keymap {path}: {count} keys remapped", n
                ).format(path=env.keymap, count=n)
                if env.keymap_problems:
                    n = env.keymap_problems
                    text += " · " + ngettext(
                        "{count} line refused (said at start)",
                        "{count} lines refused (said at start)",
                        n,
                    ).format(count=n)
            else:
                text = _("Keymap {path}: not there, the default keys are used").format(
                    path=env.keymap
                )
            note(text)
        out.append(Option(Content("  " + _("Show every key and its binding id…")), id=KEYS))
        return out

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        ol.focus()
        self._highlight(f"language:{self.saved.language or UNSET}")

    def _highlight(self, option_id: str) -> None:
        ol = self.query_one(OptionList)
        for i, option in enumerate(ol.options):
            if option.id == option_id:
                ol.highlighted = i
                return

    def show(self, saved: Settings, env: Environment, message: str = "") -> None:
        """The settings as they now are (attributes down), the highlight kept."""
        self.saved, self.env, self.message = saved, env, message
        ol = self.query_one(OptionList)
        at = ol.highlighted
        current = ol.options[at].id if at is not None else None
        ol.clear_options()
        ol.add_options(self._entries())
        if current is not None:
            self._highlight(current)
        self.query_one("#settings-message", Label).update(Content(message))
        # The language may have changed: the title and the help too.
        self.query_one("#settings-title", Label).update(
            Content.from_markup("[b]$t[/]", t=_("Settings"))
        )
        self.query_one("#settings-help", Label).update(
            Content.from_markup("[dim]$t[/]", t=_("↑↓ choose, Enter applies, Esc goes back"))
        )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        key, _sep, value = (event.option.id or "").partition(":")
        self.post_message(self.Chosen(key, value))

    def action_cancel(self) -> None:
        self.dismiss(None)
