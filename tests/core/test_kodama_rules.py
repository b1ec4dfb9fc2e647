"""Scenario tests for KODAMA.md: the round (K-T), symbols (K-K), Call a Kodama (K-A),
the board (K-B), Onibi (K-O), stone rocks (K-R), animals (K-G), trees (K-P), Element
tiles (K-E), victory (K-V) and edge cases (K-X). Seat 0 = Ana (Winter), 1 = Bo."""

from __future__ import annotations

from dataclasses import replace

import pytest

from living_forest.core import (
    apply,
    counts,
    decision,
    describe,
    legal_actions,
    raw_strengths,
    rules_for,
    validate,
    why_illegal,
    why_unavailable,
)
from living_forest.core.data import FLOWER, SUN, WATER
from living_forest.core.kodama import kodama, kodama_data, player, visible_symbols
from living_forest.core.strength import max_of_type

from .kodama_scenario import K, give_tiles, kstart, set_onibi, set_pile, to_kaction
from .scenario import (
    assert_rejected,
    events_of,
    give_fragments,
    kinds,
    legal_strs,
    move_tile,
    names,
    play,
    put_on_draw,
    set_centre,
    set_forest,
    set_help_line,
    set_rocks,
    set_row,
)

R = rules_for(K)
KD = kodama_data(R)
OWN = "kodama_winter"  # Ana's starting Kodama (K-S2)


def flowers(st, seat=0) -> int:
    return raw_strengths(R, st.players[seat])[FLOWER]


def finish(st):
    """End the pick in progress, if it did not end by itself (nothing more fits)."""
    return play(st, "done")[0] if "done" in legal_strs(st) else st


# --- K-T the round ------------------------------------------------------------------


def test_KT1_a_kodama_is_revealed_like_any_card_and_has_no_solitary_effect() -> None:
    """K-T1: drawn in the Guardian Animals phase, a Kodama joins the Help Line and
    changes no net solitary count."""
    st = put_on_draw(kstart(), 0, ["bear", OWN])
    st, events = play(st, "draw", "draw")
    assert st.players[0].help_line == [OWN, "bear"]
    assert [e["net"] for e in events_of(events, "card_revealed")] == [0, 1]


def test_KT2_KX7_a_fragment_sends_a_just_revealed_kodama_to_the_discard() -> None:
    """K-T2, K-X7: like any non-Varan card, it goes to the discard and stays in the deck."""
    st = give_fragments(put_on_draw(kstart(), 0, [OWN]), 0, 1)
    st, _ = play(st, "draw", "use-fragment")
    assert OWN in st.players[0].discard and OWN not in st.players[0].help_line
    assert all(OWN not in pile for pile in kodama(st).piles.values())
    assert validate(st) == []


def test_KT3_kodama_cards_return_to_the_discard_at_the_end_of_the_round() -> None:
    """K-T3 (E-4): with the rest of the Help Line."""
    st, _ = to_kaction(kstart(), {0: [OWN, "hare"], 1: ["kodama_spring"]})
    st, _ = play(st, "end", "end")
    assert st.round == 2
    assert {OWN, "hare"} <= set(st.players[0].discard) and not st.players[0].help_line
    assert "kodama_spring" in st.players[1].discard


def test_KT4_KX10_calling_a_kodama_adds_no_end_of_round_fire() -> None:
    """K-T4, K-X10: a call is not a card taken from the reserve (E-2, X-3)."""
    st = set_pile(kstart(), "tree", ["kodama_tree_1"])
    st, _ = to_kaction(st, {0: ["fawn"]})
    taken = list(st.taken)
    st, _ = play(st, "call tree")
    assert st.taken == taken == [0, 0, 0]
    st, events = play(st, "end", "end")
    # E-2 adds fires only for reserve cards taken: none (X-16 would add one to an empty
    # centre, but the initial fire still burns).
    assert not [e for e in events if e.kind == "fires_added"]


