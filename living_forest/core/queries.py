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
``new_tree_kind``          would a tree of this kind add one to the Trees count
``round_untouched``        a round's start, before anybody revealed (G-1)
``action_possible``        has the action using an Element an option at a strength
``onibi_forecast``         what Onibi's attack on the Spirits (E-1) would do now
``conditions_met``         who meets a victory condition now (V-1, V-2)
``victory_gaps``           how far each player is from each condition (V-2)
``could_end_this_round``   who could still meet a condition in this round's actions
``count_breakdown``        a player's three victory counts, part by part (V-3)
=========================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .actions import Action, parse_action
from .data import FLOWER, PLANT, WATER, Corner, LineBonus
from .end_of_round import SpiritAttack, spirit_attack
from .events import Event
from .rules import rules_of
from .state import (
    PHASE_ACTION,
    PHASE_DRAW,
    PHASE_OVER,
    STARTING_TREE,
    GameState,
    PendingKind,
    PlayerState,
)
from .strength import Counts, basic_actions_for, counts, raw_strengths
from .turn import type_allowed


class DecisionKind(StrEnum):
    """The kinds of decision the core itself makes (``Decision.kind``); a decision
    handler's pending kind (``"steal"``) is a kind too."""

    REVEAL = "reveal"  # Guardian Animals phase: draw, stop, use a Fragment (G-2 … G-8)
    CHOOSE_ACTION = "action"  # start an action or end the turn (A-1 … A-9)
    PICK = "pick"  # more items for the multi-pick action in progress, or done
    BONUS = PendingKind.BONUS.value  # the offered bonus action, or skip
    OVER = "over"


REVEAL = DecisionKind.REVEAL
CHOOSE_ACTION = DecisionKind.CHOOSE_ACTION
PICK = DecisionKind.PICK
BONUS = DecisionKind.BONUS
OVER = DecisionKind.OVER


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


def round_untouched(st: GameState, events: Sequence[Event]) -> bool:
    """Is this the very start of a round: its Guardian Animals phase (G-1) before any
    player did anything in it (revealed, stopped, used a Fragment)? ``events``: the
    game's events so far; those after the last ``round_started`` are read (without
    one, False). The state alone cannot tell: a card revealed and then removed with a
    Fragment (G-8) leaves the Help Line empty."""
    if st.phase != PHASE_DRAW:
        return False
    start = len(events)
    while start and events[start - 1].kind != "round_started":
        start -= 1
    # A player's doing is a seat's event; the round's own (a module's set-up) are not.
    return bool(start) and all(e.seat is None for e in events[start:])


def new_tree_kind(st: GameState, label: str, seat: int | None = None) -> bool:
    """Would planting a tree ``label`` add one to the Trees count of ``seat`` (default:
    the player to act)? Only different kinds count (V-3); its Elements count anyway."""
    forest = st.players[st.current if seat is None else seat].forest
    return label != STARTING_TREE and label not in forest


def action_possible(st: GameState, seat: int, element: int, strength: int) -> bool:
    """Would the basic action that uses Element ``element`` (its index) have anything
    to do for ``seat`` within ``strength`` (what the action may spend, its budget): a
    card that cheap, a fire that small, a tree that cheap with a space for it (A-5,
    A-6, A-50, A-51)? Asked of the action type."""
    r = rules_of(st)
    p = st.players[seat]
    for at in r.basic_types:
        if at.element == element:
            return strength > 0 and at.has_option(r, st, p, strength)
    return False


def onibi_forecast(st: GameState) -> SpiritAttack | None:
    """Onibi's attack on the Spirits (E-1) if the round ended now: its power, its
    tiles, each player's water and the Fire Varans each attacked player would get.
    None when the centre holds no fire."""
    return spirit_attack(rules_of(st), st)


def conditions_met(st: GameState) -> dict[int, tuple[str, ...]]:
    """Seat -> the victory conditions it meets now ("trees", "fires", "flowers"), for
    the seats that meet one. Checked at the end of each Action phase (V-1)."""
    r = rules_of(st)
    out = {}
    for i, p in enumerate(st.players):
        met = counts(r, p).met(st.thresholds)
        if met:
            out[i] = tuple(met)
    return out


def victory_gaps(st: GameState) -> dict[int, dict[str, int]]:
    """Seat -> condition -> how many more it needs to meet it (V-2): 0 when met, for
    every seat and condition. The app shows those within one of their threshold."""
    r = rules_of(st)
    t = st.thresholds
    out = {}
    for i, p in enumerate(st.players):
        c = counts(r, p)
        values = {"trees": c.trees, "fires": c.fires, "flowers": c.flowers}
        out[i] = {name: max(0, t[name] - v) for name, v in values.items()}
    return out


