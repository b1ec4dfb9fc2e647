"""Build positions for rule scenario tests.

Every helper moves components from where they are to where the test wants them, so
a rigged position still passes :func:`validate` (conservation holds).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

import pytest

from living_forest.core import (
    GameState,
    IllegalActionError,
    Refusal,
    apply,
    data,
    flow,
    legal_actions,
    new_game,
    rules_of,
    validate,
    why_illegal,
)
from living_forest.core.events import Event
from living_forest.core.state import PHASE_ACTION, PHASE_DRAW

SPIRITS = ("winter", "spring", "summer", "autumn")
NAMES = ("Ana", "Bo", "Cy", "Di")


def start(n: int = 2, seed: int = 1, first: int = 0) -> GameState:
    """A fresh game with seat 0 = Ana (winter), seat 1 = Bo (spring), ..."""
    st, _ = new_game(list(zip(NAMES[:n], SPIRITS[:n], strict=True)), seed, first=first)
    return st


def play(st: GameState, *actions: str) -> tuple[GameState, list[Event]]:
    """Apply actions in notation; return the final state and all events."""
    events: list[Event] = []
    for a in actions:
        st, ev = apply(st, a)
        events.extend(ev)
    return st, events


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def events_of(events: Iterable[Event], kind: str) -> list[Event]:
    """The events of one kind, in order."""
    return [e for e in events if e.kind == kind]


def names(st: GameState, seats: Iterable[int]) -> list[str]:
    """The players' names of ``seats`` (events carry seats, not names)."""
    return [st.players[s].name for s in seats]


def legal_strs(st: GameState) -> set[str]:
    """The legal actions, in notation."""
    return {str(a) for a in legal_actions(st)}


def legal_in_order(st: GameState) -> list[str]:
    """The legal actions, in notation, in the engine's order (for tests where order counts)."""
    return [str(a) for a in legal_actions(st)]


def legal_kinds(st: GameState) -> set[str]:
    """The kinds of the legal actions."""
    return {a.kind for a in legal_actions(st)}


def assert_rejected(st: GameState, action: str, *reason_parts: str) -> Refusal:
    """``action`` raises IllegalActionError whose reason equals ``why_illegal`` and
    answers every one of ``reason_parts``: a rule ID among its rules, any other part
    within its sentence; the action is not legal and ``st`` is unchanged. Returns the
    reason."""
    before = st.to_dict()
    with pytest.raises(IllegalActionError) as exc:
        apply(st, action)
    assert st.to_dict() == before
    reason = exc.value.reason
    assert reason == why_illegal(st, action)
    assert str(exc.value.action) not in legal_strs(st)
    for part in reason_parts:
        assert part in reason.rules or part in reason.text, reason.cited()
    return reason


def pull_card(st: GameState, seat: int, cid: str) -> None:
    """Remove one copy of ``cid`` from wherever it is (own deck first, then the reserve,
    the level stacks, or the Fire Varan supply)."""
    d = data()
    p = st.players[seat]
    for pile in (p.draw, p.discard):
        if cid in pile:
            pile.remove(cid)
            return
    if cid == d.varan_id:
        assert st.varan_supply > 0
        st.varan_supply -= 1
        return
    for level, row in enumerate(st.reserve):
        if cid in row:
            i = row.index(cid)
            row[i] = st.stacks[level].pop() if st.stacks[level] else None
            return
    for stack in st.stacks:
        if cid in stack:
            stack.remove(cid)
            return
    for other in st.players:  # a starting card already pulled from own deck: steal a copy
        for pile in (other.draw, other.discard):
            if cid in pile and other is not p:
                pile.remove(cid)
                return
    k = st.ext.get("kodama")  # a Kodama game: the piles and the box (K-S5), frozen values
    if k is not None:
        from living_forest.core.kodama.state import KodamaState

        assert isinstance(k, KodamaState)
        for name, cards in k.piles.items():
            if cid in cards:
                rest = list(cards)
                rest.remove(cid)
                st.ext["kodama"] = replace(k, piles={**k.piles, name: tuple(rest)})
                return
        if cid in k.box:
            rest = list(k.box)
            rest.remove(cid)
            st.ext["kodama"] = replace(k, box=tuple(rest))
            return
    raise AssertionError(f"card {cid} not found")


def put_on_draw(st: GameState, seat: int, cards: list[str]) -> GameState:
    """Put ``cards`` on top of seat's draw stack; the last one is drawn first."""
    st = st.clone()
    for cid in cards:
        pull_card(st, seat, cid)
        st.players[seat].draw.append(cid)
    return st


def set_help_line(st: GameState, seat: int, cards: list[str]) -> GameState:
    """Replace seat's Help Line by ``cards`` (old Help Line goes to discard)."""
    st = st.clone()
    p = st.players[seat]
    p.discard.extend(p.help_line)
    p.help_line.clear()
    for cid in cards:
        pull_card(st, seat, cid)
        p.help_line.append(cid)
    return st