def test_KT5_call_is_a_sixth_basic_action_type_under_A3() -> None:
    """K-T5: it uses up a basic action and a second call in the turn is refused."""
    st = set_pile(kstart(), "tree", ["kodama_tree_2", "kodama_tree_1"])
    st, _ = to_kaction(st, {0: ["fawn", "ram"]})
    assert st.basic_left == 2
    st, _ = play(st, "call tree")
    assert st.basic_left == 1 and st.used_types == ["call"]
    assert_rejected(st, "call tree", "different types")


# --- K-K Kodama symbols -------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "fragments", "tiles", "actions"),
    [
        ([OWN], 0, 0, 2),
        ([OWN, "kodama_tree_1"], 1, 0, 2),
        ([OWN, "kodama_tree_1", "kodama_water_1"], 1, 1, 2),
        ([OWN, "kodama_tree_1", "kodama_water_1", "kodama_flower_1"], 1, 1, 3),
        ([OWN, "kodama_tree_1", "kodama_water_1", "kodama_flower_1", "kodama_tree_2"], 1, 1, 3),
    ],
    ids=["1", "2", "3", "4", "5"],
)
def test_KK1_KK2_KK3_rewards_at_two_three_four_symbols(cards, fragments, tiles, actions) -> None:
    """K-K1: Kodama cards in the Help Line show a symbol each. K-K2/K-K3 (ruling K-U9):
    2 -> a Fragment, 3 -> also an Element tile, 4 -> also a basic action; nothing more.
    Ruling K-U22: the Fragment and the tile are taken by the turn's start itself (no
    action was played here), the extra action stays a choice (``basic_left``)."""
    st, events = to_kaction(kstart(), {0: cards})
    assert visible_symbols(R, st.players[0]) == len(cards)
    assert st.players[0].fragments == fragments
    assert player(st.players[0]).tiles == tiles
    assert st.basic_left == actions
    rewards = [e["reward"] for e in events_of(events, "kodama_reward")]
    assert len(rewards) == fragments + tiles + (actions - 2)
    # One line a reward: the Fragment's is not told again as an ordinary take (a
    # play-test read "sees 2 Kodama and takes a Fragment" then "takes a Fragment
    # from the supply" as two Fragments).
    assert not events_of(events, "fragment_taken")


def test_KK1_KP2_tree_8K_shows_a_symbol() -> None:
    """K-K1, K-P1: the Forest's 8K counts as a visible symbol."""
    st = set_forest(kstart(), 0, {(1, 1): "8K"})
    st, _ = to_kaction(st, {0: [OWN]})
    assert visible_symbols(R, st.players[0]) == 2 and st.players[0].fragments == 1


def test_KK4_the_extra_basic_action_is_an_ordinary_one_of_a_different_type() -> None:
    """K-K4 (ruling K-U10): three basic actions, each type once without a repeat effect."""
    four = [OWN, "kodama_tree_1", "kodama_water_1", "kodama_flower_1"]
    st, _ = to_kaction(kstart(), {0: [*four, "hare"]})
    assert st.basic_left == 3
    st, _ = play(st, "take-fragment")
    assert_rejected(st, "take-fragment", "different types")
    st, _ = play(st, "move 1")
    assert st.basic_left == 1 and st.current == 0


def test_KK5_symbols_are_counted_once_at_the_start_of_the_turn() -> None:
    """K-K5 (ruling K-U18): planting 8K later in the turn gives no reward this turn;
    the next turn counts it."""
    cards = [OWN, "kodama_tree_2", "spider", "rhinoceros", "bee"]  # plant 9, 2 symbols
    st, _ = to_kaction(kstart(), {0: cards})
    assert st.players[0].fragments == 1 and player(st.players[0]).tiles == 0
    st, _ = play(st, "plant 8K@1,1")
    assert visible_symbols(R, st.players[0]) == 3
    assert player(st.players[0]).tiles == 0 and st.players[0].fragments == 1


def test_KK6_KX1_a_reward_whose_supply_is_empty_is_lost() -> None:
    """K-K6, K-X1: no Fragment left: the 2-symbol reward is lost (the others still come)."""
    st = give_fragments(kstart(), 1, 20)
    assert st.fragment_supply == 0
    st, events = to_kaction(st, {0: [OWN, "kodama_tree_1", "kodama_water_1"]})
    assert st.players[0].fragments == 0 and player(st.players[0]).tiles == 1
    assert [e["reward"] for e in events_of(events, "kodama_reward_lost")] == ["take_fragment"]


