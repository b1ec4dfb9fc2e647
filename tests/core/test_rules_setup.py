"""Scenario tests for RULES.md section S (setup, S-1 … S-9)."""

from __future__ import annotations

from collections import Counter

import pytest

from living_forest.core import (
    SetupError,
    apply,
    data,
    describe,
    legal_actions,
    new_game,
    validate,
    why_illegal,
)
from living_forest.core.state import STARTING_TREE

from .scenario import NAMES, SPIRITS, kinds, names, start

START_CELL = 1 * 5 + 2  # (2,1), F-2


def seats(n: int) -> list[tuple[str, str]]:
    return list(zip(NAMES[:n], SPIRITS[:n], strict=True))


# --- S-1 players ------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_S1_two_three_or_four_players_can_start(n: int) -> None:
    """S-1: a game starts with 2, 3 or 4 players, each with the Spirit they picked."""
    st, _ = new_game(seats(n), seed=3, first=0)
    assert st.n == n
    assert [p.spirit for p in st.players] == list(SPIRITS[:n])
    assert [p.name for p in st.players] == list(NAMES[:n])
    assert validate(st) == []


@pytest.mark.parametrize("n", [0, 1, 5])
def test_S1_other_player_counts_are_rejected(n: int) -> None:
    """S-1: 1 or 5 players (or none) cannot start a game."""
    names = [f"P{i}" for i in range(n)]
    spirits = [*SPIRITS, "winter"][:n]
    with pytest.raises(SetupError, match="S-1"):
        new_game(list(zip(names, spirits, strict=True)), seed=1)


def test_S1_each_spirit_is_picked_once_and_must_exist() -> None:
    """S-1 / N-7: every player picks a Spirit; two players cannot share one, and only
    the four Spirits exist."""
    with pytest.raises(SetupError):
        new_game([("Ana", "winter"), ("Bo", "winter")], seed=1)
    with pytest.raises(SetupError):
        new_game([("Ana", "winter"), ("Bo", "kodama")], seed=1)


# --- S-2 first player and seat numbering -----------------------------------------


def test_S2_first_player_is_random_from_the_seed() -> None:
    """S-2: with no first player given, the Sacred Tree holder is drawn from the seed:
    every table seat can be first, and the same seed always gives the same first."""
    firsts = set()
    for seed in range(40):
        st, _ = new_game(seats(4), seed=seed)
        again, _ = new_game(seats(4), seed=seed)
        assert again == st  # deterministic for a seed
        firsts.add(st.players[0].name)
    assert firsts == set(NAMES[:4])


def test_S2_seats_are_renumbered_clockwise_from_the_first_player() -> None:
    """S-2: seat 1 (index 0) is the first player; the others follow in clockwise table
    order; the first player holds the Sacred Tree and starts round 1."""
    for seed in range(12):
        st, events = new_game(seats(4), seed=seed)
        seated = [p.name for p in st.players]
        k = list(NAMES).index(seated[0])
        assert seated == [NAMES[(k + i) % 4] for i in range(4)]  # a rotation, not a reorder
        assert [p.spirit for p in st.players] == [SPIRITS[(k + i) % 4] for i in range(4)]
        assert st.first == 0 and st.current == 0
        assert st.order() == [0, 1, 2, 3]
        assert events[0].kind == "game_started" and events[0]["first"] == 0
        assert describe(events[0], st).endswith(f"{seated[0]} holds the Sacred Tree.")


def test_S2_explicit_first_player_rotates_the_table() -> None:
    """S-2: choosing table seat 2 as first renumbers Cy, Di, Ana, Bo as seats 1-4."""
    st, events = new_game(seats(4), seed=5, first=2)
    assert [p.name for p in st.players] == ["Cy", "Di", "Ana", "Bo"]
    assert st.first == 0
    assert events[1].kind == "round_started" and st.players[events[1]["first"]].name == "Cy"
    with pytest.raises(SetupError):
        new_game(seats(4), seed=5, first=4)


