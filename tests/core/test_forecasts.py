"""Forecasts the app shows (core/queries.py): Onibi's attack as it would fall now (E-1,
X-2), who meets a victory condition now (V-1, V-2), each count part by part (V-3), a
tree kind that adds no tree point (V-3), and whether an Element's action has anything
to do at a strength (A-6, A-50, A-51)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from living_forest.bots.rules_of_thumb import random_bot
from living_forest.core import (
    BASE_GAME,
    Action,
    GameOptions,
    GameState,
    action_possible,
    apply,
    conditions_met,
    could_end_this_round,
    count_breakdown,
    counts,
    legal_actions,
    new_game,
    new_tree_kind,
    observe,
    onibi_forecast,
    preview,
    raw_strengths,
    rules_of,
    victory_gaps,
)
from living_forest.core.data import ELEMENTS, WATER
from living_forest.core.state import PHASE_DRAW

KODAMA = GameOptions(("kodama",))
SPIRITS = ["winter", "spring", "summer", "autumn"]
CASES = [(n, seed, opt) for opt in (BASE_GAME, KODAMA) for n, seed in ((2, 21), (3, 22), (4, 23))]
IDS = [f"{n}p-{'kodama' if opt.modules else 'base'}" for n, _, opt in CASES]


def game(n: int, seed: int, options: GameOptions) -> Iterator[tuple[GameState, Action, list]]:
    """Each position of a random game, the move played there and its events (the
    automatic steps that follow included); then the final position."""
    st, _ = new_game([(f"P{i}", SPIRITS[i]) for i in range(n)], seed, options=options)
    rng = random.Random(seed)
    while st.phase != "over":
        before = st
        a = random_bot(observe(st, st.current), legal_actions(st), rng)
        st, events = apply(st, a)
        yield before, a, events
    yield st, Action("end"), []


@pytest.mark.parametrize(("n", "seed", "options"), CASES, ids=IDS)
def test_E1_X2_the_forecast_is_what_the_end_of_the_round_deals(n, seed, options) -> None:
    """Just before the move that ends a round, Onibi's forecast names exactly the seats
    the end of the round gives Fire Varans to, and how many each gets."""
    rounds = 0
    for st, a, events in game(n, seed, options):
        dealt = {e.seat: e.data["count"] for e in events if e.kind == "varans_dealt"}
        attacks = [e for e in events if e.kind == "onibi_attacks"]
        if not attacks:
            continue
        # The position the round ends from: before an End (its apply ends the round),
        # else right after the move alone.
        before = st if a.kind == "end" else preview(st, a)
        f = onibi_forecast(before)
        assert f is not None
        assert (f.power, f.tiles) == (attacks[0].data["power"], attacks[0].data["tiles"])
        assert dict(f.gets) == dealt
        for seat in range(n):
            water = max(0, raw_strengths(rules_of(before), before.players[seat])[WATER])
            assert f.water[seat] == water
            assert (seat in f.owed) == (water < f.power)
        rounds += 1
    assert rounds >= 2


def test_X2_a_short_varan_deck_is_spread_in_the_forecast() -> None:
    st, _ = new_game([("A", "winter"), ("B", "spring"), ("C", "summer")], 3)
    st = st.clone()
    st.centre = [4, 4, 4]
    st.varan_supply = 4
    f = onibi_forecast(st)
    assert f is not None and set(f.owed) == {0, 1, 2}
    assert sum(f.gets.values()) == 4
    assert max(f.gets.values()) - min(f.gets.values()) == 1
    assert f.gets[st.order()[0]] == 2  # earlier players first
    st.centre = []
    assert onibi_forecast(st) is None


@pytest.mark.parametrize(("n", "seed", "options"), CASES, ids=IDS)
def test_V3_V2_breakdown_and_conditions_add_up(n, seed, options) -> None:
    seen_met = False
    for i, (before, _, _) in enumerate(game(n, seed, options)):
        if i % 7 and before.phase != "over":
            continue
        met = conditions_met(before)
        r = rules_of(before)
        for seat, p in enumerate(before.players):
            b = count_breakdown(before, seat)
            c = counts(r, p)
            assert b.counts == c
            assert b.tree_kinds + b.starting_tree + b.tree_tiles == c.trees
            assert b.fire_tiles + b.fire_victory_tiles == c.fires
            assert b.flowers_before_tiles + b.flower_tiles == c.flowers
            assert [name for name, _ in b.flower_parts] == [x.name for x in r.contributors]
            assert met.get(seat, ()) == tuple(c.met(before.thresholds))
            gaps = victory_gaps(before)[seat]
            assert tuple(m for m, g in gaps.items() if g == 0) == met.get(seat, ())
            assert gaps["fires"] == max(0, before.thresholds["fires"] - c.fires)
            seen_met = seen_met or seat in met
    assert seen_met  # a finished random game reached a condition at some point


def test_V3_a_kind_already_planted_gives_no_tree_point() -> None:
    st, _ = new_game([("A", "winter"), ("B", "spring")], 5)
    st = st.clone()
    label = next(iter(rules_of(st).data.trees))
    assert new_tree_kind(st, label, 0)
    st.players[0].forest[0] = label
    assert not new_tree_kind(st, label, 0)
    assert new_tree_kind(st, label, 1)  # the other Forest does not have it
    before = counts(rules_of(st), st.players[0]).trees
    st.players[0].forest[4] = label
    assert counts(rules_of(st), st.players[0]).trees == before  # what the query promises


@pytest.mark.parametrize(("n", "seed", "options"), CASES, ids=IDS)
def test_A6_A50_an_offered_type_is_possible_at_the_players_strength(n, seed, options) -> None:
    """Whenever the Action phase offers a basic type that uses an Element, the query says
    it is possible at the player's strength; at strength 0 nothing is possible (A-5)."""
    checked = 0
    for before, _, _ in game(n, seed, options):
        if before.phase != "action" or before.pending:
            continue
        r = rules_of(before)
        seat = before.current
        p = before.players[seat]
        s = raw_strengths(r, p)
        kinds = {a.kind for a in legal_actions(before)}
        for at in r.basic_types:
            if at.element is None:
                continue
            if at.kind in kinds:
                assert action_possible(before, seat, at.element, at.budget(r, p, s, 0))
                checked += 1
            assert not action_possible(before, seat, at.element, 0)
    assert checked > 20


