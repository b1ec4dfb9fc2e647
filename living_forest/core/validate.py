"""Consistency check of a position: every component in exactly one place (conservation),
counts in range, and a phase that makes sense. Returns a list of problems (empty = sound).

The check is the rules' list of named checks (``Rules.checks``): the base game's below,
then each module's. Geometry and limits (rocks, Forest size, basic actions) come from
the rules, not from constants.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from .rules import rules_of
from .state import PHASE_ACTION, PHASE_DRAW, PHASE_OVER, STARTING_TREE, GameState

if TYPE_CHECKING:
    from .rules import Rules

Report = Callable[[str], None]


def validate(st: GameState) -> list[str]:
    try:
        r = rules_of(st)
    except ValueError as e:
        return [f"the game options cannot be used: {e}"]
    problems: list[str] = []
    if st.n not in r.data.player_counts:
        return [f"{st.n} players"]
    for check in r.checks:
        check.run(r, st, problems.append)
    return problems


def check_cards(r: Rules, st: GameState, bad: Report) -> None:
    """Starting cards n copies each, level cards once, Varans 23 in total (C-5)."""
    d = r.data
    seen: Counter[str] = Counter()
    for row in st.reserve:
        seen.update(c for c in row if c is not None)
    for stack in st.stacks:
        seen.update(stack)
    for p in st.players:
        seen.update(p.draw)
        seen.update(p.discard)
        seen.update(p.help_line)
    expected: Counter[str] = Counter()
    for p in st.players:
        expected.update(d.starting_deck_of(p.spirit))
    for level_ids in d.level_cards:
        expected.update(level_ids)
    expected[d.varan_id] = d.varan_count - st.varan_supply
    for pool in r.card_pools:  # a module's cards: in its places or in the players' decks
        seen.update(pool.held(r, st))
        expected.update(pool.owned(r, st))
    if st.varan_supply < 0:
        bad(f"negative Fire Varan supply {st.varan_supply}")
    for i, p in enumerate(st.players):
        if not 0 <= p.draw_known <= len(p.draw):
            bad(f"seat {i}: {p.draw_known} known cards on a draw stack of {len(p.draw)}")
    for cid in set(seen) | set(expected):
        if seen[cid] != expected[cid]:
            bad(f"card {cid}: {seen[cid]} in play, expected {expected[cid]}")


def check_reserve(r: Rules, st: GameState, bad: Report) -> None:
    """Each reserve row and level stack holds cards of its own level only (S-6)."""
    d = r.data
    for lv, row in enumerate(st.reserve, start=1):
        if len(row) != d.reserve_size:
            bad(f"reserve level {lv} has {len(row)} slots")
        for slot in row:
            if slot is not None and d.cards[slot].level != lv:
                bad(f"card {slot} is in the level-{lv} reserve")
    for lv, stack in enumerate(st.stacks, start=1):
        for cid in stack:
            if d.cards[cid].level != lv:
                bad(f"card {cid} is in the level-{lv} stack")
    if sum(st.taken) < 0 or any(t < 0 for t in st.taken):
        bad(f"taken {st.taken}")


def check_fires(r: Rules, st: GameState, bad: Report) -> None:
    """Fire tiles: supply + centre + collected = supply at setup + initial tiles."""
    d = r.data
    on_board: Counter[int] = Counter(st.centre)
    for p in st.players:
        on_board.update(p.fires)
    for v in d.fire_values:
        total = st.fire_supply.get(str(v), 0) + on_board[v]
        want = d.fire_supply.get(v, 0) + d.initial_fires.count(v)
        if total != want or st.fire_supply.get(str(v), 0) < 0:
            bad(f"fire tiles of value {v}: {total}, expected {want}")
    if len(st.centre) > d.fire_capacity:
        bad(f"{len(st.centre)} fires on the Circle (max {d.fire_capacity})")


def check_fragments(r: Rules, st: GameState, bad: Report) -> None:
    frags = st.fragment_supply + sum(p.fragments for p in st.players)
    if frags != r.data.fragment_count or st.fragment_supply < 0:
        bad(f"{frags} Fragments in play, expected {r.data.fragment_count}")
    if any(p.fragments < 0 for p in st.players):
        bad("a player holds a negative number of Fragments")


def check_victory_tiles(r: Rules, st: GameState, bad: Report) -> None:
    """The players' 3 tiles each, each held exactly once (C-9)."""
    tiles = Counter(t for p in st.players for t in p.victory_tiles)
    want_tiles = {t for p in st.players for t, _ in r.data.victory_tiles[p.spirit]}
    if set(tiles) != want_tiles or any(v != 1 for v in tiles.values()):
        bad(f"Victory tiles held {dict(tiles)}, expected each of {sorted(want_tiles)} once")