def test_S2_renumbering_carries_the_start_rocks() -> None:
    """S-2 + S-4: the start rocks follow the renumbered seats, not the table order."""
    st, _ = new_game(seats(2), seed=9, first=1)
    assert [(p.name, p.rock) for p in st.players] == [("Bo", 0), ("Ana", 6)]


# --- S-3 personal components -------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_S3_each_player_starts_with_forest_tiles_and_shuffled_deck(n: int) -> None:
    """S-3: starting tree on (2,1) and nothing else; own 3 Victory tiles; 14 starting
    cards face down as the draw stack; empty discard and Help Line; no Fragments."""
    d = data()
    st = start(n, seed=11)
    for p in st.players:
        assert p.forest[START_CELL] == STARTING_TREE
        assert sum(c is not None for c in p.forest) == 1
        assert Counter(p.draw) == Counter(d.starting_deck) and len(p.draw) == 14
        assert p.discard == [] and p.help_line == []
        assert p.fragments == 0 and p.fires == []
        assert p.victory_tiles == [f"{p.spirit}_fire", f"{p.spirit}_flower", f"{p.spirit}_tree"]


def test_S3_starting_decks_are_shuffled_per_player() -> None:
    """S-3: each player shuffles their own deck: the four draw stacks are not all in the
    same order, and the order changes with the seed."""
    st = start(4, seed=2)
    orders = {tuple(p.draw) for p in st.players}
    assert len(orders) > 1
    other = start(4, seed=3)
    assert [p.draw for p in other.players] != [p.draw for p in st.players]


# --- S-4 start rocks ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "rocks"),
    [(2, [0, 6]), (3, [2, 6, 10]), (4, [0, 6, 9, 3])],
)
def test_S4_standees_start_on_the_printed_rocks(n: int, rocks: list[int]) -> None:
    """S-4: 2p seats on rocks 0/6; 3p on 2/6/10; 4p on 0/6/9/3 (not clockwise order)."""
    assert list(data().start_rocks[n]) == rocks
    for first in range(n):
        st, _ = new_game(seats(n), seed=4, first=first)
        assert [p.rock for p in st.players] == rocks


def test_S4_four_player_start_rocks_shape_the_first_move() -> None:
    """S-4 by behaviour: with 4 players seat 1 is on rock 0 and seat 4 on rock 3, so a
    move of 3 by seat 1 jumps seat 4 and lands on rock 4."""
    from .scenario import to_action_phase

    st = to_action_phase(start(4, seed=1), {0: ["wolf", "hare"]})  # wind 3
    st, events = apply(st, "move 3")
    moved = next(e for e in events if e.kind == "standee_moved")
    assert moved["to_rock"] == 4 and names(st, moved["jumped"]) == ["Di"]


# --- S-5 first fire ------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_S5_one_value_two_fire_starts_on_the_circle(n: int) -> None:
    """S-5: exactly one Fire tile, of value 2, is in the centre; it is the extra tile,
    so the three supply stacks stay complete (C-7)."""
    st = start(n, seed=6)
    assert st.centre == [2]
    assert st.fire_supply == {"2": 20, "3": 20, "4": 20}


# --- S-6 reserve rows ------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_S6_four_cards_of_each_level_are_revealed(n: int) -> None:
    """S-6: three separate level stacks; the top 4 cards of each are face up in that
    level's reserve row (12 in all); the rest stay in their own stack."""
    d = data()
    st = start(n, seed=8)
    assert [len(row) for row in st.reserve] == [4, 4, 4]
    for level in range(3):
        row = st.reserve[level]
        assert all(c is not None for c in row)
        assert all(d.cards[c].level == level + 1 for c in row if c is not None)
        assert len(st.stacks[level]) == len(d.level_cards[level]) - 4
        assert Counter([*row, *st.stacks[level]]) == Counter(d.level_cards[level])
    assert [len(s) for s in st.stacks] == [19, 12, 8]
    assert st.taken == [0, 0, 0]


def test_S6_level_stacks_are_shuffled() -> None:
    """S-6: the reserve rows depend on the seed (the level stacks are shuffled)."""
    rows = {tuple(tuple(r) for r in start(2, seed=s).reserve) for s in range(6)}
    assert len(rows) > 1


