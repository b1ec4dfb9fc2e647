"""Scenario tests for the Forest board (F-1 … F-7) and the Circle of Spirits (O-1 … O-3).

The positions are rigged with the helpers of :mod:`tests.core.scenario`.
"""

from __future__ import annotations

import pytest

from living_forest.core import (
    GameState,
    counts,
    data,
    legal_actions,
    parse_action,
    raw_strengths,
    rules_for,
    validate,
)
from living_forest.core.actions import ActionParseError
from living_forest.core.effects import RepeatAction

from .scenario import (
    assert_rejected,
    cards_adding_up,
    events_of,
    give_fragments,
    kinds,
    legal_strs,
    play,
    set_centre,
    set_forest,
    set_rocks,
    set_row,
    start,
    to_action_phase,
)

D = data()
R = rules_for()
SUN, WATER, PLANT, WIND, FLOWER = range(5)


# --- F-1 … F-3: geometry ------------------------------------------------------------


def test_F1_coordinates_are_column_x_and_row_y_from_top_left() -> None:
    """F-1: (x, y) = (column from the left, row from the top); cell = y*5 + x."""
    st = to_action_phase(start(2), {0: ["bear", "bee"]})  # plant 3
    st2, ev = play(st, "plant 3A@1,1")
    assert st2.players[0].forest[1 * 5 + 1] == "3A"
    planted = events_of(ev, "tree_planted")[0]
    assert (planted["x"], planted["y"], planted["cell"]) == (1, 1, 6)
    assert str(parse_action("plant 3a@4,2")) == "plant 3A@4,2"
    assert parse_action("plant 3A@4,2").cell == 14  # bottom-right corner
    assert parse_action("plant 3A@0,0").cell == 0  # top-left corner
    with pytest.raises(ActionParseError):
        parse_action("plant 3A@5,0")
    with pytest.raises(ActionParseError):
        parse_action("plant 3A@0,3")


def test_F2_starting_tree_at_centre_counts_for_adjacency_and_trees_but_gives_nothing() -> None:
    """F-2: (2,1) holds the starting tree: never empty, a neighbour for A-51, +1 tree
    for V-3, and no Elements."""
    st = to_action_phase(start(2), {0: ["bear", "bee"]})
    p = st.players[0]
    assert p.forest[7] == "S"
    assert [c for c, v in enumerate(p.forest) if v is not None] == [7]
    p_no_help = st.players[1]
    assert p_no_help.help_line == []
    assert raw_strengths(R, p_no_help) == [0, 0, 0, 0, 0]
    assert counts(R, p_no_help).trees == 2  # starting tree + own Tree Victory tile
    cells = {a.cell for a in legal_actions(st) if a.kind == "plant"}
    assert cells == {2, 6, 8, 12}  # only the 4 orthogonal neighbours of (2,1)
    assert_rejected(st, "plant 3A@2,1", "already has a tree")
    assert_rejected(st, "plant 3A@0,0", "next to a tree")
    assert_rejected(st, "plant 3A@1,0", "next to a tree")  # diagonal does not count


def test_F3_fourteen_plantable_spaces_then_the_forest_is_full() -> None:
    """F-3: the 14 non-start spaces are plantable; a Forest holds at most 14 trees."""
    assert len(D.plantable) == 14 and D.start_cell not in D.plantable
    labels = ["3A", "3B", "4A", "4B", "5A", "5B", "6", "7", "8", "9", "10", "11", "3A"]
    cells = [(x, y) for y in range(3) for x in range(5) if (x, y) != (2, 1)]
    st = start(4)
    st = set_forest(st, 0, dict(zip(cells[:13], labels, strict=True)))
    st = to_action_phase(st, {0: ["bear", "bee"]})  # plant 3
    assert validate(st) == []
    last = cells[13]
    st2, _ = play(st, f"plant 3B@{last[0]},{last[1]}", "skip")  # (4,2): decline +2 water
    assert sum(1 for c in st2.players[0].forest if c not in (None, "S")) == 14
    # Second basic action: tree 11 would allow another Plant (F-7), but the Forest is
    # full, so none is offered (X-7 too).
    assert "11" in st2.players[0].forest and st2.basic_left == 1
    assert not any(a.kind == "plant" for a in legal_actions(st2))
    assert_rejected(st2, "plant 3A@2,1", "already has a tree")


