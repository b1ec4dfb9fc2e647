"""The board: renders the session's state, offers only legal choices, applies them.

Only this screen applies actions (through its :class:`Session`); widgets get the
state pushed into them and report choices back with messages. The jobs around it
live elsewhere and are pure: the key table and liveness (``keys.py``), the status
text (``status.py``), what comes next (``flow.py``), the choice lists
(``choices.py``). The screen subscribes to the session's transitions: the board,
the log and the flow controller follow every change; the app's autosave listens
too. It asks the app for things by posting messages (game over, save).
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from textual import on
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from living_forest.bots.hint import Hint, hint
from living_forest.core import (
    Action,
    Event,
    GameState,
    Rules,
    decision,
    describe,
    outcome,
    parse_action,
    why_illegal,
)
from living_forest.core.actions import ATTRACT, DONE, PLANT
from living_forest.core.observation import observe
from living_forest.core.queries import CHOOSE_ACTION, PICK
from living_forest.core.state import PHASE_OVER
from living_forest.i18n import N_, _, card_name, ngettext
from living_forest.present.board.discard import discard
from living_forest.present.bot_turns import bot_move
from living_forest.present.cells import cell_len
from living_forest.present.choices import Choice, action_label, choices, prompt
from living_forest.present.flow import (
    FlowController,
    HandOff,
    RunBot,
    ShowGameOver,
    ShowSummary,
    TellSince,
)
from living_forest.present.inspector import items as inspect_items
from living_forest.present.keys import GAME_KEYS, liveness, opens_list, why_not
from living_forest.present.recent import last_moves
from living_forest.present.session import HUMAN, Session, Transition, UndoError, own_turn_end
from living_forest.present.status import hint_text, situation, turn_done_text
from living_forest.present.wrapping import last_break, wrap_sentence

from ..bot_runner import BotRunner, ended
from ..widgets.board import (
    ForestView,
    HelpLineView,
    Panel,
    ReserveView,
)
from ..widgets.controls import ChoiceList
from ..widgets.event_log import ALL, ROUND, EventLog
from .board import BoardScreen
from .modals import HandOffScreen, InfoScreen, InspectScreen

log = logging.getLogger(__name__)

__all__ = ["GAME_KEYS", "GameScreen"]


# The digit keys' descriptions (the help's key list): 0 is Done, in a pick that numbers
# past 9.
PICK_LABELS = (
    N_("Done"),
    N_("choice 1"),
    N_("choice 2"),
    N_("choice 3"),
    N_("choice 4"),
    N_("choice 5"),
    N_("choice 6"),
    N_("choice 7"),
    N_("choice 8"),
    N_("choice 9"),
)


def _game_bindings() -> list[BindingType]:
    out: list[BindingType] = []
    for k in GAME_KEYS.values():
        out.append(Binding(k.key, f"play('{k.name}')", k.label, id=f"game.{k.name}"))
        # Same key, always enabled: runs only when the action above is refused,
        # so the status line can say why (check_action dims the Footer key).
        out.append(
            Binding(k.key, f"refuse('{k.name}')", k.label, show=False, id=f"game.{k.name}.why")
        )
    out += [
        # Turn done: Enter passes the turn on (before the choice list's own Enter).
        # i18n: key bar label (the 80x24 key bar is full): at most 9 characters
        Binding("enter", "pass_turn", N_("Pass turn"), priority=True, id="game.pass_turn"),
        # ... and an Enter read with the key that ended the turn (typed fast): checked
        # while the turn was still open, it comes to the screen once the list is empty.
        Binding("enter", "pass_turn", N_("Pass turn"), show=False, id="game.pass_turn.why"),
        # i18n: key bar label (the 80x24 key bar is full): at most 4 characters
        Binding("u", "undo", N_("Undo"), id="game.undo"),
        Binding("u", "refuse('undo')", N_("Undo"), show=False, id="game.undo.why"),
        # i18n: key bar label (the 80x24 key bar is full): at most 4 characters
        Binding("escape", "back", N_("Back"), id="game.back"),
        Binding("escape", "refuse('back')", N_("Back"), show=False, id="game.back.why"),
        # i18n: key bar label (the 80x24 key bar is full): at most 6 characters
        Binding("v", "next_forest", N_("Forest"), id="game.view_forest"),
        # i18n: key bar label (the 80x24 key bar is full): at most 7 characters
        Binding("i", "discard", N_("Discard"), id="game.discard"),
        Binding("g", "log_view", N_("Log"), show=False, id="game.log_view"),
        # i18n: key bar label (the 80x24 key bar is full): at most 6 characters
        Binding("space", "fast_forward", N_("Faster"), id="game.fast_forward"),
        # i18n: key bar label (the 80x24 key bar is full): at most 4 characters
        Binding("o", "inspect", N_("Look"), id="game.inspect"),
        Binding("h", "hint", N_("Hint"), show=False, id="game.hint"),
        Binding("r", "chart", N_("Race chart"), show=False, id="game.chart"),
    ]
    out += [
        Binding(str(i), f"pick({i})", PICK_LABELS[i], show=False, id=f"game.pick{i}")
        for i in range(10)  # 0: Done, in a pick that numbers past 9
    ]
    return out


class GameScreen(BoardScreen):
    BINDINGS = _game_bindings()
    AUTO_FOCUS = "#choices"
    # With one person and bots: what the bots did, in a box that does not stop the game.
    TELL_SINCE = True
    SINCE_SECONDS = 5  # how long the note stays up, unless the player acts first

    class GameOver(Message):
        """The game is over: show the result (the app decides what follows)."""

        def __init__(self, session: Session) -> None:
            super().__init__()
            self.session = session

    def __init__(self, session: Session, *, bot_pause: float = 0.4, resumed: bool = False) -> None:
        """``resumed``: a game read from a save (see :class:`FlowController`)."""
        super().__init__(session.state.n)
        self.session = session
        self.flow = FlowController(session, resumed=resumed)
        self.paused = False  # set by the app while the terminal is too small
        self.modes: list[str] = []
        self.viewed: int | None = None  # seat whose Forest is shown (None: the one to act)
        self.message = ""
        self._choices: list[Choice] = []
        self._numbers: list[int] = []  # the number of each listed choice
        # Within one pick (see _number): the numbers given, and which pick it is.
        self._numbering: dict[Action, int] = {}
        self._numbering_key: tuple[int, int, str] | None = None
        # After the player's own move renumbers the list (a pick that finished by
        # itself, a bonus offered or done), digits and Enter wait a moment: a key typed
        # in the same instant was meant for the list that is gone.
        self._own_move = False
        self._held_logged = 0  # a held move's events already in the log
        # The events after a finished turn's end, kept out of the log until it is
        # passed on with Enter (the next turn's start: "Ben sees 3 Kodama and takes a
        # Fragment" was read before Enter, and stayed after an undo).
        self._after_turn: list[Event] = []
        self._guard_until = 0.0
        self._modal_open = False
        # Until when a "Since your last turn" note is up (monotonic seconds): it goes
        # once the player acts.
        self._since_until = 0.0
        # The bots' steps, each in a worker; ``bot_move`` chooses (a lesson scripts it).
        self.bots = BotRunner(self, self.bot_move, bot_pause)
        self._bots_failed: set[int] = set()  # seats whose bot's failure the player was told
        # A hint being worked out (the medium bot thinks in a worker too).
        self._hint: Worker[Hint] | None = None
        self._hint_state: GameState | None = None
        self._key_sig: tuple[bool | str | None, ...] = ()
        self._started = False
        self._key_names: dict[str, str] | None = None  # binding id -> key shown
        self._choice_rows: int | None = None
        self._choice_turn: tuple[int, str, int, bool] | None = None
        self._status_rows = 2
        self._log_loaded = False
        self._log_round = 0  # the round of the events being logged
        self._unsubscribe = session.subscribe(self._on_transition)

    def on_unmount(self) -> None:
        self._unsubscribe()
        self.flow.unsubscribe()
        self.cancel_bot()

    # --- layout ----------------------------------------------------------------

    def compose_controls(self) -> Iterator[Widget]:
        yield Static(id="prompt")
        yield ChoiceList(id="choices")

    def on_screen_resume(self) -> None:
        if self._started:
            # Back from a screen over the board (the help, a save or load box, a
            # chart): the game waited there, and goes on.
            if self._log_loaded:
                self.advance_flow()
            return
        # First shown (not merely mounted: a screen pushed under the "too small"
        # notice has no children until it becomes active).
        self._started = True
        self.call_after_refresh(self._init_board)

    def _init_board(self) -> None:
        self._apply_size()
        self.refresh_board()
        self.call_after_refresh(self._first_flow)

    def _first_flow(self) -> None:
        log = self.query_one("#log", EventLog)
        # In a game with bots the human seats' own lines are marked.
        humans = frozenset(i for i in range(self.state.n) if self.session.controller_of(i) == HUMAN)
        log.set_view(ALL, humans if len(humans) < self.state.n else frozenset())
        # Every event so far, including those of keys pressed before this ran
        # (``_apply`` leaves the log to this until it is loaded).
        events = self.session.events
        keep = max(0, len(events) - 200)
        for ev in events[:keep]:  # not shown: their rounds still count
            self._count_round(ev)
        self._log(events[keep:], self.state, scroll_end=False)
        self._log_loaded = True
        log.call_after_refresh(log.scroll_end, animate=False)
        self.advance_flow()

    def ready_for_layout(self) -> bool:
        return self._started

    def _apply_size(self, w: int | None = None, h: int | None = None) -> None:
        self.apply_size(w, h)

    def layout_changed(self) -> None:
        self._show_forests()
        self._size_choices()
        self.call_after_refresh(self._size_choices)  # again at the new width

    # --- rendering (attributes down) -------------------------------------------

    @property
    def state(self) -> GameState:
        """The position on the board: the game's; a held last move's own position (it
        waits for Enter, see ``Session.play``); or, while a finished turn waits to be
        passed on, the position its last move came to (``Session.view_state``)."""
        return self.session.view_state

    @property
    def board_state(self) -> GameState:
        return self.session.view_state

    @property
    def rules(self) -> Rules:
        return self.session.rules

    @property
    def focus_seat(self) -> int:
        """Whose Help Line and Forest the board shows by default: the player to act, or
        the one whose finished turn waits to be passed on."""
        done = self.session.turn_done
        if done is not None:
            return done
        s = self.session
        if not s.current_is_human and self.state.phase != PHASE_OVER:
            humans = [i for i in range(self.state.n) if s.controller_of(i) == HUMAN]
            if len(humans) == 1:  # bots play: the person keeps their own board in view
                return humans[0]
        return self.state.current

    @property
    def shown_seat(self) -> int:
        """Whose Forest is shown first: the one picked with v, else the focus."""
        return self.focus_seat if self.viewed is None else self.viewed

    @property
    def help_line_seat(self) -> int:
        """Whose Help Line the Help Line panel shows: the focus seat's, or at 80x24
        (where no other Help Line is on the board) the one picked with v."""
        return self.shown_seat if self.forest_room == 0 else self.focus_seat

    def refresh_board(self) -> None:
        st = self.state
        recent = last_moves(st, self.session.view_events)
        self.show_panels(
            st,
            shown=self.shown_seat,
            focus=self.focus_seat,
            recent=recent,
            help_seat=self.help_line_seat,
        )
        self._show_forests()
        self._refresh_choices()
        self._refresh_status()
        self.refresh_keys()

    def refresh_keys(self) -> None:
        """Refresh the key bar only when some key changed state or wording (it is
        costly)."""
        sig = (
            *(
                self.check_action(*self._split(b.action))
                for b in self.BINDINGS
                if isinstance(b, Binding)
            ),
            self.session.turn_done_ends,  # Enter's word (key_description)
        )
        if sig != self._key_sig:
            self._key_sig = sig
            self.refresh_bindings()

    @staticmethod
    def _split(action: str) -> tuple[str, tuple[object, ...]]:
        name, _sep, rest = action.partition("(")
        return name, ((rest.rstrip(")").strip("'"),) if rest else ())

    def _show_forests(self) -> None:
        self.show_forests(
            self.state,
            shown=self.shown_seat,
            focus=self.focus_seat,
            marks=self._marks(),
            done=self.session.turn_done,
        )

    def _refresh_choices(self) -> None:
        self._drop_first_digit()  # a digit typed for a list that is gone
        st = self.state
        ol = self.query_one("#choices", ChoiceList)
        human_turn = self.session.current_is_human and st.phase != PHASE_OVER
        waiting = self.session.turn_done is not None  # nothing to choose: Enter or undo
        self._choices = choices(st, self.modes) if human_turn and not waiting else []
        before = self._numbering_key
        self._numbers = self._number(st, self._choices)
        self._guard_until = 0.0  # a list opened by a key of its own is meant
        if self._own_move:
            self._own_move = False
            if before is None or before != self._numbering_key:  # not a pick going on
                self._guard_until = time.monotonic() + self.TYPE_AHEAD_GUARD
        ol.set_items([c.label for c in self._choices], self._numbers)
        self._size_choices()
        title = prompt(st, self.modes) if human_turn else ""
        if self.session.turn_done is not None:
            self._choices, self._numbers = [], []
            ol.set_items([])
            title = turn_done_text(self.session, self.key_of, short=True)
        elif st.phase != PHASE_OVER and not human_turn:
            name = st.players[st.current].name
            # Thinking only while its worker runs; a box waiting for a person holds it.
            if self.bot_busy:
                # i18n: the prompt above the choice box (34 columns at 80x24)
                title = _("{player} (bot) is thinking…").format(player=name)
            else:
                # i18n: the prompt above the choice box (34 columns at 80x24)
                title = _("{player} (bot) plays next").format(player=name)
        self.query_one("#prompt", Static).update(
            Content.from_markup("[b]$t[/]", t=title), layout=False
        )
        self._mark_forest()

    def _number(self, st: GameState, shown: list[Choice]) -> list[int]:
        """Numbers for the listed choices. While picking cards or fires (one Attract,
        one Extinguish, from its first list to Done) an option keeps its number and a
        picked one's number is not given to another, so a digit typed ahead never lands
        on an option the player has not seen; elsewhere 1, 2, 3, ..."""
        d = decision(st)
        mode = self.modes[-1] if self.modes else None
        kind = d.action if d.kind == PICK else mode if d.kind == CHOOSE_ACTION else None
        at = self.rules.by_kind.get(kind) if kind is not None else None
        key = (st.round, st.current, at.kind) if at is not None and at.multi_pick else None
        if key is None or key != self._numbering_key:
            self._numbering_key, self._numbering = key, {}
            if key is None:
                return list(range(1, len(shown) + 1))
        out = []
        for c in shown:
            if c.action is not None and c.action.kind == DONE:
                out.append(0)  # Done keeps 0 however long the list: always one key
                continue
            n = self._numbering.get(c.action) if c.action is not None else None
            if n is None:
                n = max(self._numbering.values(), default=0) + 1
                if c.action is not None:
                    self._numbering[c.action] = n
            out.append(n)
        return out

    TYPE_AHEAD_GUARD = 0.4  # seconds a renumbered list ignores digits and Enter

    def _list_just_changed(self) -> bool:
        if time.monotonic() < self._guard_until:
            self.say(_("The list has just changed: look at it, then choose again."))
            return True
        return False

    CHOICES_MAX = 8  # rows of the choice box at 80x24 (then it scrolls)
    CHOICES_MAX_WIDE = 14  # on large terminals
    CHOICE_SIZES = (3, 6, 10)

    def _size_choices(self) -> None:
        """The choice box fits its options, up to a maximum; the log gets the rest.
        Relayout only when the number of rows changes."""
        found = self.query("#choices").results(ChoiceList)
        ol = next(found, None)
        if ol is None:  # a deferred call after the board was taken down (a new game)
            return
        wide = self.has_class("-wide") or self.has_class("-mid")
        width = ol.content_size.width or (58 if wide else 34)
        most = self.CHOICES_MAX_WIDE if wide else self.CHOICES_MAX
        if self.has_class("-mid"):  # leave the log a few rows
            most = max(self.CHOICES_MAX, min(most, self.app.size.height - 26))
        if not wide:  # 80x24: what the right column's panels leave, the log's 3 rows kept
            most = max(self.CHOICE_SIZES[0], min(most, self._right_rows()))
        need = ol.rows_needed(width)
        # A few sizes only: each change is a relayout (~10 ms on a key press).
        rows = next((r for r in self.CHOICE_SIZES if need <= r < most), most)
        if wide:
            rows += 2  # border
        if not self._choices:
            rows = 0  # nothing to choose (a bot plays, the game is over): no box
        # Within one player's phase the box only grows (each relayout costs ~10 ms
        # per key); it fits its options again when the turn or phase changes.
        st = self.state
        turn = (st.round, st.phase, st.current, wide)
        if rows and turn == self._choice_turn and self._choice_rows:
            rows = min(max(rows, self._choice_rows), most + (2 if wide else 0))
        self._choice_turn = turn
        if rows != self._choice_rows:
            self._choice_rows = rows
            ol.styles.height = rows
            ol.set_class(rows == 0, "-empty")  # keeps the focus, shows no border

    LOG_ROWS = 3  # the log's rows at least (its min-height in app.tcss)

    def _right_rows(self) -> int:
        """The rows the choice box may take at 80x24: the right column's, less the
        prompt, the players panel (with its forecast), the modules' panels and the log's
        least rows."""
        rows = self.app.size.height - self.status_rows() - 1  # the key bar
        panels = self.query_one("#right").query(Panel)
        used = 1 + sum(p.lines for p in panels if p.display) + self.LOG_ROWS
        return rows - used

    def fit_right(self) -> None:
        self._size_choices()

    def _marks(self) -> dict[int, str]:
        """Forest spaces offered now: their number in the list (two digits past 9),
        ``>`` on the highlighted one."""
        lists = self.query(ChoiceList)
        hl = lists.first().highlighted if lists else 0
        out = {}
        for i, c in enumerate(self._choices):
            if c.cell >= 0:
                label = str(self._numbers[i]) if i < len(self._numbers) else str(i + 1)
                out[c.cell] = (">" + label) if i == hl else label
        return out

    def _mark_forest(self) -> None:
        marks = self._marks()
        current = self.state.current
        for fv in self.query(ForestView):
            fv.marks = marks if fv.seat == current else {}

    @on(ChoiceList.Highlighted)
    def _highlighted(self, event: ChoiceList.Highlighted) -> None:
        event.stop()
        if any(c.cell >= 0 for c in self._choices):
            self._mark_forest()

    def bot_text(self) -> str | None:
        """How the bot's seat to act plays, when not by its level, shown in brackets
        (None: "[easy bot]")."""
        return None

    def _status_width(self) -> int:
        """The cells of a status line's row."""
        bar = self.query_one("#status", Static)
        return max(20, (bar.content_size.width or self.app.size.width - 2))

    def _refresh_status(self) -> None:
        bar = self.query_one("#status", Static)
        width = self._status_width()
        # The telling of the situation that fits one row (the second is the message's).
        line = situation(
            self.session,
            self.modes,
            self.key_of,
            bot_text=self.bot_text(),
            width=width,
            numbers=self._numbers,
        )
        # The situation on one line (the prompt above the choices repeats it), or on
        # both rows when no message needs the second (a warning at the end of a long
        # line is not cut); a message (e.g. why a key is refused) below it, on two lines
        # when it is long.
        rows = 2
        if not self.message and len(line) > width:
            cut = last_break(line, width)  # not before a French ":" (wrapping.py)
            cut = cut if cut > width // 2 else width
            first, rest = line[:cut].rstrip(), line[cut:].strip()
            text = Content(first) + Content("\n") + Content(rest).truncate(width, ellipsis=True)
        else:
            text = Content(line).truncate(width, ellipsis=True)
        if self.message:
            msg = Content.from_markup("[b]$m[/]", m=self.message)
            rows = 3 if msg.cell_length > width else 2
            text = text + Content("\n") + msg
        bar.update(text, layout=rows != self._status_rows)
        if rows != self._status_rows:
            self._status_rows = rows
            bar.styles.height = rows
            self.fit_left()

    def look_key(self) -> str:
        return self.key_of("inspect")

    def key_of(self, name: str) -> str:
        """The key (after any user keymap) bound to game action ``name`` (or "undo")."""
        if self._key_names is None:
            self._key_names = {}
            for node, bindings_map in self._binding_chain:  # the keymap is applied here
                if node is self:
                    for bindings in bindings_map.key_to_bindings.values():
                        for b in bindings:
                            if b.id:
                                self._key_names[b.id] = self.app.get_key_display(b)
        found = self._key_names.get(f"game.{name}")
        return found or (GAME_KEYS[name].key if name in GAME_KEYS else name[:1])

    # --- check_action: Footer keys follow the rules (keys.py) -------------------

    @property
    def human_to_act(self) -> bool:
        """A person may play now: it is their turn, no bot is thinking and no finished
        turn waits to be passed on."""
        s = self.session
        return s.current_is_human and not self.bot_busy and s.turn_done is None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "play":
            if self.session.turn_done is not None:
                return False  # hidden: Enter passes the turn, u takes its last action back
            name = str(parameters[0])
            return liveness(self.state, self.session.legal(), name, human=self.human_to_act)
        if action in ("undo", "back") and self._bots_play():
            return False  # hidden while a bot plays (pressed: they say why)
        if action == "undo":
            over = self.state.phase == PHASE_OVER
            return True if self.session.can_undo() and not over else None
        if action == "pass_turn":
            return self.session.turn_done is not None
        if action == "fast_forward":  # shown while bots play, until a person is to act
            return self._bots_play() and not self.bots.pace.fast_forward
        if action == "back":
            ending = self.session.turn_done is not None and self.session.turn_done_unused
            return True if self.modes or ending or self.state.phase == PHASE_OVER else None
        return True

    def _bots_play(self) -> bool:
        """A bot is to act (not while a finished turn waits for Enter to pass it on)."""
        s = self.session
        return s.state.phase != PHASE_OVER and not s.current_is_human and s.turn_done is None

    # --- key actions -------------------------------------------------------------

    def action_play(self, name: str) -> None:
        if opens_list(self.state, name):
            self.modes = [GAME_KEYS[name].kind]
            self.message = ""
            self._refresh_choices()
            self._refresh_status()
            self.refresh_keys()
            return
        self.play(Action(GAME_KEYS[name].kind))

    def key_description(self, binding: Binding) -> str:
        """Enter, when the turn waiting to be passed on ends the round or the game,
        says so (the status line says what it does)."""
        if binding.action == "pass_turn":
            ends = self.session.turn_done_ends
            if ends == "round":
                # i18n: key bar label (the 80x24 key bar is full): at most 10 characters
                return N_("End round")
            if ends == "game":
                # i18n: key bar label (the 80x24 key bar is full): at most 10 characters
                return N_("End game")
        return binding.description

    def action_pass_turn(self) -> None:
        """Enter after a finished turn: it is passed on and can no longer be undone."""
        if self.session.turn_done is None:
            return
        self.session.confirm_turn()
        self._log_after_turn()
        self.message = ""
        self.refresh_board()
        self.advance_flow()

    def _log_after_turn(self) -> None:
        """The events kept out of the log while the finished turn waited: logged now
        that it is passed on."""
        events, self._after_turn = self._after_turn, []
        if events and self._log_loaded:
            self._log(events, self.session.state)

    def _log(
        self, events: Sequence[Event], st: GameState, *, scroll_end: bool | None = None
    ) -> None:
        """``events`` in the log, in words, each under its round."""
        log = self.query_one("#log", EventLog)
        for ev in events:
            self._count_round(ev)
            log.add(describe(ev, st), seat=ev.seat, round=self._log_round, scroll_end=scroll_end)

    def _count_round(self, ev: Event) -> None:
        if ev.kind == "round_started":
            self._log_round = int(ev.data.get("round", self._log_round + 1))

    def action_refuse(self, name: str) -> None:
        st = self.state
        if st.phase == PHASE_OVER:
            self.say(_("The game is over."))
        elif self.session.turn_done is not None and name != "undo":
            self.say(turn_done_text(self.session, self.key_of))
        elif not self.human_to_act:
            bot = st.players[st.current].name
            self.say(_("{player} is a bot; wait for its move.").format(player=bot))
        elif name == "undo":
            self.say(_("Cannot undo: {reason}.").format(reason=self.session.why_no_undo()))
        elif name == "back":
            self.say(_("Nothing to step back from."))
        else:
            self.say(why_not(st, self.modes, name))

    def action_hint(self) -> None:
        """What the medium bot would do in the place of the player to act, and why."""
        st = self.state
        if st.phase == PHASE_OVER:
            self.say(_("The game is over."))
            return
        if not self.human_to_act:
            done = self.session.turn_done
            if self.session.asked is not None:  # "End with actions unused?": Esc goes back
                self.say(turn_done_text(self.session, self.key_of))
            elif done is not None:  # the player to act may be the next one already
                name = st.players[done].name
                self.say(_("No hint now: {player}'s turn is finished.").format(player=name))
            else:
                name = st.players[st.current].name
                self.say(_("{player} is a bot; hints are for people.").format(player=name))
            return
        if self._hint is not None and self._hint_state is st:
            return  # already thinking about this very position
        legal = self.session.legal()
        rng = random.Random(f"{st.seed}:hint:{len(self.session.actions)}")
        self._hint_state = st
        self.say(_("Thinking about a hint…"))
        self._hint = self.run_worker(
            lambda: hint(observe(st, st.current), legal, rng),
            name="hint",
            group="hint",
            thread=True,
            exclusive=False,
            exit_on_error=False,  # a hint that fails is no hint, never the app's end
        )

    @on(Worker.StateChanged)
    def _hint_reported(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if not ended(event, self._hint):
            return
        event.stop()
        thought_about = self._hint_state
        self._hint = None
        self._hint_state = None
        if event.state == WorkerState.ERROR:
            log.error("the hint failed", exc_info=worker.error)
        if thought_about is not self.session.state:
            return  # the game moved on; the hint is stale
        if event.state == WorkerState.SUCCESS and worker.result is not None:
            text = hint_text(thought_about, worker.result)
            self.say(text)
            if len(wrap_sentence(text, self._status_width())) > 2:
                # Cut on the status line's two rows (a play-test at 80x24: a call's
                # hint lost Onibi's Varans): whole in a notice too.
                self.notify(text, timeout=12, markup=False)
        else:
            self.say(_("No hint this time."))

    # A list numbered past 9 (trees, cards, spaces): a first digit that begins a
    # listed number (1 of 10 to 19) waits this long for a second one, then picks alone.
    TWO_DIGIT_WAIT = 0.8

    def action_pick(self, n: int) -> None:
        if not self._choices:
            self.say(_("There is nothing to choose now."))
            return
        first = self._first_digit
        if first is not None:  # the second digit of a two-digit number
            self._drop_first_digit()
            self._pick_number(first * 10 + n)
            return
        if self._list_just_changed():
            return
        longer = [k for k in self._numbers if 10 * n <= k < 10 * n + 10 and k >= 10]
        if n and longer and self.TWO_DIGIT_WAIT > 0:
            self._first_digit = n
            self._digit_timer = self.set_timer(self.TWO_DIGIT_WAIT, self._first_digit_alone)
            # i18n: after a first digit in a list numbered past 9; {digit}: the digit typed,
            # {low}-{high}: the choices a second digit picks
            text = _("{digit}… a second digit picks {low} to {high}; or wait for {digit}.")
            self.say(text.format(digit=n, low=min(longer), high=max(longer)))
            return
        self._pick_number(n)

    _first_digit: int | None = None
    _digit_timer: Timer | None = None

    def _drop_first_digit(self) -> None:
        self._first_digit = None
        if self._digit_timer is not None:
            self._digit_timer.stop()
            self._digit_timer = None

    def _first_digit_alone(self) -> None:
        first = self._first_digit
        self._drop_first_digit()
        if first is not None and self._choices:
            self.message = ""
            self._pick_number(first)

    def _pick_number(self, n: int) -> None:
        if n not in self._numbers:
            keys = ", ".join(str(k) for k in self._numbers)
            if n in self._numbering.values():
                # i18n: {number}: the digit typed; {keys}: the digits to use ("1, 2, 4")
                text = _("Choice {number} is no longer there; pick {keys}.")
            else:
                # i18n: {number}: the digit typed; {keys}: the digits to use ("1, 2, 4")
                text = _("There is no choice {number}; pick {keys}.")
            self.say(text.format(number=n, keys=keys))
            return
        self.choose(self._choices[self._numbers.index(n)])

    @on(ChoiceList.Selected)
    def _option_selected(self, event: ChoiceList.Selected) -> None:
        event.stop()
        if 0 <= event.index < len(self._choices) and not self._list_just_changed():
            self.choose(self._choices[event.index])

    def choose(self, choice: Choice) -> None:
        if choice.mode is not None:
            self.modes.append(choice.mode)
            self.message = ""
            self._refresh_choices()
            self._refresh_status()
            self.refresh_keys()
            self._show_forests()
        elif choice.action is not None:
            self.play(choice.action)

    # --- mouse on the board ---------------------------------------------------------

    @on(ReserveView.CardClicked)
    def _card_clicked(self, event: ReserveView.CardClicked) -> None:
        event.stop()
        if event.card is None:
            self.say(_("That reserve slot is empty until the end of the round."))
            return
        for c in self._choices:  # a listed choice (attract list or pending attract)
            if c.action is not None and c.action.kind == ATTRACT and c.action.arg == event.card:
                self.choose(c)
                return
        if not self.human_to_act:  # the game over, a finished turn, a bot: as for a key
            self.action_refuse(ATTRACT)
            return
        name = card_name(self.rules.data.cards[event.card].name)
        refusal = why_illegal(self.state, Action(ATTRACT, event.card))
        reason = str(refusal or _("first choose Attract (a) or finish the current step"))
        # i18n: a clicked card that cannot be taken; {reason}: why, in lower case
        text = _("{card}: not now — {reason}.")
        self.say(text.format(card=name, reason=reason))

    @on(ForestView.SpaceClicked)
    def _space_clicked(self, event: ForestView.SpaceClicked) -> None:
        event.stop()
        x, y = event.cell % 5, event.cell // 5
        if event.seat == self.state.current:
            for c in self._choices:
                if c.cell == event.cell:
                    self.choose(c)
                    return
        if not self.human_to_act:  # the game over, a finished turn, a bot: as for a key
            self.action_refuse(PLANT)
            return
        if event.seat != self.state.current:
            reason = _("you can only plant in the Forest of the player to act")
        elif not any(c.cell >= 0 for c in self._choices):
            reason = _("choose Plant (p) and a tree first")
        else:
            reason = _("that space is not one of the offered spaces")
            kind, _sep, label = self.modes[-1].partition(":") if self.modes else ("", "", "")
            if label:
                reason = str(why_illegal(self.state, Action(kind, label, event.cell)) or reason)
        # i18n: a clicked Forest space; {column},{row}: its place (0-4); {reason}: why,
        # in lower case
        text = _("Space ({column},{row}): not now — {reason}.")
        self.say(text.format(column=x, row=y, reason=reason))

    def action_back(self) -> None:
        if self.session.turn_done is not None and self.session.turn_done_unused:
            self.session.undo()  # "End with 2 actions unused?" - no: back to the turn
            return
        if self.state.phase == PHASE_OVER:
            self.post_message(self.GameOver(self.session))
            return
        if self.modes:
            self.modes.pop()
            self.message = ""
            self._refresh_choices()
            self._refresh_status()
            self.refresh_keys()
            self._show_forests()
        else:
            self.action_refuse("back")

    def action_undo(self) -> None:
        try:
            self.session.undo()  # the transition reaches _on_transition
        except UndoError as e:
            self.say(_("Cannot undo: {reason}.").format(reason=e))

    def action_next_forest(self) -> None:
        n = self.state.n
        nxt = (self.shown_seat + 1) % n
        self.viewed = None if nxt == self.focus_seat else nxt
        who = self.state.players[nxt].name
        # i18n: {player}: whose board is shown; {key}: the key for the next player's
        text = _("Showing the Help Line and Forest of {player}; {key} for the next.")
        self.say(text.format(player=who, key=self.key_of("view_forest")))
        panel = self.query_one("#helpline", HelpLineView)
        panel.seat = self.help_line_seat
        panel.named = panel.seat != self.shown_seat  # not the Forest under it: say whose
        self._show_forests()

    def action_chart(self) -> None:
        """The race so far, round by round."""
        self.app.show_chart()  # type: ignore[attr-defined]

    def action_inspect(self) -> None:
        """Look at anything on the board: what it is, does and offers now."""
        st = self.state
        # Open on what the player is choosing: the first card, fire or rock of the list.
        start = None
        for c in self._choices:
            a = c.action
            if a is None:
                continue
            if a.kind == ATTRACT:
                start = f"card:{a.arg}"
            elif a.kind == "extinguish":
                start = f"fire:{a.arg}"
            elif a.kind == "plant" and a.cell >= 0:
                start = f"cell:{a.cell}"
            if start:
                break
        me = self.focus_seat if self.human_to_act else None
        now = None
        if self.session.turn_done is not None:  # not "Ben is to act": he has not sat down
            # i18n: the inspector's "Now:" line while a finished turn waits to be passed
            # on; {what}: "Ana's turn is done. Enter: pass to Ben · u: undo"
            now = _("Now: {what}").format(what=turn_done_text(self.session, self.key_of))
        self.push_modal(InspectScreen(inspect_items(st, acting=me, now=now), start))

    def action_log_view(self) -> None:
        """The log shows everything, then this round only, then each human player's own
        lines (and the round lines), then everything again."""
        log = self.query_one("#log", EventLog)
        st = self.state
        humans = [i for i in range(st.n) if self.session.controller_of(i) == HUMAN]
        views: list[str | int] = [ALL, ROUND, *humans]
        nxt = views[(views.index(log.view) + 1) % len(views)] if log.view in views else ALL
        log.set_view(nxt)
        if nxt == ALL:
            # i18n: what the log shows; {key}: the key for the next view
            text = _("Log: everything; {key} for the next view.")
        elif nxt == ROUND:
            # i18n: what the log shows; {key}: the key for the next view
            text = _("Log: round {round} only; {key} for the next view.")
        else:
            # i18n: what the log shows; {key}: the key for the next view
            text = _("Log: {player}'s own moves; {key} for the next view.")
        player = st.players[int(nxt)].name if nxt not in (ALL, ROUND) else ""
        key = self.key_of("log_view")
        self.say(text.format(key=key, round=log.latest_round, player=player))

    def action_discard(self) -> None:
        st = self.state
        seat = self.shown_seat  # the board's player: v steps on from there
        p = st.players[seat]
        self.push_modal(
            InfoScreen(
                # i18n: the title of the discard box
                ngettext(
                    "Discard stack of {player} ({count} card; Esc, then v, for another player's)",
                    "Discard stack of {player} ({count} cards; Esc, then v, for another player's)",
                    len(p.discard),
                ).format(player=p.name, count=len(p.discard)),
                discard(st, seat),
                markup=True,
            )
        )

    def say(self, message: str) -> bool:
        """Show ``message`` on the status line. False: its two rows may cut a long one,
        so the app repeats it in a notice."""
        self.message = message
        self._refresh_status()
        return False

    # --- applying (the only place the game changes) ----------------------------

    def play(self, action: Action) -> bool:
        if self.session.turn_done is not None:
            self.say(turn_done_text(self.session, self.key_of))
            return False
        if not self.human_to_act:
            self.say(_("A bot is playing; wait for its move."))
            return False
        reason = why_illegal(self.state, action)
        if reason is not None:
            self.say(_("Not allowed: {reason}.").format(reason=reason))
            return False
        if time.monotonic() < self._since_until:
            # The note has been read or skipped: it would cover the players and the
            # log (80x24) or the board (larger layouts) while the turn goes on.
            self._since_until = 0.0
            self.app.clear_notifications()
        self.session.play(action)  # the transition reaches _on_transition
        if self.session.turn_done is None:
            self._log_after_turn()  # a turn asked about ("End with 1 action unused?") passed
        return True

    def _on_transition(self, tr: Transition) -> None:
        """Every change of the game: the log and the board follow it, then the flow
        goes on (the round summary is the flow controller's own subscriber)."""
        b, a = tr.before, tr.after
        if (a.current, a.round, a.phase) != (b.current, b.round, b.phase):
            # A new turn, phase or round (the player who ends a round may reveal first
            # in the next): the board shows whoever acts now, not a Forest picked with v.
            self.viewed = None
        self.modes = []
        if not self.is_mounted:
            return  # the board is not built yet; _first_flow shows everything
        held_logged = len(tr.events) if tr.held and self._log_loaded else 0
        logged, self._held_logged = self._held_logged, held_logged
        if tr.undone and tr.asked:  # "End with 1 action unused?" - no: nothing happened
            self.message = ""
            self.refresh_board()
            return
        if tr.undone:
            self._after_turn = []  # the next turn never began
            # In words, from the position where it was played ("Take a Fragment").
            what = action_label(tr.after, parse_action(tr.action))
            undone = _("Undone: {move}.").format(move=what)
            if self._log_loaded:
                self.query_one("#log", EventLog).add(
                    f"↶ {undone}", seat=tr.after.current, round=self._log_round
                )
            self.message = undone
            self.refresh_board()
            return
        self.message = ""
        # The player's own move, and they are still to act: the list may renumber.
        self._own_move = tr.after.current == tr.before.current and self.session.current_is_human
        self._log_after_turn()  # passed on by this move
        if self._log_loaded:
            # A held move's own events were logged while it waited for Enter.
            events = list(tr.events[0 if tr.held else logged :])
            ends = own_turn_end(events)
            if not tr.held and self.session.turn_done is not None and ends:
                # The turn is done and waits for Enter: the next one's start comes then.
                events, self._after_turn = events[:ends], events[ends:]
            self._log(events, tr.after)
        self.refresh_board()
        self.advance_flow()

    # --- flow: summaries, game over, hand-offs, bots (flow.py decides) ------------

    def push_modal(self, screen: Screen[Any], then: Callable[[Any], object] | None = None) -> None:
        """Show a dialog; the game flow resumes when it closes (after ``then`` is given
        the dialog's answer)."""
        self._modal_open = True

        def closed(result: object) -> None:
            self._modal_open = False
            if then is not None:
                then(result)
            self.advance_flow()

        self.app.push_screen(screen, closed)

    @property
    def board_covered(self) -> bool:
        """Something is over the board: the game's own boxes, the help, a save or load
        box, the "too small" notice. The game waits meanwhile (a box of the game's
        opening over the file-name prompt took the name typed; bots played and
        autosaved behind the load list)."""
        return self._modal_open or self.paused or self.app.screen is not self

    def advance_flow(self) -> None:
        if not self.is_attached:
            return
        if self.bots.pace.fast_forward and self.session.current_is_human:
            self.bots.pace.fast_forward = False
            self.refresh_keys()
        step = self.flow.next_step(blocked=self.board_covered, bot_busy=self.bot_busy)
        if isinstance(step, ShowSummary):
            self.push_modal(InfoScreen(step.title, "\n".join(step.lines)))
        elif isinstance(step, ShowGameOver):
            # The result box is what the game says now: a note still up ("Since your
            # last turn", at 80x24 over the box's last lines) is in the log.
            self.app.clear_notifications()
            # The board behind the result shows the winner's Forest (v: any other).
            res = outcome(self.state)
            if res is not None and res.winners:
                self.viewed = res.winners[0]
                self.refresh_board()
            self.post_message(self.GameOver(self.session))
        elif isinstance(step, HandOff):
            self.push_modal(HandOffScreen(step.name, step.spirit, step.what, step.since))
        elif isinstance(step, TellSince):
            # A box that does not stop the game: the player reads it or plays on. Where
            # the log shows every line since the player's last turn, it would only cover
            # them (a play-test at 120x40): the log says it.
            if self.TELL_SINCE and not self._log_shows_since():
                self.app.notify(
                    "\n".join(step.lines),
                    title=_("Since your last turn"),
                    timeout=self.SINCE_SECONDS,
                    markup=False,
                )
                self._since_until = time.monotonic() + self.SINCE_SECONDS
            self.advance_flow()
        elif isinstance(step, RunBot):
            self._start_bot(self.session.state, step.controller)

    def _log_shows_since(self) -> bool:
        """Whether the log, in a larger layout, has the rows for every line written
        since the player to act ended their last turn (at most one a core event)."""
        if self.has_class("-narrow"):
            return False
        seat = self.state.current
        count = 0
        for ev in reversed(self.session.events):
            if ev.kind == "turn_ended" and ev.seat == seat:
                break
            count += 1
        log = self.query_one("#log", EventLog)
        width = max(1, log.scrollable_content_region.width)
        rows = sum(-(-max(1, cell_len(text)) // width) for text in log.sentences[-count:])
        return count > 0 and rows < log.scrollable_content_region.height

    # --- bots: one worker per step (BotRunner); its move played when it has finished --

    @property
    def bot_busy(self) -> bool:
        """A bot is choosing its next step (its worker has not reported back yet)."""
        return self.bots.busy

    def _start_bot(self, st: GameState, controller: str) -> None:
        self.bots.start(st, controller, len(self.session.actions))
        self.refresh_keys()
        self._refresh_choices()  # "is thinking…" from now on

    def action_fast_forward(self) -> None:
        """The bots play on without their visible pause until a person is to act."""
        if self.session.current_is_human or self.state.phase == PHASE_OVER:
            return
        self.bots.pace.fast_forward = True
        self.bots.pace.wake()  # the step being shown goes at once
        self.say(_("Bots play at full speed until a person is to act (the log has every move)."))
        self.refresh_keys()

    def bot_move(
        self, st: GameState, controller: str, step: int, legal: Sequence[Action]
    ) -> Action:
        """The move of the bot ``controller`` at ``st`` (whose legal actions are
        ``legal``), the game's ``step``-th action."""
        return bot_move(st, controller, step, legal)

    def cancel_bot(self) -> None:
        """Forget the bot step in progress (the game it thought about is gone)."""
        self.bots.cancel()

    @on(Worker.StateChanged)
    def _bot_reported(self, event: Worker.StateChanged) -> None:
        if not self.bots.is_report(event):
            return
        event.stop()
        step = self.bots.reported(event, self.session.state)
        if step is not None and self.board_covered:
            step = None  # covered while it thought: it thinks again when the board is back
        if step is not None:
            if step.error is not None:
                self._tell_bot_failed(self.session.state.current)
            self.session.play(step.action)  # the transition reaches _on_transition
            return
        self.refresh_keys()
        self.advance_flow()

    def _tell_bot_failed(self, seat: int) -> None:
        """The bot of ``seat`` failed and a simple move is played for it: said once a
        seat, in the log and in a notice (its traceback went to the logging module)."""
        if seat in self._bots_failed:
            return
        self._bots_failed.add(seat)
        # i18n: a bot's program raised an error; {player}: the bot seat's name
        text = _("{player} (bot) failed with a program error and played a simple move instead.")
        text = text.format(player=self.state.players[seat].name)
        self.query_one("#log", EventLog).add(text, seat=seat, round=self._log_round)
        self.app.notify(text, severity="warning", timeout=10, markup=False)
