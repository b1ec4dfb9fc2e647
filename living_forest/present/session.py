"""One game being played at the keyboard: seats, the action log, the state and undo.

Pure Python (no Textual). The game screen asks its :class:`Session` to apply an
action or to undo one; the session publishes every change as a :class:`Transition`
to its subscribers (the board, the event log, the round summary, autosave), which
is how the core's events reach the screens. States are immutable values (``apply``
never mutates its input), so undo keeps earlier states.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from living_forest.bots import BOTS, title
from living_forest.core import (
    BASE_GAME,
    Action,
    Event,
    GameOptions,
    GameState,
    Rules,
    apply,
    legal_actions,
    new_game,
    revealed_by,
    reveals_hidden,
    rules_for,
    rules_of,
    turn_preview,
)
from living_forest.core.actions import END, format_action, parse_action
from living_forest.core.state import PHASE_ACTION, PHASE_OVER
from living_forest.i18n import N_, _, spirit_name

HUMAN = "human"
BOT_KINDS = tuple(BOTS)  # every registered bot can take a seat
CONTROLLERS = (HUMAN, *BOT_KINDS)  # ids (save files keep them); shown by controller_name
# i18n: a kind of player on the New game form: a person (the others are "Bot: easy"...)
HUMAN_NAME = N_("Human")


def controller_name(controller: str) -> str:
    """ "Human" or "Bot: easy", as the New game form offers them (in the player's
    language: :func:`living_forest.bots.title` translates the bots' titles)."""
    if controller == HUMAN:
        return _(HUMAN_NAME)
    # i18n: a bot on the New game form ({level}: easy, medium, hard...): at most 13
    # characters with the level
    return _("Bot: {level}").format(level=title(controller))


def spirit_title(spirit: str) -> str:
    """A Spirit's name by its id ("winter" -> "Winter"), in the player's language."""
    names = rules_for(BASE_GAME).data.spirits
    return spirit_name(names[spirit]) if spirit in names else spirit.title()


@dataclass(frozen=True, slots=True)
class SeatConfig:
    """One seat as chosen on the New game screen (table order)."""

    name: str
    spirit: str
    controller: str = HUMAN


class UndoError(Exception):
    """Nothing can be undone now; the message says why."""


@dataclass(frozen=True, slots=True)
class Transition:
    """One change of the game: an action applied (with the core's events), or undone."""

    action: str  # in notation
    before: GameState
    after: GameState
    events: tuple[Event, ...]  # what the core reported (empty for an undo)
    undone: bool = False
    # The move is held, not played yet: it would end the round or the game, so it
    # waits for Enter (undo drops it); ``after`` is then the board shown meanwhile and
    # ``events`` the move's own, to the end of the turn (again in the played move's).
    held: bool = False
    # The move is only asked about, not played ("End your turn with 1 action unused?"):
    # nothing changed (``before is after``, no events); Enter plays it, and dropping
    # the question (``undone`` too) leaves no trace in the log.
    asked: bool = False


Subscriber = Callable[[Transition], None]


def own_turn_end(events: Sequence[Event]) -> int:
    """Where the events of a move stop being its own turn's: just after the first
    ``turn_ended`` (what follows is the next turn's start, or the round's end); 0 when
    the move did not end the turn."""
    return next((i + 1 for i, e in enumerate(events) if e.kind == "turn_ended"), 0)


class Session:
    """The game in progress. ``seats`` are in table order, as passed to ``new_game``."""

    def __init__(
        self,
        seats: Sequence[SeatConfig],
        seed: int,
        first: int | None = None,
        *,
        options: GameOptions = BASE_GAME,
        state: GameState | None = None,
        actions: Sequence[str] = (),
        events: Sequence[Event] = (),
    ) -> None:
        self.seats = list(seats)
        self.seed = seed
        self.first = first
        self.options = options
        self.controllers = {s.spirit: s.controller for s in self.seats}
        # Undo stack: (state before, actions and events before) for the current undoable
        # stretch.
        self._undo: list[tuple[GameState, int, int]] = []
        # A move that would end the round or the game, waiting for Enter: the action,
        # the board shown meanwhile, and the position and events it leads to.
        self._held: tuple[Action, GameState, GameState, list[Event]] | None = None
        # A person's ``end`` with basic actions left, asked about before it is played:
        # the action, and the position and events it would lead to.
        self._asked: tuple[Action, GameState, list[Event]] | None = None
        # For a finished turn waiting to be passed on (see view_state): the state it
        # was made for, the board shown, and where the turn's own events end.
        self._done_view: tuple[GameState, GameState, int] | None = None
        if state is None:
            state, evs = new_game(
                [(s.name, s.spirit) for s in self.seats], seed, first=first, options=options
            )
            self.events: list[Event] = list(evs)
            self.state = state  # (for ``_undoable`` and ``turn_done``)
            # The moves are undoable as when they were played (a turn saved mid-way,
            # reloaded, can still be taken back); a finished turn is passed on before
            # the next move, as Enter passes it (``play``), and at the end too: the
            # save cannot say whether Enter was pressed (the next player may have saved).
            for i, text in enumerate(actions):
                if self.turn_done is not None:
                    self._undo.clear()
                a = parse_action(text)
                new, evs = apply(state, a)
                self._track_undo(state, a, new, evs, i, len(self.events))
                self.events.extend(evs)
                state = self.state = new
            if self.turn_done is not None:
                self._undo.clear()
        else:
            self.events = list(events)
        self.state = state
        self.actions: list[str] = list(actions)
        self._legal: tuple[Action, ...] = ()
        self._legal_for: GameState | None = None
        self._subscribers: list[Subscriber] = []

    # --- the stream of transitions -----------------------------------------------

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        """Call ``subscriber`` with every later transition; returns the unsubscribe."""
        self._subscribers.append(subscriber)

        def unsubscribe() -> None:
            if subscriber in self._subscribers:
                self._subscribers.remove(subscriber)

        return unsubscribe

    def _publish(self, transition: Transition) -> None:
        for subscriber in list(self._subscribers):
            subscriber(transition)

    # --- who plays --------------------------------------------------------------

    def controller_of(self, seat: int) -> str:
        return self.controllers.get(self.state.players[seat].spirit, HUMAN)

    @property
    def current_controller(self) -> str:
        return self.controller_of(self.state.current)

    @property
    def current_is_human(self) -> bool:
        return self.current_controller == HUMAN

    @property
    def rules(self) -> Rules:
        return rules_of(self.state)

    def legal(self) -> tuple[Action, ...]:
        """The legal actions now (remembered for the current state only: states are
        never changed in place, so a new state is a new object)."""
        st = self.state
        if self._legal_for is not st:
            self._legal = legal_actions(st)
            self._legal_for = st
        return self._legal

    # --- playing ----------------------------------------------------------------

    def play(self, action: Action | str) -> list[Event]:
        """Apply one legal action (raises the core's errors otherwise) and publish it.
        Playing while a turn waits to be passed on passes it first.

        A person's move that would end the round or the game (the last action of the
        Action phase: Onibi then attacks and new cards come out, which no undo may
        take back) is held instead: the board shows the move and what the turn hands out
        by itself after it (``view_state``, :func:`~living_forest.core.turn_preview`),
        the turn waits for Enter (:meth:`confirm_turn` plays it) and undo drops it.

        A person's ``end`` with basic actions left (A-9) is not played but asked about
        (:attr:`asked`): Enter plays it (:meth:`confirm_turn`), undo drops the question,
        and neither the log nor the save ever holds a turn ended by mistake. Playing
        while it is asked answers it: the same move again is a yes; another (legal in
        :attr:`state`, which the question left as it was) is a no, and is played."""
        a = parse_action(action) if isinstance(action, str) else action
        if self._asked is not None:
            if a == self._asked[0]:
                events = self._asked[2]
                self.confirm_turn()
                return events
            self.undo()  # no: the question is dropped without a trace
        if self._held is not None:
            self.confirm_turn()
        before = self.state
        new, events = apply(before, a)
        if self.turn_done is not None:
            self.confirm_turn()
        if self._asks(before, a):
            self._asked = (a, new, list(events))
            self._publish(Transition(format_action(a), before, before, (), asked=True))
            return []
        if self._holds(before, a, new):
            self._held = (a, turn_preview(before, a), new, list(events))
            own = tuple(self._held_own())
            self._publish(Transition(format_action(a), before, self._held[1], own, held=True))
            return []
        return self._commit(before, a, new, events)

    def _holds(self, before: GameState, a: Action, after: GameState) -> bool:
        """A person's Action-phase move that ends the round or the game (and shows
        nothing hidden by itself) waits for Enter."""
        if before.phase != PHASE_ACTION or self.controller_of(before.current) != HUMAN:
            return False
        if reveals_hidden(before, a):
            return False
        return after.round != before.round or after.phase == PHASE_OVER

    def _asks(self, before: GameState, a: Action) -> bool:
        """A person ending their turn with basic actions left is asked first (A-9)."""
        return (
            a.kind == END
            and before.phase == PHASE_ACTION
            and before.basic_left > 0
            and self.controller_of(before.current) == HUMAN
        )

    @property
    def asked(self) -> Action | None:
        """The move asked about, not played yet (``end`` with actions left), if any."""
        return None if self._asked is None else self._asked[0]

    @property
    def view_state(self) -> GameState:
        """What the board shows: the state; a held move's own position; or, while a
        finished turn waits to be passed on, the position its last move came to before
        the next turn began (the next player's turn-start steps, such as the Element
        tile of a Kodama reward, K-U22, show when Enter passes the turn on, as they come
        in the log then)."""
        if self._held is not None:
            return self._held[1]
        done = self._finished_turn()
        return self.state if done is None else done[0]

    def _finished_turn(self) -> tuple[GameState, int] | None:
        """While a finished turn (played, not held or asked about) waits to be passed
        on and the next turn has begun with events of its own: the position its last
        move came to (:func:`~living_forest.core.turn_preview`) and where its events
        end in :attr:`events`. None otherwise."""
        if self._held is not None or self._asked is not None or self.turn_done is None:
            return None
        if self._done_view is None or self._done_view[0] is not self.state:
            before, n_actions, n_events = self._undo[-1]
            end = n_events + own_turn_end(self.events[n_events:])
            move = parse_action(self.actions[n_actions])
            shown = turn_preview(before, move) if end < len(self.events) else self.state
            self._done_view = (self.state, shown, end)
        _state, shown, end = self._done_view
        return None if shown is self.state else (shown, end)

    def _held_own(self) -> list[Event]:
        """The held move's own events (to the end of its turn), for the log and the
        board meanwhile; the end of the round's come with the move when Enter plays it."""
        if self._held is None:
            return []
        events = self._held[3]
        return events[: own_turn_end(events)]

    @property
    def view_events(self) -> list[Event]:
        """The events of what the board shows (:attr:`view_state`): the game's, and a
        held move's own; a finished turn's, without the next turn's start."""
        if self._held is not None:
            return [*self.events, *self._held_own()]
        done = self._finished_turn()
        return self.events if done is None else self.events[: done[1]]

    @property
    def held(self) -> Action | None:
        """The move waiting for Enter (it would end the round or the game), if any."""
        return None if self._held is None else self._held[0]

    @property
    def record(self) -> tuple[list[str], GameState]:
        """What a save keeps: the actions and the position, a held move included as
        played (as a turn waiting for Enter is kept played): Quit, then Continue,
        gives the game as the player left it, their last move made."""
        if self._held is None:
            return list(self.actions), self.state
        return [*self.actions, format_action(self._held[0])], self._held[2]

    @property
    def held_ends_game(self) -> bool:
        """The held move ends the game (someone meets a condition, V-1): public."""
        return self._held is not None and self._held[2].phase == PHASE_OVER

    @property
    def passes_to(self) -> int:
        """The seat that acts once the waiting turn is passed on (or the move asked
        about is played): the one to act now otherwise."""
        return self.state.current if self._asked is None else self._asked[1].current

    @property
    def turn_done_ends(self) -> str | None:
        """What passing the waiting turn on (Enter) ends beyond the turn: "game" (V-1),
        "round" (Onibi plays: the held move, or the move asked about), or None."""
        if self._held is not None:
            return "game" if self.held_ends_game else "round"
        return self.asked_ends

    @property
    def asked_ends(self) -> str | None:
        """What playing the move asked about would end beyond the turn: "game" (someone
        meets a condition, V-1), "round" (Onibi plays), or None."""
        if self._asked is None:
            return None
        after = self._asked[1]
        if after.phase == PHASE_OVER:
            return "game"
        return "round" if after.round != self.state.round else None

    def _commit(
        self, before: GameState, a: Action, new: GameState, events: list[Event]
    ) -> list[Event]:
        self.state = new
        text = format_action(a)
        self.actions.append(text)
        self.events.extend(events)
        self._track_undo(
            before, a, new, events, len(self.actions) - 1, len(self.events) - len(events)
        )
        self._publish(Transition(text, before, new, tuple(events)))
        return events

    def _track_undo(
        self,
        before: GameState,
        a: Action,
        after: GameState,
        events: list[Event],
        n_actions: int,
        n_events: int,
    ) -> None:
        """The undo stack after move ``a`` (the ``n_actions``-th, after ``n_events``
        events): it grows by the move, or is emptied where no undo may go back."""
        if self._undoable(before, a, after, events):
            self._undo.append((before, n_actions, n_events))
        else:
            self._undo.clear()

    def _undoable(
        self, before: GameState, a: Action, after: GameState, events: list[Event]
    ) -> bool:
        """Undo covers a person's action turn, its last action included (the turn stays
        open until they pass it on), and never goes back past what showed hidden
        information (the core marks it: a drawn card, a refill)."""
        if before.phase != PHASE_ACTION or reveals_hidden(before, a):
            return False
        if revealed_by(before, events):
            return False
        if after.phase != PHASE_ACTION or after.round != before.round:
            return False  # the round or the game ended: Onibi has moved, there is no way back
        return after.current == before.current or self.controller_of(before.current) == HUMAN

    @property
    def turn_done(self) -> int | None:
        """The seat whose action turn is done but not yet passed on ("Turn done
        - Enter to pass the turn, u to undo"): the undo stack ends with a move of theirs
        that handed the turn on, or their last move is held or asked about. None when no
        turn waits."""
        if self._held is not None or self._asked is not None:
            return self.state.current
        if self._undo and self._undo[-1][0].current != self.state.current:
            return self._undo[-1][0].current
        return None

    @property
    def turn_done_unused(self) -> int:
        """Basic actions the player left unused, when they ended their turn with ``end``
        (or are asked whether to)."""
        if self.turn_done is None:
            return 0
        if self._asked is not None:
            return self.state.basic_left
        if self._held is not None:
            return self.state.basic_left if self._held[0].kind == END else 0
        before, n_actions, _n_events = self._undo[-1]
        return before.basic_left if self.actions[n_actions] == END else 0

    def confirm_turn(self) -> None:
        """The player passes their finished turn on: it can no longer be undone (a held
        move, or the move asked about, is played now, and what follows it: Onibi, the
        next round)."""
        self._undo.clear()
        if self._asked is not None:
            a, new, events = self._asked
            self._asked = None
            self._commit(self.state, a, new, events)
            self._undo.clear()  # the turn is passed on with it
            return
        if self._held is not None:
            a, _shown, new, events = self._held
            self._held = None
            self._commit(self.state, a, new, events)

    def can_undo(self) -> bool:
        if self._held is not None or self._asked is not None:
            return True
        return bool(self._undo) and (self.current_is_human or self.turn_done is not None)

    def why_no_undo(self) -> str:
        if not self.current_is_human:
            return _("a bot is playing; nothing to undo")
        if self.state.phase != PHASE_ACTION:
            return _("undo works only in your action turn; a revealed card cannot be taken back")
        return _("nothing to undo in this turn yet")

    def undo(self) -> GameState:
        if not self.can_undo():
            raise UndoError(self.why_no_undo())
        if self._asked is not None:  # "End with 1 action unused?" - no: nothing happened
            a = self._asked[0]
            self._asked = None
            st = self.state
            self._publish(Transition(format_action(a), st, st, (), undone=True, asked=True))
            return st
        if self._held is not None:  # the held move was never played: drop it
            a, shown, _new, _events = self._held
            self._held = None
            self._publish(Transition(format_action(a), shown, self.state, (), undone=True))
            return self.state
        state, n_actions, n_events = self._undo.pop()
        before, undone = self.state, self.actions[n_actions]
        self.state = state
        del self.actions[n_actions:]
        del self.events[n_events:]
        self._publish(Transition(undone, before, state, (), undone=True))
        return state
