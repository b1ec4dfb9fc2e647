"""Setup of a new game (S-1 … S-9)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import rng
from .context import Context
from .events import Event
from .state import PHASE_DRAW, STARTING_TREE, GameState, PlayerState

if TYPE_CHECKING:
    from .rules import Rules


class SetupError(ValueError):
    """The seats or options cannot start a game."""


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    spirit: str


def _draw_first(state: int, n: int) -> tuple[int, int]:
    return rng.below(state, n)


def drawn_first(seed: int, n: int) -> int:
    """The seat (table order) that S-2 draws to play first in a game of ``n`` seats
    set up from ``seed`` with no first player given: a form can say who starts before
    the game is set up."""
    return _draw_first(rng.seed_state(seed), n)[0]


def build_game(
    r: Rules, seats: Sequence[Seat], seed: int, first: int | None
) -> tuple[GameState, list[Event]]:
    """The base setup (S-1 … S-9), then every module's setup steps: they run after the
    base shuffles, so a base game's random stream is the same whatever modules exist."""
    d = r.data
    n = len(seats)
    if n not in d.player_counts:
        raise SetupError(f"Living Forest is for {d.player_counts} players, not {n} (S-1)")
    for m in r.modules:
        if m.players and n not in m.players:
            raise SetupError(f"{m.title} is for {list(m.players)} players, not {n}")
    spirits = [s.spirit for s in seats]
    for s in seats:
        if s.spirit not in d.spirits:
            raise SetupError(f"unknown Spirit {s.spirit!r}; choose from {sorted(d.spirits)}")
        if not s.name.strip():
            raise SetupError("every seat needs a name")
    if len(set(spirits)) != n:
        raise SetupError("each Spirit can be played by one player only (N-7)")
    if not isinstance(seed, int) or seed < 0:
        raise SetupError("the seed must be a whole number >= 0")
    state = rng.seed_state(seed)
    # S-2: a random first player; seats are renumbered clockwise from them.
    if first is None:
        first, state = _draw_first(state, n)
    elif not 0 <= first < n:
        raise SetupError(f"first player must be a seat from 0 to {n - 1}")
    ordered = list(seats[first:]) + list(seats[:first])
    players = []
    start_rocks = d.start_rocks[n]
    cells = d.columns * d.rows
    for i, s in enumerate(ordered):  # S-3, S-4
        deck = list(d.starting_deck_of(s.spirit))
        state = rng.shuffle(deck, state)
        forest: list[str | None] = [None] * cells
        forest[d.start_cell] = STARTING_TREE
        players.append(
            PlayerState(
                name=s.name.strip(),
                spirit=s.spirit,
                draw=deck,
                discard=[],
                help_line=[],
                forest=forest,
                fires=[],
                victory_tiles=[t for t, _ in d.victory_tiles[s.spirit]],
                rock=start_rocks[i],
            )
        )
    stacks = []
    reserve: list[list[str | None]] = []
    for level in d.level_cards:  # S-6
        stack = list(level)
        state = rng.shuffle(stack, state)
        row: list[str | None] = [stack.pop() if stack else None for _ in range(d.reserve_size)]
        stacks.append(stack)
        reserve.append(row)
    gs = GameState(
        players=players,
        seed=seed,
        rng=state,
        round=1,
        phase=PHASE_DRAW,
        first=0,
        current=0,
        turns_done=0,
        basic_left=0,
        used_types=[],
        pending=[],
        reserve=reserve,
        stacks=stacks,
        taken=[0, 0, 0],
        centre=list(d.initial_fires),  # S-5: the extra value-2 tile
        fire_supply={str(v): c for v, c in d.fire_supply.items()},  # S-8
        fragment_supply=d.fragment_count,
        varan_supply=d.varan_count,
        dispensers={label: k.copies[n] for label, k in d.trees.items()},  # S-7
        thresholds=dict.fromkeys(("trees", "fires", "flowers"), d.threshold),  # V-2
        options=r.options,
    )
    events = [
        Event("game_started", None, {"first": 0, "seed": seed}),
        Event("round_started", None, {"round": 1, "first": 0}),
    ]
    c = Context(r, gs, events)
    for step in r.setup_steps:
        step(c)
    return gs, events
