"""Scenario tests for the edge cases X-1 … X-20."""

from __future__ import annotations

from living_forest.core import (
    counts,
    data,
    describe,
    legal_actions,
    net_solitary,
    outcome,
    raw_strengths,
    rules_for,
    validate,
)

from .scenario import (
    assert_rejected,
    deal_varans,
    events_of,
    give_fires,
    give_fragments,
    kinds,
    legal_in_order,
    legal_strs,
    move_tile,
    names,
    play,
    put_on_draw,
    set_centre,
    set_first,
    set_forest,
    set_rocks,
    set_row,
    start,
    to_action_phase,
)

D = data()
R = rules_for()
VARAN = D.varan_id
SUN, WATER, PLANT, WIND, FLOWER = range(5)
ALL_CELLS = [(x, y) for y in range(3) for x in range(5) if (x, y) != (2, 1)]
FULL_FOREST = ["3A", "3A", "3B", "3B", "4A", "4A", "4B", "4B", "5A", "5A", "5B", "5B", "6", "6"]
WIND_18 = ["horned_owl", "dog", "badger", "eagle", "wolf", "horse", "gorilla", "panther"]


def finish(st):
    return play(st, *["end"] * (st.n - st.turns_done))


def ana_after_bo(st, help_line):
    """Bo holds the Sacred Tree and ends his turn, so the engine itself starts Ana's
    turn (and counts her basic actions, A-2)."""
    st = set_first(st, 1)
    st = to_action_phase(st, {0: help_line})
    st, ev = play(st, "end")
    assert st.current == 0 and st.phase == "action"
    return st, events_of(ev, "turn_started")[-1]


def moved(ev):
    return [e for e in ev if e.kind == "standee_moved"]


# --- X-1, X-2 ------------------------------------------------------------------------------


def test_X1_empty_fragment_supply_blocks_take_fragment() -> None:
    """X-1 / A-11: with no Fragment left, Take a Fragment cannot be chosen."""
    st = give_fragments(start(2), 1, 20)
    st = to_action_phase(st, {0: ["hare"]})
    assert st.fragment_supply == 0
    assert "take-fragment" not in legal_strs(st)
    assert_rejected(st, "take-fragment", "supply is empty")


def test_X1_corner_two_fragments_gives_only_what_is_left() -> None:
    """X-1 project ruling: the "2 Fragments" corner gives 1 when 1 is left, 0 when 0."""
    for left in (1, 0):
        st = start(2)
        st = set_forest(st, 0, {(3, 1): "4A", (4, 1): "4B"})
        st = give_fragments(st, 1, 20 - left)
        st = to_action_phase(st, {0: ["bear", "bee"]})
        st, ev = play(st, "plant 3A@4,0")
        assert st.players[0].fragments == left and st.fragment_supply == 0
        if left:
            assert events_of(ev, "fragment_taken")[0]["count"] == left
        else:  # nothing left: the corner bonus is lost (O-3, X-1)
            assert "fragment_taken" not in kinds(ev)
            assert events_of(ev, "bonus_lost")[0].data["source"] == "corner"
        assert st.pending == [] and st.basic_left == 1
        assert validate(st) == []


def test_X1_used_fragments_return_to_the_supply_and_can_be_taken_again() -> None:
    """X-1: a Fragment spent in the draw phase goes back and can be taken again."""
    st = give_fragments(start(2), 1, 19)
    st = give_fragments(st, 0, 1)
    st = put_on_draw(st, 0, ["hare", "bee", "fawn"])
    st = put_on_draw(st, 1, ["hare"])
    assert st.fragment_supply == 0
    st, _ = play(st, "draw", "use-fragment")
    assert st.fragment_supply == 1 and st.players[0].fragments == 0
    st, _ = play(st, "draw", "stop", "draw", "stop")
    assert st.phase == "action" and st.current == 0
    assert "take-fragment" in legal_strs(st)
    st, _ = play(st, "take-fragment")
    assert st.players[0].fragments == 1 and st.fragment_supply == 0


