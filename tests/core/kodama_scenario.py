"""Positions for the Kodama rule tests (KODAMA.md); builds on ``scenario.py``.

Every helper moves components between the places they can be, so a rigged position
still validates (the Kodama cards between the piles, the box and the players' decks).
"""

from __future__ import annotations

from dataclasses import replace

from living_forest.core import Event, GameOptions, GameState, new_game, rules_of, validate
from living_forest.core.kodama import kodama, kodama_data, player

from .scenario import NAMES, SPIRITS, pull_card, to_action_phase

K = GameOptions(("kodama",))


def kstart(n: int = 2, seed: int = 1, first: int = 0) -> GameState:
    """A Kodama game: seat 0 = Ana (winter), seat 1 = Bo (spring), ..."""
    st, _ = new_game(list(zip(NAMES[:n], SPIRITS[:n], strict=True)), seed, first=first, options=K)
    return st


def set_pile(st: GameState, pile: str, cards: list[str]) -> GameState:
    """Make the ``pile`` exactly ``cards`` (bottom to top); what it held goes to the box;
    its condition's threshold is 15 if it is now empty (K-V2)."""
    st = st.clone()
    k = kodama(st)
    box = [*k.box, *k.piles[pile]]
    st.ext["kodama"] = replace(k, piles={**k.piles, pile: ()}, box=())
    for cid in cards:
        assert cid in kodama_data(rules_of(st)).piles[pile], cid
        if cid in box:
            box.remove(cid)
        else:
            pull_card(st, 0, cid)
    k = kodama(st)
    st.ext["kodama"] = replace(k, piles={**k.piles, pile: tuple(cards)}, box=(*k.box, *box))
    kd = kodama_data(rules_of(st))  # an emptied pile has raised its threshold (K-V2)
    st.thresholds[kd.pile_condition[pile]] = kd.threshold if cards else kd.raised_threshold
    assert validate(st) == [], validate(st)
    return st


def give_tiles(st: GameState, seat: int, n: int) -> GameState:
    st = st.clone()
    p = st.players[seat]
    p.ext["kodama"] = replace(player(p), tiles=player(p).tiles + n)
    return st


def set_onibi(st: GameState, rock: int) -> GameState:
    st = st.clone()
    st.ext["kodama"] = replace(kodama(st), onibi=rock)
    assert validate(st) == [], validate(st)
    return st


def to_kaction(
    st: GameState, help_lines: dict[int, list[str]], seat: int | None = None
) -> tuple[GameState, list[Event]]:
    """``scenario.to_action_phase``, also returning the events of the turn's start (the
    symbol rewards, K-K2)."""
    events: list[Event] = []
    st = to_action_phase(st, help_lines, seat, events=events)
    return st, events