# --- F-4: corner bonuses --------------------------------------------------------------


def _top_left_ready() -> GameState:
    st = start(2)
    st = set_forest(st, 0, {(1, 1): "4A", (1, 0): "4B"})
    st = to_action_phase(st, {0: ["lynx", "bear"]})  # sun 2, water 2, plant 3, net 2
    st = set_row(st, 1, ["lemur", "hedgehog", "wolf", "ram"])  # costs 5, 3, 5, 5
    assert validate(st) == []
    return st


def test_F4_top_left_corner_attract_with_plus_three_sun_for_that_action_only() -> None:
    """F-4: planting on (0,0) offers an Attract bonus with +3 sun for that action
    only; the next (basic) Attract is back to the normal sun strength."""
    st = _top_left_ready()
    st, ev = play(st, "plant 3B@0,0")
    offered = events_of(ev, "bonus_offered")
    assert len(offered) == 1
    assert offered[0]["bonus"] == "attract" and offered[0]["source"] == "corner"
    assert offered[0]["extra"] == 3
    assert st.pending[-1].kind == "bonus" and st.pending[-1].bonus_type == "attract"
    assert raw_strengths(R, st.players[0])[SUN] == 2  # the +3 is not permanent
    assert {"attract lemur", "attract hedgehog", "skip"} <= set(legal_strs(st))
    assert_rejected(st, "take-fragment", "bonus")
    st, ev = play(st, "attract lemur")  # cost 5 = 2 + 3
    assert st.players[0].draw[-1] == "lemur"
    assert st.pending == [] and st.basic_left == 1  # the bonus used no basic action
    # The remaining basic Attract has only sun 2 again.
    assert not any(a.kind == "attract" for a in legal_actions(st))
    assert_rejected(st, "attract hedgehog", "costs 3 sun", "2")
    assert_rejected(st, "attract wolf", "costs 5 sun")


def test_F4_corner_bonus_comes_even_after_the_last_basic_action() -> None:
    """F-4 / A-53: planting on a corner with the last (here the only) basic action
    still offers the corner bonus before the turn ends."""
    st = start(2)
    st = set_forest(st, 0, {(1, 1): "4A", (1, 0): "4B"})
    st = to_action_phase(st, {0: ["lynx", "bear", "fox"]})  # net 3: one basic action
    st = set_row(st, 1, ["lemur", "hedgehog", "wolf", "ram"])
    assert st.basic_left == 1
    st, ev = play(st, "plant 3B@0,0")
    assert st.current == 0 and st.basic_left == 0 and "turn_ended" not in kinds(ev)
    assert events_of(ev, "bonus_offered")[0]["extra"] == 3
    st, ev = play(st, "attract lemur")
    assert st.players[0].draw[-1] == "lemur"
    assert "turn_ended" in kinds(ev) and st.current == 1


def test_F4_corner_bonus_can_be_declined() -> None:
    """F-4 / A-8 project ruling: the corner Attract bonus is optional."""
    st = _top_left_ready()
    st, ev = play(st, "plant 3B@0,0", "skip")
    assert "bonus_skipped" in kinds(ev)
    assert st.pending == [] and st.basic_left == 1
    assert st.players[0].draw[-1] != "lemur"