def test_KX4_four_symbols_at_net_three_give_two_basic_actions() -> None:
    """K-X4: 1 (A-2 at net 3) + 1 (K-K4)."""
    four = [OWN, "kodama_tree_1", "kodama_water_1", "kodama_flower_1"]
    st, _ = to_kaction(kstart(), {0: [*four, "bear", "beetle", "lynx"]})
    assert st.basic_left == 2


# --- K-A Call a Kodama ---------------------------------------------------------------


def test_KA1_KX8_strength_is_sacred_flowers_with_tiles_and_flower_victory_tiles() -> None:
    """K-A1 (K-D1, K-D5): Help Line and Forest flowers + Flower Victory tiles held + an
    active +1 flower Element tile (K-X8)."""
    st = set_pile(kstart(), "flower", ["kodama_flower_6"])  # costs 4
    st, _ = to_kaction(st, {0: ["fawn", "ram"]})  # 3 flowers + winter_flower tile
    assert flowers(st) == 3 and "winter_flower" in st.players[0].victory_tiles
    assert "call flower" in legal_strs(st)
    poorer = move_tile(st, "winter_flower", 1)
    assert_rejected(poorer, "call flower", "costs 4 Sacred Flowers; you have 3", "K-A1")
    poorer = give_tiles(poorer, 0, 1)
    poorer, _ = play(poorer, "element flower")
    assert flowers(poorer) == 4  # the tile's +1 flower (K-E3)
    assert counts(R, poorer.players[0]).flowers == 4  # and for the victory count (K-X8)
    assert "call flower" in legal_strs(poorer)


def test_KA1_a_refused_call_says_when_flower_victory_tiles_are_counted() -> None:
    """K-A1: the strength line shows the Help Line's and Forest's flowers, not the
    Flower Victory tiles that also pay for a call (play-test: "costing 1 Sacred Flower
    or less" beside a 0 flower strength); the refusal says they are included."""
    st = kstart()
    for pile in ("flower", "tree", "water"):
        st = set_pile(st, pile, [f"kodama_{pile}_6"])  # each costs 4
    st, _ = to_kaction(st, {0: ["fawn", "hare"]})  # a flower or so, and winter_flower
    assert "winter_flower" in st.players[0].victory_tiles
    shown = flowers(st)  # the strength line's flowers
    with_tile = why_unavailable(st, "call")
    assert with_tile is not None and "K-A1" in with_tile.rules
    assert f"costing {shown + 1} Sacred Flowers" in with_tile.text
    assert with_tile.text.endswith("or less, Flower Victory tiles included")
    poorer = move_tile(st, "winter_flower", 1)
    without = why_unavailable(poorer, "call")
    assert without is not None and flowers(poorer) == shown
    assert f"costing {shown} Sacred Flower" in without.text  # one or more
    assert without.text.endswith("or less")


def test_KA2_KB2_only_the_top_card_one_card_per_action() -> None:
    """K-A2, K-B2 (rulings K-U8, K-U19): the top card (the pile's last) is taken, one
    per action; nothing more is picked."""
    st = set_pile(kstart(), "water", ["kodama_water_1", "kodama_water_2", "kodama_water_3"])
    st, _ = to_kaction(st, {0: ["fawn", "ram"]})
    st, events = play(st, "call water")
    assert [e["card_id"] for e in events_of(events, "kodama_called")] == ["kodama_water_3"]
    assert kodama(st).piles["water"] == ("kodama_water_1", "kodama_water_2")
    assert not st.pending and "done" not in legal_strs(st)
    assert [e["card_id"] for e in events_of(events, "kodama_revealed")] == ["kodama_water_2"]


