"""The board: renders the session's state, offers only legal choices, applies them.

Only this screen applies actions (through its :class:`Session`); widgets get the
state pushed into them and report choices back with messages.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widgets import RichLog, Static
from textual.worker import Worker, WorkerState

from living_forest.bots import SeatView, get_bot
from living_forest.core import (
    Action,
    Event,
    GameState,
    Rules,
    describe,
    net_solitary,
    outcome,
    why_illegal,
    why_unavailable,
)
from living_forest.core.actions import (
    ATTRACT,
    DONE,
    DRAW,
    END,
    EXTINGUISH,
    MOVE,
    PLANT,
    SKIP,
    STOP,
    TAKE_FRAGMENT,
    USE_FRAGMENT,
)
from living_forest.core.state import PHASE_ACTION, PHASE_DRAW, PHASE_OVER

from .. import render as R
from ..choices import MULTI, Choice, choices, pending_kind, prompt, type_names
from ..glyphs import plural
from ..session import HUMAN, Session, UndoError
from ..widgets.board import (
    CircleView,
    ForestView,
    HelpLineView,
    Panel,
    PlayersView,
    ReserveView,
    SuppliesView,
)
from ..widgets.controls import ChoiceList, KeyBar
from .modals import HandOffScreen, InfoScreen

ROUND_END_EVENTS = ("onibi_attacks", "varans_dealt", "spirit_safe", "fires_added", "fire_not_added")

# Game actions with a key: binding id -> (key, action kind, footer label).
GAME_KEYS: dict[str, tuple[str, str, str]] = {
    "draw": ("d", DRAW, "Draw"),
    "stop": ("s", STOP, "Stop"),
    "use_fragment": ("f", USE_FRAGMENT, "Fragment"),
    "take": ("t", TAKE_FRAGMENT, "Take◆"),
    "attract": ("a", ATTRACT, "Attract"),
    "extinguish": ("x", EXTINGUISH, "Extinguish"),
    "move": ("m", MOVE, "Move"),
    "plant": ("p", PLANT, "Plant"),
    "done": ("n", DONE, "Done"),
    "skip": ("k", SKIP, "Skip"),
    "end_turn": ("e", END, "End turn"),
}


def _game_bindings() -> list[BindingType]:
    out: list[BindingType] = []
    for name, (key, _kind, label) in GAME_KEYS.items():
        out.append(Binding(key, f"play('{name}')", label, id=f"game.{name}"))
        # Same key, always enabled: runs only when the action above is refused,
        # so the status line can say why (check_action dims the Footer key).
        out.append(Binding(key, f"refuse('{name}')", label, show=False, id=f"game.{name}.why"))
    out += [
        Binding("u", "undo", "Undo", id="game.undo"),
        Binding("u", "refuse('undo')", "Undo", show=False, id="game.undo.why"),
        Binding("escape", "back", "Back", id="game.back"),
        Binding("v", "next_forest", "Forest", id="game.view_forest"),
        Binding("i", "discard", "Discard", id="game.discard"),
        Binding("ctrl+s", "save", "Save", id="game.save"),
    ]
    out += [
        Binding(str(i), f"pick({i})", f"choice {i}", show=False, id=f"game.pick{i}")
        for i in range(1, 10)
    ]
    return out


class EventLog(RichLog):
    """The event log. Its own size never changes, so growing content needs a repaint
    and new scrollbars, not a relayout of the whole board (which costs ~10 ms).

    It keeps the sentences, not only their wrapped lines: when its width changes
    (terminal resized), it wraps them again at the new width and shows the newest."""

    virtual_size = Reactive(Size(0, 0), layout=False)
    KEEP = 600  # sentences kept for re-wrapping

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.sentences: list[str] = []
        self._wrapped_at = 0

    def add(self, sentence: str, *, scroll_end: bool | None = None) -> None:
        self.sentences.append(sentence)
        if len(self.sentences) > self.KEEP:
            del self.sentences[: len(self.sentences) - self.KEEP]
        self.write(sentence, scroll_end=scroll_end)

    def on_resize(self, event: events.Resize) -> None:
        # RichLog's own handler (which runs next) renders the writes made before
        # the first size was known; after that, a new width re-wraps everything.
        width = event.size.width
        if self._wrapped_at and width != self._wrapped_at:
            self.rewrap()
        self._wrapped_at = width

    def rewrap(self) -> None:
        self.clear()
        for sentence in self.sentences:
            self.write(sentence, scroll_end=False)
        self.scroll_end(animate=False, immediate=False, x_axis=False)


@dataclass
class Received:
    """What the screen got from the core, kept for the log and for tests."""

    action: str | None
    events: list[Event]


class GameScreen(Screen[None]):
    BINDINGS = _game_bindings()
    AUTO_FOCUS = "#choices"

    def __init__(self, session: Session, *, bot_pause: float = 0.4) -> None:
        super().__init__()
        self.session = session
        self.bot_pause = bot_pause
        self.modes: list[str] = []
        self.viewed: int | None = None  # seat whose Forest is shown (None: the one to act)
        self.received: list[Received] = [Received(None, list(session.events))]
        self.message = ""
        self._choices: list[Choice] = []
        self._handed: tuple[int, str, int] | None = None
        self._summary: list[str] = []
        self._modal_open = False
        # The bot step in progress: its worker and the position it thinks about.
        self._bot: Worker[Action] | None = None
        self._bot_state: GameState | None = None
        self._bot_wake = threading.Event()  # cuts the visible pause short on cancel
        self._over_shown = False
        self._key_sig: tuple[bool | None, ...] = ()
        self._started = False
        self._key_names: dict[str, str] | None = None  # binding id -> key shown
        self._choice_rows: int | None = None
        self._choice_turn: tuple[int, str, int, bool] | None = None
        self._status_rows = 2
        self._log_loaded = False

    # --- layout ----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="board"):
            with VerticalScroll(id="left"):
                yield CircleView(id="circle")
                yield ReserveView(id="reserve")
                yield HelpLineView(id="helpline")
                with Vertical(id="forests"):
                    for seat in range(self.session.state.n):
                        fv = ForestView(id=f"forest-{seat}", classes="forest")
                        fv.seat = seat
                        yield fv
                yield SuppliesView(id="supplies")
            with Vertical(id="right"):
                yield Static(id="prompt")
                yield ChoiceList(id="choices")
                yield PlayersView(id="players")
                yield SuppliesView(id="supplies-side")
                yield EventLog(id="log", wrap=True, markup=False, max_lines=2000, min_width=20)
        yield KeyBar(id="keys")

    def on_screen_resume(self) -> None:
        # First shown (not merely mounted: a screen pushed under the "too small"
        # notice has no children until it becomes active).
        if self._started:
            return
        self._started = True
        self.call_after_refresh(self._init_board)

    def _init_board(self) -> None:
        self._apply_size()
        self.refresh_board()
        self.call_after_refresh(self._first_flow)

    def _first_flow(self) -> None:
        log = self.query_one("#log", EventLog)
        # Every event so far, including those of keys pressed before this ran
        # (``_apply`` leaves the log to this until it is loaded).
        for ev in self.session.events[-200:]:
            log.add(self._sentence(ev), scroll_end=False)
        self._log_loaded = True
        log.call_after_refresh(log.scroll_end, animate=False)
        self.advance_flow()

    def on_resize(self, event: events.Resize) -> None:
        if self._started:
            self._apply_size(event.size.width, event.size.height)

    def _apply_size(self, w: int | None = None, h: int | None = None) -> None:
        if w is None or h is None:
            w, h = self.app.size
        wide = w >= 130 and h >= 36
        self.set_class(wide, "-wide")
        self.set_class(not wide, "-narrow")
        # The full ring and the Help Line list need the height; the long player
        # lines need a right column of ~62 columns.
        roomy = wide and h - 3 >= (36 if self.state.n == 2 else 42)
        for panel in self.query(Panel):
            if isinstance(panel, CircleView | HelpLineView):
                panel.wide = roomy
            elif isinstance(panel, PlayersView):
                panel.wide = wide and w >= 160
            else:
                panel.wide = wide
        self._show_forests()
        self._size_choices()
        self.call_after_refresh(self._size_choices)  # again at the new width

    # --- rendering (attributes down) -------------------------------------------

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def rules(self) -> Rules:
        return self.session.rules

    def refresh_board(self) -> None:
        st = self.state
        for panel in self.query(Panel):
            if isinstance(panel, HelpLineView):
                panel.seat = st.current
            panel.state = st
        self._show_forests()
        self._refresh_choices()
        self._refresh_status()
        self.refresh_keys()

    def refresh_keys(self) -> None:
        """Refresh the Footer only when some key changed state (it is costly)."""
        sig = tuple(
            self.check_action(*self._split(b.action))
            for b in self.BINDINGS
            if isinstance(b, Binding)
        )
        if sig != self._key_sig:
            self._key_sig = sig
            self.refresh_bindings()

    @staticmethod
    def _split(action: str) -> tuple[str, tuple[object, ...]]:
        name, _, rest = action.partition("(")
        return name, ((rest.rstrip(")").strip("'"),) if rest else ())

    def _show_forests(self) -> None:
        st = self.state
        shown = st.current if self.viewed is None else self.viewed
        wide = self.has_class("-wide")
        marks = self._marks()
        for fv in self.query(ForestView):
            fv.display = wide or fv.seat == shown
            fv.marks = marks if fv.seat == st.current else {}
            fv.state = st

    def _refresh_choices(self) -> None:
        st = self.state
        ol = self.query_one("#choices", ChoiceList)
        human_turn = self.session.current_is_human and st.phase != PHASE_OVER
        self._choices = choices(st, self.modes) if human_turn else []
        ol.set_items([c.label for c in self._choices])
        self._size_choices()
        title = prompt(st, self.modes) if human_turn else ""
        if st.phase != PHASE_OVER and not human_turn:
            title = f"{st.players[st.current].name} (bot) is thinking…"
        self.query_one("#prompt", Static).update(
            Content.from_markup("[b]$t[/]", t=title), layout=False
        )
        self._mark_forest()

    CHOICES_MAX = 8  # rows of the choice box at 80x24 (then it scrolls)
    CHOICES_MAX_WIDE = 14  # on large terminals
    CHOICE_SIZES = (3, 6, 10)

    def _size_choices(self) -> None:
        """The choice box fits its options, up to a maximum; the log gets the rest.
        Relayout only when the number of rows changes."""
        ol = self.query_one("#choices", ChoiceList)
        wide = self.has_class("-wide")
        width = ol.content_size.width or (58 if wide else 34)
        most = self.CHOICES_MAX_WIDE if wide else self.CHOICES_MAX
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
            rows = max(rows, self._choice_rows)
        self._choice_turn = turn
        if rows != self._choice_rows:
            self._choice_rows = rows
            ol.styles.height = rows
            ol.set_class(rows == 0, "-empty")  # keeps the focus, shows no border

    def _marks(self) -> dict[int, str]:
        """Forest spaces offered now: their digit, ``>`` on the highlighted one."""
        lists = self.query(ChoiceList)
        hl = lists.first().highlighted if lists else 0
        out = {}
        for i, c in enumerate(self._choices):
            if c.cell >= 0:
                label = str(i + 1) if i < 9 else "•"
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

    def _refresh_status(self) -> None:
        st = self.state
        if st.phase == PHASE_OVER:
            line = f"Round {st.round}: the game is over. Esc shows the result again."
        else:
            p = st.players[st.current]
            ctl = self.session.current_controller
            ctl_text = "" if ctl == HUMAN else f" [{ctl} bot]"
            phase = "reveals Guardian Animals" if st.phase == PHASE_DRAW else "takes actions"
            spirit = self.rules.data.spirits[p.spirit]
            line = f"Round {st.round} · {p.name} ({spirit}){ctl_text} {phase}: "
            line += self._what_now()
        bar = self.query_one("#status", Static)
        width = max(20, (bar.content_size.width or self.app.size.width - 2))
        # The situation on one line (the prompt above the choices repeats it); a
        # message (e.g. why a key is refused) below it, on two lines when it is long.
        text = Content(line).truncate(width, ellipsis=True)
        rows = 2
        if self.message:
            msg = Content.from_markup("[b]$m[/]", m=self.message)
            rows = 3 if msg.cell_length > width else 2
            text = text + Content("\n") + msg
        bar.update(text, layout=rows != self._status_rows)
        if rows != self._status_rows:
            self._status_rows = rows
            bar.styles.height = rows

    def _what_now(self) -> str:
        st = self.state
        if not self.session.current_is_human:
            return "see the log."
        if st.phase == PHASE_DRAW:
            net = net_solitary(self.rules, st.players[st.current])
            kinds = {a.kind for a in self.session.legal()}
            keys = [
                f"{self.key_of(name)} {GAME_KEYS[name][2].lower()}"
                for name in ("draw", "stop", "use_fragment")
                if GAME_KEYS[name][1] in kinds
            ]
            warn = (
                " Careful: net ▲ is 2, the next solitary card ends your draw." if net == 2 else ""
            )
            return ", ".join(keys) + "." + warn
        pk = pending_kind(st)
        if pk is not None:
            return "choose one: 1-9 or ↑↓ ⏎."
        if self.modes:
            return "choose one: 1-9 or ↑↓ ⏎, Esc back."
        kinds = {a.kind for a in self.session.legal()}
        keys = [self.key_of(n) for n in GAME_KEYS if GAME_KEYS[n][1] in kinds]
        return f"{plural(st.basic_left, 'basic action')} left; keys {' '.join(keys)}."

    def key_of(self, name: str) -> str:
        """The key (after any user keymap) bound to game action ``name``."""
        if self._key_names is None:
            self._key_names = {}
            for node, bindings_map in self._binding_chain:  # the keymap is applied here
                if node is self:
                    for bindings in bindings_map.key_to_bindings.values():
                        for b in bindings:
                            if b.id:
                                self._key_names[b.id] = self.app.get_key_display(b)
        return self._key_names.get(f"game.{name}", GAME_KEYS[name][0])

    # --- check_action: Footer keys follow the rules ----------------------------

    def _can_play(self, name: str) -> bool:
        if self.bot_busy or not self.session.current_is_human:
            return False
        st = self.state
        kind = GAME_KEYS[name][1]
        legal = self.session.legal()
        if kind in MULTI:
            pk = pending_kind(st)
            if (
                pk is not None
                and pk != f"bonus-{kind}"
                and not (pk == "bonus-plant" and kind == PLANT)
            ):
                return False
            return any(a.kind == kind for a in legal)
        return Action(kind) in legal

    def _off_phase(self, name: str) -> bool:
        st = self.state
        kind = GAME_KEYS[name][1]
        if st.phase == PHASE_OVER:
            return True
        if kind in (DRAW, STOP, USE_FRAGMENT):
            return st.phase != PHASE_DRAW
        if st.phase != PHASE_ACTION:
            return True
        pk = pending_kind(st)
        if kind == DONE:
            return pk not in (ATTRACT, EXTINGUISH)
        if kind == SKIP:
            return not (pk or "").startswith("bonus-")
        return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "play":
            name = str(parameters[0])
            if self._can_play(name):
                return True
            # Keys of the other phase (and Done/Skip outside their step) are hidden to
            # keep the Footer readable at 80 columns; the others are dimmed.
            return False if self._off_phase(name) else None
        if action == "undo":
            return True if self.session.can_undo() else None
        if action == "back":
            return True if self.modes or self.state.phase == PHASE_OVER else None
        return True

    # --- key actions -------------------------------------------------------------

    def action_play(self, name: str) -> None:
        kind = GAME_KEYS[name][1]
        if kind in MULTI:
            self.modes = [kind]
            self.message = ""
            self._refresh_choices()
            self._refresh_status()
            self.refresh_keys()
            return
        self.play(Action(kind))

    def action_refuse(self, name: str) -> None:
        self.say(self.why_not(name))

    def why_not(self, name: str) -> str:
        st = self.state
        if st.phase == PHASE_OVER:
            return "The game is over."
        if self.bot_busy or not self.session.current_is_human:
            return f"{st.players[st.current].name} is a bot; wait for its move."
        if name == "undo":
            return f"Cannot undo: {self.session.why_no_undo()}."
        kind = GAME_KEYS[name][1]
        names = type_names(st)
        label = names.get(kind, GAME_KEYS[name][2])
        typed = kind in names
        reason = why_unavailable(st, kind) if typed else why_illegal(st, Action(kind))
        if reason is None:  # legal in principle, but not in the current step
            reason = prompt(st, self.modes).lower()
        return f"{label}: not now — {reason}."

    def action_pick(self, n: int) -> None:
        if not self._choices:
            self.say("There is nothing to choose now.")
            return
        if n > len(self._choices):
            self.say(f"There is no choice {n}; pick 1 to {min(9, len(self._choices))}.")
            return
        self.choose(self._choices[n - 1])

    @on(ChoiceList.Selected)
    def _option_selected(self, event: ChoiceList.Selected) -> None:
        event.stop()
        if 0 <= event.index < len(self._choices):
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
            self.say("That reserve slot is empty until the end of the round.")
            return
        for c in self._choices:  # a listed choice (attract list or pending attract)
            if c.action is not None and c.action.kind == ATTRACT and c.action.arg == event.card:
                self.choose(c)
                return
        name = self.rules.data.cards[event.card].name
        if not self.session.current_is_human or self.bot_busy:
            self.say("A bot is playing; wait for its move.")
            return
        reason = why_illegal(self.state, Action(ATTRACT, event.card))
        if reason is None:
            reason = "first choose Attract (a) or finish the current step"
        self.say(f"{name}: not now — {reason}.")

    @on(ForestView.SpaceClicked)
    def _space_clicked(self, event: ForestView.SpaceClicked) -> None:
        event.stop()
        x, y = event.cell % 5, event.cell // 5
        if event.seat == self.state.current:
            for c in self._choices:
                if c.cell == event.cell:
                    self.choose(c)
                    return
        if event.seat != self.state.current:
            reason = "you can only plant in the Forest of the player to act"
        elif not any(c.cell >= 0 for c in self._choices):
            reason = "choose Plant (p) and a tree first"
        else:
            reason = "that space is not one of the offered spaces"
            label = self.modes[-1][6:] if self.modes and self.modes[-1].startswith("plant:") else ""
            if label:
                reason = why_illegal(self.state, Action(PLANT, label, event.cell)) or reason
        self.say(f"Space ({x},{y}): not now — {reason}.")

    def action_back(self) -> None:
        if self.state.phase == PHASE_OVER:
            self.app.show_game_over(self.session)  # type: ignore[attr-defined]
            return
        if self.modes:
            self.modes.pop()
            self.message = ""
            self._refresh_choices()
            self._refresh_status()
            self.refresh_keys()
            self._show_forests()
        else:
            self.say("Nothing to step back from.")

    def action_undo(self) -> None:
        try:
            undone = self.session.actions[-1] if self.session.actions else ""
            self.session.undo()
        except UndoError as e:
            self.say(f"Cannot undo: {e}.")
            return
        self.modes = []
        if self._log_loaded:
            self.query_one("#log", EventLog).add(f"↶ Undone: {undone}")
        self.received.append(Received(f"undo {undone}", []))
        self.say(f"Undone: {undone}.")
        self.refresh_board()
        self.app.autosave(self.session)  # type: ignore[attr-defined]

    def action_next_forest(self) -> None:
        n = self.state.n
        base = self.state.current if self.viewed is None else self.viewed
        nxt = (base + 1) % n
        self.viewed = None if nxt == self.state.current else nxt
        who = self.state.players[nxt].name
        self.say(f"Showing the Forest of {who}; v for the next one.")
        self._show_forests()

    def action_discard(self) -> None:
        st = self.state
        seat = st.current if self.viewed is None else self.viewed
        p = st.players[seat]
        self.push_modal(
            InfoScreen(
                f"Discard stack of {p.name} ({plural(len(p.discard), 'card')}; "
                "v picks another player)",
                R.discard(st, seat),
                markup=True,
            )
        )

    def action_save(self) -> None:
        self.app.action_save_game()  # type: ignore[attr-defined]

    def say(self, message: str) -> None:
        self.message = message
        self._refresh_status()

    # --- applying (the only place the game changes) ----------------------------

    def play(self, action: Action) -> bool:
        if self.bot_busy or not self.session.current_is_human:
            self.say("A bot is playing; wait for its move.")
            return False
        reason = why_illegal(self.state, action)
        if reason is not None:
            self.say(f"Not allowed: {reason}.")
            return False
        self._apply(action)
        return True

    def _apply(self, action: Action) -> None:
        seat_before = self.state.current
        events = self.session.play(action)
        if self.state.current != seat_before:
            self.viewed = None  # show the Forest of whoever acts next
        self.modes = []
        self.message = ""
        self.received.append(Received(str(action), events))
        log = self.query_one("#log", EventLog)
        for ev in events:
            if self._log_loaded:
                log.add(self._sentence(ev))
            if ev.kind in ROUND_END_EVENTS:
                self._summary.append(describe(ev, self.state))
            elif ev.kind == "round_started" and ev["round"] > 1:
                self._complete_summary(events)
        self.refresh_board()
        self.app.autosave(self.session)  # type: ignore[attr-defined]
        self.advance_flow()

    def _complete_summary(self, events: list[Event]) -> None:
        """Say so when Onibi did nothing, so every summary covers both attacks."""
        kinds = {e.kind for e in events}
        if "onibi_attacks" not in kinds:
            self._summary.insert(0, "No fire was burning: Onibi did not attack the Spirits.")
        if not kinds & {"fires_added", "fire_not_added"}:
            self._summary.append(
                "Onibi adds no new fire: no animal was taken from the reserve this round."
            )

    def _sentence(self, ev: Event) -> str:
        return describe(ev, self.state)

    # --- flow: summaries, game over, hand-offs, bots ----------------------------

    def push_modal(self, screen: Screen[Any]) -> None:
        """Show a dialog; the game flow resumes when it closes."""
        self._modal_open = True

        def closed(_result: object) -> None:
            self._modal_open = False
            self.advance_flow()

        self.app.push_screen(screen, closed)

    def advance_flow(self) -> None:
        if self._modal_open or not self.is_attached:
            return
        if getattr(self.app, "too_small", False):
            return  # paused under the "terminal too small" notice; resumed by the app
        st = self.state
        if self._summary:
            lines, self._summary = self._summary, []
            self.push_modal(InfoScreen(f"End of round {st.round - 1}: Onibi", "\n".join(lines)))
            return
        if st.phase == PHASE_OVER:
            if not self._over_shown:
                self._over_shown = True
                self.app.show_game_over(self.session)  # type: ignore[attr-defined]
            return
        if self.session.current_is_human:
            key = (st.round, st.phase, st.current)
            humans = sum(1 for s in self.session.seats if s.controller == HUMAN)
            if humans >= 2 and key != self._handed:
                self._handed = key
                p = st.players[st.current]
                what = (
                    "Your turn to reveal Guardian Animals."
                    if st.phase == PHASE_DRAW
                    else "Your action turn."
                )
                self.push_modal(
                    HandOffScreen(
                        p.name, self.rules.data.spirits[p.spirit], f"Round {st.round}. {what}"
                    )
                )
            return
        if self._bot is None:
            self._start_bot(st)

    # --- bots: one worker per step; its result is applied when it has finished ------

    @property
    def bot_busy(self) -> bool:
        """A bot is choosing its next step (its worker has not reported back yet)."""
        return self._bot is not None

    def _start_bot(self, st: GameState) -> None:
        controller = self.session.current_controller
        step = len(self.session.actions)
        self._bot_state = st
        self._bot_wake.clear()
        # Not exclusive: a finished worker is never cancelled by its successor, and the
        # next one starts only once this one has reported (``_bot_reported``).
        self._bot = self.run_worker(
            lambda: self._bot_choose(st, controller, step),
            name=f"bot-{step}",
            group="bot",
            thread=True,
            exclusive=False,
        )
        self.refresh_keys()

    def _bot_choose(self, st: GameState, controller: str, step: int) -> Action:
        """Runs in the worker thread: the visible pause, then the bot's choice."""
        if self.bot_pause > 0:
            self._bot_wake.wait(self.bot_pause)
        bot = get_bot(controller)
        rng = random.Random(f"{st.seed}:{step}")
        from living_forest.core import legal_actions

        return bot(SeatView(st, st.current), legal_actions(st), rng)

    def cancel_bot(self) -> None:
        """Forget the bot step in progress (the game it thought about is gone)."""
        if self._bot is not None:
            self._bot_wake.set()
            self._bot.cancel()
            self._bot = None
            self._bot_state = None

    @on(Worker.StateChanged)
    def _bot_reported(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker is not self._bot or event.state not in (
            WorkerState.SUCCESS,
            WorkerState.ERROR,
            WorkerState.CANCELLED,
        ):
            return
        event.stop()
        thought_about = self._bot_state
        self._bot = None
        self._bot_state = None
        if event.state == WorkerState.SUCCESS and thought_about is self.session.state:
            action = worker.result
            assert action is not None
            self._apply(action)
            return
        self.refresh_keys()
        self.advance_flow()

    def final_outcome(self) -> object:
        return outcome(self.state)