def test_F4_bottom_right_corner_extinguish_with_plus_two_water_for_that_action_only() -> None:
    """F-4: planting on (4,2) offers an Extinguish bonus with +2 water, that action only."""
    st = start(2)
    st = set_forest(st, 0, {(3, 1): "4A", (4, 1): "4B"})
    st = set_centre(st, [3, 3])
    st = to_action_phase(st, {0: ["bear", "bee"]})  # water 1, plant 3
    assert validate(st) == []
    assert_rejected(st, "extinguish 3", "needs 3 water", "1")
    st, ev = play(st, "plant 3A@4,2")
    offered = events_of(ev, "bonus_offered")[0]
    assert (offered["bonus"], offered["extra"], offered["source"]) == ("extinguish", 2, "corner")
    assert "extinguish 3" in legal_strs(st)
    st, ev = play(st, "extinguish 3")
    assert st.players[0].fires == [3] and st.centre == [3]
    assert "action_finished" in kinds(ev)  # 3 of 3 water used: finished by itself
    assert st.basic_left == 1 and st.pending == []
    assert_rejected(st, "extinguish 3", "needs 3 water", "1")


@pytest.mark.parametrize("xy", [(4, 0), (0, 2)])
def test_F4_top_right_and_bottom_left_corners_give_two_fragments_at_once(xy) -> None:
    """F-4: planting on (4,0) or (0,2) gives 2 Fragments immediately, no decision."""
    x, y = xy
    nb = (x, 1)  # the row-1 neighbour below/above the corner
    inner = (1, 1) if x == 0 else (3, 1)
    st = start(2)
    st = set_forest(st, 0, {inner: "4A", nb: "4B"})
    st = to_action_phase(st, {0: ["bear", "bee"]})
    supply = st.fragment_supply
    st, ev = play(st, f"plant 3A@{x},{y}")
    taken = events_of(ev, "fragment_taken")
    assert len(taken) == 1 and taken[0]["count"] == 2
    assert st.players[0].fragments == 2 and st.fragment_supply == supply - 2
    assert st.pending == [] and st.basic_left == 1
    assert "bonus_offered" not in kinds(ev)


def test_F4_corner_bonus_that_cannot_be_performed_is_lost() -> None:
    """F-4 / O-3: the +2 water Extinguish bonus with no fire on the Circle is lost."""
    st = start(2)
    st = set_forest(st, 0, {(3, 1): "4A", (4, 1): "4B"})
    st = set_centre(st, [])
    st = to_action_phase(st, {0: ["bear", "bee"]})
    st, ev = play(st, "plant 3A@4,2")
    lost = events_of(ev, "bonus_lost")
    assert len(lost) == 1 and lost[0]["source"] == "corner"
    assert lost[0]["bonus"] == "extinguish"
    assert st.pending == [] and st.basic_left == 1


def test_F4_non_corner_spaces_trigger_no_bonus() -> None:
    """F-4: only the four corners carry bonuses."""
    st = to_action_phase(start(2), {0: ["bear", "bee"]})
    st, ev = play(st, "plant 3A@1,1")
    assert not {"bonus_offered", "fragment_taken", "bonus_lost"} & set(kinds(ev))
    assert st.players[0].fragments == 0


# --- F-5: line bonuses ----------------------------------------------------------------


def test_F5_column_one_gives_plus_one_water_immediately_for_the_next_action() -> None:
    """F-5 / A-7: completing column 1 adds +1 water at once (usable in the same turn)."""
    st = start(2)
    st = set_forest(st, 0, {(1, 1): "4A", (1, 0): "4B"})
    st = set_centre(st, [2])
    st = to_action_phase(st, {0: ["hummingbird", "owl", "bee"]})  # water 1, plant 3
    assert_rejected(st, "extinguish 2", "needs 2 water", "1")
    st, ev = play(st, "plant 3A@1,2")
    done = events_of(ev, "line_completed")
    assert len(done) == 1
    assert (done[0]["line"], done[0]["element"], done[0]["amount"]) == ("column-1", "water", 1)
    assert raw_strengths(R, st.players[0])[WATER] == 2
    st, _ = play(st, "extinguish 2")
    assert st.players[0].fires == [2]