def test_KA3_the_kodama_goes_on_top_of_the_draw_stack() -> None:
    """K-A3."""
    st = set_pile(kstart(), "tree", ["kodama_tree_1"])
    st, _ = to_kaction(st, {0: ["fawn"]})
    st, _ = play(st, "call tree")
    assert st.players[0].draw[-1] == "kodama_tree_1"


def test_KA4_flowers_are_not_used_up() -> None:
    """K-A4 (A-6): the flowers still count afterwards; with Armadillo a second call uses
    the full strength again."""
    st = set_pile(kstart(), "flower", ["kodama_flower_2", "kodama_flower_3"])  # cost 2, 2
    st, _ = to_kaction(st, {0: ["armadillo", "fawn"]})  # 2 flowers + the flower tile = 3
    before = counts(R, st.players[0]).flowers
    st, _ = play(st, "call flower")
    assert counts(R, st.players[0]).flowers == before
    st, _ = play(st, "call flower")
    assert kodama(st).piles["flower"] == ()


def test_KA5_KO2_onibi_moves_after_every_call() -> None:
    """K-A5, K-O2: 3 rocks with 2 players, jumping occupied rocks without counting."""
    st = set_pile(kstart(), "tree", ["kodama_tree_1"])
    st = set_onibi(st, 2)  # Spirits on rocks 0 and 6
    st, _ = to_kaction(st, {0: ["fawn"]})
    st, events = play(st, "call tree")
    assert kodama(st).onibi == 5
    moved = events_of(events, "onibi_moved")[0]
    assert (moved["from_rock"], moved["to_rock"], moved["jumped"]) == (2, 5, [])


def test_KA6_KV2_an_emptied_pile_raises_its_condition_to_fifteen() -> None:
    """K-A6, K-V2 (K-D4): only the matching condition; the others stay at 13."""
    st = set_pile(kstart(), "water", ["kodama_water_1"])
    st, _ = to_kaction(st, {0: ["fawn"]})
    st, events = play(st, "call water")
    assert st.thresholds == {"trees": 13, "fires": 15, "flowers": 13}
    raised = events_of(events, "threshold_raised")[0]
    assert (raised["pile"], raised["condition"], raised["threshold"]) == ("water", "fires", 15)


def test_KA7_KR1_a_stone_rock_gives_a_call_as_bonus_action_with_onibi() -> None:
    """K-A7, K-R1: ending a move on rock 3 offers a bonus Call a Kodama; Onibi moves."""
    st = set_pile(kstart(), "tree", ["kodama_tree_1"])
    st = set_onibi(st, 9)
    st, _ = to_kaction(st, {0: ["fawn", "horned_owl"]})  # wind 3
    st, events = play(st, "move 3")
    assert st.players[0].rock == 3
    offered = events_of(events, "bonus_offered")[0]
    assert (offered["bonus"], offered["source"]) == ("call_kodama", "rock")
    assert decision(st).action == "call"
    left = st.basic_left
    st, events = play(st, "call tree")
    assert st.basic_left == left and kodama(st).onibi != 9
    assert "onibi_moved" in kinds(events)


# --- K-O Onibi -----------------------------------------------------------------------


def test_KO1_spirits_jump_onibi_without_counting_and_never_stop_there() -> None:
    """K-O1 (ruling K-U7): jumping Onibi takes nothing."""
    st = set_onibi(kstart(), 2)
    st, _ = to_kaction(st, {0: ["hare", "horned_owl"]})  # wind 4, Ana on rock 0
    st2, events = play(st, "move 2")
    assert st2.players[0].rock == 3  # 1, (2 = Onibi), 3
    assert names(st2, events_of(events, "standee_moved")[0]["jumped"]) == []
    assert all(p.kind != "steal" for p in st2.pending)
    st2, _ = play(st, "move 1")
    assert st2.players[0].rock == 1


