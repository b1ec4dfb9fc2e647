"""Read-only queries the UI relies on: why a whole action type is unavailable (A-2, A-3,
A-20, A-30, A-40, A-50), where a move lands (A-41, A-42) and where a tree may go (A-51)."""

import random

from living_forest.bots import SeatView, baseline_bot
from living_forest.core import (
    apply,
    legal_actions,
    move_destination,
    new_game,
    plant_spaces,
    rules_for,
    why_unavailable,
)

from .scenario import play, set_centre, start, to_action_phase

ACTION_TYPES = [at.kind for at in rules_for().basic_types]


def _types_in(st) -> set[str]:
    return {a.kind for a in legal_actions(st)} & set(ACTION_TYPES)


def test_why_unavailable_agrees_with_legal_actions_in_random_games() -> None:
    for seed in range(6):
        st, _ = new_game([("A", "winter"), ("B", "spring"), ("C", "summer")], seed)
        rng = random.Random(seed)
        while st.phase != "over":
            if st.phase == "action":
                offered = _types_in(st)
                for kind in ACTION_TYPES:
                    assert (why_unavailable(st, kind) is None) == (kind in offered), (
                        kind,
                        why_unavailable(st, kind),
                    )
            st, _ = apply(st, baseline_bot(SeatView(st, st.current), legal_actions(st), rng))


def test_why_unavailable_names_the_reason() -> None:
    st = start(2)
    assert "after everyone has revealed" in why_unavailable(st, "attract")
    st = set_centre(to_action_phase(start(2), {0: ["beaver", "beetle"]}), [4])
    assert "no fire has a value of 1 water or less" in why_unavailable(st, "extinguish")
    assert "at least 1 wind" in why_unavailable(st, "move")
    st, _ = play(st, "take-fragment")
    assert st.current == 0 and st.basic_left == 1
    assert "different types" in why_unavailable(st, "take-fragment")
    assert why_unavailable(st, "attract") is None


def test_move_destination_and_plant_spaces() -> None:
    st = to_action_phase(start(2), {0: ["hummingbird"]})  # seats on rocks 0 and 6
    rock, jumped = move_destination(st, 6)
    assert (rock, jumped) == (7, [1])  # rock 6 is occupied: jumped, not counted
    assert move_destination(st, 5) == (5, [])
    assert sorted(plant_spaces(st)) == [2, 6, 8, 12]  # the four neighbours of (2,1)
