"""``push_turn`` (planning whole turns) and ``turn_start_as`` (a reveal's hypothetical
turn): the engine's own steps, stopped where a turn ends."""

from __future__ import annotations

import random

import pytest

from living_forest.bots.rules_of_thumb import random_bot
from living_forest.core import (
    GameOptions,
    basic_actions_of,
    legal_actions,
    new_game,
    observe,
    push,
    push_turn,
    rules_of,
    turn_start_as,
)
from living_forest.core.actions import END
from living_forest.core.state import PHASE_ACTION, PHASE_DRAW

KODAMA = GameOptions(("kodama",))
SPIRITS = ("winter", "spring", "summer", "autumn")


def _positions(players: int, seed: int, options: GameOptions, phase: str):
    """Every position of a random game in ``phase``, with its legal actions."""
    st, _ = new_game([(s, s) for s in SPIRITS[:players]], seed, options=options)
    rng = random.Random(seed)
    legal = legal_actions(st)
    while st.phase != "over":
        if st.phase == phase:
            yield st, legal
        a = random_bot(observe(st, st.current), legal, rng)
        legal = push(st, a)


@pytest.mark.parametrize(
    ("players", "options"), [(2, GameOptions()), (4, GameOptions()), (3, KODAMA)]
)
def test_push_turn_is_push_until_the_turn_would_end(players: int, options: GameOptions) -> None:
    """While the turn goes on, push_turn leaves the position and legal actions push
    does; where the turn would end it stops before, and ending it there by hand (``end``)
    gives push's position."""
    ended = went_on = 0
    for seed in range(3):
        for st, legal in _positions(players, seed, options, PHASE_ACTION):
            for a in legal:
                if a.kind == END:
                    continue
                a_turn, a_push = st.clone(), st.clone()
                after = push_turn(a_turn, a)
                expected = push(a_push, a)
                if after:
                    went_on += 1
                    assert after == expected and a_turn.to_dict() == a_push.to_dict()
                else:
                    ended += 1
                    assert (a_turn.phase, a_turn.round, a_turn.current) == (
                        PHASE_ACTION,
                        st.round,
                        st.current,
                    )
                    assert legal_actions(a_turn) == (legal_actions(a_turn)[0],)  # end alone
                    push(a_turn, legal_actions(a_turn)[0])
                    assert a_turn.to_dict() == a_push.to_dict()
    assert ended > 20 and went_on > 20


@pytest.mark.parametrize("options", [GameOptions(), KODAMA], ids=["base", "kodama"])
def test_turn_start_as_begins_the_seats_turn_with_the_help_lines_as_they_are(
    options: GameOptions,
) -> None:
    checked = 0
    for st, _legal in _positions(3, 7, options, PHASE_DRAW):
        before = st.to_dict()
        seat = st.current
        start = turn_start_as(st, seat)
        assert st.to_dict() == before  # a copy
        assert (start.phase, start.current) == (PHASE_ACTION, seat)
        assert start.turns_done == st.order().index(seat)
        # A-2 (and with Kodama, K-K4: one more at four symbols)
        assert basic_actions_of(start, seat) <= start.basic_left <= rules_of(st).max_basic_actions
        assert [p.help_line for p in start.players] == [p.help_line for p in st.players]
        assert legal_actions(start)  # at least ``end``
        checked += 1
    assert checked > 30
