"""What the app (and bots) may ask the core, so no screen re-derives a rule.

=========================  ==========================================================
``decision(st)``           the decision the player to act faces, typed: what is being
                           chosen, the strength and budget left, a bonus's source
``basic_actions_of``       basic actions a player's Help Line gives (A-2)
``forced_stop_count``      the net solitary count that forces a stop (G-5)
``victory_thresholds``     the threshold of each victory condition now (V-2, K-V)
``victory_tile``           a Victory tile's owner and type (C-9)
``plant_preview``          what planting on a space would complete or trigger (F-4, F-5)
``reveals_hidden``         does an action show something nobody knew (undo stops there)
``revealed_by``            did a transition's events show something nobody knew
=========================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .actions import Action, parse_action
from .data import Corner, LineBonus
from .events import Event
from .rules import rules_of
from .state import PHASE_ACTION, PHASE_DRAW, PHASE_OVER, GameState
from .strength import basic_actions_for, raw_strengths

# Decision kinds (a decision handler's pending kind, e.g. "steal", is a kind too).
REVEAL = "reveal"  # Guardian Animals phase: draw, stop, use a Fragment (G-2 … G-8)
CHOOSE_ACTION = "action"  # start an action or end the turn (A-1 … A-9)
PICK = "pick"  # more items for the multi-pick action in progress, or done
BONUS = "bonus"  # the offered bonus action, or skip
OVER = "over"


@dataclass(frozen=True, slots=True)
class Decision:
    """The decision the player to act faces now."""

    kind: str  # REVEAL, CHOOSE_ACTION, PICK, BONUS, OVER, or a handler's kind ("steal")
    seat: int | None  # who decides (None once the game is over)
    action: str | None = None  # PICK / BONUS: the action type's kind ("attract")
    strength: int | None = None  # PICK / BONUS: its full strength, temporary bonus included
    budget: int | None = None  # PICK: what is left of it; BONUS: the same as strength
    extra: int = 0  # the temporary strength of a corner bonus (F-4)
    source: str | None = None  # BONUS: "rock" or "corner"
    target: int | None = None  # a handler's decision about another seat (the robbed one)
    basic_left: int = 0  # CHOOSE_ACTION / PICK / BONUS: basic actions left this turn
    used_types: tuple[str, ...] = ()  # basic action types used this turn

    @property
    def is_bonus(self) -> bool:
        return self.kind == BONUS


def decision(st: GameState) -> Decision:
    r = rules_of(st)
    if st.phase == PHASE_OVER:
        return Decision(OVER, None)
    if st.phase == PHASE_DRAW:
        return Decision(REVEAL, st.current)
    assert st.phase == PHASE_ACTION
    seat, left, used = st.current, st.basic_left, tuple(st.used_types)
    if not st.pending:
        return Decision(CHOOSE_ACTION, seat, basic_left=left, used_types=used)
    top = st.pending[-1]
    at = r.bonus_types[top.bonus_type] if top.kind == BONUS else r.by_kind.get(top.kind)
    if at is None or not (top.kind == BONUS or at.multi_pick):
        return Decision(top.kind, seat, target=top.target, basic_left=left, used_types=used)
    p = st.players[seat]
    strength = at.budget(r, p, raw_strengths(r, p), top.extra)
    return Decision(
        BONUS if top.kind == BONUS else PICK,
        seat,
        action=at.kind,
        strength=strength,
        budget=strength - top.spent,
        extra=top.extra,
        source=top.source or None,
        basic_left=left,
        used_types=used,
    )


def basic_actions_of(st: GameState, seat: int) -> int:
    """Basic actions the seat's Help Line gives now (A-2)."""
    return basic_actions_for(rules_of(st), st.players[seat])


def forced_stop_count(st: GameState) -> int:
    """The net solitary count at which revealing stops (G-5)."""
    return rules_of(st).data.forced_stop_at


def victory_thresholds(st: GameState) -> Mapping[str, int]:
    """Each victory condition's threshold now ("trees", "fires", "flowers"; V-2)."""
    return dict(st.thresholds)


def victory_tile(st: GameState, tile: str) -> tuple[str, str]:
    """(owner Spirit, type) of a Victory tile; type is "fire", "flower" or "tree"."""
    return rules_of(st).data.tiles[tile]


@dataclass(frozen=True, slots=True)
class PlantPreview:
    cell: int
    lines: tuple[LineBonus, ...]  # lines a tree here would complete (F-5)
    corner: Corner | None  # the corner bonus a tree here would trigger (F-4)


def plant_preview(st: GameState, cell: int, seat: int | None = None) -> PlantPreview:
    """What a tree on ``cell`` of ``seat``'s Forest (default: the player to act) would
    complete and trigger."""
    d = rules_of(st).data
    forest = st.players[st.current if seat is None else seat].forest
    lines = tuple(
        ln
        for ln in d.lines
        if cell in ln.cells and all(forest[c] is not None or c == cell for c in ln.cells)
    )
    return PlantPreview(cell, lines, d.corners.get(cell))


def reveals_hidden(st: GameState, action: Action | str) -> bool:
    """Does this action, by its kind, show information nobody had (a drawn card; a
    Fragment on a just-revealed card; a module's pile)? Undo never crosses it."""
    a = parse_action(action) if isinstance(action, str) else action
    return a.kind in rules_of(st).revealing_actions


def revealed_by(st: GameState, events: Iterable[Event]) -> bool:
    """Did these events (of one transition from ``st``) show hidden information, e.g.
    new reserve cards at the end of the round (E-3) or a reshuffle (G-6)?"""
    kinds = rules_of(st).revealing_events
    return any(e.kind in kinds for e in events)
