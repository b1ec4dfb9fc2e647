"""Each player's last moves, for the marks on the board (seeing what
happened): the reserve slot they emptied, the tree they planted, the rock they
reached, the fires they put out. A player's marks are those of their latest action
turn and stay until their next one starts. Pure (no Textual), from the core's events."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from living_forest.core import Event, GameState


@dataclass(slots=True)
class LastMoves:
    slots: dict[tuple[int, int], int] = field(default_factory=dict)  # (level 0-2, slot) -> seat
    cells: dict[int, set[int]] = field(default_factory=dict)  # seat -> Forest cells planted
    rocks: dict[int, int] = field(default_factory=dict)  # rock reached -> seat
    fires: dict[int, list[int]] = field(default_factory=dict)  # seat -> fire values put out


def last_moves(st: GameState, events: Sequence[Event]) -> LastMoves:
    """The marks for ``st`` from the game's ``events`` (newest last). A reserve slot is
    marked only while it is still empty (a refill ends the mark)."""
    out = LastMoves()
    pending = set(range(st.n))  # seats whose latest turn start is not reached yet
    for ev in reversed(events):
        if not pending:
            break
        seat = ev.seat
        if seat is None or seat not in pending:
            continue
        kind = ev.kind
        if kind == "turn_started":
            pending.discard(seat)
        elif kind == "animal_attracted" and "slot" in ev.data:
            key = (int(ev.data["level"]) - 1, int(ev.data["slot"]))
            row = st.reserve[key[0]]
            if key[1] < len(row) and row[key[1]] is None:
                out.slots.setdefault(key, seat)
        elif kind == "tree_planted":
            out.cells.setdefault(seat, set()).add(int(ev.data["cell"]))
        elif kind == "standee_moved" and seat not in out.rocks.values():
            rock = int(ev.data["to_rock"])
            if st.players[seat].rock == rock:
                out.rocks[rock] = seat
        elif kind == "fire_extinguished":
            out.fires.setdefault(seat, []).insert(0, int(ev.data["value"]))
    return out