def test_X2_varan_deck_runs_out_and_destroyed_varans_are_dealt_again() -> None:
    """X-2: the last Varan, destroyed with a Fragment (G-8), goes back to the deck and is
    dealt at E-1 to the first attacked player; the second gets nothing."""
    st = deal_varans(start(2), 1, 22)
    st = put_on_draw(st, 0, ["hare", VARAN])  # the 23rd Varan, on top
    st = put_on_draw(st, 1, ["hare"])
    st = give_fragments(st, 0, 1)
    assert st.varan_supply == 0 and validate(st) == []
    st, ev = play(st, "draw")
    assert events_of(ev, "card_revealed")[0]["card_id"] == VARAN
    st, _ = play(st, "use-fragment")
    assert st.varan_supply == 1 and VARAN not in st.players[0].help_line
    st, _ = play(st, "draw", "stop", "draw", "stop")
    st, ev = finish(st)
    dealt = events_of(ev, "varans_dealt")
    assert [(e.seat, e["count"], e["owed"]) for e in dealt] == [(0, 1, 1), (1, 0, 1)]
    assert st.varan_supply == 0 and st.players[0].discard.count(VARAN) == 1
    assert validate(st) == []


# --- X-3 … X-5 ------------------------------------------------------------------------------


def test_X3_empty_level_stack_leaves_the_row_short_and_fires_count_cards_taken() -> None:
    """X-3 project ruling: a row that cannot be refilled stays short; E-2 counts the
    cards taken this round, not the empty slots (no fire next round)."""
    st = start(2)
    st = set_row(st, 1, ["spider", "beaver", "raven", "meerkat"])
    st = st.clone()
    st.players[1].discard.extend(st.stacks[0])  # level-1 stack now empty
    st.stacks[0] = []
    st = to_action_phase(st, {0: ["weasel"]})  # sun 2
    assert validate(st) == []
    st, ev = play(st, "attract beaver")
    st, ev = finish(st)
    assert st.reserve[0] == ["spider", None, "raven", "meerkat"]
    assert events_of(ev, "fires_added")[0]["added"] == [2]
    assert not [e for e in events_of(ev, "reserve_refilled") if e["level"] == 1]
    centre = st.centre[:]
    # Round 2: nobody takes a card -> no new fire although one slot is empty.
    st = to_action_phase(st, {})
    st, ev = finish(st)
    assert "fires_added" not in kinds(ev)
    assert st.centre == centre
    assert st.reserve[0] == ["spider", None, "raven", "meerkat"]


def test_X4_empty_fire_supply_value_is_not_substituted() -> None:
    """X-4 project ruling: no value-3 tile left -> a level-2 card adds no fire; no 2 or
    4 is put in its place (the level-1 card still adds its 2)."""
    st = start(3)
    st = give_fires(st, 0, [3] * 7)
    st = give_fires(st, 1, [3] * 7)
    st = give_fires(st, 2, [3] * 6)
    assert st.fire_supply["3"] == 0
    st = to_action_phase(st, {0: ["lemur", "weasel"]})  # sun 6
    st = set_row(st, 1, ["spider", "wolf", "ram", "tortoise"])
    st = set_row(st, 2, ["rooster", "bull", "frog", "koala"])
    assert validate(st) == []
    st, _ = play(st, "attract rooster", "attract spider")
    supply = dict(st.fire_supply)
    st, ev = finish(st)
    assert events_of(ev, "fires_added")[0]["added"] == [2]
    assert [(e["value"], "supply" in e["why"]) for e in events_of(ev, "fire_not_added")] == [
        (3, True)
    ]
    assert sorted(st.centre) == [2, 2]
    assert st.fire_supply == {**supply, "2": supply["2"] - 1}


def test_X5_cap_applies_to_adding_only_extinguishing_lowers_the_count() -> None:
    """X-5: 7 fires, one extinguished -> 6; two level-1 cards taken -> only one added."""
    st = set_centre(start(2), [2, 2, 2, 3, 3, 4, 4])
    st = to_action_phase(st, {0: ["goldfish", "weasel", "baboon"]})  # water 2, sun 3
    st = set_row(st, 1, ["spider", "beaver", "wolf", "ram"])
    st, _ = play(st, "extinguish 2")
    assert len(st.centre) == 6
    st, _ = play(st, "attract spider", "attract beaver")
    st, ev = finish(st)
    assert events_of(ev, "fires_added")[0]["added"] == [2]
    assert [e["value"] for e in events_of(ev, "fire_not_added")] == [2]
    assert len(st.centre) == 7


