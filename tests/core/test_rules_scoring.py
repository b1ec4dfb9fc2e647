"""Scenario tests for game end and scoring (V-1 … V-6)."""

from __future__ import annotations

import pytest

from living_forest.core import GameState, counts, data, legal_actions, outcome, rules_for, validate

from .scenario import (
    assert_rejected,
    cards_adding_up,
    events_of,
    give_fires,
    kinds,
    move_tile,
    play,
    put_on_draw,
    set_centre,
    set_first,
    set_forest,
    start,
    to_action_phase,
)

D = data()
R = rules_for()

# Planting order that keeps every tree next to another and never fills row 1
# (so no +2 flower line bonus sneaks into the counts).
CELLS = [(1, 1), (3, 1), (2, 0), (2, 2), (1, 0), (3, 0), (1, 2), (3, 2), (0, 0), (4, 0), (0, 2)]
NO_FLOWER_KINDS = ["3A", "3B", "4A", "5A", "5B", "6", "7", "8", "10", "11"]
FLOWER_CARDS = [
    ("panda", 3),
    ("elephant", 3),
    ("ram", 2),
    ("goat", 2),
    ("chameleon", 2),
    ("fawn", 1),
]


def with_trees(st: GameState, seat: int, kinds_count: int) -> GameState:
    labels = [*NO_FLOWER_KINDS, "4B"][:kinds_count]
    return set_forest(st, seat, dict(zip(CELLS, labels, strict=False)))