def check_forests(r: Rules, st: GameState, bad: Report) -> None:
    """Trees: dispensers + planted = the S-7 count; every tree touches another (A-51)."""
    d = r.data
    planted: Counter[str] = Counter()
    for i, p in enumerate(st.players):
        if len(p.forest) != d.cell_count:
            bad(f"seat {i}: the Forest has {len(p.forest)} spaces, not {d.cell_count}")
            continue
        if p.forest[d.start_cell] != STARTING_TREE:
            bad(f"seat {i}: starting tree missing")
        for cell, label in enumerate(p.forest):
            if label is None or cell == d.start_cell:
                continue
            if label not in d.trees:
                bad(f"seat {i}: unknown tree {label!r}")
                continue
            planted[label] += 1
            if not any(p.forest[nb] is not None for nb in d.neighbours[cell]):
                bad(f"seat {i}: tree at cell {cell} has no neighbour")
    for label, kind in d.trees.items():
        if st.dispensers.get(label, -1) + planted[label] != kind.copies[st.n]:
            bad(f"tree {label}: {st.dispensers.get(label)} left + {planted[label]} planted")


def check_standees(r: Rules, st: GameState, bad: Report) -> None:
    """One standee per rock, on the Circle (O-1)."""
    rocks = [p.rock for p in st.players]
    if len(set(rocks)) != st.n or any(not 0 <= x < r.data.rock_count for x in rocks):
        bad(f"standees on rocks {rocks}")


def check_phase(r: Rules, st: GameState, bad: Report) -> None:
    n = st.n
    if st.phase not in r.phases:
        bad(f"unknown phase {st.phase!r}")
    if not 0 <= st.current < n or not 0 <= st.first < n:
        bad("current or first seat out of range")
    if not 0 <= st.turns_done <= n:
        bad(f"turns_done {st.turns_done}")
    elif st.phase != PHASE_OVER and st.current != (st.first + st.turns_done) % n:
        bad("the seat to act does not follow the turn order")
    if st.phase == PHASE_DRAW:
        if st.pending or st.basic_left:
            bad("actions pending during the draw phase")
        for k, seat in enumerate(st.order()):
            if st.players[seat].stopped != (k < st.turns_done):
                bad(f"seat {seat} stopped flag out of order")
    if st.phase == PHASE_ACTION:
        if any(not p.stopped for p in st.players):
            bad("a player is still drawing in the Action phase")
        if not 0 <= st.basic_left <= r.max_basic_actions:
            bad(f"basic_left {st.basic_left}")
    known = {m.name for m in r.modules}
    for where, ext in [("game", st.ext), *((f"seat {i}", p.ext) for i, p in enumerate(st.players))]:
        for name in ext:
            if name not in known:
                bad(f"{where} holds state of module {name!r}, which this game does not use")


BASE_CHECKS = (
    ("cards", check_cards),
    ("reserve", check_reserve),
    ("fires", check_fires),
    ("fragments", check_fragments),
    ("victory tiles", check_victory_tiles),
    ("forests", check_forests),
    ("standees", check_standees),
    ("phase", check_phase),
)