# --- X-6, X-7 -------------------------------------------------------------------------------


def test_X6_empty_dispenser_kind_cannot_be_chosen() -> None:
    """X-6: both 3A tiles are planted elsewhere; 3A cannot be chosen, 3B can."""
    st = set_forest(start(2), 1, {(1, 1): "3A", (3, 1): "3A"})
    st = to_action_phase(st, {0: ["bear", "bee"]})  # plant 3
    assert st.dispensers["3A"] == 0
    assert_rejected(st, "plant 3A@1,1", "no tree 3A", "X-6")
    plants = {a.arg for a in legal_actions(st) if a.kind == "plant"}
    assert plants == {"3B"}


def test_X6_no_affordable_tree_means_no_plant_action() -> None:
    """X-6: with plant 2 no tree can be planted (basic or rock bonus)."""
    st = set_rocks(start(2), {0: 5, 1: 9})
    st = to_action_phase(st, {0: ["bear", "hare"]})  # plant 2, wind 1
    assert not any(a.kind == "plant" for a in legal_actions(st))
    assert_rejected(st, "plant 3A@1,1", "costs 3 plant", "2")
    st, ev = play(st, "move 1")  # rock 6: Plant bonus
    assert [e["bonus"] for e in events_of(ev, "bonus_lost")] == ["plant"]


def test_X7_full_forest_allows_no_more_planting() -> None:
    """X-7: all 14 spaces planted -> no Plant, and a Plant rock bonus is lost."""
    st = set_forest(start(2), 0, dict(zip(ALL_CELLS, FULL_FOREST, strict=True)))
    st = set_rocks(st, {0: 5, 1: 9})
    st = to_action_phase(st, {0: ["praying_mantis", "spider", "hare"]})  # plant 8+1
    assert validate(st) == []
    assert not any(a.kind == "plant" for a in legal_actions(st))
    assert_rejected(st, "plant 7@1,1", "already has a tree")
    st, ev = play(st, "move 1")
    assert [e["bonus"] for e in events_of(ev, "bonus_lost")] == ["plant"]
    assert st.basic_left == 1


# --- X-8 … X-10 ------------------------------------------------------------------------------


def test_X8_nothing_left_to_draw_then_help_line_returns_as_usual() -> None:
    """X-8 / G-7: deck and discard empty -> no draw; the Help Line still goes to the
    discard at E-4 and forms the next draw stack."""
    st = start(2)
    st = st.clone()
    mine = st.players[0].draw
    keep = ["hare", "bee", "fawn"]
    for cid in list(mine):
        if cid not in keep:
            mine.remove(cid)
            st.players[1].discard.append(cid)
    st = give_fragments(st, 0, 1)
    assert validate(st) == []
    st, _ = play(st, "draw", "draw", "draw")
    assert st.players[0].draw == [] and st.players[0].discard == []
    assert legal_in_order(st) == ["use-fragment", "stop"]
    assert_rejected(st, "draw", "G-7")
    st, ev = play(st, "stop", "draw", "stop")
    st, ev = finish(st)
    assert st.players[0].help_line == []
    assert sorted(c for c in st.players[0].discard if c != VARAN) == sorted(keep)
    st, ev = play(st, "draw")  # round 2: Bo holds the Sacred Tree
    st, ev = play(st, "stop", "draw")
    assert "reshuffled" in kinds(ev)


def test_X8_auto_stop_when_nothing_is_left_to_reveal() -> None:
    """X-8 / G-7: without a Fragment to spend, the stop is automatic."""
    st = start(2).clone()
    for cid in list(st.players[0].draw):
        if cid != "hare":
            st.players[0].draw.remove(cid)
            st.players[1].discard.append(cid)
    st, ev = play(st, "draw")
    assert "nothing_to_draw" in kinds(ev) and st.players[0].stopped and st.current == 1


