"""The public rules API: new game, legal actions, apply, outcome.

Every function takes the rules of the game it is given (``rules_of(st)``: the options
in the state select them). ``apply`` never changes its input: it clones the state,
applies the action, then runs every automatic step (forced stops, lost bonuses, end
of turn, end of round) until a player has a real decision to make or the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _
from . import flow, turn
from .action_types import move_destination as _move_destination
from .action_types import plant_spaces as _plant_spaces
from .actions import Action, IllegalActionError, Refusal, parse_action
from .data import GameData
from .events import Event, KindsOnly
from .options import BASE_GAME, GameOptions, OptionsError
from .rules import rules_for, rules_of
from .scoring import Outcome
from .scoring import outcome as _outcome
from .setup import Seat, SetupError, build_game
from .state import PHASE_ACTION, PHASE_DRAW, PHASE_OVER, GameState


def data() -> GameData:
    """The base game's data (for tests and tools; the engine reads ``rules_of(st)``)."""
    return rules_for(BASE_GAME).data


def new_game(
    seats: Sequence[Seat | tuple[str, str]],
    seed: int,
    *,
    first: int | None = None,
    options: GameOptions = BASE_GAME,
) -> tuple[GameState, list[Event]]:
    """Set up a game (S-1 … S-9, then the modules' setup) and run it to the first
    decision. ``options`` are checked first: an unknown module is a
    :class:`SetupError`.

    ``seats`` are in clockwise table order; ``first`` picks the Sacred Tree holder
    (random from the seed when None) and seats are renumbered from them (S-2).
    """
    if not isinstance(options, GameOptions):
        raise SetupError("options must be a GameOptions value")
    try:
        r = rules_for(options)
    except OptionsError as e:
        raise SetupError(str(e)) from None
    seat_list = [s if isinstance(s, Seat) else Seat(*s) for s in seats]
    st, events = build_game(r, seat_list, seed, first)
    flow.advance(r, st, events)
    return st, events


def legal_actions(st: GameState) -> tuple[Action, ...]:
    """Everything the player who must act now may do (empty when the game is over).
    Computed afresh: nothing is remembered inside the state."""
    r = rules_of(st)
    return tuple(r.phases[st.phase].legal(r, st))


def why_illegal(st: GameState, action: Action | str) -> Refusal | None:
    """None when the action is legal now; otherwise the reason: its sentence (in the
    current language) and the rule IDs behind it."""
    a = parse_action(action) if isinstance(action, str) else action
    r = rules_of(st)
    return r.phases[st.phase].why_illegal(r, st, a)


def apply(st: GameState, action: Action | str) -> tuple[GameState, list[Event]]:
    """Apply one action; return the new state and what happened.

    Raises :class:`ActionParseError` for bad notation and
    :class:`IllegalActionError` (with ``reason``) for an illegal action; the input
    state is never modified.
    """
    a = parse_action(action) if isinstance(action, str) else action
    r = rules_of(st)
    reason = r.phases[st.phase].why_illegal(r, st, a)
    if reason is not None:
        raise IllegalActionError(a, reason)
    new = st.clone()
    events: list[Event] = []
    r.phases[new.phase].apply(r, new, a, events)
    flow.advance(r, new, events)
    return new, events


def push(st: GameState, action: Action, events: list[Event] | None = None) -> tuple[Action, ...]:
    """Apply a *legal* action to ``st`` itself: no legality check, no copy; the events
    go to ``events`` when given (a :class:`KindsOnly` list: only the kinds it names),
    else none is made. Returns the legal actions of
    the position it leaves (``legal_actions(st)``, which the automatic steps after the
    move work out anyway). The fast path for search, playouts and the simulator
    (python-chess's ``push`` beside ``push_uci``); the caller guarantees the action is
    one of ``legal_actions(st)``. ``apply`` is the checked, copying way for everything
    else."""
    r = rules_for(st.options)  # (rules_of without its call: every simulated move)
    ev = _NO_EVENTS if events is None else events
    r.phases[st.phase].apply(r, st, action, ev)
    legal = tuple(flow.advance(r, st, ev))
    _NO_EVENTS.clear()  # (empty unless a module makes an event without asking)
    return legal


_NO_EVENTS = KindsOnly()  # push's sink when its caller reads no events


def push_turn(st: GameState, action: Action) -> tuple[Action, ...]:
    """Apply a *legal* Action-phase ``action`` to ``st`` itself, like :func:`push`, and
    the automatic steps of the same turn after it (a Fragment rock's Fragment, a lost
    bonus, a pick that cannot go on), but stop where the turn would end: return the
    legal actions while the player still decides in this turn, and ``()`` when the
    turn is over — ``st`` is then the position at its end, before the next turn or
    the end of the round begins (whatever they reveal). The fast path for planning
    whole turns: nothing random happens inside a turn of the Action phase. Never pass
    ``end``: a planned turn ends where its plan does."""
    r = rules_for(st.options)
    action_phase = r.phases[PHASE_ACTION]
    action_phase.apply(r, st, action, _NO_EVENTS)
    while st.pending:  # a pending decision never ends the turn by itself
        legal = action_phase.advance(r, st, _NO_EVENTS)
        if legal is not None:
            _NO_EVENTS.clear()
            return tuple(legal)
    _NO_EVENTS.clear()
    legal = action_phase.legal(r, st)
    return tuple(legal) if len(legal) > 1 else ()  # ``end`` alone: the turn is over