@pytest.mark.parametrize(
    ("cells", "last", "element", "amount"),
    [
        ([(2, 0)], (2, 2), SUN, 1),  # column 2 with the starting tree
        ([(3, 1), (3, 0)], (3, 2), WIND, 1),
        ([(1, 1), (0, 1), (3, 1)], (4, 1), FLOWER, 2),  # row 1 with the starting tree
    ],
)
def test_F5_line_bonuses_are_permanent_from_the_moment_the_line_is_full(
    cells, last, element, amount
) -> None:
    """F-5: column 2 +1 sun, column 3 +1 wind, row 1 +2 flower; kept after the round."""
    filler = ["5B", "5B", "3B"]
    st = start(2)
    st = set_forest(st, 0, dict(zip(cells, filler, strict=False)))
    st = to_action_phase(st, {0: ["bear", "bee"]})  # plant 3, water 1
    before = raw_strengths(R, st.players[0])
    st, ev = play(st, f"plant 3B@{last[0]},{last[1]}")  # 3B: +1 water
    assert len(events_of(ev, "line_completed")) == 1
    after = raw_strengths(R, st.players[0])
    expected = before[:]
    expected[WATER] += 1
    expected[element] += amount
    assert after == expected
    # Permanent: still there next round, with the Help Line gone.
    st, ev = play(st, "end", "end")
    assert "round_started" in kinds(ev) and st.players[0].help_line == []
    trees_only = [0, 0, 0, 0, 0]
    for label in st.players[0].forest:
        if label not in (None, "S"):
            trees_only = [a + b for a, b in zip(trees_only, D.trees[label].elements, strict=True)]
    trees_only[element] += amount
    assert raw_strengths(R, st.players[0]) == trees_only


def test_F5_one_tree_can_complete_a_column_and_the_row_at_once() -> None:
    """F-5: a tree on (1,1) that fills column 1 and row 1 gives +1 water and +2 flower."""
    st = start(2)
    column0 = {(0, 0): "3B", (0, 1): "5B", (0, 2): "3B"}  # neighbours for column 1
    st = set_forest(st, 0, {**column0, (1, 0): "4A", (1, 2): "4A", (3, 1): "5B", (4, 1): "5A"})
    st = to_action_phase(st, {0: ["bear", "bee"]})
    assert validate(st) == []
    before = raw_strengths(R, st.players[0])
    st, ev = play(st, "plant 3A@1,1")
    lines = {(e["line"], e["element"], e["amount"]) for e in events_of(ev, "line_completed")}
    assert lines == {("column-1", "water", 1), ("row-1", "flower", 2)}
    after = raw_strengths(R, st.players[0])
    assert [a - b for a, b in zip(after, before, strict=True)] == [1, 1, 0, 0, 2]


def test_F5_columns_zero_and_four_and_rows_zero_and_two_give_nothing() -> None:
    """F-5: full column 0, column 4, row 0 or row 2 add no Element."""
    st = start(4)
    # Seat 0: row 0 + column 0 + column 4 full, rows 1/2 and columns 1-3 not full.
    forest0 = {(x, 0): lb for x, lb in zip(range(5), ["3A", "3B", "4A", "4B", "5A"], strict=True)}
    forest0 |= {(0, 1): "5B", (0, 2): "6", (4, 1): "7", (4, 2): "8"}
    # Seat 1: row 2 full only.
    forest1 = {(x, 2): lb for x, lb in zip(range(5), ["3A", "3B", "4A", "4B", "5A"], strict=True)}
    st = set_forest(st, 0, forest0)
    st = set_forest(st, 1, forest1)
    assert validate(st) == []
    for seat, forest in ((0, forest0), (1, forest1)):
        sums = [0, 0, 0, 0, 0]
        for label in forest.values():
            sums = [a + b for a, b in zip(sums, D.trees[label].elements, strict=True)]
        assert raw_strengths(R, st.players[seat]) == sums