def test_X9_negative_strength_counts_as_zero_for_actions() -> None:
    """X-9: sun -2 allows no Attract (not even a cost-1 card)."""
    st = to_action_phase(start(2), {0: ["wild_boar", "hare"]})
    st = set_row(st, 1, ["spider", "beaver", "raven", "meerkat"])
    assert raw_strengths(R, st.players[0])[SUN] == -2
    assert not any(a.kind == "attract" for a in legal_actions(st))
    assert_rejected(st, "attract spider", "costs 1 sun", "0")


def test_X9_corner_plus_three_is_added_to_the_raw_sum_before_clamping() -> None:
    """X-9 / A-5: strength = Help Line + Forest + temporary bonus, then below 0 -> 0:
    sun -2 with the +3 corner bonus gives 1 (the cost-1 spider, nothing more)."""
    st = set_forest(start(2), 0, {(1, 1): "4A", (1, 0): "4B"})
    st = to_action_phase(st, {0: ["wild_boar", "bee"]})  # sun -2, plant 3
    st = set_row(st, 1, ["spider", "beaver", "raven", "meerkat"])
    st, _ = play(st, "plant 3B@0,0")
    assert set(legal_strs(st)) == {"attract spider", "skip"}


def test_X9_negative_flowers_count_at_face_value_at_game_end() -> None:
    """X-9 / V-3: a flower count below zero stays below zero in the outcome."""
    st = move_tile(start(2), "winter_flower", 1)
    st = give_fires(st, 1, [2] * 11)
    st = to_action_phase(st, {0: ["tanuki"]})
    st, _ = finish(st)
    res = outcome(st)
    assert res is not None
    assert res.players[0].counts.flowers == -1
    assert res.players[0].counts.total == 2 + 1 - 1


def test_X10_jumped_player_without_victory_tiles_gives_nothing() -> None:
    """X-10 / A-42: jumping a player with no Victory tile takes nothing."""
    st = start(3)
    st = set_rocks(st, {0: 0, 1: 1, 2: 5})
    for tile in ("spring_fire", "spring_flower", "spring_tree"):
        st = move_tile(st, tile, 2)
    st = to_action_phase(st, {0: ["hare"]})
    st, ev = play(st, "move 1")
    assert names(st, moved(ev)[0]["jumped"]) == ["Bo"] and st.players[0].rock == 2
    assert "victory_tile_taken" not in kinds(ev)
    assert not any(p.kind == "steal" for p in st.pending)
    assert len(st.players[0].victory_tiles) == 3


def test_X10_stolen_tiles_count_for_the_thief_and_can_be_stolen_back() -> None:
    """X-10: Ana steals Bo's Fire tile (her fires 2); Bo then jumps Ana and takes it
    back from among her tiles."""
    st = set_rocks(start(2), {0: 0, 1: 1})
    st = set_centre(st, [])
    st = to_action_phase(st, {0: ["hare"], 1: ["hare"]})
    st, ev = play(st, "move 1")
    assert names(st, moved(ev)[0]["jumped"]) == ["Bo"]
    assert st.pending[-1].kind == "steal"
    assert set(legal_strs(st)) == {"steal spring_fire", "steal spring_flower", "steal spring_tree"}
    assert_rejected(st, "steal winter_fire", "no Victory tile")
    st, ev = play(st, "steal spring_fire")
    assert events_of(ev, "victory_tile_taken")[0]["tile_id"] == "spring_fire"
    assert counts(R, st.players[0]).fires == 2 and counts(R, st.players[1]).fires == 0
    st, ev = play(st, "end", "move 1")
    assert names(st, moved(ev)[0]["jumped"]) == ["Ana"]
    assert "steal spring_fire" in legal_strs(st) and "steal winter_fire" in legal_strs(st)
    st, _ev = play(st, "steal spring_fire")
    assert counts(R, st.players[0]).fires == 1 and counts(R, st.players[1]).fires == 1
    assert validate(st) == []


# --- X-11 … X-13 ------------------------------------------------------------------------------