def turn_start_as(st: GameState, seat: int) -> GameState:
    """A hypothetical position for weighing a reveal: the Action phase as if it began
    now with ``seat``'s turn (its turn-start steps run: A-2, a module's rewards), every
    Help Line as it stands — nobody reveals more, the players before ``seat`` in turn
    order count as done, those after it still to play. Not a position of the game:
    a bot values "stop here" by planning the turn it leads to (a copy; ``st`` is not
    changed)."""
    r = rules_of(st)
    new = st.clone()
    for p in new.players:
        p.stopped = True
        p.can_use_fragment = False
    new.phase = PHASE_ACTION
    new.turns_done = new.order().index(seat)
    flow.start_turn(r, new, seat, [])
    return new


def preview(st: GameState, action: Action, events: list[Event] | None = None) -> GameState:
    """The position right after the legal ``action`` itself, before the automatic steps
    that follow it (the end of the turn or of the round): what the move alone changes,
    for hints and previews (its events added to ``events`` when given). Not a position
    to play on."""
    r = rules_of(st)
    new = st.clone()
    r.phases[new.phase].apply(r, new, action, [] if events is None else events)
    return new


def turn_preview(st: GameState, action: Action, events: list[Event] | None = None) -> GameState:
    """The position after the legal Action-phase ``action`` and the automatic steps of
    the same turn that follow it (an automatic bonus such as a Fragment rock's
    Fragment, O-3; a bonus that cannot be performed, lost; a pick that cannot go on,
    finished), stopped before the turn ends: what the player's turn comes to, for a
    move held before it ends the round (the events of what it kept added to
    ``events`` when given). Not a position to play on."""
    r = rules_of(st)
    own: list[Event] = []
    new = preview(st, action, own)
    turn_of = (PHASE_ACTION, st.round, st.current)
    if (new.phase, new.round, new.current) != turn_of:
        return st.clone()  # the move ends the turn itself (``end``): nothing else changes
    while new.phase == PHASE_ACTION and new.pending:  # automatic steps come from pending
        step, step_events = new.clone(), list[Event]()
        decides = r.phases[step.phase].advance(r, step, step_events) is not None
        if (step.phase, step.round, step.current) != turn_of:
            break  # the turn ended
        new = step  # (a bonus offered is marked so, as in ``apply``)
        own.extend(step_events)
        if decides:
            break  # the player decides next
    if events is not None:
        events.extend(own)
    return new


def lost_bonus(st: GameState, action: Action) -> str | None:
    """The bonus the legal Action-phase ``action`` brings (a rock's, a corner's) that
    would be lost at once, having no option now (O-3, X-6: nothing affordable, no
    fire small enough, no space): its id ("attract"); None when every bonus it
    brings can be used (or it brings none)."""
    events: list[Event] = []
    turn_preview(st, action, events)
    return next((str(e["bonus"]) for e in events if e.kind == "bonus_lost"), None)


def returns(st: GameState) -> tuple[float, ...]:
    """Each seat's result of a finished game: 1/k for each of k winners sharing the
    victory (V-4, V-5), 0 otherwise; all zeros while the game is not over."""
    res = _outcome(rules_of(st), st) if st.phase == PHASE_OVER else None
    out = [0.0] * st.n
    if res is not None:
        for w in res.winners:
            out[w] = 1.0 / len(res.winners)
    return tuple(out)


def why_unavailable(st: GameState, kind: str) -> Refusal | None:
    """None if an action of type ``kind`` (take-fragment, attract, extinguish, move,
    plant, or a module's) can be started now; otherwise why not, in words."""
    if st.phase == PHASE_OVER:
        return Refusal(_("the game is over"))
    if st.phase == PHASE_DRAW:
        return Refusal(_("actions come after everyone has revealed Guardian Animals"), ("T-1",))
    return turn.why_type_unavailable(rules_of(st), st, kind)


def move_destination(st: GameState, distance: int) -> tuple[int, list[int]]:
    """Rock where the player to act would stop after ``distance``, and the seats jumped."""
    return _move_destination(rules_of(st), st, st.current, distance)


def plant_spaces(st: GameState, seat: int | None = None) -> list[int]:
    """Forest cells (``y * 5 + x``) where ``seat`` (default: the player to act) could put
    a tree now: empty and next to a tree (A-51)."""
    return _plant_spaces(rules_of(st), st.players[st.current if seat is None else seat])


def outcome(st: GameState) -> Outcome | None:
    return _outcome(rules_of(st), st)


def is_over(st: GameState) -> bool:
    return st.phase == PHASE_OVER


__all__ = [
    "Action",
    "GameState",
    "Seat",
    "apply",
    "data",
    "is_over",
    "legal_actions",
    "lost_bonus",
    "move_destination",
    "new_game",
    "outcome",
    "plant_spaces",
    "preview",
    "push",
    "push_turn",
    "returns",
    "turn_preview",
    "turn_start_as",
    "why_illegal",
    "why_unavailable",
]