# --- F-6, F-7: tree kinds --------------------------------------------------------------

TREE_TABLE = {
    "3A": (3, (1, 0, 0, 0, 0)),
    "3B": (3, (0, 1, 0, 0, 0)),
    "4A": (4, (0, 0, 0, 1, 0)),
    "4B": (4, (0, 0, 0, 0, 1)),
    "5A": (5, (2, 0, 0, 0, 0)),
    "5B": (5, (0, 0, 1, 0, 0)),
    "6": (6, (0, 2, 0, 0, 0)),
    "7": (7, (0, 0, 0, 2, 0)),
    "8": (8, (0, 3, 0, 0, 0)),
    "9": (9, (0, 0, 0, 0, 2)),
    "10": (10, (4, 0, 0, 0, 0)),
    "11": (11, (0, 0, 0, 0, 0)),
}


PLANT_CARDS = [  # cards without symbols, by plant
    ("praying_mantis", 4),
    ("rhinoceros", 3),
    ("caterpillar", 2),
    ("squirrel", 2),
    ("woodpecker", 2),
    ("bee", 1),
]


@pytest.mark.parametrize("label", sorted(TREE_TABLE))
def test_F6_tree_kind_cost_and_permanent_effect(label) -> None:
    """F-6: each kind costs its number in plant (one less is refused) and adds its
    Elements from the moment it is planted."""
    cost, elements = TREE_TABLE[label]
    assert set(TREE_TABLE) == set(D.trees)
    assert D.trees[label].cost == cost and D.trees[label].elements == elements
    # Only tree 11 carries an ability: repeat any basic action type (F-7).
    assert (D.trees[label].effects == (RepeatAction("any", 2),)) == (label == "11")
    assert bool(D.trees[label].effects) == (label == "11")
    st = to_action_phase(start(2), {0: cards_adding_up(PLANT_CARDS, cost - 1)})
    assert_rejected(st, f"plant {label}@1,1", f"costs {cost} plant", str(cost - 1))
    st = to_action_phase(start(2), {0: cards_adding_up(PLANT_CARDS, cost)})
    assert validate(st) == []
    before = raw_strengths(R, st.players[0])
    st2, _ = play(st, f"plant {label}@1,1")
    assert st2.players[0].forest[6] == label
    after = raw_strengths(R, st2.players[0])
    assert [a - b for a, b in zip(after, before, strict=True)] == list(elements)


def test_F6_a_tree_needs_its_cost_in_plant() -> None:
    """F-6 / A-50: tree 5A needs 5 plant; with 4 it is refused, with 5 it is planted."""
    st = to_action_phase(start(2), {0: ["bear", "bee", "owl"]})  # plant 2+1+2 = 5
    st2, _ = play(st, "plant 5A@1,1")
    assert st2.players[0].forest[6] == "5A"
    st = to_action_phase(start(2), {0: ["bear", "owl"]})  # plant 4
    assert_rejected(st, "plant 5A@1,1", "costs 5 plant", "4")


def test_F7_tree_11_lets_the_second_basic_action_repeat_the_type_at_once() -> None:
    """F-7: planting 11 with the first basic action makes a second Plant legal, at
    full strength (11 plant again)."""
    st = to_action_phase(start(2), {0: ["praying_mantis", "spider", "rhinoceros"]})  # plant 11
    st, _ = play(st, "plant 11@1,1")
    assert st.basic_left == 1 and st.current == 0
    assert "plant 10@3,1" in legal_strs(st)
    st, ev = play(st, "plant 10@3,1")  # 10 plant: strength was not used up
    assert st.players[0].forest[8] == "10"
    assert "turn_ended" in kinds(ev) and st.current == 1