def _windy():
    st = set_rocks(start(2), {0: 0, 1: 6})
    st = to_action_phase(st, {0: WIND_18})
    assert raw_strengths(R, st.players[0])[WIND] == 18 and st.basic_left == 2
    return st


def test_X11_movement_wraps_and_the_own_start_rock_counts_as_occupied() -> None:
    """X-11: from rock 0 with Bo on 6, 10 free rocks: move 10 ends on 11, move 11 skips
    the start rock 0 and ends on 1."""
    st = _windy()
    _st10, ev = play(st, "move 10")
    assert moved(ev)[0]["to_rock"] == 11 and names(st, moved(ev)[0]["jumped"]) == ["Bo"]
    st11, ev = play(st, "move 11")
    assert moved(ev)[0]["to_rock"] == 1
    assert st11.players[0].rock == 1
    st2 = set_rocks(to_action_phase(start(2), {0: ["hare", "horned_owl"]}), {0: 10, 1: 6})
    st2, ev = play(st2, "move 3")  # 11, 0, 1
    assert moved(ev)[0]["to_rock"] == 1 and names(st, moved(ev)[0]["jumped"]) == []


def test_X11_each_player_robbed_at_most_once_per_move() -> None:
    """X-11 / A-42: move 16 passes Bo twice but takes only one Victory tile."""
    st = _windy()
    st, ev = play(st, "move 16")
    assert moved(ev)[0]["to_rock"] == 7 and names(st, moved(ev)[0]["jumped"]) == ["Bo"]
    assert [p.kind for p in st.pending] == ["bonus", "steal"]
    st, ev = play(st, "steal spring_tree")
    assert len(st.players[1].victory_tiles) == 2
    assert not any(p.kind == "steal" for p in st.pending)
    assert_rejected(_windy(), "move 19", "more than your wind")


def test_X11_any_distance_up_to_wind_even_past_two_laps() -> None:
    """X-11 / A-40: with 4 players (8 free rocks) and wind 18, every distance 1..18 is
    offered; 17 laps twice and ends where 1 does, with every other Spirit jumped."""
    st = set_rocks(start(4), {0: 0, 1: 6, 2: 9, 3: 3})
    st = to_action_phase(st, {0: WIND_18})
    moves = [a for a in legal_in_order(st) if a.startswith("move ")]
    assert moves == [f"move {d}" for d in range(1, 19)]
    _, ev1 = play(st, "move 1")
    st17, ev17 = play(st, "move 17")
    assert moved(ev17)[0]["to_rock"] == moved(ev1)[0]["to_rock"] == 1
    assert sorted(names(st, moved(ev17)[0]["jumped"])) == ["Bo", "Cy", "Di"]
    assert validate(st17) == []


def test_X12_rock_plant_bonus_on_a_corner_chains_the_corner_bonus() -> None:
    """X-12: move -> Plant rock bonus -> tree on (0,0) -> Attract +3 corner bonus;
    all on the one basic Move."""
    st = set_rocks(start(2), {0: 5, 1: 9})
    st = set_forest(st, 0, {(1, 1): "4A", (1, 0): "4B"})
    st = to_action_phase(st, {0: ["lynx", "bear", "hare"]})  # sun 2, plant 3, wind 1
    st = set_row(st, 1, ["lemur", "hedgehog", "wolf", "ram"])
    st, ev = play(st, "move 1")
    assert events_of(ev, "bonus_offered")[0]["bonus"] == "plant"
    st, ev2 = play(st, "plant 3B@0,0")
    offered = events_of(ev2, "bonus_offered")
    assert [(e["bonus"], e["source"], e["extra"]) for e in offered] == [("attract", "corner", 3)]
    st, ev3 = play(st, "attract lemur")
    assert st.players[0].draw[-1] == "lemur"
    assert st.basic_left == 1 and st.used_types == ["move"] and st.pending == []
    order = kinds(ev + ev2 + ev3)
    assert order.index("standee_moved") < order.index("tree_planted")
    assert order.index("tree_planted") < order.index("animal_attracted")