def test_A20_A50_nothing_that_cheap_is_not_possible() -> None:
    """Strength 3 with every reserve card dearer, and with no tree left that cheap."""
    st, _ = new_game([("A", "winter"), ("B", "spring")], 5)
    st = st.clone()
    r = rules_of(st)
    sun, plant = ELEMENTS.index("sun"), ELEMENTS.index("plant")
    cheapest = min(r.data.cards[c].cost for row in st.reserve for c in row if c)
    assert action_possible(st, 0, sun, cheapest)
    assert not action_possible(st, 0, sun, cheapest - 1)
    cheap_tree = min(k.cost for k in r.data.trees.values())
    assert action_possible(st, 0, plant, cheap_tree)
    for label, k in r.data.trees.items():
        if k.cost <= cheap_tree:
            st.dispensers[label] = 0
    assert not action_possible(st, 0, plant, cheap_tree)


def _reached(st: GameState, seat: int, condition: str) -> bool:
    return getattr(counts(rules_of(st), st.players[seat]), condition) >= st.thresholds[condition]


def _greedy_extinguish(st: GameState) -> GameState:
    """The player to act extinguishes the smallest fires while they can (one action)."""
    first = True
    while first or (st.pending and st.pending[-1].kind == "extinguish"):
        picks = [a for a in legal_actions(st) if a.kind == "extinguish"]
        if not picks:
            break
        st, _ = apply(st, min(picks, key=lambda a: int(a.arg or 0)))
        first = False
    return st


