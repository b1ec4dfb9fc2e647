"""The scenario helpers keep positions sound (they are used by every rule test)."""

from living_forest.core import legal_actions, validate

from .scenario import put_on_draw, set_centre, set_forest, start, to_action_phase


def test_rigged_positions_stay_valid() -> None:
    st = start(3, seed=5)
    st = put_on_draw(st, 1, ["fire_varan", "bear"])
    assert st.players[1].draw[-1] == "bear"
    st = set_forest(st, 0, {(1, 1): "3A", (0, 1): "5B"})
    st = set_centre(st, [2, 3, 4])
    row1 = st.reserve[0][0]
    assert row1 is not None
    st = to_action_phase(st, {0: ["beetle", row1], 1: ["owl"], 2: []})
    assert validate(st) == []
    assert st.players[0].help_line == ["beetle", row1]
    assert st.phase == "action" and st.current == 0
    assert legal_actions(st)
