"""The replay viewer: a saved or finished game on the board, read-only.

→/← one action, ↓/↑ one turn, PgDn/PgUp one round, Home/End the start and the end,
j a round by number, space plays on at the chosen speed (+/- change it), x shows or
hides the hidden information (hidden at first in a hot-seat game), v another Forest,
i a discard stack, p plays a new game from the position shown (the file is not
touched), Esc leaves. The log follows the position."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from living_forest.core import Event, GameState, describe, parse_action
from living_forest.i18n import N_, _, decimal, ngettext
from living_forest.present.board.discard import discard
from living_forest.present.charts import names_in_seat_order, per_round
from living_forest.present.choices import action_label
from living_forest.present.markup import safe
from living_forest.present.recent import last_moves
from living_forest.present.replay import Replay
from living_forest.present.session import HUMAN

from ..widgets.event_log import ALL, EventLog
from .board import BoardScreen
from .charts import ChartScreen
from .modals import InfoScreen, NumberScreen

SPEEDS = (2.0, 1.0, 0.5, 0.25, 0.1, 0.05)  # seconds a step when playing on
# Playing on starts at a quarter of a second a step: a whole game of 200 to 300 steps
# in about a minute (1 s a step took over three minutes); +/- change it.
DEFAULT_SPEED = SPEEDS.index(0.25)
LOG_EVENTS = 300  # events shown in the log after a jump
# What the player to act does in each phase, on the status line (translated there).
DOING = {
    # i18n: the replay's status line: who is to act ("Ana reveals")
    "draw": N_("{player} reveals"),
    # i18n: the replay's status line: who is to act ("Ana takes actions")
    "action": N_("{player} takes actions"),
    # i18n: the replay's status line, at the end of the game
    "over": N_("game over"),
}


class ReplayScreen(BoardScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "step(1)", N_("Next"), id="replay.next", priority=True),
        Binding("left", "step(-1)", N_("Back"), id="replay.prev", priority=True),
        Binding("down", "turn(1)", N_("Next turn"), id="replay.next_turn", priority=True),
        Binding("up", "turn(-1)", N_("Turn back"), id="replay.prev_turn", priority=True),
        Binding("pagedown", "round(1)", N_("Next round"), id="replay.next_round", priority=True),
        Binding("pageup", "round(-1)", N_("Round back"), id="replay.prev_round", priority=True),
        Binding(
            "home", "jump(0)", N_("To the start"), show=False, id="replay.start", priority=True
        ),
        Binding("end", "jump(-1)", N_("End"), show=False, id="replay.end", priority=True),
        Binding("j", "ask_round", N_("Round…"), id="replay.round"),
        Binding("space", "play", N_("Play"), id="replay.play"),
        Binding("plus", "speed(1)", N_("Faster"), show=False, id="replay.faster"),
        Binding("minus", "speed(-1)", N_("Slower"), show=False, id="replay.slower"),
        Binding("x", "hidden", N_("Hidden info"), id="replay.hidden"),
        Binding("v", "next_forest", N_("Forest"), id="replay.view_forest"),
        Binding("i", "discard", N_("Discard"), id="replay.discard"),
        Binding("p", "play_from_here", N_("Play from here"), id="replay.play_from"),
        Binding("r", "chart", N_("Race chart"), id="replay.chart"),
        Binding("escape", "leave", N_("Leave"), id="replay.leave"),
    ]

    def __init__(self, replay: Replay, *, title: str = "", start: int | None = None) -> None:
        super().__init__(len(replay.seats))
        self.replay = replay
        self.title_text = title
        self.index = replay.last if start is None else replay.clamp(start)
        self.viewed: int | None = None
        self.show_hidden = not replay.hot_seat
        self.speed = DEFAULT_SPEED  # index into SPEEDS
        self._timer: Timer | None = None
        self._log_until = -1  # the log shows the events up to this position

    # --- the board ----------------------------------------------------------------

    @property
    def board_state(self) -> GameState:
        return self.replay.states[self.index]

    def compose_controls(self) -> Iterator[Widget]:
        yield Static(id="replay-pos")

    def on_mount(self) -> None:
        log = self.query_one("#log", EventLog)
        humans = frozenset(i for i, s in enumerate(self.replay.seats) if s.controller == HUMAN)
        log.set_view(ALL, humans if len(humans) < len(self.replay.seats) else frozenset())
        self.call_after_refresh(self._first_show)

    def _first_show(self) -> None:
        self.apply_size()
        self.show()

    def layout_changed(self) -> None:
        if self.is_mounted:
            self.show()

    def show(self) -> None:
        self.refresh_bindings()
        st = self.board_state
        shown = st.current if self.viewed is None else self.viewed
        events = self.replay.events_until(self.index)
        self.show_panels(st, shown=shown, focus=st.current, recent=last_moves(st, events))
        self._show_log()
        self._show_position()

    def _show_log(self) -> None:
        """The log up to the position: one step forward appends, anything else rewrites."""
        log = self.query_one("#log", EventLog)
        if self.index == self._log_until + 1 and self._log_until >= 0:
            self._add(log, self.replay.steps[self.index], self.board_state)
        elif self.index != self._log_until:
            log.entries.clear()
            events = self.replay.events_until(self.index)
            self._round = 0
            # the rounds counted from the start, the last events shown
            self._add(log, events, self.board_state, shown_from=len(events) - LOG_EVENTS)
            log.rewrap()
        self._log_until = self.index

    def _add(self, log: EventLog, events: list[Event], st: GameState, shown_from: int = 0) -> None:
        for i, ev in enumerate(events):
            if ev.kind == "round_started":
                self._round = int(ev.data.get("round", self._round + 1))
            if i >= shown_from:
                log.add(describe(ev, st), seat=ev.seat, round=self._round or st.round)

    _round = 0

    def _show_position(self) -> None:
        st = self.board_state
        r = self.replay
        # The two status lines (80 columns at 80x24): their parts joined by " · ".
        last = ""
        if self.index > 0:
            before = r.states[self.index - 1]
            action = action_label(before, parse_action(r.actions[self.index - 1]))
            # i18n: the replay's status line: the move that led to the position shown
            last = " · " + _("last: {player}: {action}").format(
                player=before.players[before.current].name, action=action
            )
        doing = _(DOING[st.phase]).format(player=st.players[st.current].name)
        playing = ""
        if self._timer:
            # i18n: the replay's status line, while it plays on by itself
            playing = " · " + _("playing ({seconds} s a step)").format(
                seconds=decimal(SPEEDS[self.speed])
            )
        if self.show_hidden:
            hidden = _("hidden information shown")
        else:
            hidden = _("hidden information hidden")
        if self.title_text:
            # i18n: the replay's status line: {title} is a file name or "this game"
            head = _("Replay of {title}").format(title=self.title_text)
        else:
            head = _("Replay")
        status = " · ".join(
            [
                head,
                _("step {step} of {last}").format(step=self.index, last=r.last),
                _("round {round}").format(round=st.round),
                doing + playing,
            ]
        )
        self.query_one("#status", Static).update(
            Content(status) + Content("\n") + Content(hidden + last)
        )
        self.query_one("#replay-pos", Static).update(
            Content.from_markup(
                # i18n: the replay's keys, one line of at most 78 characters
                _(
                    "[b]→ ←[/] step  [b]↓ ↑[/] turn  [b]PgDn PgUp[/] round  [b]j[/] round…  "
                    "[b]space[/] play  [b]p[/] play from here"
                )
            )
        )

    # --- keys ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Moves past either end and playing on at the end are dimmed."""
        forward = bool(parameters) and int(str(parameters[0])) > 0
        if action in ("step", "turn", "round"):
            ok = self.index < self.replay.last if forward else self.index > 0
            return True if ok else None
        if action == "jump":
            at_end = int(str(parameters[0])) < 0
            return True if (self.index < self.replay.last if at_end else self.index > 0) else None
        if action == "play":
            return True if self._timer is not None or self.index < self.replay.last else None
        return True  # p at the end says why it cannot play from there

    def _go(self, i: int) -> None:
        i = self.replay.clamp(i)
        if i != self.index:
            self.index = i
            self.show()

    def action_step(self, d: int) -> None:
        self._stop()
        self._go(self.index + d)

    def action_turn(self, d: int) -> None:
        self._stop()
        r = self.replay
        self._go(r.next_turn(self.index) if d > 0 else r.prev_turn(self.index))

    def action_round(self, d: int) -> None:
        self._stop()
        r = self.replay
        self._go(r.next_round(self.index) if d > 0 else r.prev_round(self.index))

    def action_jump(self, where: int) -> None:
        self._stop()
        self._go(self.replay.last if where < 0 else where)

    def action_ask_round(self) -> None:
        self._stop()
        last_round = self.replay.states[-1].round

        def answered(n: int | None) -> None:
            if n is not None:
                self._go(self.replay.round_start(n))

        title = _("Go to round (1-{last})").format(last=last_round)
        self.app.push_screen(NumberScreen(title, 1, last_round), answered)

    def action_play(self) -> None:
        if self._timer is not None:
            self._stop()
        elif self.index < self.replay.last:
            self._timer = self.set_interval(SPEEDS[self.speed], self._tick)
        self._show_position()

    def _tick(self) -> None:
        if self.index >= self.replay.last:
            self._stop()
            return
        self._go(self.index + 1)

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            self._show_position()

    def action_speed(self, d: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + d))
        if self._timer is not None:
            self._timer.stop()
            self._timer = self.set_interval(SPEEDS[self.speed], self._tick)
        self._show_position()

    def action_hidden(self) -> None:
        self.show_hidden = not self.show_hidden
        self._show_position()

    def action_next_forest(self) -> None:
        st = self.board_state
        base = st.current if self.viewed is None else self.viewed
        nxt = (base + 1) % st.n
        self.viewed = None if nxt == st.current else nxt
        self.show()

    def action_discard(self) -> None:
        st = self.board_state
        seat = st.current if self.viewed is None else self.viewed
        p = st.players[seat]
        n = len(p.discard)
        title = ngettext(
            "Discard stack of {player} ({count} card; v: another player)",
            "Discard stack of {player} ({count} cards; v: another player)",
            n,
        ).format(player=p.name, count=n)
        if self.show_hidden:
            body = discard(st, seat)
            if p.draw:
                top = ", ".join(st.players[seat].draw[::-1])
                body += "\n\n" + _("[b]Draw stack, top first[/] (hidden in play): {cards}").format(
                    cards=safe(top)
                )
        else:
            body = _("Hidden in play (only its owner may look); x shows hidden information.")
        self.app.push_screen(InfoScreen(title, body, markup=True))

    def action_chart(self) -> None:
        """The race up to the position shown, round by round."""
        self._stop()
        i = self.index
        points = per_round(self.replay.states[: i + 1], self.replay.actions[:i])
        self.app.push_screen(ChartScreen(points, names_in_seat_order(self.replay.states)))

    def action_play_from_here(self) -> None:
        """A new game from this position: the same seats and rules; the saved file is not
        touched (the new game autosaves to a file of its own)."""
        self._stop()
        if self.board_state.phase == "over":
            self.notify(
                _("The game is over at this step: step back (← or Home) to play from earlier."),
                markup=False,
            )
            return
        session = self.replay.play_from(self.index)
        start = getattr(self.app, "start_session", None)
        if start is not None:
            start(session)

    def action_leave(self) -> None:
        self._stop()
        self.dismiss(None)

    def on_unmount(self) -> None:
        self._stop()