def test_F7_tree_11_planted_by_a_rock_bonus_frees_the_second_basic_action_at_once() -> None:
    """F-7: Move (basic) -> Plant rock bonus plants 11 -> a second basic Move is legal."""
    st = start(2)
    st = set_rocks(st, {0: 5, 1: 9})
    st = to_action_phase(st, {0: ["praying_mantis", "spider", "rhinoceros", "hare"]})
    st, _ = play(st, "move 1")  # rock 6: Plant bonus
    st, _ = play(st, "plant 11@1,1")
    assert st.used_types == ["move"] and st.basic_left == 1
    assert "move 1" in legal_strs(st)
    st, ev = play(st, "move 1")  # rock 7: a Fragment
    assert st.players[0].rock == 7 and st.players[0].fragments == 1
    assert "turn_ended" in kinds(ev)


def test_F7_without_tree_11_the_second_basic_action_must_differ() -> None:
    """F-7 / A-3: with any other tree, a second Plant is refused."""
    st = to_action_phase(start(2), {0: ["praying_mantis", "spider", "rhinoceros"]})
    st, _ = play(st, "plant 10@1,1")
    assert st.basic_left == 1
    assert_rejected(st, "plant 3A@3,1", "different types", "A-3")
    assert not any(a.kind == "plant" for a in legal_actions(st))


def test_F7_tree_11_planted_earlier_allows_two_attracts_each_at_full_sun() -> None:
    """F-7: an owner of tree 11 may Attract twice, each with the full sun strength."""
    st = start(2)
    st = set_forest(st, 0, {(1, 1): "11"})
    st = to_action_phase(st, {0: ["weasel", "baboon"]})  # sun 3
    st = set_row(st, 1, ["hedgehog", "coati", "raccoon", "caterpillar"])  # all cost 3
    assert validate(st) == []
    st, _ = play(st, "attract hedgehog")
    assert st.basic_left == 1 and st.current == 0
    st, ev = play(st, "attract coati")
    assert st.players[0].draw[-2:] == ["hedgehog", "coati"]
    assert "turn_ended" in kinds(ev)


# --- O-1 … O-3: Circle of Spirits -------------------------------------------------------

ROCKS = {
    0: "plant",
    1: "fragment",
    2: "attract",
    3: "fragment",
    4: "extinguish",
    5: "fragment",
    6: "plant",
    7: "fragment",
    8: "attract",
    9: "fragment",
    10: "extinguish",
    11: "fragment",
}


def _mover(rock_from: int, other_rock: int) -> GameState:
    """Ana on ``rock_from`` with sun 2, water 2, plant 6, wind 1 and net 2."""
    st = start(2)
    st = set_rocks(st, {0: rock_from, 1: other_rock})
    st = set_centre(st, [2])
    st = to_action_phase(st, {0: ["lynx", "bear", "hare", "caterpillar", "bee"]})
    st = set_row(st, 1, ["spider", "beaver", "wolf", "ram"])
    assert validate(st) == []
    return st


@pytest.mark.parametrize("rock", range(12))
def test_O1_each_rock_gives_its_printed_bonus(rock) -> None:
    """O-1: the 12 rock bonuses in clockwise order (plant, fragment, attract, ...)."""
    assert D.rock_bonus[rock] == ROCKS[rock]
    st = _mover((rock - 1) % 12, (rock + 3) % 12)
    st, ev = play(st, "move 1")
    assert st.players[0].rock == rock
    if ROCKS[rock] == "fragment":
        assert st.players[0].fragments == 1 and st.pending == []
        assert events_of(ev, "fragment_taken")[0]["count"] == 1
    else:
        offered = events_of(ev, "bonus_offered")
        assert len(offered) == 1 and offered[0]["bonus"] == ROCKS[rock]
        assert offered[0]["source"] == "rock"
        assert st.pending[-1].bonus_type == ROCKS[rock]