def test_KO2_onibi_moves_two_with_three_players_and_one_with_four() -> None:
    """K-O2: the printed table: 3 / 2 / 1 rocks."""
    assert KD.onibi_steps == {2: 3, 3: 2, 4: 1}
    for n, steps in ((3, 2), (4, 1)):
        st = set_pile(kstart(n), "tree", ["kodama_tree_1"])
        free = next(r for r in range(12) if r not in {p.rock for p in st.players})
        st = set_onibi(st, free)
        st, _ = to_kaction(st, {0: ["fawn"]})
        st, events = play(st, "call tree")
        moved = events_of(events, "onibi_moved")[0]
        jumped = len(moved["jumped"])
        assert (moved["to_rock"] - free) % 12 == steps + jumped


def test_KO3_KX3_one_value_two_fire_per_spirit_jumped() -> None:
    """K-O3, K-X3: Onibi passing two Spirits adds two value-2 Fires."""
    st = set_rocks(set_pile(kstart(), "tree", ["kodama_tree_1"]), {0: 3, 1: 4})
    st = set_onibi(set_centre(st, []), 2)
    st, _ = to_kaction(st, {0: ["fawn"]})
    st, events = play(st, "call tree")
    assert names(st, events_of(events, "onibi_moved")[0]["jumped"]) == ["Ana", "Bo"]
    assert kodama(st).onibi == 7 and st.centre == [2, 2]
    assert len(events_of(events, "onibi_fire_added")) == 2


def test_KO4_onibi_takes_no_rock_bonus_and_moves_only_when_a_kodama_is_called() -> None:
    """K-O4: no bonus, no Victory tile, no move on other actions."""
    st = set_onibi(kstart(), 8)
    st, _ = to_kaction(st, {0: ["hare", "horned_owl"]})
    tiles = [list(p.victory_tiles) for p in st.players]
    st, events = play(st, "move 1")
    assert kodama(st).onibi == 8 and "onibi_moved" not in kinds(events)
    st = set_pile(st, "tree", ["kodama_tree_1"])
    st.pending = []
    st, events = play(st, "end")
    assert [list(p.victory_tiles) for p in st.players] == tiles


def test_KX2_no_fire_is_added_when_seven_burn() -> None:
    """K-X2 (ruling K-U16): the 7-tile cap stops Onibi's fire."""
    st = set_rocks(set_pile(kstart(), "tree", ["kodama_tree_1"]), {0: 3})
    st = set_onibi(set_centre(st, [2, 2, 2, 3, 3, 4, 4]), 2)
    st, _ = to_kaction(st, {0: ["fawn"]})
    st, events = play(st, "call tree")
    jumped = events_of(events, "onibi_moved")[0]["jumped"]
    assert len(st.centre) == 7 and len(jumped) == 2  # Ana on 3, Bo on 6
    assert [e["why"] for e in events_of(events, "fire_not_added")] == ["circle_full"] * 2
    assert not events_of(events, "onibi_fire_added")


# --- K-G new animals -----------------------------------------------------------------


def test_KG1_KX5_a_level2_animal_allows_its_type_twice_at_most() -> None:
    """K-G1, K-X5 (ruling K-U21): Peafowl: two Attracts, not three even with a third
    basic action; its +1 sun counts."""
    four = [OWN, "kodama_tree_1", "kodama_water_1", "kodama_flower_1"]
    st = kstart()
    st, _ = to_kaction(st, {0: ["peafowl", "weasel", "beetle", *four]})
    assert st.basic_left == 3 and raw_strengths(R, st.players[0])[SUN] == 6
    assert max_of_type(R, st.players[0], "attract") == 2
    assert max_of_type(R, st.players[0], "move") == 1
    cheap = sorted((c for row in st.reserve for c in row if c), key=lambda c: R.data.cards[c].cost)
    st = finish(play(st, f"attract {cheap[0]}")[0])
    st = finish(play(st, f"attract {cheap[1]}")[0])
    assert_rejected(st, f"attract {cheap[2]}", "different types")
    assert "take-fragment" in legal_strs(st)


def test_KX5_tree_11_lets_any_type_repeat_at_most_twice() -> None:
    """K-X5: tree 11 reads the same way: with three basic actions, a type twice only."""
    four = [OWN, "kodama_tree_1", "kodama_water_1", "kodama_flower_1"]
    st = set_forest(kstart(), 0, {(1, 1): "11"})
    st, _ = to_kaction(st, {0: four})
    st, _ = play(st, "take-fragment", "take-fragment")
    assert_rejected(st, "take-fragment", "different types")


