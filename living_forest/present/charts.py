"""How the race went, round by round, for the charts. Pure (no Textual).

Each round is taken where the victory check is made (V-1): at the end of its Action
phase, before Onibi's attack and the end of the round — the last action's own position
(:func:`living_forest.core.turn_preview`), or the final position of a finished game."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from living_forest.core import GameState, counts, parse_action, rules_of, turn_preview
from living_forest.core.state import PHASE_OVER

# Four charts 2x2 need this much room to read (a row a unit or two on a 0-15 scale);
# below it the charts are shown one at a time, the whole screen each.
ALL_AT_ONCE = (120, 36)  # columns, rows

# Markers per player, so the charts read without colour (NO_COLOR).
MARKERS = ("●", "■", "▲", "◆")
# Onibi's chart: his power and the fires burning, in markers no player has (the title
# line's legend names the players' markers over every chart).
ONIBI_MARKERS = ("*", "+")
# Columns between the markers of players level at a round (more than one: two
# markers never round to one cell).
SIDE_BY_SIDE = 1.25
CONDITIONS = ("trees", "fires", "flowers")


@dataclass(frozen=True, slots=True)
class RoundPoint:
    round: int
    # Seat -> (trees, fires, flowers) as V-3 counts them, at the end of the Actions.
    counts: tuple[tuple[int, int, int], ...]
    thresholds: tuple[int, int, int]  # what each condition needs then (V-2, K-V)
    fires_burning: int  # Fire tiles on the Circle, what Onibi attacks with
    power: int  # their total value: Onibi's power (E-1)
    going_on: bool = False  # the round going on, as it stands (not its end yet)


def _point(st: GameState, going_on: bool = False) -> RoundPoint:
    r = rules_of(st)
    per_seat = []
    for p in st.players:
        c = counts(r, p)
        per_seat.append((c.trees, c.fires, c.flowers))
    t = st.thresholds
    return RoundPoint(
        st.round,
        tuple(per_seat),
        (t["trees"], t["fires"], t["flowers"]),
        len(st.centre),
        sum(st.centre),
        going_on,
    )


def names_in_seat_order(states: Sequence[GameState]) -> list[str]:
    """The players' names in the order of the points' counts: turn order from the first
    player drawn at setup (S-2), which need not be the order the seats were entered in."""
    return [p.name for p in states[0].players]


def per_round(
    states: Sequence[GameState], actions: Sequence[str], now: GameState | None = None
) -> list[RoundPoint]:
    """One point per round played (the round going on included, as it stands) from a
    game's positions (``states[i]`` after ``actions[:i]``). ``now``: the round going
    on as the board shows it, when that is not the last position (a move held for
    Enter, the round's last: its own position)."""
    out: list[RoundPoint] = []
    for i in range(1, len(states)):
        before, after = states[i - 1], states[i]
        ends = after.round != before.round or after.phase == PHASE_OVER
        if ends and before.phase == "action":  # the round's last action: its position
            if after.phase == PHASE_OVER:
                out.append(_point(after))
            else:
                out.append(_point(turn_preview(before, parse_action(actions[i - 1]))))
    last = states[-1]
    if last.phase != PHASE_OVER and (not out or out[-1].round != last.round):
        out.append(_point(last if now is None else now, going_on=True))
    return out


def charts_at_once(width: int, height: int) -> int:
    """How many charts a ``width`` x ``height`` terminal shows at once: 4 (2x2), or 1
    (80x24 gave each of four charts 5 rows, 3 units a row: markers hid each other)."""
    return 4 if width >= ALL_AT_ONCE[0] and height >= ALL_AT_ONCE[1] else 1


def y_ticks(top: int, needed: int | None, rows: int) -> list[int]:
    """The values labelled on a 0..``top`` axis drawn in ``rows`` rows: a step of 1, 2,
    3, 4, 5 or 10 that leaves a row between labels, ``needed`` (the threshold) and
    ``top`` always (the top unless it is as close to the threshold); a label never
    lands on another's row (a 4 drawn on the 6 row). Of the steps that fit, the one whose
    labels are the most evenly spaced, with at most one label fewer than the smallest
    step's and three at least; the smaller step where they are as even (13 in 8 rows:
    0 4 8 13, where a step of 5 gave 0 5 13, 10 pushed out by 13; 10 in 6 rows:
    0 5 10)."""
    per_row = (top + 1) / max(1, rows)
    steps = [s for s in (1, 2, 3, 4, 5, 10) if s >= 2 * per_row] or [10 * (1 + int(per_row))]
    first = _ticks(top, needed, per_row, steps[0])
    wider = (_ticks(top, needed, per_row, step) for step in steps[1:])
    kept = [first, *(t for t in wider if len(t) >= max(3, len(first) - 1))]
    return min(kept, key=_unevenness)


def _ticks(top: int, needed: int | None, per_row: float, step: int) -> list[int]:
    ticks = set(range(0, top + 1, step))
    # The kept values push out the regular ticks too close to them (two rows' worth of
    # values); the threshold wins over the top when they are that close.
    close = max(1.0, 2 * per_row)
    keep = {needed} if needed is not None else set()
    if needed is None or abs(top - needed) >= close:
        keep.add(top)
    ticks = {t for t in ticks if all(abs(t - k) >= close for k in keep)} | keep
    return sorted(ticks)


def _unevenness(ticks: list[int]) -> float:
    """The widest gap between labels over the narrowest (1: evenly spaced)."""
    gaps = [b - a for a, b in pairwise(ticks)] or [1]
    return max(gaps) / min(gaps)


def side_by_side(
    values: Sequence[Sequence[int]], rounds: Sequence[int], columns: int
) -> list[list[float]]:
    """Where each player's marker goes across: ``values[seat][i]`` is their count at
    ``rounds[i]`` on a plot ``columns`` cells wide (the rounds spread over it, half a
    round either side). A marker stands on its round, unless other players have the
    same count there: then the level ones stand side by side around the round,
    :data:`SIDE_BY_SIDE` columns apart, in seat order (one marker hid the others)."""
    out = [[float(r) for r in rounds] for _ in values]
    if not rounds:
        return out
    span = max(rounds) - min(rounds) + 1  # the x range: each round, half a round either side
    step = SIDE_BY_SIDE * span / max(1, columns)
    for i in range(len(rounds)):
        level: dict[int, list[int]] = defaultdict(list)
        for seat, seat_values in enumerate(values):
            level[seat_values[i]].append(seat)
        for seats in level.values():
            for j, seat in enumerate(seats):
                out[seat][i] += (j - (len(seats) - 1) / 2) * step
    return out
