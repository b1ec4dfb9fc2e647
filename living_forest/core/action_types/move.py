"""Move on the Circle of Spirits (A-40 … A-43, X-10, X-11) and the Victory tiles taken
from jumped Spirits (A-42), then the rock bonus (O-3)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ...i18n import N_, _
from ..actions import MOVE, STEAL, Action, Arg, Refusal
from ..data import WIND
from ..events import Event, wants
from ..state import Pending, PendingKind
from .base import ActionType

if TYPE_CHECKING:
    from ..context import TurnContext
    from ..rules import Rules
    from ..state import GameState, PlayerState

BONUS = PendingKind.BONUS
FREE, NOBODY = -1, -2  # a rock with no standee; one with a standee that is no player's


@cache
def _move(dist: int) -> Action:
    return Action(MOVE, str(dist))


_MOVES = tuple(_move(dist) for dist in range(32))  # by distance: far beyond any wind


def move_destination(r: Rules, st: GameState, seat: int, dist: int) -> tuple[int, list[int]]:
    """Where a move of ``dist`` free rocks from ``seat``'s rock ends, and the seats it
    jumps in order, each once (A-41, A-42, X-11)."""
    rocks = r.data.rock_count
    occupant: list[int] = [FREE] * rocks
    for find in r.occupied_rocks:  # K-O1: jumped, not counted, nothing to take
        for rock in find(r, st):
            occupant[rock] = NOBODY
    for i, other in enumerate(st.players):
        occupant[other.rock] = i
    pos = st.players[seat].rock
    steps = 0
    jumped: list[int] = []
    while steps < dist:
        pos = (pos + 1) % rocks
        who = occupant[pos]
        if who == FREE:
            steps += 1
        elif who >= 0 and who != seat and who not in jumped:  # robbed once per move
            jumped.append(who)
    return pos, jumped


class Move(ActionType):
    kind = MOVE
    data_id = "move"
    name = N_("Move on the Circle")
    element = WIND
    arg = Arg.POSITIVE

    def options(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> list[Action]:
        # Every distance up to the wind strength, wrapping as often as it takes.
        if budget < len(_MOVES):
            return list(_MOVES[1 : budget + 1])
        return [_move(dist) for dist in range(1, budget + 1)]

    def has_option(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> bool:
        return budget >= 1

    def why_no_option(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> Refusal:
        return Refusal(_("moving needs at least 1 wind"), ("A-40",))

    def check(
        self, r: Rules, st: GameState, p: PlayerState, a: Action, budget: int
    ) -> Refusal | None:
        if budget < 1:
            return self.why_no_option(r, st, p, budget)
        if a.value > budget:
            text = _("distance {distance} is more than your wind {budget}")
            return Refusal(text.format(distance=a.value, budget=budget), ("A-40",))
        return None

    def resolve(self, c: TurnContext, a: Action) -> None:
        r, st, seat, ev = c.rules, c.state, c.seat, c.events
        p = st.players[seat]
        start = p.rock
        pos, jumped = move_destination(r, st, seat, a.value)
        p.rock = pos
        if wants(ev, "standee_moved"):
            info = {"distance": a.value, "from_rock": start, "to_rock": pos, "jumped": jumped}
            ev.append(Event("standee_moved", seat, info))
        # the rock bonus comes after the Victory tiles; the stack top is decided first.
        st.pending.append(Pending(BONUS, True, 0, 0, -1, r.data.rock_bonus[pos], "rock"))
        for j in reversed(jumped):
            st.pending.append(Pending(STEAL, True, 0, 0, j))


def steal(r: Rules, st: GameState, victim_seat: int, tile: str, ev: list[Event]) -> None:
    """The player to act takes Victory tile ``tile`` from ``victim_seat`` (A-42, X-10)."""
    p = st.players[st.current]
    victim = st.players[victim_seat]
    victim.victory_tiles.remove(tile)
    p.victory_tiles.append(tile)
    if wants(ev, "victory_tile_taken"):
        info = {"victim_seat": victim_seat, "tile_id": tile}
        ev.append(Event("victory_tile_taken", st.current, info))


class StealDecision:
    """After a jump: which Victory tile to take from each jumped Spirit (A-42)."""

    pending_kind: str = STEAL
    answers: tuple[str, ...] = (STEAL,)
    # i18n: completes "only possible during a jump" (said of a steal)
    during: str = N_("a jump")
    blocked: str = N_("first choose the Victory tile to take")
    blocked_rules: tuple[str, ...] = ("A-42",)

    def legal(self, r: Rules, st: GameState, top: Pending) -> list[Action]:
        tiles = st.players[top.target].victory_tiles
        return [Action(STEAL, t) for t in dict.fromkeys(tiles)]

    def check(self, r: Rules, st: GameState, top: Pending, a: Action) -> Refusal | None:
        if a.arg not in st.players[top.target].victory_tiles:
            victim = st.players[top.target].name
            # i18n: {tile} is the tile id typed in the notation, quoted
            text = _("{victim} has no Victory tile {tile}")
            return Refusal(text.format(victim=victim, tile=repr(a.arg)), ("A-42",))
        return None

    def apply(self, c: TurnContext, top: Pending, a: Action) -> None:
        r, st, ev = c.rules, c.state, c.events
        steal(r, st, top.target, a.arg, ev)

    def advance(self, c: TurnContext, top: Pending) -> bool:
        r, st, ev = c.rules, c.state, c.events
        tiles = set(st.players[top.target].victory_tiles)
        if len(tiles) > 1:
            return False
        st.pending.pop()
        if tiles:  # one possible tile: nothing to choose
            steal(r, st, top.target, tiles.pop(), ev)
        return True