def test_KG2_KG3_a_level3_animal_gives_one_optional_bonus_per_round() -> None:
    """K-G2, K-G3 (ruling K-U11): Koi gives a bonus Extinguish between actions, once per
    round, using no basic action, not limited by A-3, and it can be skipped."""
    st = set_centre(kstart(), [2, 3])
    st, _ = to_kaction(st, {0: ["koi", "goldfish", "hummingbird"]})  # water 3
    assert "animal koi" in legal_strs(st)
    st = finish(play(st, "extinguish 2")[0])  # a basic Extinguish first
    st, events = play(st, "animal koi")
    assert describe(events_of(events, "animal_bonus")[0], st) == (
        "Ana uses Koi for a bonus extinguish."
    )
    assert decision(st).kind == "bonus" and decision(st).action == "extinguish"
    assert events_of(events, "bonus_offered")[0]["source"] == "animal"
    st, _ = play(st, "extinguish 3")
    assert st.basic_left == 1 and "animal koi" not in legal_strs(st)
    assert_rejected(st, "animal koi", "this round")
    assert player(st.players[0]).animals_used == ("koi",)


def test_KG3_not_in_the_middle_of_another_action_and_skippable() -> None:
    """K-G3: between actions only; the offered bonus may be declined."""
    st = set_centre(kstart(), [2, 2])
    st, _ = to_kaction(st, {0: ["koi", "goldfish", "hummingbird", "bear"]})  # water 4
    st2, _ = play(st, "extinguish 2")  # the Extinguish is in progress (2 more fit)
    assert decision(st2).kind == "pick"
    assert_rejected(st2, "animal koi", "finish")
    st3, events = play(st, "animal koi", "skip")
    assert "bonus_skipped" in kinds(events) and "animal koi" not in legal_strs(st3)


def test_KG4_new_animals_add_fires_of_their_level() -> None:
    """K-G4 (E-2): attracting the new level-3 Koi adds a value-4 fire at the end of round."""
    st = set_row(kstart(), 3, ["koi", None, None, None])
    st, _ = to_kaction(st, {0: ["bison", "marmot", "weasel"]})  # sun 13, Koi costs 12
    st = finish(play(st, "attract koi")[0])
    assert st.taken == [0, 0, 1]
    st, events = play(st, "end", "end")
    assert next(e for e in events if e.kind == "fires_added")["added"] == [4]


# --- K-P Kodama trees ----------------------------------------------------------------


def test_KP1_KP2_element_per_visible_symbol_continuously() -> None:
    """K-P1, K-P2: 6K gives +1 sun per visible symbol, recomputed when the Help Line
    changes; two copies both count."""
    st = set_forest(kstart(), 0, {(1, 1): "6K", (3, 1): "6K"})
    p = set_help_line(st, 0, []).players[0]
    assert raw_strengths(R, p)[SUN] == 0  # K-X6: no symbol, nothing
    p = set_help_line(st, 0, [OWN]).players[0]
    assert raw_strengths(R, p)[SUN] == 2
    p = set_help_line(st, 0, [OWN, "kodama_tree_1"]).players[0]
    assert raw_strengths(R, p)[SUN] == 4


def test_KP1_tree_costs_and_kinds() -> None:
    """K-P1: costs 6 to 11; 7K water, 9K plant, 10K wind, 11K flower per symbol."""
    trees = R.data.trees
    assert [trees[t].cost for t in ("6K", "7K", "8K", "9K", "10K", "11K")] == list(range(6, 12))
    st = set_forest(kstart(), 0, {(1, 1): "7K", (3, 1): "9K", (2, 0): "10K", (2, 2): "11K"})
    p = set_help_line(st, 0, [OWN]).players[0]
    # 1 symbol: +1 water, plant, wind, flower; the column-2 line (2,0)(2,2) adds +1 sun
    assert raw_strengths(R, p) == [1, 1, 1, 1, 1]