def test_S6_only_the_twelve_revealed_cards_can_be_attracted() -> None:
    """S-6 by behaviour: with plenty of sun, the attractable cards are exactly the 12
    revealed reserve cards."""
    from .scenario import to_action_phase

    st = to_action_phase(start(2, seed=8), {0: ["bison", "marmot", "weasel"]})  # sun 13
    offered = {a.arg for a in legal_actions(st) if a.kind == "attract"}
    revealed = {c for row in st.reserve for c in row if c is not None}
    assert len(revealed) == 12
    affordable = {c for c in revealed if data().cards[c].cost <= 13}
    assert offered == affordable


# --- S-7 tree dispensers --------------------------------------------------------------

S7_TABLE = {
    "3A": (2, 3, 4),
    "3B": (2, 3, 4),
    "4A": (2, 3, 4),
    "4B": (2, 3, 4),
    "5A": (2, 3, 4),
    "5B": (2, 3, 4),
    "6": (2, 3, 3),
    "7": (2, 3, 3),
    "8": (2, 3, 3),
    "9": (2, 2, 2),
    "10": (2, 2, 2),
    "11": (2, 2, 2),
}


@pytest.mark.parametrize(("n", "total"), [(2, 24), (3, 33), (4, 39)])
def test_S7_dispensers_hold_the_copies_for_the_player_count(n: int, total: int) -> None:
    """S-7: copies per kind and player count as in the table; totals 24 / 33 / 39."""
    st = start(n, seed=1)
    assert st.dispensers == {label: counts[n - 2] for label, counts in S7_TABLE.items()}
    assert sum(st.dispensers.values()) == total
    for label, k in data().trees.items():
        assert k.copies[n] == S7_TABLE[label][n - 2]


def test_S7_dispensers_are_grouped_by_ascending_cost() -> None:
    """S-7: the dispensers are filled kind by kind in ascending cost (the order the
    engine offers them in)."""
    st = start(2, seed=1)
    costs = [data().trees[label].cost for label in st.dispensers]
    assert costs == sorted(costs)
    assert list(st.dispensers) == list(S7_TABLE)


def test_S7_a_kind_with_an_empty_dispenser_cannot_be_planted() -> None:
    """S-7 by behaviour (X-6): the dispenser count limits planting; in a 2-player game
    only two 3A tiles exist."""
    from .scenario import set_forest, to_action_phase

    st = set_forest(start(2, seed=1), 1, {(1, 1): "3A", (3, 1): "3A"})
    st = to_action_phase(st, {0: ["rhinoceros"]})  # plant 3
    assert st.dispensers["3A"] == 0
    refusal = why_illegal(st, "plant 3A@1,1")
    assert refusal is not None and refusal.rules == ("X-6",)
    assert "plant 3B@1,1" in {str(a) for a in legal_actions(st)}


# --- S-8 supplies ------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_S8_fire_varan_and_fragment_supplies_are_full(n: int) -> None:
    """S-8: Fire tiles sorted by value (20 of each in the supply), 23 Fire Varan cards
    and 20 Fragments on the Fire Varan board; nobody holds any yet."""
    st = start(n, seed=1)
    assert st.fire_supply == {"2": 20, "3": 20, "4": 20}
    assert st.varan_supply == 23
    assert st.fragment_supply == 20
    assert all(data().varan_id not in p.draw for p in st.players)


# --- S-9 first phase ---------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_S9_game_starts_with_the_guardian_animals_phase_of_round_1(n: int) -> None:
    """S-9: round 1, Guardian Animals phase, the first player to reveal; the only
    possible action is to draw (G-3)."""
    st, events = new_game(seats(n), seed=1, first=0)
    assert kinds(events) == ["game_started", "round_started"]
    assert events[1]["round"] == 1
    assert st.round == 1 and st.phase == "draw" and st.current == 0
    assert not any(p.stopped for p in st.players)
    assert [str(a) for a in legal_actions(st)] == ["draw"]
    assert why_illegal(st, "take-fragment") is not None
