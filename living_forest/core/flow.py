"""The round's flow (T-1): phase changes, turn starts and ends, the end of the round
and the end of the game, with the rules' hooks at each step.

The phase machine is the table ``Rules.phases`` (draw, action, over); :func:`advance`
runs automatic steps until a player has a real choice. Modules hook in at the start
of a player's turn (``Rules.turn_start_steps``) and at the end of the round
(``Rules.end_of_round``, an ordered list of named steps).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _
from .actions import Refusal
from .context import Context, TurnContext
from .events import Event, wants
from .rules import Phase
from .scoring import any_victory, outcome
from .state import PHASE_ACTION, PHASE_DRAW, PHASE_OVER, GameState
from .strength import basic_actions_for, net_solitary

if TYPE_CHECKING:
    from .actions import Action
    from .rules import Rules


def advance(r: Rules, st: GameState, ev: list[Event]) -> list[Action]:
    """Run automatic steps until someone has a real choice or the game is over; return
    the legal actions then (none once the game is over)."""
    phases = r.phases
    while (legal := phases[st.phase].advance(r, st, ev)) is None:
        pass
    return legal


def next_drawer(r: Rules, st: GameState, ev: list[Event]) -> None:
    """The next player reveals (G-1); after the last one, the Action phase (G-10)."""
    st.turns_done += 1
    if st.turns_done < st.n:
        st.current = (st.first + st.turns_done) % st.n
        return
    st.phase = PHASE_ACTION  # G-10
    st.turns_done = 0
    if wants(ev, "action_phase_started"):
        ev.append(Event("action_phase_started", None, {"first": st.first}))
    start_turn(r, st, st.first, ev)


def start_turn(r: Rules, st: GameState, seat: int, ev: list[Event]) -> None:
    """A player's turn begins: every turn-start step of the rules runs (the base game's
    counts the basic actions, A-2)."""
    st.current = seat
    st.used_types = []
    st.pending = []
    if r.turn_start_steps:
        c = TurnContext(r, st, ev, seat)
        for step in r.turn_start_steps:
            step(c)


def count_basic_actions(c: TurnContext) -> None:
    """Turn-start step of the base game: 2 basic actions, or 1 at a net solitary count
    of 3 (A-2)."""
    r, st, p = c.rules, c.state, c.player
    st.basic_left = basic_actions_for(r, p)
    if c.wants("turn_started"):
        info = {"actions": st.basic_left, "net": net_solitary(r, p)}
        c.events.append(Event("turn_started", c.seat, info))


def end_turn(r: Rules, st: GameState, ev: list[Event], *, voluntary: bool) -> None:
    """The player to act is done (A-9, X-17); the next one starts, or after the last
    player the game-end check (V-1) and then the end of the round (E-1 … E-6)."""
    if wants(ev, "turn_ended"):
        info = {"unused": st.basic_left, "voluntary": voluntary}
        ev.append(Event("turn_ended", st.current, info))
    st.basic_left = 0
    st.used_types = []
    st.pending = []
    st.turns_done += 1
    if st.turns_done < st.n:
        start_turn(r, st, (st.first + st.turns_done) % st.n, ev)
        return
    if any_victory(r, st):  # V-1: only after the last player's turn
        st.phase = PHASE_OVER
        if wants(ev, "game_over"):
            res = outcome(r, st)
            assert res is not None
            over = {
                "round": st.round,
                "winner_seats": list(res.winners),
                "conditions": list(res.conditions),
                "decided_by": str(res.decided_by),  # events hold plain data
                "best_total": res.best_total,
                "qualified": res.qualified,
            }
            ev.append(Event("game_over", None, over))
        return
    end_round(r, st, ev)
    start_round(r, st, ev)


def end_round(r: Rules, st: GameState, ev: list[Event]) -> None:
    """E-1 … E-5 and any module steps, in the rules' order."""
    c = Context(r, st, ev)
    for step in r.end_of_round:
        step.run(c)


def start_round(r: Rules, st: GameState, ev: list[Event]) -> None:
    """E-6: the next round starts with the Guardian Animals phase (T-1)."""
    st.round += 1
    st.phase = PHASE_DRAW
    st.turns_done = 0
    st.current = st.first
    for q in st.players:
        q.stopped = False
        q.can_use_fragment = False
    if wants(ev, "round_started"):
        ev.append(Event("round_started", None, {"round": st.round, "first": st.first}))


def _no_actions(r: Rules, st: GameState) -> list[Action]:
    return []


def _over(r: Rules, st: GameState, a: Action) -> Refusal | None:
    return Refusal(_("the game is over"))


def _refuse(r: Rules, st: GameState, a: Action, ev: list[Event]) -> None:
    raise AssertionError("no action is legal once the game is over")


def _nothing_to_run(r: Rules, st: GameState, ev: list[Event]) -> list[Action]:
    return []


OVER_PHASE = Phase(PHASE_OVER, _no_actions, _over, _refuse, _nothing_to_run)