def set_forest(st: GameState, seat: int, trees: dict[tuple[int, int], str]) -> GameState:
    """Plant trees (label by (x, y)) directly, taking them from the dispensers."""
    st = st.clone()
    p = st.players[seat]
    for (x, y), label in trees.items():
        cell = y * 5 + x
        old = p.forest[cell]
        if old is not None:
            st.dispensers[old] += 1
        assert st.dispensers[label] > 0, f"no tree {label} left"
        st.dispensers[label] -= 1
        p.forest[cell] = label
    return st


def set_centre(st: GameState, values: list[int]) -> GameState:
    """Put exactly these Fire tiles on the Circle (others go back to the supply)."""
    st = st.clone()
    for v in st.centre:
        st.fire_supply[str(v)] += 1
    st.centre = []
    for v in values:
        assert st.fire_supply[str(v)] > 0
        st.fire_supply[str(v)] -= 1
        st.centre.append(v)
    return st


def give_fragments(st: GameState, seat: int, count: int) -> GameState:
    st = st.clone()
    take = min(count, st.fragment_supply)
    st.fragment_supply -= take
    st.players[seat].fragments += take
    return st


def set_row(st: GameState, level: int, cards: Sequence[str | None]) -> GameState:
    """Make the level-``level`` reserve row exactly ``cards`` (None = empty slot).

    The cards shown before go to the bottom of that level's stack; wanted cards are
    taken out of the stack."""
    st = st.clone()
    row, stack = st.reserve[level - 1], st.stacks[level - 1]
    for cid in row:
        if cid is not None:
            stack.insert(0, cid)
    for cid in cards:
        if cid is not None:
            assert rules_of(st).data.cards[cid].level == level, cid
            stack.remove(cid)
    st.reserve[level - 1] = list(cards)
    assert validate(st) == [], validate(st)
    return st


def give_fires(st: GameState, seat: int, values: list[int]) -> GameState:
    """Move Fire tiles from the supply to a player's collected fires."""
    st = st.clone()
    for v in values:
        assert st.fire_supply[str(v)] > 0
        st.fire_supply[str(v)] -= 1
        st.players[seat].fires.append(v)
    assert validate(st) == [], validate(st)
    return st


def move_tile(st: GameState, tile: str, to_seat: int) -> GameState:
    """Hand Victory tile ``tile`` to ``to_seat`` (as if stolen earlier)."""
    st = st.clone()
    for p in st.players:
        if tile in p.victory_tiles:
            p.victory_tiles.remove(tile)
    st.players[to_seat].victory_tiles.append(tile)
    assert validate(st) == [], validate(st)
    return st


def set_rocks(st: GameState, rocks: dict[int, int]) -> GameState:
    st = st.clone()
    for seat, rock in rocks.items():
        st.players[seat].rock = rock
    assert validate(st) == [], validate(st)
    return st


def set_first(st: GameState, first: int) -> GameState:
    """Give the Sacred Tree to ``first`` (call before ``to_action_phase``)."""
    st = st.clone()
    st.first = first
    st.current = first
    assert validate(st) == [], validate(st)
    return st


def deal_varans(st: GameState, seat: int, count: int) -> GameState:
    """Move ``count`` Fire Varans from their deck to a player's discard stack."""
    st = st.clone()
    assert st.varan_supply >= count
    st.varan_supply -= count
    st.players[seat].discard.extend([data().varan_id] * count)
    assert validate(st) == [], validate(st)
    return st


def cards_adding_up(table: list[tuple[str, int]], amount: int) -> list[str]:
    """Cards from ``table`` (card id and value, largest value first), each at most once,
    whose values add up to exactly ``amount`` (greedy; asserts that it gets there)."""
    out = []
    for cid, v in table:
        if v <= amount:
            out.append(cid)
            amount -= v
    assert amount == 0
    return out


def to_action_phase(
    st: GameState,
    help_lines: dict[int, list[str]],
    seat: int | None = None,
    *,
    events: list[Event] | None = None,
) -> GameState:
    """Skip the draw phase: give each seat the Help Line listed and start the Action
    phase with the Sacred Tree holder (or ``seat``) to act; the turn start's events go
    to ``events`` if given."""
    for s, cards in help_lines.items():
        st = set_help_line(st, s, cards)
    st = st.clone()
    for p in st.players:
        p.stopped = True
        p.can_use_fragment = False
    st.phase = PHASE_ACTION
    who = st.first if seat is None else seat
    st.turns_done = (who - st.first) % st.n
    # The engine itself starts the turn, so the number of basic actions is its own.
    flow.start_turn(rules_of(st), st, who, [] if events is None else events)
    assert validate(st) == [], validate(st)
    return st


def to_draw_phase(st: GameState) -> GameState:
    """Reset to the start of a draw phase (nobody has revealed yet)."""
    st = st.clone()
    for p in st.players:
        p.discard.extend(p.help_line)
        p.help_line.clear()
        p.stopped = False
        p.can_use_fragment = False
    st.phase = PHASE_DRAW
    st.turns_done = 0
    st.current = st.first
    st.pending = []
    st.basic_left = 0
    st.used_types = []
    return st
