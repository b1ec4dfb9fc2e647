"""Consistency check of a position: every component in exactly one place (conservation),
counts in range, and a phase that makes sense. Returns a list of problems (empty = sound).
"""

from __future__ import annotations

from collections import Counter

from .data import GameData
from .engine import data as _data
from .state import PHASE_ACTION, PHASE_DRAW, PHASE_OVER, STARTING_TREE, GameState


def validate(st: GameState, d: GameData | None = None) -> list[str]:
    d = d or _data()
    problems: list[str] = []
    n = st.n
    bad = problems.append
    if n not in d.player_counts:
        bad(f"{n} players")
        return problems
    # Cards: starting cards n copies each, level cards once, Varans 23 in total.
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
    for cid in d.starting_deck:
        expected[cid] += n
    for level_ids in d.level_cards:
        expected.update(level_ids)
    expected[d.varan_id] = d.varan_count - st.varan_supply
    if st.varan_supply < 0:
        bad(f"negative Fire Varan supply {st.varan_supply}")
    for cid in set(seen) | set(expected):
        if seen[cid] != expected[cid]:
            bad(f"card {cid}: {seen[cid]} in play, expected {expected[cid]}")
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
    # Fire tiles: supply + centre + collected = supply at setup + initial tiles.
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
    # Fragments.
    frags = st.fragment_supply + sum(p.fragments for p in st.players)
    if frags != d.fragment_count or st.fragment_supply < 0:
        bad(f"{frags} Fragments in play, expected {d.fragment_count}")
    if any(p.fragments < 0 for p in st.players):
        bad("a player holds a negative number of Fragments")
    # Victory tiles: the players' 3 tiles each, each held exactly once.
    tiles = Counter(t for p in st.players for t in p.victory_tiles)
    want_tiles = {t for p in st.players for t, _ in d.victory_tiles[p.spirit]}
    if set(tiles) != want_tiles or any(v != 1 for v in tiles.values()):
        bad(f"Victory tiles held {dict(tiles)}, expected each of {sorted(want_tiles)} once")
    # Trees: dispensers + planted = the S-7 count for n players.
    planted: Counter[str] = Counter()
    for i, p in enumerate(st.players):
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
        if st.dispensers.get(label, -1) + planted[label] != kind.copies[n]:
            bad(f"tree {label}: {st.dispensers.get(label)} left + {planted[label]} planted")
    # Standees: one per rock.
    rocks = [p.rock for p in st.players]
    if len(set(rocks)) != n or any(not 0 <= r < 12 for r in rocks):
        bad(f"standees on rocks {rocks}")
    # Phase.
    if st.phase not in (PHASE_DRAW, PHASE_ACTION, PHASE_OVER):
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
        order = st.order()
        for k, seat in enumerate(order):
            if st.players[seat].stopped != (k < st.turns_done):
                bad(f"seat {seat} stopped flag out of order")
    if st.phase == PHASE_ACTION:
        if any(not p.stopped for p in st.players):
            bad("a player is still drawing in the Action phase")
        if not 0 <= st.basic_left <= 2:
            bad(f"basic_left {st.basic_left}")
    if sum(st.taken) < 0 or any(t < 0 for t in st.taken):
        bad(f"taken {st.taken}")
    return problems