def test_X12_rock_plant_bonus_on_a_fragment_corner_gives_two_fragments() -> None:
    """X-12: the Plant rock bonus on (4,0) also gives the corner's 2 Fragments."""
    st = set_rocks(start(2), {0: 5, 1: 9})
    st = set_forest(st, 0, {(3, 1): "4A", (4, 1): "4B"})
    st = to_action_phase(st, {0: ["bear", "bee", "hare"]})
    st, _ = play(st, "move 1", "plant 3A@4,0")
    assert st.players[0].fragments == 2 and st.basic_left == 1


def test_X13_partly_empty_row_only_visible_cards_until_the_end_of_round() -> None:
    """X-13 / A-22: a taken card's slot stays empty; the hidden stack top cannot be
    taken and is revealed only at E-3."""
    st = to_action_phase(start(2), {0: ["beetle", "weasel"]})  # sun 5
    st = set_row(st, 1, ["spider", "beaver", "raven", "meerkat"])
    hidden = st.stacks[0][-1]
    st, _ = play(st, "attract beaver")
    assert st.reserve[0] == ["spider", None, "raven", "meerkat"]
    assert st.stacks[0][-1] == hidden
    assert_rejected(st, f"attract {hidden}", "not a face-up card")
    st, _ = play(st, "done", "end", "end")
    assert st.reserve[0][1] == hidden


# --- X-14 … X-20 ------------------------------------------------------------------------------


def test_X14_fire_varan_is_solitary_without_elements_and_stays_in_the_deck() -> None:
    """X-14: a Varan adds 1 to the net solitary count and nothing to strengths; at E-4
    it goes to the discard (not back to the Varan deck)."""
    card = D.cards[VARAN]
    assert card.symbol == 1 and card.elements == (0, 0, 0, 0, 0)
    # (set_help_line pulls a repeated card from the Help Line itself, so the two
    # Varans are put in Ana's discard first.)
    st = deal_varans(start(2), 0, 2)
    st = to_action_phase(st, {0: [VARAN, VARAN, "hare"]})
    assert net_solitary(R, st.players[0]) == 2
    assert raw_strengths(R, st.players[0]) == [0, 0, 0, 1, 0]
    supply = st.varan_supply
    st, _ev = finish(st)
    assert st.players[0].discard.count(VARAN) == 3  # 2 returned + 1 dealt at E-1
    assert st.varan_supply == supply - 2  # only the dealing took from the deck
    assert st.first == 1 and st.phase == "draw"
    st = to_action_phase(st, {0: [VARAN, VARAN, VARAN]})
    st, _ = play(st, "end")  # Bo; then the engine starts Ana's turn
    assert net_solitary(R, st.players[0]) == 3 and st.basic_left == 1


def test_X15_surplus_gregarious_symbols_do_nothing() -> None:
    """X-15: 3 gregarious + 1 solitary -> net 0, never negative; 2 actions."""
    st, started = ana_after_bo(start(2), ["chimpanzee", "toucan", "butterfly", "bear"])
    assert net_solitary(R, st.players[0]) == 0 and st.basic_left == 2
    assert started["net"] == 0 and started["actions"] == 2
    st = start(2)
    st = put_on_draw(st, 0, ["lynx", "beetle", "bear", "chimpanzee", "toucan", "butterfly"])
    st, ev = play(st, *["draw"] * 6)
    assert [e["net"] for e in events_of(ev, "card_revealed")] == [0, 0, 0, 0, 0, 0]
    assert "draw" in legal_strs(st)  # gregarious revealed first still cancel (G-4)
    # The log says why a solitary card left the count at 0 (a play-test read "0" then
    # "0" as a mistake); a gregarious card's sentence stays as it was.
    revealed = [e for e in ev if e.kind == "card_revealed"]
    solitary = [D.cards[e.data["card_id"]].symbol > 0 for e in revealed]
    cancels = ["a gregarious animal cancels it" in describe(e, st) for e in revealed]
    assert cancels == solitary and 0 < sum(solitary) < len(solitary)