def test_KP3_new_kinds_count_as_different_trees_and_11K_is_no_repeat() -> None:
    """K-P3: 6K and 6 are two kinds for the tree count; 11K lifts no A-3 limit."""
    st = set_forest(kstart(), 0, {(1, 1): "6", (3, 1): "6K", (2, 0): "11K"})
    assert counts(R, st.players[0]).trees == 5  # start + 6 + 6K + 11K + own Tree tile
    assert max_of_type(R, st.players[0], "attract") == 1


# --- K-E Element tiles ---------------------------------------------------------------


def test_KE1_KE2_tiles_are_kept_and_spent_between_actions_several_at_once() -> None:
    """K-E1: no holding limit. K-E2 (ruling K-U20): between actions, several in a row,
    the turn they were gained too."""
    st, _ = to_kaction(kstart(), {0: [OWN, "kodama_tree_1", "kodama_water_1"]})
    st = give_tiles(st, 0, 4)
    assert player(st.players[0]).tiles == 5
    assert {f"element {e}" for e in ("sun", "water", "plant", "wind", "flower")} <= legal_strs(st)
    st, events = play(st, "element sun", "element sun", "element wind")
    assert player(st.players[0]).tiles == 2
    assert raw_strengths(R, st.players[0])[SUN] == 4 and st.basic_left == 2
    assert [e["amount"] for e in events_of(events, "element_tile_used")] == [2, 2, 1]


def test_KE2_not_during_an_action() -> None:
    """K-E2: not in the middle of an action (the pick in progress comes first)."""
    st = set_centre(kstart(), [2, 2])
    st, _ = to_kaction(st, {0: ["goldfish", "hummingbird", "bear"]})  # water 4
    st, _ = play(give_tiles(st, 0, 1), "extinguish 2")
    assert decision(st).kind == "pick"
    assert_rejected(st, "element water", "finish")


def test_KE3_the_bonus_lasts_until_the_end_of_the_round_incl_the_defence() -> None:
    """K-E3: for the actions, the E-1 water defence and the flower count; then it ends."""
    st = set_centre(kstart(), [2, 2])  # power 4
    st, _ = to_kaction(st, {0: ["hummingbird", "goldfish"], 1: ["hare"]})  # Ana water 3
    st, _ = play(give_tiles(st, 0, 1), "element water")
    assert raw_strengths(R, st.players[0])[WATER] == 5
    st, events = play(st, "end", "end")
    safe = [e.seat for e in events_of(events, "spirit_safe")]
    assert 0 in safe and 1 not in safe  # Ana resisted Onibi thanks to the tile
    assert player(st.players[0]).active == () and st.round == 2


def test_KE4_not_in_the_guardian_animals_phase_or_others_turns() -> None:
    """K-E4: only in one's own Action-phase turn."""
    st = give_tiles(kstart(), 0, 1)
    assert why_illegal(st, "element sun") is not None
    st, _ = to_kaction(give_tiles(kstart(), 1, 2), {0: ["hare"], 1: ["hare"]})
    assert st.current == 0 and not any(a.kind == "element" for a in legal_actions(st))


def test_KE5_the_supply_never_runs_out() -> None:
    """K-E5 (ruling K-U2): the 3-symbol reward is always given."""
    st = give_tiles(kstart(), 0, 50)
    st, _ = to_kaction(st, {0: [OWN, "kodama_tree_1", "kodama_water_1"]})
    assert player(st.players[0]).tiles == 51


# --- K-V victory and K-X9 ------------------------------------------------------------


def test_KV3_kodama_flowers_count_for_victory_when_visible() -> None:
    """K-V3: Kodama cards in the Help Line add their flowers (V-3)."""
    st = set_help_line(kstart(), 0, ["kodama_flower_6"])  # +2 flowers
    assert counts(R, st.players[0]).flowers == 2 + 1  # and the own Flower tile


