"""Learn to play: the game screen of a tutorial chapter, and the chapter list.

:class:`TutorialScreen` is the ordinary board (every key, panel and sum as in a game)
with a :class:`~living_forest.present.tutorial.Tutor` in front of it: each step's text in a
box when it comes up, what to press on the status line, any other move refused with
that instruction (nothing changes), the other seat's moves from the script, and Esc to
leave. Once the script is done the game goes on as an ordinary one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from living_forest.core import Action, GameState
from living_forest.core.state import PHASE_OVER
from living_forest.i18n import N_, _
from living_forest.present.choices import Choice
from living_forest.present.keys import GAME_KEYS, opens_list
from living_forest.present.session import Session
from living_forest.present.tutorial import Chapter, Tutor, one_key_step, tutorial_text

from .base import Dialog
from .game import GameScreen
from .modals import ConfirmScreen, InfoScreen


class LessonScreen(InfoScreen):
    """A step's text: a narrow box at the foot of the screen, dimming the board less
    than other dialogs, so the panels it talks about stay readable on a large screen.
    On a small one it covers them: its footer names the key that shows it again."""

    def __init__(self, title: str, body: str, *, again_key: str) -> None:
        super().__init__(title, body)
        self.again_key = again_key

    def footer(self) -> str:
        # i18n: {key} is the key that opens this box again (h)
        return _("[dim]Enter to continue · {key} shows this text again[/]").format(
            key=self.again_key
        )


class TutorialScreen(GameScreen):
    TELL_SINCE = False  # the lesson's boxes say what Ben does; a toast would cover the log

    def __init__(self, session: Session, chapter: Chapter, *, bot_pause: float = 0.4) -> None:
        super().__init__(session, bot_pause=bot_pause)
        self.chapter = chapter
        self.tutor = Tutor(chapter)
        self._told: set[int] = set()  # steps whose text was shown
        self._done_told = False
        self._lesson: tuple[str, str] | None = None  # the last text shown (title, body)

    # --- the flow: a step's text before the step, the chapter's end at its end ------

    def advance_flow(self) -> None:
        if not self.is_attached:
            return
        s = self.session
        # Only over the board itself (not over the help or the save browser), and after
        # Onibi's summary.
        if not self.board_covered and s.turn_done is None and not self.flow.has_summary:
            i = self.tutor.index(s)
            step = self.tutor.step(s)
            if step is not None and step.say and i not in self._told:
                self._told.add(i)
                chapter = tutorial_text(self.chapter.title)
                title = _("Learn to play · {chapter}").format(chapter=chapter)
                self.show_lesson(title, tutorial_text(step.say))
                return
            if step is None and not self._done_told:
                self._done_told = True
                self.show_lesson(_("Chapter done"), tutorial_text(self.chapter.done))
                return
        super().advance_flow()

    def show_lesson(self, title: str, body: str, *, again: bool = False) -> None:
        """A step's text in its box, remembered for the hint key to show ``again``."""
        if not again:
            self._lesson = (title, body)
        self.push_modal(LessonScreen(title, body, again_key=self.key_of("hint")))

    def bot_text(self) -> str | None:
        if self.tutor.scripted_at(len(self.session.actions)) is None:
            return None  # past the script: the chapter's bot plays on, at its level
        # i18n: in the status line after the other player's name, in brackets, while
        # they play the tutorial's script (instead of "[easy bot]")
        return _("following the lesson")

    def bot_move(
        self, st: GameState, controller: str, step: int, legal: Sequence[Action]
    ) -> Action:
        # Ben's scripted move; past the script, the chapter's bot plays on.
        scripted = self.tutor.scripted_at(step)
        return super().bot_move(st, controller, step, legal) if scripted is None else scripted

    # --- the person's moves: the step's, or an explanation ----------------------------

    def _refusal(self, action: Action | None, mode: str = "") -> str | None:
        """Why the person may not play ``action`` (or open the list ``mode``) now."""
        s = self.session
        if s.turn_done is not None or not self.human_to_act:
            return None  # the game's own answer (pass the turn on, wait for the bot)
        listing = bool(self.modes)
        opened = self.modes[-1] if self.modes else ""
        if action is not None:
            return self.tutor.refusal(s, action, self.key_of, listing=listing, opened=opened)
        return self.tutor.refuses_list(s, mode, self.key_of, listing=listing, opened=opened)

    def play(self, action: Action) -> bool:
        reason = self._refusal(action)
        if reason is not None:
            self.say(reason)
            return False
        return super().play(action)

    def action_play(self, name: str) -> None:
        if opens_list(self.state, name):
            reason = self._refusal(None, GAME_KEYS[name].kind)
            if reason is not None:
                self.say(reason)
                return
        super().action_play(name)

    def choose(self, choice: Choice) -> None:
        if choice.mode is not None and (reason := self._refusal(None, choice.mode)):
            self.say(reason)  # e.g. the spaces of another tree than the step's
            return
        super().choose(choice)

    def tutor_hint(self) -> str:
        """What to press now, with the number of the choice to pick when it is listed
        (first Enter, while a box waits for it)."""
        s = self.session
        hint = self.tutor.hint(
            s,
            self.key_of,
            listing=bool(self.modes),
            opened=self.modes[-1] if self.modes else "",
            boxed=self._modal_open,
        )
        step = self.tutor.step(s)
        if not hint or step is None or s.turn_done is not None or one_key_step(step.action.kind):
            return hint
        for i, c in enumerate(self._choices):
            # The wanted move itself, or in an open list the entry leading to it (the tree
            # to plant): not the action menu's entry, which the hint's key replaces.
            leads = c.action == step.action or (
                bool(self.modes)
                and c.mode is not None
                and self.tutor.refuses_list(s, c.mode, self.key_of) is None
            )
            if leads:
                where = _("It is number {number}.").format(number=self._numbers[i])
                return f"{hint} {where}"
        return hint

    def action_hint(self) -> None:
        """During the script: the last text shown again, ending with what to press now
        (it may be a few steps old); before any, what to press. Once the chapter is
        done, the game's own hint."""
        if not self.tutor.finished(self.session):
            now = self.tutor_hint() if self.human_to_act else ""
            if self._lesson is not None:
                title, body = self._lesson
                self.show_lesson(title, f"{body}\n\n{now}" if now else body, again=True)
                return
            if now:
                self.say(now)
                return
        super().action_hint()

    _hinted = ""  # the hint last put on the status line

    def _refresh_status(self) -> None:
        if self.message and self.message == self._hinted:
            self.message = ""  # made again: the position, the list or a box changed it
        if not self.message and self.human_to_act and self.state.phase != PHASE_OVER:
            self.message = self._hinted = self.tutor_hint()
        super()._refresh_status()

    def push_modal(self, screen: Screen[Any], then: Callable[[Any], object] | None = None) -> None:
        """A box over the board: the hint says to close it first, and what then."""

        def closed(result: object) -> None:
            if then is not None:
                then(result)
            if self.is_attached:
                self._refresh_status()

        super().push_modal(screen, closed)
        self._refresh_status()

    # --- leaving --------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return True  # Esc always answers: back a step, or leave the tutorial
        return super().check_action(action, parameters)

    def action_back(self) -> None:
        s = self.session
        ending = s.turn_done is not None and s.turn_done_unused  # "end with actions left?"
        if self.modes or ending or self.state.phase == PHASE_OVER:
            super().action_back()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.call_later(self.app.run_action, "app.leave_tutorial")

        self.push_modal(
            ConfirmScreen(
                _("Leave the tutorial?"),
                _("Learn to play on the title screen starts any chapter again."),
            ),
            answered,
        )


class ChapterScreen(Dialog[Chapter | None]):
    """The tutorial's chapters; Enter starts one, Esc goes back."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="chapters.cancel")]

    def __init__(self, chapters: tuple[Chapter, ...]) -> None:
        super().__init__(classes="dialog")
        self.chapters = chapters

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(Content.from_markup(_("[b]Learn to play[/]")), id="chapters-title")
            yield Static(
                Content(
                    _(
                        "A guided game against Ben: each step says what to do and waits for "
                        "it. Esc leaves at any time."
                    )
                ),
                id="chapters-about",
            )
            yield OptionList(
                *(
                    Option(Content(tutorial_text(c.title)), id=str(i))
                    for i, c in enumerate(self.chapters)
                ),
                id="chapters-list",
            )
            yield Label(Content.from_markup(_("[dim]↑↓ choose, Enter starts, Esc back[/]")))

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.chapters[int(event.option.id or 0)])

    def action_cancel(self) -> None:
        self.dismiss(None)