def test_X16_nobody_took_a_card_and_empty_centre_gets_exactly_one_two() -> None:
    """X-16: no reserve card taken + empty centre -> exactly one value-2 fire."""
    st = set_centre(start(2), [])
    supply = dict(st.fire_supply)
    st = to_action_phase(st, {})
    st, ev = finish(st)
    assert st.centre == [2]
    assert st.fire_supply == {**supply, "2": supply["2"] - 1}
    assert events_of(ev, "fires_added")[0]["added"] == [2]


def test_X17_player_with_no_possible_basic_action_just_ends_the_turn() -> None:
    """X-17: all strengths 0 and no Fragment in the supply -> the turn ends by itself."""
    st = set_first(start(2), 1)
    st = give_fragments(st, 1, 20)
    st = to_action_phase(st, {0: ["fawn"]})
    assert st.current == 1
    st, ev = play(st, "end")  # Bo ends; Ana's turn starts and ends at once
    ended = events_of(ev, "turn_ended")
    assert [(e.seat, e["voluntary"], e["unused"]) for e in ended] == [(1, True, 2), (0, False, 2)]
    assert st.round == 2
    # With a Fragment in the supply Ana could act, so her turn waits for her.
    st = set_first(start(2), 1)
    st = to_action_phase(st, {0: ["fawn"]})
    st, _ = play(st, "end")
    assert st.phase == "action" and st.current == 0
    assert legal_in_order(st) == ["take-fragment", "end"]


def test_X18_tree_11_does_not_add_a_second_action_at_net_three() -> None:
    """X-18: net solitary 3 with tree 11 -> still only 1 basic action."""
    st = set_forest(start(2), 0, {(1, 1): "11"})
    st, started = ana_after_bo(st, ["bear", "beetle", "lynx"])
    assert started["actions"] == 1 and st.basic_left == 1
    st, ev = play(st, "take-fragment")
    assert "turn_ended" in kinds(ev) and "round_started" in kinds(ev)


def test_X19_a_tile_lost_before_V1_means_the_condition_is_not_met() -> None:
    """X-19: Ana has 12 fires during her turn; Bo jumps her and takes her Fire tile;
    at V-1 she has 11 and the game goes on."""
    st = give_fires(start(2), 0, [2] * 11)
    st = set_rocks(st, {0: 0, 1: 11})
    st = set_centre(st, [])
    st = to_action_phase(st, {1: ["hare"]})
    assert counts(R, st.players[0]).fires == 12
    st, ev = play(st, "end", "move 1", "steal winter_fire")
    assert st.phase == "action" and st.current == 1 and st.basic_left == 1
    st, ev2 = play(st, "end")
    assert counts(R, st.players[0]).fires == 11
    assert "game_over" not in kinds(ev + ev2) and st.phase == "draw" and st.round == 2


def test_X19_reverse_a_tile_gained_before_V1_meets_the_condition() -> None:
    """X-19: Bo at 11 fires takes Ana's Fire tile on the last turn and wins at V-1."""
    st = give_fires(start(2), 1, [2] * 10)
    st = set_rocks(st, {0: 0, 1: 11})
    st = set_centre(st, [])
    st = to_action_phase(st, {1: ["hare"]})
    st, _ = play(st, "end", "move 1", "steal winter_fire")
    assert st.phase == "action" and counts(R, st.players[1]).fires == 12
    st, ev = play(st, "end")
    assert st.phase == "over" and "game_over" in kinds(ev)
    res = outcome(st)
    assert res is not None and res.winners == (1,)


def test_X20_help_line_water_counts_at_E1_and_flowers_at_V1() -> None:
    """X-20: the Help Line is still on the table at E-1 (its water defends) and at
    V-1 (its flowers count)."""
    st = set_centre(start(2), [2])
    st = to_action_phase(st, {0: ["goldfish"]})
    st, ev = finish(st)
    assert [e.seat for e in events_of(ev, "spirit_safe")] == [0]
    st = to_action_phase(start(2), {0: ["panda", "elephant", "ram", "goat", "chameleon"]})
    st, ev = finish(st)
    res = outcome(st)
    assert st.phase == "over" and res is not None and res.players[0].counts.flowers == 13
    assert res.conditions == ("flowers",)