def test_KX9_an_emptied_pile_raises_the_threshold_before_the_same_rounds_check() -> None:
    """K-X9: Ana has 13 flowers and empties the Flower pile in her turn: at V-1 of that
    round flowers need 15, so the game goes on (with 13 needed it would have ended)."""
    cards = ["elephant", "panda", "chameleon", "ram", "goat", "tapir"]  # 3+3+2+2+2+2 = 14
    base = set_pile(kstart(), "flower", ["kodama_flower_1"])
    st, _ = to_kaction(move_tile(base, "winter_flower", 1), {0: cards})
    assert counts(R, st.players[0]).flowers == 14 >= st.thresholds["flowers"]
    ended, _ = play(st, "end", "end")
    assert ended.phase == "over"  # without the call: 14 >= 13 wins
    st, _ = play(st, "call flower", "end", "end")
    assert st.thresholds["flowers"] == 15 and st.phase != "over" and st.round == 2


# --- K-X edge cases ------------------------------------------------------------------


def test_KX1_all_piles_empty_no_call_and_a_stone_bonus_is_lost() -> None:
    """K-X1: nothing to call: the action is unavailable, a stone rock's bonus is lost."""
    st = kstart()
    for pile in ("flower", "tree", "water"):
        st = set_pile(st, pile, [])
    st, _ = to_kaction(st, {0: ["fawn", "ram", "horned_owl"]})
    refusal = why_unavailable(st, "call")
    assert refusal is not None and refusal.rules == ("K-X1",)
    assert "every Kodama pile is empty" in refusal.text
    st, events = play(st, "move 3")
    assert [(e["bonus"], e["source"]) for e in events_of(events, "bonus_lost")] == [
        ("call_kodama", "rock")
    ]


def test_KX6_kodama_trees_without_symbols_give_nothing() -> None:
    """K-X6."""
    st = set_help_line(set_forest(kstart(), 0, {(1, 1): "9K"}), 0, ["hare"])
    assert raw_strengths(R, st.players[0]) == [0, 0, 0, 1, 0]


def test_kodama_games_to_the_end_stay_sound() -> None:
    """Whole Kodama games with random bots: every state validates and round-trips."""
    import random

    from living_forest.bots.rules_of_thumb import random_bot
    from living_forest.core import GameState
    from living_forest.core.observation import observe

    for seed in range(4):
        st = kstart(2 + seed % 3, seed)
        rng = random.Random(seed)
        steps = 0
        while st.phase != "over" and steps < 6000:
            st, _ = apply(st, random_bot(observe(st, st.current), legal_actions(st), rng))
            steps += 1
            if steps % 20 == 0:
                assert validate(st) == [], validate(st)
                assert GameState.from_dict(st.to_dict()) == st
        assert st.phase == "over"


def test_a_kodama_card_pulled_for_a_test_keeps_conservation() -> None:
    """The helper moves Kodama between piles, box and decks; validate holds."""
    st = set_pile(kstart(), "water", ["kodama_water_6"])
    st = set_help_line(st, 0, ["kodama_water_1"])
    assert validate(st) == []
    bad = st.clone()
    bad.ext["kodama"] = replace(kodama(bad), box=(*kodama(bad).box, "kodama_water_1"))
    assert any("kodama_water_1" in p for p in validate(bad))
    bad = st.clone()
    bad.ext["kodama"] = replace(kodama(bad), onibi=bad.players[0].rock)
    assert any("Onibi" in p for p in validate(bad))


def test_KV1_KV2_thresholds_agree_with_the_piles_in_validate() -> None:
    """K-V1, K-V2: 13 while a pile has cards, 15 once it is empty; validate says so."""
    st = kstart()
    assert validate(st) == []
    bad = st.clone()
    bad.thresholds["fires"] = 15
    assert any("fires threshold 15" in p for p in validate(bad))
    emptied = kstart().clone()
    emptied.ext["kodama"] = replace(kodama(emptied), piles={**kodama(emptied).piles, "tree": ()})
    emptied.ext["kodama"] = replace(
        kodama(emptied), box=(*kodama(emptied).box, *kodama(st).piles["tree"])
    )
    assert any("trees threshold 13" in p for p in validate(emptied))
    emptied.thresholds["trees"] = 15
    assert validate(emptied) == []
