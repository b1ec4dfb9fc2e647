"""End of round (E-1 … E-5), played automatically in this order; the base game
installs them as the first steps of ``Rules.end_of_round`` (``core/base_game.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .data import WATER
from .events import Event, wants
from .state import GameState
from .strength import raw_strengths

if TYPE_CHECKING:
    from .context import Context
    from .rules import Rules


@dataclass(frozen=True, slots=True)
class SpiritAttack:
    """What E-1 does to the Spirits in a position: Onibi's ``power`` (the sum of the
    fire values in the centre) and ``tiles``; each player's ``water`` (no temporary
    bonus); the Varans each attacked player is ``owed`` (one per tile) and ``gets``
    (fewer when the Fire Varan deck runs short, X-2). Safe players are not in them."""

    power: int
    tiles: int
    water: Mapping[int, int]
    owed: Mapping[int, int]
    gets: Mapping[int, int]


def spirit_attack(r: Rules, st: GameState) -> SpiritAttack | None:
    """E-1, X-2 worked out without changing ``st``; None with no fire in the centre.
    The end of the round plays it (:func:`onibi_attacks_spirits`); the app and the
    bots ask it as a forecast (``queries.onibi_forecast``)."""
    if not st.centre:
        return None
    power = sum(st.centre)
    tiles = len(st.centre)
    order = st.order()
    water: dict[int, int] = {}
    owed: dict[int, int] = {}
    players = st.players
    for i in order:
        w = raw_strengths(r, players[i])[WATER]
        if w < 0:
            w = 0
        water[i] = w
        if w < power:
            owed[i] = tiles
    # One card at a time round the attacked players (``owed`` is in turn order), so a
    # shortage is spread evenly: every player gets ``supply // k`` and the first
    # ``supply % k`` one more, never more than owed.
    share, extra = divmod(st.varan_supply, len(owed)) if owed else (0, 0)
    got = {i: min(owed[i], share + (n < extra)) for n, i in enumerate(owed)}
    return SpiritAttack(power, tiles, water, owed, got)


def onibi_attacks_spirits(c: Context) -> None:
    """E-1, X-2: Varans for every player whose water is below the fire power."""
    r, st, ev = c.rules, c.state, c.events
    attack = spirit_attack(r, st)
    if attack is None:
        return
    power = attack.power
    if wants(ev, "onibi_attacks"):
        ev.append(Event("onibi_attacks", None, {"tiles": attack.tiles, "power": power}))
    order = st.order()
    if wants(ev, "spirit_safe"):
        for i in order:
            if i not in attack.owed:
                ev.append(Event("spirit_safe", i, {"water": attack.water[i]}))
    for i in order:
        if i in attack.owed:
            n = attack.gets[i]
            st.varan_supply -= n
            st.players[i].discard.extend([r.data.varan_id] * n)
    if wants(ev, "varans_dealt"):
        for i in order:
            if i in attack.owed:
                water, count, owed = attack.water[i], attack.gets[i], attack.owed[i]
                info = {"water": water, "count": count, "owed": owed, "power": power}
                ev.append(Event("varans_dealt", i, info))


def onibi_attacks_sacred_tree(c: Context) -> None:
    """E-2, X-3, X-4, X-16: new fires for the cards taken, capped at 7 tiles."""
    r, st, ev = c.rules, c.state, c.events
    d = r.data
    wanted: list[int] = []
    for level, count in enumerate(st.taken):
        wanted.extend([d.fire_value_per_level[level]] * count)
    wanted.sort()  # value-2 tiles first, then 3, then 4
    added: list[int] = []
    for v in wanted:
        if len(st.centre) >= d.fire_capacity:
            if wants(ev, "fire_not_added"):
                ev.append(Event("fire_not_added", None, {"value": v, "why": "circle_full"}))
            continue
        if st.fire_supply[str(v)] <= 0:
            if wants(ev, "fire_not_added"):
                ev.append(Event("fire_not_added", None, {"value": v, "why": "supply_empty"}))
            continue
        st.fire_supply[str(v)] -= 1
        st.centre.append(v)
        added.append(v)
    kindled = False  # the fire E-2 adds when none burns (not for a card taken)
    if not st.centre:
        v = d.fire_values[0]
        if st.fire_supply[str(v)] > 0:
            st.fire_supply[str(v)] -= 1
            st.centre.append(v)
            added.append(v)
            kindled = True
        elif wants(ev, "fire_not_added"):
            ev.append(Event("fire_not_added", None, {"value": v, "why": "supply_empty"}))
    if added and wants(ev, "fires_added"):
        data: dict[str, object] = {"added": added, "total": len(st.centre)}
        if kindled:
            data["kindled"] = True
        ev.append(Event("fires_added", None, data))
    st.taken = [0, 0, 0]


def refill_reserve(c: Context) -> None:
    """E-3, X-3: fill emptied slots from the level's own stack, as far as it goes."""
    st, ev = c.state, c.events
    for level, row in enumerate(st.reserve):
        stack = st.stacks[level]
        new = []
        for i, cid in enumerate(row):
            if cid is None and stack:
                row[i] = stack.pop()
                new.append(row[i])
        if new and wants(ev, "reserve_refilled"):
            ev.append(Event("reserve_refilled", None, {"level": level + 1, "card_ids": new}))


def return_help_lines(c: Context) -> None:
    """E-4."""
    st, ev = c.state, c.events
    keep = wants(ev, "help_line_returned")
    for i, p in enumerate(st.players):
        count = len(p.help_line)
        p.discard.extend(p.help_line)
        p.help_line.clear()
        if keep:
            ev.append(Event("help_line_returned", i, {"count": count}))


def pass_sacred_tree(c: Context) -> None:
    """E-5: the next player clockwise is the first player of the next round."""
    st, ev = c.state, c.events
    st.first = (st.first + 1) % st.n
    if wants(ev, "sacred_tree_passed"):
        ev.append(Event("sacred_tree_passed", st.first))