def test_O1_rock_zero_is_the_plant_rock_of_seat_one_and_movement_is_clockwise() -> None:
    """O-1: rock 0 is a plant rock holding seat 1 (2 and 4 players); moving goes to
    higher indices."""
    for n in (2, 4):
        st = start(n)
        assert st.players[0].rock == 0 and D.rock_bonus[0] == "plant"
    st = _mover(3, 9)
    st, ev = play(st, "move 1")
    moved = events_of(ev, "standee_moved")[0]
    assert (moved["from_rock"], moved["to_rock"]) == (3, 4)


def test_O2_centre_never_holds_more_than_seven_fires() -> None:
    """O-2: with 7 fires burning, new fires are not added (E-2); validate flags 8."""
    st = start(2)
    st = set_centre(st, [2, 2, 3, 3, 4, 4, 4])
    st = to_action_phase(st, {0: ["weasel", "baboon", "hare"]})  # sun 3
    st = set_row(st, 1, ["hedgehog", "coati", "raccoon", "caterpillar"])
    st, ev = play(st, "attract hedgehog", "end", "end")
    assert "round_started" in kinds(ev)
    assert len(st.centre) == 7
    assert events_of(ev, "fire_not_added")[0]["value"] == 2
    bad = st.clone()
    bad.centre.append(2)
    bad.fire_supply["2"] -= 1
    assert any("fires on the Circle" in m for m in validate(bad))


def test_O3_rock_bonus_uses_normal_strength_without_extra() -> None:
    """O-3: an Attract rock bonus is one more Attract at the normal sun strength."""
    st = _mover(1, 6)  # sun 2 -> rock 2 (attract)
    st, ev = play(st, "move 1")
    assert events_of(ev, "bonus_offered")[0]["extra"] == 0
    options = {str(a) for a in legal_actions(st)}
    assert options == {"attract spider", "attract beaver", "skip"}
    assert_rejected(st, "attract wolf", "costs 5 sun", "2")
    st, _ = play(st, "attract beaver")
    assert st.players[0].draw[-1] == "beaver"
    assert st.basic_left == 1 and st.used_types == ["move"]
    # The bonus Attract did not use up the Attract type.
    assert "attract spider" in legal_strs(st)


def test_O3_fragment_rock_gives_one_fragment_and_nothing_when_supply_empty() -> None:
    """O-3 / X-1: a Fragment rock gives 1 Fragment; with an empty supply, nothing."""
    st = _mover(0, 6)
    st, _ = play(st, "move 1")
    assert st.players[0].fragments == 1
    st = give_fragments(_mover(0, 6), 1, 20)
    assert st.fragment_supply == 0
    st, ev = play(st, "move 1")
    assert "fragment_taken" not in kinds(ev)
    assert events_of(ev, "bonus_lost")[0].data["source"] == "rock"
    assert st.players[0].rock == 1 and st.players[0].fragments == 0
    assert st.fragment_supply == 0 and st.players[1].fragments == 20
    assert st.basic_left == 1 and st.used_types == ["move"]
    assert validate(st) == []


@pytest.mark.parametrize(
    ("rock", "why"),
    [(4, "no fire"), (2, "nothing affordable"), (6, "no affordable tree"), (0, "forest full")],
)
def test_O3_bonus_that_cannot_be_performed_is_lost_and_the_move_still_counts(rock, why) -> None:
    """O-3: no fire / nothing affordable / no tree affordable / no space: bonus lost;
    the move is still the basic action spent."""
    st = start(2)
    st = set_rocks(st, {0: (rock - 1) % 12, 1: (rock + 3) % 12})
    help_line = ["hare"]  # wind 1, nothing else
    if why == "no fire":
        st = set_centre(st, [])
        help_line = ["hare", "goldfish"]  # water 2
    if why == "forest full":
        cells = [(x, y) for y in range(3) for x in range(5) if (x, y) != (2, 1)]
        labels = ["3A", "3A", "3B", "3B", "4A", "4A", "4B", "4B", "5A", "5A", "5B", "5B", "6", "6"]
        st = set_forest(st, 0, dict(zip(cells, labels, strict=True)))
        help_line = ["hare", "praying_mantis", "spider"]  # plant 8
    st = to_action_phase(st, {0: help_line})
    assert validate(st) == []
    st, ev = play(st, "move 1")
    lost = events_of(ev, "bonus_lost")
    assert len(lost) == 1 and lost[0]["source"] == "rock"
    assert lost[0]["bonus"] == ROCKS[rock]
    assert st.pending == [] and st.used_types == ["move"] and st.basic_left == 1


