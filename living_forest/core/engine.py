"""The public rules API: new game, legal actions, apply, outcome.

``apply`` never changes its input: it clones the state, applies the action, then
runs every automatic step (forced stops, lost bonuses, end of turn, end of round)
until a player has a real decision to make or the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import draw_phase, turn
from .actions import END, Action, IllegalActionError, parse_action
from .data import GameData, load_data
from .end_of_round import end_round
from .events import Event
from .scoring import Outcome, any_victory
from .scoring import outcome as _outcome
from .setup import Seat, build_game
from .state import PHASE_ACTION, PHASE_DRAW, PHASE_OVER, GameState
from .strength import counts, net_solitary, raw_strengths

_DATA: GameData = load_data()


def data() -> GameData:
    return _DATA


def new_game(
    seats: Sequence[Seat | tuple[str, str]], seed: int, *, first: int | None = None
) -> tuple[GameState, list[Event]]:
    """Set up a game (S-1 … S-9) and run it to the first decision.

    ``seats`` are in clockwise table order; ``first`` picks the Sacred Tree holder
    (random from the seed when None) and seats are renumbered from them (S-2).
    """
    seat_list = [s if isinstance(s, Seat) else Seat(*s) for s in seats]
    st, events = build_game(_DATA, seat_list, seed, first)
    _advance(st, events)
    return st, events


def legal_actions(st: GameState) -> tuple[Action, ...]:
    """Everything the player who must act now may do (empty when the game is over)."""
    cached = st._legal
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    if st.phase == PHASE_DRAW:
        acts = tuple(draw_phase.legal(_DATA, st))
    elif st.phase == PHASE_ACTION:
        acts = tuple(turn.legal(_DATA, st))
    else:
        acts = ()
    st._legal = acts
    return acts


def why_illegal(st: GameState, action: Action | str) -> str | None:
    """None when the action is legal now; otherwise the reason, in words."""
    a = parse_action(action) if isinstance(action, str) else action
    if st.phase == PHASE_OVER:
        return "the game is over"
    if st.phase == PHASE_DRAW:
        return draw_phase.why_illegal(_DATA, st, a)
    return turn.why_illegal(_DATA, st, a)


def apply(st: GameState, action: Action | str) -> tuple[GameState, list[Event]]:
    """Apply one action; return the new state and what happened.

    Raises :class:`ActionParseError` for bad notation and
    :class:`IllegalActionError` (with ``reason``) for an illegal action; the input
    state is never modified.
    """
    a = parse_action(action) if isinstance(action, str) else action
    reason = why_illegal(st, a)
    if reason is not None:
        raise IllegalActionError(a, reason)
    new = st.clone()
    events: list[Event] = []
    if new.phase == PHASE_DRAW:
        draw_phase.apply(_DATA, new, a, events)
    elif a.kind == END:
        _end_turn(new, events, voluntary=True)
    else:
        turn.apply(_DATA, new, a, events)
    _advance(new, events)
    return new, events


def why_unavailable(st: GameState, kind: str) -> str | None:
    """None if an action of basic type ``kind`` (take-fragment, attract, extinguish,
    move, plant) can be started now; otherwise why not, in words."""
    if st.phase == PHASE_OVER:
        return "the game is over"
    if st.phase == PHASE_DRAW:
        return "actions come after everyone has revealed Guardian Animals (T-1)"
    return turn.why_type_unavailable(_DATA, st, kind)


def move_destination(st: GameState, distance: int) -> tuple[int, list[int]]:
    """Rock where the player to act would stop after ``distance``, and the seats jumped."""
    return turn.move_destination(st, st.current, distance)


def plant_spaces(st: GameState, seat: int | None = None) -> list[int]:
    """Forest cells (``y * 5 + x``) where ``seat`` (default: the player to act) could put
    a tree now: empty and next to a tree (A-51)."""
    return turn.plant_spaces(_DATA, st.players[st.current if seat is None else seat])


def outcome(st: GameState) -> Outcome | None:
    return _outcome(_DATA, st)


def is_over(st: GameState) -> bool:
    return st.phase == PHASE_OVER


# --- automatic flow ---------------------------------------------------------------


def _advance(st: GameState, ev: list[Event]) -> None:
    """Run automatic steps until someone has a real choice or the game is over."""
    d = _DATA
    while True:
        if st.phase == PHASE_DRAW:
            p = st.players[st.current]
            if p.stopped:
                _next_drawer(st, ev)
                continue
            opts = draw_phase.legal(d, st)
            if len(opts) == 1 and opts[0] is draw_phase.A_STOP:
                draw_phase.stop(d, st, ev, draw_phase.forced_stop_reason(d, st))
                continue
            return
        if st.phase != PHASE_ACTION:
            return
        p = st.players[st.current]
        if st.pending:
            top = st.pending[-1]
            if top.kind == "bonus":
                info = {"player": p.name, "bonus": top.bonus_type, "source": top.source}
                if top.bonus_type == "fragment":  # O-3: take 1 Fragment, nothing to choose
                    st.pending.pop()
                    if st.fragment_supply > 0:
                        turn.give_fragments(st, p, st.current, 1, ev)
                    else:  # the supply is empty, the bonus is lost
                        ev.append(Event("bonus_lost", st.current, info))
                    continue
                s = raw_strengths(d, p)
                kind = turn.BONUS_KIND[top.bonus_type]
                if not turn.has_option(d, st, p, kind, top.extra, s):
                    st.pending.pop()  # O-3, X-6: a bonus that cannot be performed is lost
                    ev.append(Event("bonus_lost", st.current, info))
                    continue
                if not top.offered:
                    top.offered = True
                    ev.append(Event("bonus_offered", st.current, {**info, "extra": top.extra}))
                return
            if top.kind == "steal":
                tiles = set(st.players[top.target].victory_tiles)
                if len(tiles) > 1:
                    return
                st.pending.pop()
                if tiles:  # one possible tile: nothing to choose
                    turn.steal(d, st, p, top.target, tiles.pop(), ev)
                continue
            # attract / extinguish: finish automatically when nothing more fits
            if len(turn.legal(d, st)) > 1:
                return
            st.pending.pop()
            ev.append(Event("action_finished", st.current, {"player": p.name, "action": top.kind}))
            continue
        if st.basic_left > 0 and turn.any_basic_option(d, st):
            return
        _end_turn(st, ev, voluntary=False)


def _next_drawer(st: GameState, ev: list[Event]) -> None:
    st.turns_done += 1
    if st.turns_done < st.n:
        st.current = (st.first + st.turns_done) % st.n
        return
    st.phase = PHASE_ACTION  # G-10
    st.turns_done = 0
    ev.append(Event("action_phase_started", None, {"first": st.players[st.first].name}))
    _start_turn(st, st.first, ev)


def _start_turn(st: GameState, seat: int, ev: list[Event]) -> None:
    st.current = seat
    p = st.players[seat]
    net = net_solitary(_DATA, p)
    st.basic_left = 2 if net < draw_phase.FORCED_STOP_AT else 1
    st.used_types = []
    st.pending = []
    actions = "2 basic actions" if st.basic_left == 2 else "1 basic action"
    ev.append(Event("turn_started", seat, {"player": p.name, "actions": actions, "net": net}))


def _end_turn(st: GameState, ev: list[Event], *, voluntary: bool) -> None:
    p = st.players[st.current]
    ev.append(
        Event(
            "turn_ended",
            st.current,
            {"player": p.name, "unused": st.basic_left, "voluntary": voluntary},
        )
    )
    st.basic_left = 0
    st.used_types = []
    st.pending = []
    st.turns_done += 1
    if st.turns_done < st.n:
        _start_turn(st, (st.first + st.turns_done) % st.n, ev)
        return
    if any_victory(_DATA, st):  # V-1: only after the last player's turn
        st.phase = PHASE_OVER
        res = _outcome(_DATA, st)
        assert res is not None
        ev.append(
            Event(
                "game_over",
                None,
                {
                    "round": st.round,
                    "winners": " and ".join(st.players[w].name for w in res.winners),
                    "winner_seats": list(res.winners),
                    "how": res.how,
                    "conditions": list(res.conditions),
                },
            )
        )
        return
    end_round(_DATA, st, ev)  # E-1 … E-5
    st.round += 1  # E-6
    st.phase = PHASE_DRAW
    st.turns_done = 0
    st.current = st.first
    for q in st.players:
        q.stopped = False
        q.can_use_fragment = False
    ev.append(Event("round_started", None, {"round": st.round, "first": st.players[st.first].name}))


__all__ = [
    "Action",
    "GameState",
    "Seat",
    "apply",
    "counts",
    "data",
    "is_over",
    "legal_actions",
    "move_destination",
    "new_game",
    "outcome",
    "plant_spaces",
    "why_illegal",
    "why_unavailable",
]