def fire_values(k: int) -> list[int]:
    return [2, 3, 4] * (k // 3) + [2, 3, 4][: k % 3]


def rig_count(st: GameState, seat: int, category: str, value: int) -> tuple[GameState, list]:
    """Make one count of ``seat`` equal ``value`` (Victory tiles untouched);
    return the state and the Help Line that goes with it."""
    if category == "trees":
        return with_trees(st, seat, value - 2), []  # + starting tree + Tree tile
    if category == "fires":
        return give_fires(st, seat, fire_values(value - 1)), []  # + Fire tile
    return st, cards_adding_up(FLOWER_CARDS, value - 1)  # + Flower tile


def finish(st: GameState):
    """Everyone ends their turn: V-1 runs after the last one."""
    return play(st, *["end"] * (st.n - st.turns_done))


# --- V-1 -------------------------------------------------------------------------------


def test_V1_condition_reached_mid_phase_ends_the_game_only_after_the_last_turn() -> None:
    """V-1: Ana reaches 12 fires on her turn; Bo still plays; then the game ends and
    the end of round (E) is not played."""
    st = start(2)
    st = give_fires(st, 0, fire_values(10))  # 10 + Fire tile = 11
    st = set_centre(st, [2, 3])
    st = to_action_phase(st, {0: ["goldfish"], 1: ["goldfish", "hummingbird"]})
    st, ev = play(st, "extinguish 2")
    assert counts(R, st.players[0]).fires == 12
    st, ev = play(st, "end")
    assert st.phase == "action" and st.current == 1
    assert "game_over" not in kinds(ev) and outcome(st) is None
    st, ev = play(st, "extinguish 3", "end")  # Bo's turn is played in full
    assert st.phase == "over"
    assert kinds(ev)[-1] == "game_over"
    assert not {"onibi_attacks", "fires_added", "help_line_returned", "round_started"} & set(
        kinds(ev)
    )
    assert st.round == 1 and st.players[0].help_line == ["goldfish"]
    assert st.centre == []  # E-2 did not add a value-2 fire to the empty centre
    assert legal_actions(st) == ()
    assert_rejected(st, "end", "game is over")
    res = outcome(st)
    assert res is not None and res.winners == (0,) and res.conditions == ("fires",)
    assert validate(st) == []


def test_V1_flowers_reached_while_revealing_do_not_end_the_game_then() -> None:
    """V-1: 12+ flowers in the Help Line during the Guardian Animals phase do not end
    the game there; it ends after the Action phase."""
    st = start(2)
    cards = ["panda", "elephant", "ram", "goat", "fawn"]  # 11 flowers, no symbol
    st = put_on_draw(st, 0, cards)
    st, ev = play(st, *["draw"] * 5)
    assert counts(R, st.players[0]).flowers == 12
    st, ev = play(st, "stop")
    assert st.phase == "draw" and st.current == 1 and "game_over" not in kinds(ev)
    st, ev = play(st, "draw", "stop")
    assert st.phase == "action"
    st, ev = finish(st)
    res = outcome(st)
    assert st.phase == "over" and res is not None and res.conditions == ("flowers",)


def test_V1_no_condition_met_means_the_round_ends_normally() -> None:
    """V-1: nobody at 12 -> E-1 … E-6 run and a new round starts."""
    st = give_fires(start(2), 0, fire_values(10))  # 11
    st = to_action_phase(st, {})
    st, ev = finish(st)
    assert st.phase == "draw" and st.round == 2 and "game_over" not in kinds(ev)
    assert outcome(st) is None


# --- V-2, V-3 ----------------------------------------------------------------------------


@pytest.mark.parametrize("category", ["trees", "fires", "flowers"])
@pytest.mark.parametrize("value", [11, 12, 13])
def test_V2_a_count_of_twelve_or_more_meets_the_condition(category, value) -> None:
    """V-2: 11 is not enough; 12 or 13 in one count ends the game for that count."""
    st, help_line = rig_count(start(2), 0, category, value)
    st = to_action_phase(st, {0: help_line})
    assert validate(st) == []
    assert getattr(counts(R, st.players[0]), category) == value
    st, ev = finish(st)
    if value < 12:
        assert st.phase == "draw" and "game_over" not in kinds(ev)
    else:
        res = outcome(st)
        assert res is not None and res.conditions == (category,)
        assert res.winners == (0,) and res.players[0].met == (category,)


def test_V3_starting_counts_are_trees_two_fires_one_flowers_one() -> None:
    """V-3: starting tree + Tree tile = 2, Fire tile = 1, Flower tile = 1."""
    st = start(4)
    for p in st.players:
        c = counts(R, p)
        assert (c.trees, c.fires, c.flowers, c.total) == (2, 1, 1, 4)


def test_V3_trees_count_different_kinds_once_plus_start_plus_tree_tiles() -> None:
    """V-3 / A-52: duplicates count once; a stolen Tree tile counts for the thief."""
    st = set_forest(start(2), 0, {(1, 1): "3A", (3, 1): "3A", (2, 0): "3B"})
    assert counts(R, st.players[0]).trees == 2 + 1 + 1
    st = move_tile(st, "spring_tree", 0)
    assert counts(R, st.players[0]).trees == 5
    assert counts(R, st.players[1]).trees == 1  # Bo: starting tree only


def test_V3_fires_count_tiles_not_values_plus_fire_tiles() -> None:
    """V-3: fires [4, 4, 3] count 3 (not 11), + own and stolen Fire tiles."""
    st = give_fires(start(2), 0, [4, 4, 3])
    assert counts(R, st.players[0]).fires == 4
    st = move_tile(st, "spring_fire", 0)
    assert counts(R, st.players[0]).fires == 5
    st = move_tile(st, "winter_fire", 1)
    assert counts(R, st.players[0]).fires == 4 and counts(R, st.players[1]).fires == 1


def test_V3_flowers_count_help_line_with_negatives_trees_row_bonus_and_tiles() -> None:
    """V-3: Help Line flowers (tanuki -1 subtracts) + tree flowers + row-1 bonus +2 +
    Flower tiles (own and stolen)."""
    st = start(2)
    st = set_forest(st, 0, {(1, 1): "4B", (0, 1): "9", (3, 1): "3A", (4, 1): "3B"})
    st = move_tile(st, "spring_flower", 0)
    st = to_action_phase(st, {0: ["fawn", "tanuki", "fox"]})
    # Help Line 1 - 1 + 1 = 1; trees 1 + 2 = 3; row 1 full +2; tiles 2.
    assert counts(R, st.players[0]).flowers == 8
    st = to_action_phase(move_tile(start(2), "winter_flower", 1), {0: ["tanuki"]})
    assert counts(R, st.players[0]).flowers == -1


def test_V3_outcome_reports_the_counts_at_game_end() -> None:
    """V-3: the outcome's counts are the V-3 counts at V-1 (Help Line still there)."""
    st = start(2)
    st = give_fires(st, 0, fire_values(11))
    st = set_forest(st, 1, {(1, 1): "3A", (3, 1): "3A"})
    st = move_tile(st, "spring_flower", 0)
    st = to_action_phase(st, {0: ["fawn", "tanuki"], 1: ["fawn"]})
    st, _ = finish(st)
    res = outcome(st)
    assert res is not None
    c0, c1 = res.players[0].counts, res.players[1].counts
    assert (c0.trees, c0.fires, c0.flowers, c0.total) == (2, 12, 2, 16)
    assert (c1.trees, c1.fires, c1.flowers, c1.total) == (3, 1, 1, 5)


# --- V-4 … V-6 -----------------------------------------------------------------------------


def test_V4_the_only_player_meeting_a_condition_wins_whatever_the_totals() -> None:
    """V-4: Ana (fires 12, total 15) wins over Bo (trees 11 + flowers 11, total 23)."""
    st = start(2)
    st = give_fires(st, 0, fire_values(11))
    st = with_trees(st, 1, 9)
    st = to_action_phase(st, {1: cards_adding_up(FLOWER_CARDS, 10)})
    c1 = counts(R, st.players[1])
    assert (c1.trees, c1.flowers) == (11, 11) and c1.total > counts(R, st.players[0]).total
    st, _ = finish(st)
    res = outcome(st)
    assert res is not None
    assert res.winners == (0,) and not res.shared and "only" in res.how
    assert [r.rank for r in res.players] == [1, 2]
    assert res.players[1].met == ()


def test_V4_several_qualified_highest_total_wins_and_unqualified_cannot_win() -> None:
    """V-4: Ana and Bo both reach 12; Bo's higher total wins; Cy, with the highest
    total but no condition, cannot win."""
    st = start(3)
    st = give_fires(st, 0, fire_values(11))  # 12 fires, total 15
    st = give_fires(st, 1, fire_values(11))
    st = with_trees(st, 1, 2)  # Bo: trees 4, total 17
    st = with_trees(st, 2, 9)  # Cy: trees 11
    st = to_action_phase(st, {2: cards_adding_up(FLOWER_CARDS, 10)})  # Cy: flowers 11, total 23
    totals = [counts(R, p).total for p in st.players]
    assert totals == [15, 17, 23]
    st, _ = finish(st)
    res = outcome(st)
    assert res is not None
    assert res.winners == (1,) and not res.shared
    assert res.conditions == ("fires",)
    assert [r.rank for r in res.players] == [2, 1, 3]


def test_V5_tied_totals_share_the_victory() -> None:
    """V-5 project ruling: equal totals among qualified players -> shared victory."""
    st = start(3)
    st = give_fires(st, 0, fire_values(11))  # fires 12, total 15
    st = with_trees(st, 1, 10)  # trees 12, total 14 ...
    st = to_action_phase(st, {1: ["fawn"]})  # ... + 1 flower = 15
    assert [counts(R, p).total for p in st.players[:2]] == [15, 15]
    st, ev = finish(st)
    res = outcome(st)
    assert res is not None
    assert res.winners == (0, 1) and res.shared
    assert res.conditions == ("fires", "trees")
    assert [r.rank for r in res.players] == [1, 1, 3]
    assert events_of(ev, "game_over")[0]["winner_seats"] == [0, 1]


def test_V6_ranking_qualified_by_total_above_all_unqualified_tied() -> None:
    """V-6: qualified players ordered by total (ties share a rank) above the rest,
    who are all tied whatever their totals."""
    st = start(4)
    st = give_fires(st, 0, fire_values(11))  # qualified, total 15
    st = give_fires(st, 1, fire_values(14))  # qualified, total 18
    st = give_fires(st, 2, fire_values(11))  # qualified, total 15
    st = with_trees(st, 3, 9)  # not qualified: trees 11 ...
    st = to_action_phase(st, {3: cards_adding_up(FLOWER_CARDS, 10)})  # ... flowers 11, total 23
    st, _ = finish(st)
    res = outcome(st)
    assert res is not None
    assert [r.counts.total for r in res.players] == [15, 18, 15, 23]
    assert res.winners == (1,)
    assert [r.rank for r in res.players] == [2, 1, 2, 4]


def test_V6_ranking_with_one_winner_and_the_rest_tied() -> None:
    """V-6: one qualified player ranks 1; everybody else shares rank 2."""
    st = set_first(start(3), 2)
    st = give_fires(st, 1, fire_values(11))
    st = to_action_phase(st, {0: cards_adding_up(FLOWER_CARDS, 10)})
    st, _ = finish(st)
    res = outcome(st)
    assert res is not None
    assert res.winners == (1,)
    assert [r.rank for r in res.players] == [2, 1, 2]
