"""The Living Forest hot-seat app: title, new game, board, save/load, help.

``run()`` is the entry point used by ``living-forest`` (``cli.py``);
``python -m living_forest.tui.app`` starts it too.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import itertools
import os
import random
import signal
import sys
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from textual import events
from textual.actions import SkipAction
from textual.app import App
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.filter import Monochrome, NoColor
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widgets import Button, Input

from living_forest.core import GameOptions, rules_for
from living_forest.core.state import PHASE_OVER
from living_forest.datadir import ENV_SERVER_PID, confined, log_errors
from living_forest.i18n import (
    LANGUAGES,
    N_,
    LanguageError,
    _,
    choose_language,
    set_language,
    translate_markdown,
)
from living_forest.persistence import (
    GameLock,
    GameLocked,
    acquire,
    autosave_dir,
    autosave_of,
    clean_stale_temporaries,
    is_autosave,
    latest_autosave,
    prune_autosaves,
    remove_stale_locks,
    saves,
)
from living_forest.present.charts import names_in_seat_order, per_round
from living_forest.present.replay import Replay
from living_forest.present.session import SeatConfig, Session, spirit_title
from living_forest.present.tutorial import Chapter, chapters
from living_forest.resources import ASSETS
from living_forest.settings import (
    BOT_PAUSE,
    ENV_BOT_PAUSE,
    MAX_BOT_PAUSE,
    bot_pause_setting,
    change_settings,
    env_setting,
    load_settings,
)
from living_forest.text import printable, wrap_paths

from .keymap import ENV_KEYMAP, bound_keys, keymap_path, load_keymap
from .saving import (
    Autosaver,
    SaveError,
    autosave_exists,
    claim_autosave_file,
    default_save_dir,
    load_session,
    record_of,
    replace_problem,
    save_session,
)
from .screens.board import BoardScreen
from .screens.charts import ChartScreen
from .screens.game import GameScreen
from .screens.modals import (
    OTHER_FILE,
    ConfirmScreen,
    FilePromptScreen,
    HelpScreen,
    InfoScreen,
    SaveBrowserScreen,
)
from .screens.over import GameOverScreen, TooSmallScreen
from .screens.replay import ReplayScreen
from .screens.title import NewGameScreen, TitleScreen
from .screens.tutorial import ChapterScreen, TutorialScreen
from .themes import ALL as ALL_THEMES
from .themes import ENV_THEME, THEMES, theme_setting

__all__ = ["BOT_PAUSE", "ENV_BOT_PAUSE", "MAX_BOT_PAUSE", "LivingForestApp", "bot_pause_setting"]

HELP_DIR = ASSETS / "help"
MIN_W, MIN_H = 80, 24
QUIT_SIGNALS = ("SIGTERM", "SIGHUP")  # handled as Ctrl+Q
SERVER_CHECK_SECONDS = 1.0  # how often a browser tab's app looks for its server
FOCUS_ACTIONS = ("focus_next", "focus_previous")  # Textual's own use of Tab
# Binding id prefixes of this app (Textual's own focus/copy keys are left out of help).
OUR_IDS = (
    "app.",
    "title.",
    "newgame.",
    "game.",
    "choices.",
    "handoff.",
    "info.",
    "over.",
    "settings.",
    "replay.",
    "chart.",
    "chapters.",
    "inspect.",
    "saves.",
    "number.",
    "confirm.",
    "file.",
)


def rules_text() -> str:
    """The rules reference (``assets/help/rules.md``), in English."""
    try:
        return (HELP_DIR / "rules.md").read_text(encoding="utf-8")
    except OSError as e:
        return _("The rules reference could not be read ({error}).").format(error=e)


def help_heading(heading: str) -> str:
    """A ``## `` heading of the rules reference as the translated page shows it (each
    heading is a block of its own, translated with :func:`translate_markdown`)."""
    block = translate_markdown(f"## {heading}").strip()
    return block[3:].strip() if block.startswith("## ") else heading


class LivingForestApp(App[int]):
    CSS_PATH = Path(__file__).resolve().parent / "styles" / "app.tcss"
    TITLE = "Living Forest"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        # Priority: Help opens when its key is read, so that the keys typed with it
        # (Escape, a page down) reach Help. In a field the key goes to the field first
        # (a "?", or a letter a keymap gives Help, is typed); the fallback (.why) opens
        # Help when the field leaves the key.
        Binding("f1", "help(True)", N_("Help"), id="app.help", priority=True),
        Binding("f1", "help", N_("Help"), show=False, id="app.help.why"),
        Binding(
            "question_mark", "help(True)", N_("Help"), show=False, id="app.help2", priority=True
        ),
        Binding("question_mark", "help", N_("Help"), show=False, id="app.help2.why"),
        # Priority: these work from every box over the board too (a hand-off, a summary).
        Binding("ctrl+o", "load_game", N_("Load"), id="app.load", priority=True),
        Binding("ctrl+s", "save_game", N_("Save"), id="app.save", priority=True),
        Binding("ctrl+q", "quit", N_("Quit"), id="app.quit", priority=True),
        # Tab moves the focus before the next key is read: a key read with it (typed
        # fast, a busy machine) went to the field Tab left (Textual moves the focus
        # when Tab has passed through that field, and forwards keys as they are read).
        Binding(
            "tab", "focus_now(1)", N_("Next field"), show=False, id="app.next_field", priority=True
        ),
        Binding(
            "shift+tab",
            "focus_now(-1)",
            N_("Previous field"),
            show=False,
            id="app.previous_field",
            priority=True,
        ),
    ]

    def __init__(
        self,
        *,
        load: Path | None = None,
        continue_latest: bool = False,
        view: Path | None = None,
        bot_pause: float = BOT_PAUSE,
        autosave: bool = True,
        notices: Sequence[str] = (),
        theme: str | None = None,
    ) -> None:
        """``notices``: warnings to show once the app is up (e.g. a setting refused).
        ``theme``: a theme name (see ``themes``; default from the environment, then the
        settings)."""
        no_color = "NO_COLOR" in os.environ
        saved, _problem = load_settings()  # a problem is said by the command line
        if theme is None:
            theme, problem = theme_setting(
                os.environ.get(ENV_THEME), no_color=no_color, saved=saved.theme
            )
            notices = [*notices, problem or ""]
        # The terminal's own colours: under NO_COLOR Textual then drops every colour
        # (its NoColor filter) instead of turning them into dim greys.
        super().__init__(ansi_color=True if theme == THEMES["ansi"] else None)
        for t in ALL_THEMES:
            self.register_theme(t)
        self.theme = theme
        self.notices = [n for n in notices if n]
        self.start_load = load
        self.start_view = view
        self.start_continue = continue_latest
        self.bot_pause = bot_pause
        self.bot_level = saved.bot_level  # the bot a New game seat gets first
        self.autosave_enabled = autosave
        self._too_small: TooSmallScreen | None = None
        # The app's own handler of SIGTERM and SIGHUP, once it has set it (run_async).
        self._quit_handler: Callable[[int, Any], None] | None = None
        # Keys and pastes read before the screen on top has settled (a key before them
        # opened it), held in the order they were read (each with its number), the
        # screen they were last given to, and for each key given to a screen, its
        # number and that screen (see on_event).
        self._held: deque[tuple[int, events.Key | events.Paste]] = deque()
        self._settled: weakref.ref[Screen[Any]] | None = None
        self._read = itertools.count()
        self._last_read = -1  # the number of the last key or paste read
        self._handling: int | None = None  # the number of the key the app acts on now
        # Keys numbered above this were read after what changed the screen on top last
        # (the key that did, or the last key read when no key did: a bot, a timer).
        self._changed_after = -1
        self._given: weakref.WeakKeyDictionary[events.Key, tuple[int, weakref.ref[Screen[Any]]]]
        self._given = weakref.WeakKeyDictionary()
        self._unsubscribe_autosave: Callable[[], None] | None = None
        # The seats and rules of the last new game: the next New game form starts there.
        self.last_setup: tuple[list[SeatConfig], GameOptions] | None = None
        self.autosaver: Autosaver | None = None
        self.autosave_to: Path | None = None  # the game on the board autosaves here
        self._lock: GameLock | None = None  # ... and holds this lock on it while open
        self.last_error = ""
        self._ended = False  # Textual's run is over: the terminal given back
        self._quitting = False  # a quit is under way: another is a no-op

    # --- start --------------------------------------------------------------------

    def on_mount(self) -> None:
        self._watch_server()
        with contextlib.suppress(OSError):  # debris of a write killed mid-way
            clean_stale_temporaries(default_save_dir())
        for folder in (default_save_dir(), autosave_dir()):  # ... and of a game killed
            remove_stale_locks(folder)
        keymap, problems = load_keymap()
        if keymap:
            self.set_keymap(keymap)
        for p in [*self.notices, *problems]:
            self.notify(p, severity="warning", timeout=8, markup=False)
        self.push_screen(TitleScreen(self.has_autosave))
        if self.start_load is not None:
            self.open_save(self.start_load)
        if self.start_view is not None:
            self.open_replay(self.start_view)
        elif self.start_continue:
            self.action_continue_game()
        self.call_after_refresh(self._check_size)

    # --- screens ------------------------------------------------------------------

    def has_autosave(self) -> bool:
        self.flush_autosave()
        return autosave_exists()

    def action_new_game(self) -> None:
        def started(result: tuple[list[SeatConfig], int, GameOptions] | None) -> None:
            if result is not None:
                seats, seed, options = result
                self.last_setup = (seats, options)
                self.leave_game_then(
                    lambda: self.start_session(Session(seats, seed, options=options))
                )

        self.push_screen(NewGameScreen(last=self.last_setup, bot_level=self.bot_level), started)

    def leave_game_then(self, go: Callable[[], object], *, to: Path | None = None) -> None:
        """Run ``go``, which puts another game on the board; first ask when a game is in
        progress (it is not lost: its own autosave keeps it). ``to``: the file about to
        be opened (the game's own autosave needs no question)."""
        game = self.game
        s = game.session if game is not None else None
        if isinstance(game, TutorialScreen) and s is not None and s.state.phase != PHASE_OVER:
            question = _("Leave the tutorial?")
            body = _("It is not saved: Learn to play on the title screen starts it again.")
        elif (
            s is None
            or s.state.phase == PHASE_OVER
            or not s.actions
            or (to is not None and to == self.autosave_to)
        ):
            go()
            return
        else:
            question = _("Leave the game in progress?")
            names = ", ".join(
                _("{name} ({spirit})").format(name=x.name, spirit=spirit_title(x.spirit))
                for x in s.seats
            )
            body = _(
                "{players}, round {round}. It stays in its autosave: Continue or "
                "Load (ctrl+o) brings it back."
            ).format(players=names, round=s.state.round)

        def answered(yes: bool | None) -> None:
            if yes:
                go()

        self.push_screen(ConfirmScreen(question, body), answered)

    def start_session(
        self,
        session: Session,
        *,
        loaded_from: Path | None = None,
        tutorial: Chapter | None = None,
        lock: GameLock | None = None,
    ) -> None:
        """Put ``session`` on the board. It autosaves to a file of its own, locked while
        it is on the board: ``lock``'s (the autosave it was continued from), else a new
        one; so no other game is overwritten, even one open in another window. A
        tutorial chapter's game is not autosaved (it is not a game to continue)."""
        # Only the title stays below the board.
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if self._unsubscribe_autosave is not None:
            self._unsubscribe_autosave()  # the previous game no longer saves itself
            self._unsubscribe_autosave = None
        self.flush_autosave()  # ... and its last position is on disk
        previous, self._lock = self._lock, None
        if lock is None and previous is not None and loaded_from == previous.path:
            lock = previous  # the game on the board, continued from its own autosave
        if previous is not None and previous is not lock:
            previous.release()  # that game is off the board: its file is free
        self.autosave_to = None
        if tutorial is not None:
            if lock is not None:
                lock.release()
            game: GameScreen = TutorialScreen(session, tutorial, bot_pause=self.bot_pause)
            game.paused = self.too_small
            self.push_screen(game)
            return
        if self.autosave_enabled:
            if lock is not None:
                self._lock, self.autosave_to = lock, lock.path
            elif loaded_from is not None and is_autosave(loaded_from):
                self.autosave_to = loaded_from  # a folder where no lock can be made
            else:
                self.autosave_to, self._lock = claim_autosave_file(session)
            with contextlib.suppress(OSError):
                prune_autosaves(spare=self.autosave_to)
        self._unsubscribe_autosave = session.subscribe(lambda _tr: self.autosave(session))
        # A new game (or a rematch) has no moves yet; one with moves was read from a file.
        game = GameScreen(session, bot_pause=self.bot_pause, resumed=bool(session.actions))
        game.paused = self.too_small
        self.push_screen(game)
        self.autosave(session)

    def action_learn(self) -> None:
        """Learn to play: the tutorial's chapters."""

        def chosen(chapter: Chapter | None) -> None:
            if chapter is not None:
                self.leave_game_then(
                    lambda: self.start_session(chapter.session(), tutorial=chapter)
                )

        try:
            found = chapters()
        except (OSError, ValueError, KeyError, TypeError) as e:  # TutorialError too
            self._say(_("Learn to play is not available: {error}").format(error=e), error=True)
            return
        self.push_screen(ChapterScreen(found), chosen)

    def action_leave_tutorial(self) -> None:
        """Back to the title screen from a tutorial chapter."""
        while len(self.screen_stack) > 2:
            self.pop_screen()

    def on_game_screen_game_over(self, message: GameScreen.GameOver) -> None:
        self.show_game_over(message.session)

    @property
    def game(self) -> GameScreen | None:
        for s in reversed(self.screen_stack):
            if isinstance(s, GameScreen):
                return s
        return None

    def action_settings(self) -> None:
        from .screens.settings import SettingsScreen

        saved, _problem = load_settings()
        self.push_screen(SettingsScreen(saved, self._environment()))

    def _environment(self) -> Any:
        """What the environment says over the settings, for the Settings screen."""
        from .screens.settings import Environment

        keymap, problems = load_keymap()
        return Environment(
            bot_pause=env_setting(ENV_BOT_PAUSE),
            theme=env_setting(ENV_THEME),
            no_color="NO_COLOR" in os.environ,
            keymap=keymap_path(),
            keymap_found=keymap_path().is_file(),
            keymap_problems=len(problems),
            keymap_bound=sum(1 for k in keymap if not k.endswith(".why")),
        )

    def on_settings_screen_chosen(self, message: Any) -> None:
        """Save the setting chosen in Settings and apply it at once; the language
        redraws the title (the other screens make their texts when they are drawn)."""
        from .screens.settings import KEYS, UNSET, SettingsScreen, pause_text

        key, value = message.key, message.value
        if key == KEYS.partition(":")[0]:
            self._show_keys()
            return
        change: dict[str, Any] = {key: None if value == UNSET else value}
        if key == "bot_pause":
            change[key] = float(value)
        if key == "language":
            lang = choose_language(None, change[key])
            try:
                set_language(lang)
            except LanguageError as e:
                self.notify(str(e), severity="error", markup=False)
                return
        try:
            new = change_settings(**change)
        except OSError as e:
            new = replace(load_settings()[0], **change)
            # i18n: {error}: why the settings file could not be written
            said = _("Applied for now; it could not be saved: {error}").format(error=e)
        else:
            said = _("Saved.")
        if key == "language":
            lang = LANGUAGES[choose_language(None, new.language)]
            said = _("Language: {language}").format(language=lang) + " · " + said
            self.call_later(self._redraw_in_new_language)
        elif key == "bot_pause":
            self._apply_bot_pause(new.bot_pause)
            if env_setting(ENV_BOT_PAUSE) is None:
                said += " " + _("Bots: {speed}.").format(speed=pause_text(self.bot_pause))
            else:
                said += " " + _("{variable} is set and wins while it is.").format(
                    variable=ENV_BOT_PAUSE
                )
        elif key == "theme":
            self._apply_theme(new.theme)
            if env_setting(ENV_THEME) is not None:
                said += " " + _("{variable} is set and wins while it is.").format(
                    variable=ENV_THEME
                )
        elif key == "bot_level":
            self.bot_level = new.bot_level
        for s in self.screen_stack:
            if isinstance(s, SettingsScreen):
                s.show(new, self._environment(), said)

    def _apply_bot_pause(self, saved: float | None) -> None:
        pause, _problem = bot_pause_setting(os.environ.get(ENV_BOT_PAUSE), saved)
        self.bot_pause = pause
        for s in self.screen_stack:
            if isinstance(s, GameScreen):
                s.bots.pace.pause = pause

    def _apply_theme(self, saved: str | None) -> None:
        no_color = "NO_COLOR" in os.environ
        theme, _problem = theme_setting(os.environ.get(ENV_THEME), no_color=no_color, saved=saved)
        self.ansi_color = True if theme == THEMES["ansi"] else None
        self.theme = theme
        if self.no_color:
            # Textual chooses its NO_COLOR filter once, at start, by the theme then:
            # none of the colours for the terminal's own (ANSI) ones, shades of grey
            # for the others. Chosen again here, the new theme looks as it would
            # after a restart.
            wanted = NoColor() if self.native_ansi_color else Monochrome()
            self._filters = [
                wanted if isinstance(f, NoColor | Monochrome) else f for f in self._filters
            ]
            self.refresh(repaint=True)
            self.screen.refresh(repaint=True)

    async def on_event(self, event: events.Event) -> None:
        """A key or a paste read before the screen on top has settled waits for it: keys
        typed with the one that opened it (a fast typist, a slow link) reached that
        screen before its first field had the focus (it takes it after mounting), and
        were lost. The screen has settled once it is mounted and has been refreshed
        (what its mounting asked of the app, such as a field's focus, is done by then).
        Held input goes on in the order it came, input read after it behind it.

        A key given to a screen's focused widget that comes back unused after another
        screen has come on top, opened by a key read before it (the discard box's ``i``
        once it has passed through the focused widget), is given to the screen on top, as
        if read now, in its place among the held input: it was checked against the new
        screen's ordinary bindings only, so a dialog's Enter (a binding of priority) was
        lost. A key read before the one that changed the screen (``i`` typed just before
        Ctrl+S) was meant for the screen it was given to: it goes on to the app's
        bindings, as ever, as does a key that comes back to that screen."""
        if isinstance(event, events.Key | events.Paste) and not event.is_forwarded:
            number = self._last_read = next(self._read)
            if self._held or not self._is_settled():
                self._hold(number, event)
                return
            await self._act_on(number, event)
            return
        if isinstance(event, events.Key) and event.is_forwarded:
            given = self._given.pop(event, None)
            if given is not None:
                number, screen = given
                if screen() is not self.screen and number > self._changed_after:
                    self._hold(number, events.Key(event.key, event.character))
                    return
                self._handling = number  # its binding may change the screen
                try:
                    await super().on_event(event)
                finally:
                    self._handling = None
                return
        await super().on_event(event)

    async def _act_on(self, number: int, event: events.Key | events.Paste) -> None:
        """Input read (or held) goes to the screen on top: its bindings of priority, or
        its focused widget (a key's screen noted: it may come back unused)."""
        if isinstance(event, events.Key):
            self._given[event] = (number, weakref.ref(self.screen))
        self._handling = number
        try:
            await super().on_event(event)
        finally:
            self._handling = None

    def _screen_changes(self) -> None:
        """Before the screen on top changes: keys read after what changes it are meant
        for the new one (see :meth:`on_event`)."""
        self._changed_after = self._handling if self._handling is not None else self._last_read

    def _hold(self, number: int, event: events.Key | events.Paste) -> None:
        """Hold input in the order it was read (a key that came back unused goes before
        those read after it)."""
        at = len(self._held)
        while at and self._held[at - 1][0] > number:
            at -= 1
        self._held.insert(at, (number, event))
        if len(self._held) == 1:
            self.call_after_refresh(self._settle)

    def _is_settled(self) -> bool:
        return self._settled is not None and self._settled() is self.screen

    def _settle(self) -> None:
        """After a refresh (in the screen's task): the held input is given back in the
        app's own task, behind what the app has read already (held behind it)."""
        self.call_later(self._release)

    async def _release(self) -> None:
        """Give the held input to the screen on top once it is mounted, in order, until
        one of them opens another screen (a binding of priority acts at once): the rest
        then waits for that one to settle. Input the app reads meanwhile is held behind
        it."""
        if not self.screen.is_mounted:  # not yet, or another screen came meanwhile
            self.call_after_refresh(self._settle)
            return
        self._settled = weakref.ref(self.screen)
        while self._held:
            if not self._is_settled():
                self.call_after_refresh(self._settle)
                return
            number, held = self._held.popleft()
            event: events.Key | events.Paste
            if isinstance(held, events.Key):
                event = events.Key(held.key, held.character)
            else:
                event = events.Paste(held.text)
            await self._act_on(number, event)

    def action_focus_now(self, step: int) -> None:
        """Tab (``step`` 1) and Shift+Tab (-1), or the keys a keymap gives them, move the
        focus at once, unless the screen or a widget in focus gives the key another use
        (the charts turn the page)."""
        bid = "app.next_field" if step > 0 else "app.previous_field"
        chain = [m.key_to_bindings for _node, m in self.screen._modal_binding_chain]  # keymap on
        keys = {k for m in chain for k, bs in m.items() if any(b.id == bid for b in bs)}
        if any(
            not b.priority and not b.action.endswith(FOCUS_ACTIONS)
            for m in chain
            for k in keys
            for b in m.get(k, ())
        ):
            raise SkipAction()  # the key goes on to its own binding
        if step > 0:
            self.screen.focus_next()
        else:
            self.screen.focus_previous()

    def _show_keys(self) -> None:
        """Every key of the app by binding id, as the keymap leaves it (Settings)."""
        from .screens.over import GameOverScreen as Over
        from .screens.replay import ReplayScreen as Rep
        from .widgets.controls import ChoiceList

        keymap, _problems = load_keymap()
        classes = (LivingForestApp, TitleScreen, NewGameScreen, GameScreen, ChoiceList, Rep, Over)
        rows = bound_keys([b for c in classes for b in c.BINDINGS], keymap)
        width = max(len(bid) for bid, _k, _d in rows)
        keys_width = max(len(keys) for _b, keys, _d in rows)
        lines = [f"{bid:<{width}}  {keys:<{keys_width}}  {_(what)}" for bid, keys, what in rows]
        # i18n: {path}: the keymap file; {variable}: LIVING_FOREST_KEYMAP
        head = _(
            "Remap a key in {path} (or the file {variable} names): a [keys] table of "
            'binding id = "keys", e.g. "game.draw" = "space".'
        ).format(path=keymap_path(), variable=ENV_KEYMAP)
        self.push_screen(
            InfoScreen(_("Keys and their binding ids"), head + "\n\n" + "\n".join(lines))
        )

    async def _redraw_in_new_language(self) -> None:
        """Build the title screen again in the new language, as it was: Continue as
        the autosave says, its message, the focus on New game, its key bar."""
        title = next((s for s in self.screen_stack if isinstance(s, TitleScreen)), None)
        if title is None:
            return
        await title.recompose()
        title.on_screen_resume()  # Continue enabled or not; the new Footer's keys
        title.say(title.message)
        title.query_one("#new", Button).focus()

    def action_continue_game(self) -> None:
        """Resume the game autosaved last."""
        self.flush_autosave()
        path = latest_autosave()
        if path is None:
            self._say(_("There is no autosave yet: start a new game."))
            return
        self.leave_game_then(lambda: self.open_save(path), to=path)

    def action_load_game(self) -> None:
        """The save browser: every save and autosave; its last entry types a path."""
        self._browse_saves(
            _("Load a game"),
            _("Load a saved game"),
            lambda path: self.leave_game_then(lambda: self.open_save(path), to=path),
        )

    def action_watch_replay(self) -> None:
        """The save browser, to open a save or autosave in the replay viewer."""
        self._browse_saves(
            _("Watch a replay"), _("Watch the replay of a saved game"), self.open_replay
        )

    def _browse_saves(self, title: str, prompt: str, open_path: Callable[[Path], object]) -> None:
        """The save browser titled ``title``; the file picked (or typed, after its last
        entry, in a prompt titled ``prompt``) goes to ``open_path``."""
        if isinstance(
            self.screen, FilePromptScreen | SaveBrowserScreen | ConfirmScreen | TooSmallScreen
        ):
            return
        self.flush_autosave()
        try:
            found = saves()
        except OSError:
            found = []

        def chosen(path: Path | None) -> None:
            if path is not None:
                open_path(path)

        def picked(choice: Path | str | None) -> None:
            if isinstance(choice, Path):
                open_path(choice)
            elif choice == OTHER_FILE:
                try:
                    folder = default_save_dir()
                except OSError:
                    folder = Path.cwd()
                typed = FilePromptScreen(
                    prompt, folder / "game.json", must_exist=True, confine=self._confine()
                )
                self.push_screen(typed, chosen)

        self.push_screen(SaveBrowserScreen(found, title=title), picked)

    def open_replay(self, path: Path) -> bool:
        """The saved game at ``path`` in the replay viewer (read-only), at its start
        (space plays it on, End goes to its last step); on a problem say why and stay
        where we are."""
        try:
            session = load_session(path)
        except (SaveError, OSError, ValueError) as e:
            self._say(_("Could not open the replay: {error}").format(error=e), error=True)
            return False
        # A file's name comes from the disk: cleaned of control characters.
        self.show_replay(Replay.of_session(session), title=printable(path.name), start=0)
        return True

    def show_replay(self, replay: Replay, *, title: str = "", start: int | None = None) -> None:
        self.push_screen(ReplayScreen(replay, title=title, start=start))

    def show_chart(self) -> None:
        """The race of the game in play (or just over), round by round; the
        game waits while it is open (as for any dialog)."""
        game = self.game
        if game is None:
            return
        replay = Replay.of_session(game.session)
        points = per_round(replay.states, replay.actions, game.session.view_state)
        game.push_modal(ChartScreen(points, names_in_seat_order(replay.states)))

    def open_save(self, path: Path, *, copy: bool = False) -> bool:
        """Load ``path``; on any problem say why and keep the current game as it was.
        An autosave is this game's own file from now on (it is locked), unless a game
        in another window has it: then ask whether to open a copy. ``copy``: the game
        saves to a new file of its own."""
        path = path.absolute()  # `--load autosaves/NAME.json`: one file, however named
        lock = None
        own = self._lock is not None and self._lock.path == path
        if self.autosave_enabled and not copy and not own and is_autosave(path):
            try:
                lock = acquire(path)
            except GameLocked as e:
                self._offer_copy(path, e.holder)
                return False
            except (OSError, ValueError):
                lock = None  # a folder that holds no lock: load it all the same
        try:
            session = load_session(path)
        except (SaveError, OSError, ValueError) as e:  # ValueError: a path the OS cannot take
            if lock is not None:
                lock.release()
            self._say(_("Could not load the game: {error}").format(error=e), error=True)
            return False
        if lock is None and not copy and self.autosave_enabled and not is_autosave(path):
            lock = self._own_autosave(session)
        self.start_session(session, loaded_from=None if copy else path, lock=lock)
        if copy:
            # i18n: {path} is the file the game was read from; the copy saves elsewhere
            loaded = _("Opened a copy of {path}: it saves to a file of its own")
        else:
            loaded = _("Loaded {path}")
        self.notify(loaded.format(path=path), timeout=4, markup=False)
        return True

    def _own_autosave(self, session: Session) -> GameLock | None:
        """The autosave that already holds this game (at this moment or before it),
        locked for it: a save loaded again and again goes on in one autosave instead of
        a new one each time. None when there is none, or another window has it."""
        found = autosave_of(record_of(session))
        if found is None:
            return None
        if self._lock is not None and self._lock.path == found:
            return self._lock  # the game on the board: its own file
        try:
            return acquire(found)
        except (GameLocked, OSError, ValueError):
            return None

    def _offer_copy(self, path: Path, pid: int | None) -> None:
        """``path`` is the game on the board of another window: say so, and open a copy
        on Enter (the other window's game goes on saving to its own file)."""
        question = _("This game is open in another window")
        if pid is not None and pid > 0:
            # i18n: {pid} is a process number
            where = _("Another window or browser tab (process {pid}) is playing it and saving it.")
            where = where.format(pid=pid)
        else:
            where = _("Another window or browser tab is playing it and saving it.")
        body = (
            where
            + " "
            + _(
                "Enter opens a copy here, which saves to a file of its own; "
                "Esc leaves it to the other window."
            )
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self.open_save(path, copy=True)
            else:
                self._say(_("Not opened: {path} is open in another window.").format(path=path))

        self.push_screen(ConfirmScreen(question, body), answered)

    def action_save_game(self) -> None:
        """ctrl+s, from the board and from every box over it (a hand-off, a summary)."""
        if isinstance(self.screen, FilePromptScreen | SaveBrowserScreen | ConfirmScreen):
            return
        game = self.game
        if game is None:
            self._say(_("There is no game to save."))
            return
        folder = default_save_dir()
        default = folder / f"game-{game.session.seed}.json"

        def chosen(path: Path | None) -> None:
            if path is None:
                return
            try:
                save_session(path, game.session)
            except (SaveError, OSError, ValueError) as e:
                self._say(_("Could not save: {error}").format(error=e), error=True)
                return
            game.say(_("Saved to {path}.").format(path=path))
            self.notify(_("Saved to {path}").format(path=path), timeout=4, markup=False)

        own = self.autosave_to

        def problem(path: Path) -> str | None:
            return replace_problem(path, own)

        prompt = FilePromptScreen(
            _("Save the game"), default, must_exist=False, check=problem, confine=self._confine()
        )
        self.push_screen(prompt, chosen)

    def _confine(self) -> Path | None:
        """The only folder whose files this app may load and save (a browser tab of
        ``living-forest serve``: its browser's folder), or None."""
        return default_save_dir() if confined() else None

    def autosave(self, session: Session) -> None:
        """Save after every action, in the background (see :class:`Autosaver`)."""
        if not self.autosave_enabled:
            return
        if self.autosaver is None:
            self.autosaver = Autosaver()
        if self.autosaver.error:
            self._say(self.autosaver.error, error=True)
        if self.autosave_to is not None:
            self.autosaver.submit(session, self.autosave_to)

    def flush_autosave(self) -> None:
        if self.autosaver is not None:
            self.autosaver.flush()

    def _close_game_file(self) -> None:
        """The game on the board stops autosaving: its last position written, the
        autosave's thread ended, its file's lock given up (idempotent)."""
        if self._unsubscribe_autosave is not None:
            self._unsubscribe_autosave()
            self._unsubscribe_autosave = None
        if self.autosaver is not None:
            self.autosaver.close()
            self.autosaver = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def on_unmount(self) -> None:
        self._close_game_file()

    async def action_quit(self) -> None:
        """Quit, leaving on disk exactly the game on the board: a bot step still being
        thought about is dropped (it was never played), then the autosave is written
        and its lock given up."""
        self._quit()

    def _quit(self, code: int = 0) -> None:
        """The game's file is closed before Textual takes the screens down, which can
        take a while on a loaded machine: a browser tab's app still ending when its fork
        server's grace is over is killed, and leaves no lock file behind all the same.
        The first quit decides the exit code; one more (SIGTERM again while the app
        ends) finds it under way and does nothing."""
        if self._quitting:
            return
        self._quitting = True
        game = self.game
        if game is not None:
            game.cancel_bot()
        self._close_game_file()
        self.exit(code)

    # --- signals ---------------------------------------------------------------------

    async def run_async(self, **options: Any) -> int | None:
        """Textual's run (its own keyword options, passed on as they are), with SIGTERM
        and SIGHUP caught from before its driver takes the terminal to the end of the
        process (see :meth:`_catch_signals`)."""
        if not options.get("headless"):  # headless: tests drive the app in-process
            self._catch_signals()
        try:
            return await super().run_async(**options)
        finally:
            # Textual's driver has given the terminal back and written its last bytes
            # (``App._shutdown``: after the unmount, the output's thread joined).
            self._ended = True
            if self._quit_handler is not None:  # a signal now ends the process at once
                _handle_quit_signals(self._quit_handler)

    @property
    def exit_code(self) -> int:
        """What the process ends with once the app has: its quit's code (0, or 128 + the
        number of the signal that ended it, as a shell reports it)."""
        result = self.return_value
        return result if isinstance(result, int) else 0

    def _catch_signals(self) -> None:
        """SIGTERM (``kill``, a session manager closing) and SIGHUP (the terminal
        closed) end the app as Ctrl+Q does: the autosave flushed, the terminal given
        back as it was (no alternate screen, no mouse tracking left behind). The exit
        code says which signal it was (128 + its number), as a shell reports it.

        Caught from before Textual's driver takes the terminal to the end of the
        process, never handed back. While the app runs, a signal asks for its quit (one
        more finds that quit under way: :meth:`_quit`). Once Textual's run is over (the
        game saved, its lock given up, the terminal given back), a signal ends the
        process at once, as its default would, but with the app's exit code; at the very
        end :func:`_ignore_quit_signals` takes over. Handed back at the app's unmount as
        they were, one that came before Textual's driver had given the terminal back
        killed the app with the alternate screen and the mouse reporting left on, and
        one during the rest of the process's end gave it a kill's exit status.

        Python's handlers, as Textual's driver has for SIGWINCH: the event loop's own
        (``add_signal_handler``) are set back to the default when the loop closes."""
        loop = asyncio.get_running_loop()
        asked = False

        def on_signal(signum: int, _frame: object) -> None:
            nonlocal asked
            if self._ended:
                for stream in (sys.stdout, sys.stderr):
                    with contextlib.suppress(Exception):  # closed, or busy: it goes
                        stream.flush()
                os._exit(self.exit_code)
            # A second signal can come while this runs, before the system drops them: it
            # runs inside this one and would ask for its quit first (its exit code).
            if asked:
                return
            asked = True
            # Until the run is over, more of them change nothing: the system drops them
            # (a flood of them, a fork server's, kept the app in this handler).
            _ignore_quit_signals()
            with contextlib.suppress(RuntimeError):  # the loop has closed meanwhile
                loop.call_soon_threadsafe(self._on_quit_signal, signum)

        try:
            _handle_quit_signals(on_signal)
        except ValueError:  # not the main thread: the signals are not ours to catch
            return
        self._quit_handler = on_signal
        atexit.register(_ignore_quit_signals)

    def _on_quit_signal(self, signum: int) -> None:
        self._quit(128 + signum)

    def server_gone(self) -> None:
        """A browser tab's server is gone (its input ended, its output broke: see
        ``web_driver.py``): quit as Ctrl+Q does."""
        self._quit(0)

    def _watch_server(self) -> None:
        """A browser tab's app (``living-forest serve``) quits as Ctrl+Q does when its
        server is gone, even killed without a word: its parent process changes."""
        text = os.environ.get(ENV_SERVER_PID, "")
        if not text.isdigit() or os.getppid() != int(text):
            return
        server = int(text)

        def watch() -> None:
            while os.getppid() == server:
                time.sleep(SERVER_CHECK_SECONDS)
            with contextlib.suppress(RuntimeError):  # the app ended meanwhile
                self.call_from_thread(self.server_gone)

        threading.Thread(target=watch, name="server-watch", daemon=True).start()

    def show_game_over(self, session: Session) -> None:
        def done(what: str | None) -> None:
            if what == "replay":  # this game, from its start, on the board
                # i18n: what the replay viewer shows, in "Replay of this game"
                self.show_replay(Replay.of_session(session), title=_("this game"), start=0)
            elif what == "rematch":  # the same seats and rules, a new deal and first player
                self.start_session(
                    Session(session.seats, random.randrange(1_000_000), options=session.options)
                )
            elif what == "new":
                while len(self.screen_stack) > 2:
                    self.pop_screen()
                self.action_new_game()
            elif what == "title":
                while len(self.screen_stack) > 2:
                    self.pop_screen()

        self.push_screen(GameOverScreen(session.state), done)

    def action_help(self, field_first: bool = False) -> None:
        """Help on the screen on top; with ``field_first`` (a binding of priority) the
        key goes on to a field in focus instead, which may type it."""
        if field_first and isinstance(self.focused, Input):
            raise SkipAction()
        if isinstance(self.screen, HelpScreen | TooSmallScreen):
            return
        keys: list[tuple[str, str]] = []
        seen = set()
        for active in self.screen.active_bindings.values():
            b = active.binding
            bid = b.id or ""
            if bid.endswith(".why") or not bid.startswith(OUR_IDS) or not b.description:
                continue
            # The descriptions are marked with N_ where the bindings are declared.
            item = (self.get_key_display(b), _(b.description))
            if item not in seen:
                seen.add(item)
                keys.append(item)
        rules = translate_markdown(rules_text())
        self.push_screen(HelpScreen(rules, keys, start=self._help_section()))

    def _help_section(self) -> str | None:
        """The part of the rules reference that matches the screen: the round on the
        board, the end when the game is over, the form when setting a game up (its
        heading as the page in the player's language has it)."""
        screen = self.screen
        if isinstance(screen, NewGameScreen):
            return help_heading("New game form")
        game = self.game
        if game is not None and not isinstance(screen, TitleScreen):  # the board, or a box on it
            return help_heading("The end" if game.state.phase == PHASE_OVER else "A round")
        return None

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every notice, cleaned of control characters (it may quote a file's name; its
        line breaks kept: "Since your last turn" lists one move a line), and wrapped so
        that a file's path breaks after a ``/``, not mid-name."""
        super().notify(
            wrap_paths(
                "\n".join(printable(line) for line in message.split("\n")), self._toast_width()
            ),
            title=printable(title),
            severity=severity,
            timeout=timeout,
            markup=markup,
        )

    # Textual's toast: 60 cells wide, at most half the screen (34 on the narrow board:
    # app.tcss); its padding and left border take 3 of them.
    TOAST_WIDTH, TOAST_NARROW, TOAST_FRAME = 60, 34, 3

    def _toast_width(self) -> int:
        """The width of a notice's text: on the board when one is open (a notice said
        from a box over it shows there once the box closes), else on the screen."""
        box = min(self.TOAST_WIDTH, self.size.width // 2)
        boards = [s for s in self.screen_stack if isinstance(s, BoardScreen)]
        if boards and boards[-1].has_class("-narrow"):
            box = min(box, self.TOAST_NARROW)
        return box - self.TOAST_FRAME

    def _say(self, message: str, *, error: bool = False) -> None:
        message = printable(message)  # it may quote a file's name (status line, notice)
        self.last_error = message if error else ""
        screen = self.screen
        if hasattr(screen, "say") and screen.say(message):
            return  # said there whole (the title): a notice would say it twice
        self.notify(message, severity="error" if error else "information", timeout=8, markup=False)

    # --- terminal size -----------------------------------------------------------------

    async def _on_resize(self, event: events.Resize) -> None:
        await super()._on_resize(event)
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, w: int | None = None, h: int | None = None) -> None:
        if w is None or h is None:
            w, h = self.size
        small = w < MIN_W or h < MIN_H
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.paused = small  # attributes down: the flow waits while small
        if small and self._too_small is None:
            self._too_small = TooSmallScreen(w, h)
            self.push_screen(self._too_small)
        elif small and self._too_small is not None:
            self._too_small.update_size(w, h)
        elif not small and self._too_small is not None:
            screen, self._too_small = self._too_small, None
            if self.screen is screen:
                self.pop_screen()
            game = self.game
            if game is not None:
                game.advance_flow()

    def push_screen(  # type: ignore[override]
        self, screen: Any, callback: Any = None, wait_for_dismiss: bool = False
    ) -> Any:
        """Keep the "terminal too small" notice on top of anything pushed under it."""
        self._screen_changes()
        notice = self._too_small
        if notice is None or screen is notice:
            return super().push_screen(screen, callback, wait_for_dismiss=wait_for_dismiss)  # type: ignore[call-overload]
        if self.screen is notice:
            super().pop_screen()
        result = super().push_screen(screen, callback, wait_for_dismiss=wait_for_dismiss)  # type: ignore[call-overload]
        self._too_small = TooSmallScreen(*notice.dims)
        super().push_screen(self._too_small)
        return result

    def pop_screen(self) -> AwaitComplete:
        self._screen_changes()
        return super().pop_screen()

    def switch_screen(self, screen: Screen[Any] | str) -> AwaitComplete:
        self._screen_changes()
        return super().switch_screen(screen)

    @property
    def _background_screens(self) -> list[Screen[Any]]:
        """The screens drawn under the one on top. The "terminal too small" notice
        covers the whole terminal, so nothing under it is drawn, nor laid out at a size
        it cannot take (a list dialog at 11 columns or fewer raised ValueError)."""
        if self._too_small is not None and self._screen_stack[-1:] == [self._too_small]:
            return []
        return super()._background_screens

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Save shows only when there is a game to save."""
        if action == "save_game":
            return self.game is not None
        return True

    @property
    def too_small(self) -> bool:
        return self._too_small is not None


def _quit_signals() -> list[int]:
    """The numbers of :data:`QUIT_SIGNALS` this system has (no SIGHUP on Windows)."""
    return [n for n in (getattr(signal, name, None) for name in QUIT_SIGNALS) if n is not None]


def _handle_quit_signals(handler: Callable[[int, Any], None]) -> None:
    """``handler`` for every quit signal (ValueError outside the main thread)."""
    for signum in _quit_signals():
        signal.signal(signum, handler)


def _ignore_quit_signals() -> None:
    """At the process's exit (an exit function): Python's own shutdown, after the exit
    functions, sets the signals it handles back to their default, then takes its modules
    down. The app has ended long before, nothing is left to save, give back or wait for:
    a quit signal then changes nothing, not even the exit status."""
    for signum in _quit_signals():
        with contextlib.suppress(OSError, ValueError):
            signal.signal(signum, signal.SIG_IGN)


def run(load: Path | None = None, continue_latest: bool = False, view: Path | None = None) -> int:
    """Start the app (``--load FILE`` / ``--continue`` / ``view FILE`` from the command
    line)."""
    rules_for()  # validate the game data before the screen takes over
    log_errors(default_save_dir())
    pause, problem = bot_pause_setting(os.environ.get(ENV_BOT_PAUSE), load_settings()[0].bot_pause)
    app = LivingForestApp(
        load=load,
        continue_latest=continue_latest,
        view=view,
        bot_pause=pause,
        notices=[problem or ""],
    )
    app.run()
    return app.exit_code