def test_O3_plant_rock_bonus_does_not_use_up_the_plant_type() -> None:
    """O-3 / A-8: plant via the rock bonus, then a basic Plant is still allowed."""
    st = _mover(5, 9)  # plant 6 -> rock 6 (plant)
    st, _ = play(st, "move 1", "plant 3A@1,1")
    assert st.players[0].forest[6] == "3A"
    assert st.basic_left == 1 and st.used_types == ["move"]
    st, ev = play(st, "plant 3B@3,1")
    assert st.players[0].forest[8] == "3B" and "turn_ended" in kinds(ev)


def test_O3_while_a_rock_bonus_is_on_offer_only_that_action_or_skip_is_possible() -> None:
    """O-3 / A-8: an offered Extinguish rock bonus must be taken or skipped first; the
    turn cannot end and no other action can start meanwhile."""
    st = _mover(3, 9)  # water 2 -> rock 4 (extinguish), centre [2]
    st, _ = play(st, "move 1")
    assert set(legal_strs(st)) == {"extinguish 2", "skip"}
    assert_rejected(st, "end", "finish the action in progress first")
    assert_rejected(st, "take-fragment", "the bonus allows only Extinguish Fire, or skipping it")
    assert_rejected(st, "plant 3A@1,1", "the bonus allows only Extinguish Fire")
    st, ev = play(st, "skip")
    assert "bonus_skipped" in kinds(ev) and st.centre == [2]
    assert st.basic_left == 1 and "extinguish 2" in legal_strs(st)  # basic Extinguish left


@pytest.mark.parametrize(
    ("rock", "why"),
    [(4, "no fire"), (2, "nothing affordable"), (6, "no affordable tree")],
)
def test_O3_lost_bonus_says_before_the_move_which_bonus_would_be_lost(rock, why) -> None:
    """O-3, X-6 ("Move 2 to rock 8 (bonus Attract)" was offered with nothing
    affordable): the core says, before the move, that its rock's bonus would be lost,
    and nothing is changed by asking."""
    from living_forest.core import lost_bonus

    st = start(2)
    st = set_rocks(st, {0: (rock - 1) % 12, 1: (rock + 3) % 12})
    help_line = ["hare", "goldfish"] if why == "no fire" else ["hare"]
    if why == "no fire":
        st = set_centre(st, [])
    st = to_action_phase(st, {0: help_line})
    before = st.to_dict()
    assert lost_bonus(st, parse_action("move 1")) == ROCKS[rock]
    assert st.to_dict() == before
    # The move itself agrees: the bonus is lost when it is played.
    _after, ev = play(st, "move 1")
    assert [e["bonus"] for e in events_of(ev, "bonus_lost")] == [ROCKS[rock]]


def test_O3_lost_bonus_is_none_when_the_bonus_has_an_option_or_is_automatic() -> None:
    """O-3: an Attract rock with a card the sun affords is offered, not lost; a Fragment
    rock gives its Fragment by itself."""
    from living_forest.core import lost_bonus

    st = _mover(1, 6)  # sun 2 -> rock 2 (attract): the Spider and the Beaver fit
    assert lost_bonus(st, parse_action("move 1")) is None
    st = _mover(0, 6)  # -> rock 1 (a Fragment)
    assert lost_bonus(st, parse_action("move 1")) is None