@pytest.mark.parametrize(("n", "seed", "options"), CASES, ids=IDS)
def test_V1_who_could_end_the_game_this_round_can_with_one_action(n, seed, options) -> None:
    """The app's "can end the game this round" is a promise: in the Action
    phase it names only seats still to act, each missing count is the true gap, and
    for the player to act one basic action does it (Extinguish the smallest fires;
    Plant some tree). For the fires it is exact: whenever extinguishing the smallest
    fires would reach the threshold, the seat is named."""
    checked = {"fires": 0, "trees": 0, "flowers": 0, "exact": 0}
    for before, _, _ in game(n, seed, options):
        if before.phase != "action" or before.pending:
            continue
        claims = could_end_this_round(before)
        gaps = victory_gaps(before)
        for s, reach in claims.items():
            assert s in before.order()[before.turns_done :]
            assert all(gaps[s][m] == need > 0 for m, need in reach.items())
        seat = before.current
        mine = claims.get(seat, {})
        if "fires" in mine:
            assert _reached(_greedy_extinguish(before), seat, "fires")
            checked["fires"] += 1
        elif gaps[seat]["fires"] and any(a.kind == "extinguish" for a in legal_actions(before)):
            assert not _reached(_greedy_extinguish(before), seat, "fires")
            checked["exact"] += 1
        for m in ("trees", "flowers"):
            if m in mine:
                plants = [a for a in legal_actions(before) if a.kind == "plant"]
                assert any(_reached(apply(before, a)[0], seat, m) for a in plants), m
                checked[m] += 1
    assert checked["exact"] > 10, checked


@pytest.mark.parametrize(("n", "seed", "options"), CASES, ids=IDS)
def test_V1_one_tree_or_its_flowers_from_a_threshold_is_named_when_a_plant_does_it(
    n, seed, options
) -> None:
    """Thresholds are state (Kodama moves them, K-V1): set them one tree, or a tree's
    flowers, above the player to act, wherever they may plant. The seat is named for
    the tree exactly when one of its legal plants reaches it, and for the flowers only
    when one does."""
    checked = 0
    for before, _, _ in game(n, seed, options):
        if before.phase != "action" or before.pending:
            continue
        plants = [a for a in legal_actions(before) if a.kind == "plant"]
        if not plants:
            continue
        seat = before.current
        c = counts(rules_of(before), before.players[seat])
        for m, more in (("trees", 1), ("flowers", 1), ("flowers", 2)):
            st = before.clone()
            st.thresholds = {**st.thresholds, m: getattr(c, m) + more}
            named = m in could_end_this_round(st).get(seat, {})
            reaches = any(_reached(apply(st, a)[0], seat, m) for a in plants)
            if m == "trees":
                assert named == reaches
            else:  # a lower bound: a line a plant completes may add flowers too (F-5)
                assert reaches or not named
            checked += named
    assert checked > 5


def test_V1_a_seat_that_has_played_its_turn_cannot_end_the_game_this_round() -> None:
    """One fire short, with water enough, but their action turn is over: not named."""
    st, _ = new_game([("A", "winter"), ("B", "spring")], 21)
    rng = random.Random(3)
    while not (st.phase == "action" and st.turns_done == 1 and not st.pending):
        st, _ = apply(st, random_bot(observe(st, st.current), legal_actions(st), rng))
    done = st.order()[0]
    st = st.clone()
    p = st.players[done]
    need = st.thresholds["fires"] - counts(rules_of(st), p).fires
    p.fires = p.fires + [2] * (need - 1)  # one fire short
    assert victory_gaps(st)[done]["fires"] == 1
    assert done not in could_end_this_round(st)
    # The same position in the reveal phase would name them (Help Lines still grow).
    st.phase = PHASE_DRAW
    assert could_end_this_round(st)[done] == {"fires": 1}