def could_end_this_round(st: GameState) -> dict[int, dict[str, int]]:
    """Seat -> condition -> how many more it needs, for the seats that do not meet
    that condition yet but could in this round, so that the game would end after its
    Action phase (V-1):

    - while revealing (the Help Lines still grow), every seat within one of it;
    - in the Action phase, the seats whose action turn is going on (a basic action of
      the needed type still allowed, A-2/A-3) or still to come, where a single basic
      action with their strength now does it: Extinguish the smallest fires, total
      value within their water (A-50), for the fires; Plant a kind not yet in their
      Forest they can afford, with a free space (A-51, V-3), for the one tree missing;
      Plant a tree giving the flowers missing, for the flowers.

    A promise the rules keep: bonus actions, moves and modules' actions are left out, so a seat
    that is not listed may still get there by them."""
    r = rules_of(st)
    gaps = victory_gaps(st)
    if st.phase == PHASE_DRAW:
        return {
            seat: {m: g for m, g in gaps[seat].items() if g == 1}
            for seat in range(st.n)
            if any(g == 1 for g in gaps[seat].values())
        }
    if st.phase != PHASE_ACTION:
        return {}
    by_element = {at.element: at for at in r.basic_types}
    out: dict[int, dict[str, int]] = {}
    for seat in st.order()[st.turns_done :]:
        p = st.players[seat]
        s = raw_strengths(r, p)

        def may(element: int, seat: int = seat, p: PlayerState = p) -> bool:
            at = by_element.get(element)
            if at is None:
                return False
            # The seat to act: its type still allowed (during a pick too: the type being
            # played is already counted as used, A-2/A-3).
            return seat != st.current or type_allowed(r, st, p, at)

        reach: dict[str, int] = {}
        fires_gap = gaps[seat]["fires"]
        if fires_gap and may(WATER):
            budget, put_out = by_element[WATER].budget(r, p, s, 0), 0
            for v in sorted(st.centre):
                if v > budget:
                    break
                budget -= v
                put_out += 1
            if put_out >= fires_gap:
                reach["fires"] = fires_gap
        plant = by_element[PLANT].budget(r, p, s, 0) if PLANT in by_element else 0
        if may(PLANT) and action_possible(st, seat, PLANT, plant):
            kinds = [
                r.data.trees[label]
                for label, left in st.dispensers.items()
                if left > 0 and r.data.trees[label].cost <= plant
            ]
            if gaps[seat]["trees"] == 1 and any(new_tree_kind(st, k.label, seat) for k in kinds):
                reach["trees"] = 1
            need = gaps[seat]["flowers"]
            if need and any(k.elements[FLOWER] >= need for k in kinds):
                reach["flowers"] = need
        if reach:
            out[seat] = reach
    return out


@dataclass(frozen=True, slots=True)
class CountBreakdown:
    """A player's victory counts (V-3) part by part. ``flower_parts``: (source, flowers)
    for each strength contributor that gives flowers (the Help Line, the Forest trees,
    the completed lines, a module's own), in the rules' order."""

    tree_kinds: int  # different Protective Tree kinds in the Forest
    starting_tree: int  # the starting tree counts 1
    tree_tiles: int  # Tree Victory tiles held
    fire_tiles: int  # Fire tiles extinguished
    fire_victory_tiles: int
    flower_parts: tuple[tuple[str, int], ...]
    flower_tiles: int  # Flower Victory tiles held
    counts: Counts

    @property
    def flowers_before_tiles(self) -> int:
        return sum(v for _, v in self.flower_parts)


def count_breakdown(st: GameState, seat: int) -> CountBreakdown:
    """``seat``'s three counts (V-3), each split into what makes it."""
    r = rules_of(st)
    p = st.players[seat]
    kinds = {label for label in p.forest if label is not None and label != STARTING_TREE}
    types = [r.data.tiles[t][1] for t in p.victory_tiles]
    parts = []
    for c in r.contributors:
        s = [0, 0, 0, 0, 0]
        c.add(r, p, s)
        parts.append((c.name, s[FLOWER]))
    return CountBreakdown(
        len(kinds),
        1,
        types.count("tree"),
        len(p.fires),
        types.count("fire"),
        tuple(parts),
        types.count("flower"),
        counts(r, p),
    )
