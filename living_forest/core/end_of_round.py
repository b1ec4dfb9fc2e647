"""End of round (E-1 … E-5), played automatically in this order; the base game
installs them as the first steps of ``Rules.end_of_round`` (``core/base_game.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import WATER
from .events import Event
from .state import GameState
from .strength import raw_strengths

if TYPE_CHECKING:
    from .rules import Rules


def onibi_attacks_spirits(r: Rules, st: GameState, ev: list[Event]) -> None:
    """E-1, X-2: Varans for every player whose water is below the fire power."""
    if not st.centre:
        return
    power = sum(st.centre)
    tiles = len(st.centre)
    ev.append(Event("onibi_attacks", None, {"tiles": tiles, "power": power}))
    order = st.order()
    water = {i: max(0, raw_strengths(r, st.players[i])[WATER]) for i in order}
    owed = {i: tiles for i in order if water[i] < power}
    got = dict.fromkeys(owed, 0)
    for i in order:
        if i not in owed:
            ev.append(Event("spirit_safe", i, {"water": water[i]}))
    # One card at a time round the attacked players, so a shortage is spread evenly.
    for _ in range(tiles):
        for i in order:
            if i in owed and got[i] < owed[i] and st.varan_supply > 0:
                st.varan_supply -= 1
                st.players[i].discard.append(r.data.varan_id)
                got[i] += 1
    for i in order:
        if i in owed:
            ev.append(
                Event(
                    "varans_dealt",
                    i,
                    {
                        "water": water[i],
                        "count": got[i],
                        "owed": owed[i],
                        "power": power,
                    },
                )
            )


def onibi_attacks_sacred_tree(r: Rules, st: GameState, ev: list[Event]) -> None:
    """E-2, X-3, X-4, X-16: new fires for the cards taken, capped at 7 tiles."""
    d = r.data
    wanted: list[int] = []
    for level, count in enumerate(st.taken):
        wanted.extend([d.fire_value_per_level[level]] * count)
    wanted.sort()  # value-2 tiles first, then 3, then 4
    added: list[int] = []
    for v in wanted:
        if len(st.centre) >= d.fire_capacity:
            ev.append(Event("fire_not_added", None, {"value": v, "why": "circle_full"}))
            continue
        if st.fire_supply[str(v)] <= 0:
            ev.append(Event("fire_not_added", None, {"value": v, "why": "supply_empty"}))
            continue
        st.fire_supply[str(v)] -= 1
        st.centre.append(v)
        added.append(v)
    if not st.centre:
        v = d.fire_values[0]
        if st.fire_supply[str(v)] > 0:
            st.fire_supply[str(v)] -= 1
            st.centre.append(v)
            added.append(v)
        else:
            ev.append(Event("fire_not_added", None, {"value": v, "why": "supply_empty"}))
    if added:
        ev.append(
            Event(
                "fires_added",
                None,
                {"added": added, "total": len(st.centre)},
            )
        )
    st.taken = [0, 0, 0]


def refill_reserve(r: Rules, st: GameState, ev: list[Event]) -> None:
    """E-3, X-3: fill emptied slots from the level's own stack, as far as it goes."""
    for level, row in enumerate(st.reserve):
        stack = st.stacks[level]
        new = []
        for i, cid in enumerate(row):
            if cid is None and stack:
                row[i] = stack.pop()
                new.append(row[i])
        if new:
            ev.append(
                Event(
                    "reserve_refilled",
                    None,
                    {"level": level + 1, "card_ids": new},
                )
            )


def return_help_lines(r: Rules, st: GameState, ev: list[Event]) -> None:
    """E-4."""
    for i, p in enumerate(st.players):
        count = len(p.help_line)
        p.discard.extend(p.help_line)
        p.help_line.clear()
        ev.append(Event("help_line_returned", i, {"count": count}))


def pass_sacred_tree(r: Rules, st: GameState, ev: list[Event]) -> None:
    """E-5: the next player clockwise is the first player of the next round."""
    st.first = (st.first + 1) % st.n
    ev.append(Event("sacred_tree_passed", st.first))
