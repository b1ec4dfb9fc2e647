"""Scenario tests for RULES.md section A (Action phase: A-1 … A-11, A-20 … A-22, A-30,
A-40 … A-43, A-50 … A-53)."""

from __future__ import annotations

import pytest

from living_forest.core import (
    Action,
    ActionParseError,
    GameState,
    apply,
    counts,
    legal_actions,
    raw_strengths,
    rules_for,
    validate,
    why_illegal,
)
from living_forest.core.events import Event

from .scenario import (
    assert_rejected,
    events_of,
    give_fragments,
    kinds,
    legal_kinds,
    legal_strs,
    move_tile,
    names,
    play,
    put_on_draw,
    set_centre,
    set_forest,
    set_rocks,
    set_row,
    start,
    to_action_phase,
)

SUN, WATER, PLANT, WIND, FLOWER = range(5)

# Reserve rows used by most tests (costs in brackets).
ROW1 = ["spider", "beaver", "hedgehog", "ram"]  # 1, 2, 3, 5
ROW2 = ["rooster", "woodpecker", "marmot", "koala"]  # 5, 6, 7, 9
ROW3 = ["crocodile", "dolphin", "chameleon", "deer"]  # 10, 10, 11, 13
SPRING_TILES = ["spring_fire", "spring_flower", "spring_tree"]


# --- helpers ------------------------------------------------------------------------


def turn(
    help0: list[str],
    *,
    n: int = 2,
    forest: dict[tuple[int, int], str] | None = None,
    centre: list[int] | None = None,
    rocks: dict[int, int] | None = None,
    others: dict[int, list[str]] | None = None,
    fragments: dict[int, int] | None = None,
) -> GameState:
    """Seat 0 to act in the Action phase with this Help Line (and position)."""
    st = start(n, seed=1)
    if forest:
        st = set_forest(st, 0, forest)
    if centre is not None:
        st = set_centre(st, centre)
    st = to_action_phase(st, {0: help0, **(others or {})})
    st = set_row(st, 1, ROW1)
    st = set_row(st, 2, ROW2)
    st = set_row(st, 3, ROW3)
    if rocks:
        st = set_rocks(st, rocks)
    for seat, k in (fragments or {}).items():
        st = give_fragments(st, seat, k)
    assert validate(st) == [], validate(st)
    return st


def sun(st: GameState, seat: int = 0) -> int:
    return raw_strengths(rules_for(), st.players[seat])[SUN]


# --- A-1 turn order -------------------------------------------------------------------


def test_A1_turns_go_clockwise_from_the_sacred_tree_holder() -> None:
    """A-1: the Sacred Tree holder plays first, then the others clockwise."""
    st = start(3, seed=1)
    st = st.clone()
    st.first = 1
    st = to_action_phase(st, {})
    assert st.current == 1
    st, events = play(st, "end", "end", "end")
    assert [e.seat for e in events_of(events, "turn_ended")] == [1, 2, 0]
    assert [e.seat for e in events_of(events, "turn_started")] == [2, 0]
    assert events[-1].kind == "round_started"  # the phase ended after seat 0


def test_A1_player_finishes_bonus_actions_before_the_next_turn() -> None:
    """A-1: a player does all their actions, bonus ones included, before the next player
    starts: a rock bonus after the last basic action still belongs to this turn."""
    st = turn(["weasel", "wolf"])  # sun 2, wind 2
    st, _ = play(st, "take-fragment", "move 2")  # rock 2: Attract bonus
    assert st.basic_left == 0 and st.current == 0
    assert st.pending[-1].kind == "bonus" and st.pending[-1].bonus_type == "attract"
    st, events = apply(st, "attract beaver")
    assert kinds(events)[:2] == ["animal_attracted", "action_finished"]
    assert st.current == 1 and events_of(events, "turn_ended")[0].seat == 0


# --- A-2 number of basic actions ---------------------------------------------------------


def _draw_into_action_phase(cards: list[str], stop: bool) -> tuple[GameState, list[Event]]:
    """Seat 0 reveals ``cards`` (in this order) in the draw phase, seat 1 one card."""
    st = put_on_draw(start(2, seed=1), 0, list(reversed(cards)))
    st, events = play(st, *(["draw"] * len(cards)))
    if stop:
        st, more = apply(st, "stop")
        events += more
    st, more = play(st, "draw", "stop")
    return st, events + more


def test_A2_two_basic_actions_below_three_net_solitary() -> None:
    """A-2: net solitary 2 gives 2 basic actions."""
    st, events = _draw_into_action_phase(["bear", "beetle"], stop=True)
    assert st.phase == "action" and st.current == 0
    assert st.basic_left == 2
    assert events_of(events, "turn_started")[0]["actions"] == 2


def test_A2_one_basic_action_at_three_net_solitary() -> None:
    """A-2: net solitary 3 (forced stop) gives 1 basic action; after it the turn ends."""
    st, events = _draw_into_action_phase(["bear", "beetle", "lynx"], stop=False)
    assert "forced_stop" in kinds(events)
    assert st.current == 0 and st.basic_left == 1
    assert events_of(events, "turn_started")[0]["actions"] == 1
    st, events = apply(st, "take-fragment")
    assert st.current == 1 and "turn_ended" in kinds(events)


def test_A2_gregarious_symbols_restore_the_second_action() -> None:
    """A-2 with G-4: gregarious + 3 solitary is net 2, so 2 basic actions."""
    st, _ = _draw_into_action_phase(["chimpanzee", "bear", "beetle", "lynx"], stop=True)
    assert st.current == 0 and st.basic_left == 2


# --- A-3 different types -------------------------------------------------------------------


def test_A3_two_basic_actions_must_be_of_different_types() -> None:
    """A-3: without tree 11, the second basic action cannot repeat the first type."""
    st = turn(["tanuki", "weasel"])  # sun 5
    st, _ = apply(st, "take-fragment")
    assert st.basic_left == 1
    assert "take-fragment" not in legal_strs(st)
    assert "attract ram" in legal_strs(st)
    assert_rejected(st, "take-fragment", "A-3")


def test_A3_repeated_attract_is_refused_without_tree_11() -> None:
    """A-3: after a finished Attract action, a new Attract is refused."""
    st = turn(["tanuki", "weasel"])  # sun 5
    st, _ = play(st, "attract beaver", "done")
    assert not st.pending and st.basic_left == 1
    assert_rejected(st, "attract hedgehog", "A-3")


def test_A3_tree_11_allows_the_same_type_twice() -> None:
    """A-3 exception / F-7: with tree 11 in the Forest, both basic actions may be the
    same type."""
    st = turn(["tanuki"], forest={(1, 1): "11"})
    st, _ = apply(st, "take-fragment")
    assert "take-fragment" in legal_strs(st)
    st, _ = apply(st, "take-fragment")
    assert st.players[0].fragments == 2
    assert st.current == 1  # both basic actions used


def test_A3_tree_11_planted_by_the_first_action_frees_the_second() -> None:
    """A-3 / F-7: tree 11 takes effect at once: planted with the first basic action, the
    second may be another Plant."""
    st = turn(["praying_mantis", "rhinoceros", "bat", "caterpillar"])  # plant 12
    assert_rejected(st, "plant 11@2,1")  # the starting tree space
    st, _ = apply(st, "plant 11@1,1")
    assert st.basic_left == 1
    assert "plant 3A@0,1" in legal_strs(st)
    st, _ = apply(st, "plant 3A@0,1")
    assert st.players[0].forest[5] == "3A" and st.current == 1


def test_A3_without_tree_11_a_second_plant_is_refused() -> None:
    """A-3: the same Help Line without tree 11 may not plant twice."""
    st = turn(["praying_mantis", "rhinoceros", "bat", "caterpillar"])
    st, _ = apply(st, "plant 10@1,1")
    assert st.current == 0 and st.basic_left == 1
    assert not any(a.kind == "plant" for a in legal_actions(st))
    assert_rejected(st, "plant 3A@0,1", "A-3")


def test_A3_tree_11_gives_no_extra_action() -> None:
    """A-3 / X-18: with 3 net solitary, tree 11 still leaves a single basic action."""
    st = turn(["bear", "beetle", "lynx"], forest={(1, 1): "11"})
    assert st.basic_left == 1
    st, _ = apply(st, "take-fragment")
    assert st.current == 1


def test_A3_bonus_actions_are_not_restricted_by_basic_types() -> None:
    """A-3: a bonus Attract may follow a basic Attract."""
    st = turn(["tanuki", "weasel", "wolf"])  # sun 5, wind 2
    st, _ = play(st, "attract beaver", "done", "move 2")  # rock 2: Attract bonus
    assert st.pending[-1].bonus_type == "attract"
    st, _ = play(st, "attract hedgehog")
    assert st.players[0].draw[-1] == "hedgehog"


def test_A3_bonus_actions_do_not_restrict_basic_types() -> None:
    """A-3: a bonus Attract does not use up the Attract type for the basic actions."""
    st = turn(["tanuki", "weasel", "wolf"])  # sun 5, wind 2
    st, _ = play(st, "move 2", "attract beaver", "done")
    assert not st.pending and st.basic_left == 1 and st.used_types == ["move"]
    assert "attract hedgehog" in legal_strs(st)
    st, _ = apply(st, "attract hedgehog")
    assert st.players[0].draw[-2:] == ["beaver", "hedgehog"]


# --- A-4 the five types ----------------------------------------------------------------


def test_A4_the_five_basic_action_types() -> None:
    """A-4: the basic actions are exactly Take a Fragment, Attract, Extinguish, Move and
    Plant (plus ending the turn, A-9)."""
    st = turn(["tanuki", "flamingo", "rhinoceros", "hare"], centre=[2])
    assert legal_kinds(st) == {"take-fragment", "attract", "extinguish", "move", "plant", "end"}
    for action in ("take-fragment", "attract spider", "extinguish 2", "move 1", "plant 3A@1,1"):
        after, _ = apply(st, action)
        assert after.basic_left == 1, action
    for action in ("draw", "stop", "use-fragment"):
        assert_rejected(st, action, "T-1", "Guardian Animals phase is over")
    # In words: the caller names the action ("Done: not now — ..."), the reason does
    # not quote its notation (a review found 'done' and 'skip' in what players read).
    for action, when in (
        ("done", "picking"),
        ("skip", "a bonus"),
        ("steal spring_fire", "a jump"),
    ):
        reason = assert_rejected(st, action)
        assert reason.text.startswith(f"only possible during {when}")
        assert action.split()[0] not in reason.text
    off = why_illegal(st, Action("call"))  # a module's action (Kodama is off): a key's
    assert off is not None and off.text == "not an action of this game"


# --- A-5 strength ---------------------------------------------------------------------------


def test_A5_strength_sums_help_line_trees_and_line_bonuses() -> None:
    """A-5: sun = Help Line (negatives subtract) + trees + completed column-2 bonus."""
    # weasel +2, butterfly -3; 3A +1, 5A +2; column 2 full +1  -> 3
    st = turn(["weasel", "butterfly"], forest={(2, 0): "3A", (2, 2): "5A"})
    assert sun(st) == 3
    assert "attract hedgehog" in legal_strs(st)
    assert_rejected(st, "attract ram", "you have 3", "A-20")


def test_A5_negative_strength_behaves_as_zero() -> None:
    """A-5 / X-9: a strength below 0 is 0 for actions."""
    st = turn(["wild_boar", "butterfly"])  # sun -5
    assert sun(st) == -5
    assert not any(a.kind == "attract" for a in legal_actions(st))
    assert_rejected(st, "attract spider", "you have 0")


def test_A5_victory_tiles_add_no_strength() -> None:
    """A-5: Victory tiles add nothing to strengths in the base game."""
    st = turn(["weasel"])
    before = raw_strengths(rules_for(), st.players[0])
    for tile in SPRING_TILES:
        st = move_tile(st, tile, 0)
    assert len(st.players[0].victory_tiles) == 6  # all six tiles of both Spirits
    assert raw_strengths(rules_for(), st.players[0]) == before


# --- A-6 strength reused ---------------------------------------------------------------------


def test_A6_each_action_starts_from_full_strength() -> None:
    """A-6: after spending all 5 sun on a basic Attract, a bonus Attract has 5 sun again."""
    st = turn(["tanuki", "weasel", "wolf"])  # sun 5, wind 2
    st, events = apply(st, "attract ram")
    assert "action_finished" in kinds(events)  # nothing left within that action
    st, _ = apply(st, "move 2")  # rock 2: Attract bonus
    assert "attract rooster" in legal_strs(st)
    st, _ = apply(st, "attract rooster")
    assert st.players[0].draw[-2:] == ["ram", "rooster"]


def test_A6_items_within_one_action_share_the_strength() -> None:
    """A-6: within one Attract, the chosen cards together must not exceed the sun."""
    st = turn(["tanuki", "weasel"])  # sun 5
    st, _ = apply(st, "attract hedgehog")
    assert legal_strs(st) == {"attract spider", "attract beaver", "done"}
    assert_rejected(st, "attract ram", "you have 2 left")
    # Another action waits for the picking to end, said in words (not 'done').
    reason = assert_rejected(st, "take-fragment")
    assert (
        reason.text
        == "finish the Attract Guardian Animals action first: pick more, or be done picking"
    )
    st, events = apply(st, "attract beaver")
    assert "action_finished" in kinds(events)  # 0 left: finished automatically
    assert not st.pending


def test_A6_repeated_extinguish_with_tree_11_uses_full_water_again() -> None:
    """A-6 / F-7: two Extinguish actions in a turn each use the full water strength."""
    st = turn(["flamingo", "goldfish"], forest={(1, 1): "11"}, centre=[4, 4])  # water 4
    st, _ = apply(st, "extinguish 4")
    assert not st.pending and st.basic_left == 1
    st, _ = apply(st, "extinguish 4")
    assert st.players[0].fires == [4, 4] and st.centre == []


# --- A-7 immediate effect --------------------------------------------------------------------


def test_A7_planted_tree_and_line_bonus_count_for_the_next_action() -> None:
    """A-7: a tree planted earlier in the turn (its Elements and a completed line) counts
    for the next action at once."""
    st = turn(
        ["flamingo", "rhinoceros"],  # water 2, plant 3
        forest={(1, 1): "3A", (1, 0): "3A"},
        centre=[4],
    )
    assert_rejected(st, "extinguish 4", "A-30")
    st, events = apply(st, "plant 3B@1,2")  # +1 water, column 1 full: +1 water
    lines = events_of(events, "line_completed")
    assert [(e["line"], e["element"], e["amount"]) for e in lines] == [("column-1", "water", 1)]
    assert raw_strengths(rules_for(), st.players[0])[WATER] == 4
    st, _ = apply(st, "extinguish 4")
    assert st.players[0].fires == [4]


# --- A-8 bonus actions ------------------------------------------------------------------------


def test_A8_bonus_is_resolved_before_anything_else() -> None:
    """A-8: an offered bonus must be taken or declined before any other action."""
    st = turn(["flamingo", "hare", "weasel"], centre=[2], rocks={0: 3, 1: 6})
    st, events = apply(st, "move 1")  # rock 4: Extinguish bonus
    assert events[-1].kind == "bonus_offered" and events[-1]["bonus"] == "extinguish"
    assert legal_strs(st) == {"extinguish 2", "skip"}
    assert st.basic_left == 1
    assert_rejected(st, "take-fragment", "bonus")
    assert_rejected(st, "attract spider", "bonus")
    assert_rejected(st, "end", "finish")


def test_A8_bonus_may_be_declined() -> None:
    """A-8 (project ruling): the player may skip a bonus action; the turn goes on."""
    st = turn(["flamingo", "hare", "weasel"], centre=[2], rocks={0: 3, 1: 6})
    st, _ = apply(st, "move 1")
    st, events = apply(st, "skip")
    assert kinds(events) == ["bonus_skipped"]
    assert st.centre == [2] and not st.pending
    assert st.basic_left == 1 and st.current == 0
    assert "extinguish 2" in legal_strs(st)  # the basic Extinguish is still available


def test_A8_bonus_may_repeat_a_type_already_performed() -> None:
    """A-8: a bonus Extinguish after a basic Extinguish, with the full water again."""
    st = turn(["flamingo", "hare"], centre=[2, 2], rocks={0: 3, 1: 6})
    st, _ = apply(st, "extinguish 2")
    st, _ = apply(st, "move 1")  # rock 4: Extinguish bonus
    assert "extinguish 2" in legal_strs(st)
    st, _ = apply(st, "extinguish 2")
    assert st.players[0].fires == [2, 2] and st.current == 1


def test_A8_bonus_is_lost_when_impossible() -> None:
    """A-8 / O-3: a bonus that cannot be performed (no water) is lost; the move counts."""
    st = turn(["hare", "weasel"], centre=[2], rocks={0: 3, 1: 6})
    st, events = apply(st, "move 1")
    assert "bonus_lost" in kinds(events) and "bonus_offered" not in kinds(events)
    assert not st.pending and st.basic_left == 1 and st.players[0].rock == 4


# --- A-9 optional actions ------------------------------------------------------------------


def test_A9_turn_may_end_with_basic_actions_unused() -> None:
    """A-9 (project ruling): a player may end the turn with basic actions unused."""
    st = turn(["tanuki"])
    assert "end" in legal_strs(st)
    st, events = apply(st, "end")
    ended = events_of(events, "turn_ended")[0]
    assert ended.seat == 0 and ended["unused"] == 2 and ended["voluntary"] is True
    assert st.current == 1 and st.players[0].fragments == 0


def test_A9_turn_may_end_after_one_action() -> None:
    """A-9: ending after the first basic action leaves the second unused."""
    st = turn(["tanuki"])
    st, events = play(st, "take-fragment", "end")
    assert events_of(events, "turn_ended")[0]["unused"] == 1
    assert st.current == 1


def test_A9_chosen_action_must_do_something() -> None:
    """A-9: an action must attract a card, extinguish a fire, move a step, plant a tree
    or take a Fragment: empty or zero-sized choices do not exist."""
    st = turn(["tanuki", "hare"], centre=[])
    with pytest.raises(ActionParseError):
        apply(st, "move 0")
    assert not any(a.kind == "extinguish" for a in legal_actions(st))
    assert_rejected(st, "extinguish 2", "no fire")
    assert_rejected(st, "done")  # "done" cannot start an empty Attract


# --- Take a Fragment ---------------------------------------------------------------


def test_A10_take_a_fragment_needs_no_element() -> None:
    """A-10: with every strength at 0 a player can still take a Fragment from the supply."""
    st = turn([])
    assert raw_strengths(rules_for(), st.players[0]) == [0, 0, 0, 0, 0]
    assert legal_strs(st) == {"take-fragment", "end"}
    supply = st.fragment_supply
    st, events = apply(st, "take-fragment")
    assert events[0].kind == "fragment_taken" and events[0]["count"] == 1
    assert st.players[0].fragments == 1 and st.fragment_supply == supply - 1
    # nothing else possible: the turn ends by itself
    assert st.current == 1
    assert validate(st) == []


def test_A10_no_limit_on_fragments_held() -> None:
    """A-10: a player holding 19 Fragments may take the 20th."""
    st = turn(["tanuki"], fragments={0: 19})
    st, _ = apply(st, "take-fragment")
    assert st.players[0].fragments == 20 and st.fragment_supply == 0


def test_A11_take_a_fragment_unavailable_when_supply_is_empty() -> None:
    """A-11 / X-1: with the Fragment supply empty the action cannot be chosen."""
    st = turn(["tanuki"], fragments={1: 20})
    assert st.fragment_supply == 0
    assert "take-fragment" not in legal_strs(st)
    assert_rejected(st, "take-fragment", "A-11")


def test_A11_empty_supply_and_no_strength_ends_the_turn() -> None:
    """A-11 / X-17: nothing is possible: the player can only end the turn."""
    st = turn([], fragments={1: 20})
    assert legal_strs(st) == {"end"}


# --- A-20 … A-22 Attract ---------------------------------------------------------------------


def test_A20_attract_several_cards_from_any_rows_within_sun() -> None:
    """A-20: cards from several reserve rows whose costs add up to at most the sun."""
    st = turn(["bison", "tanuki", "weasel"])  # sun 11
    assert sun(st) == 11
    st, _ = play(st, "attract ram", "attract rooster")  # 5 + 5
    assert legal_strs(st) == {"attract spider", "done"}
    st, events = apply(st, "attract spider")  # 11: nothing more fits
    assert "action_finished" in kinds(events) and not st.pending
    assert st.taken == [2, 1, 0]
    assert st.basic_left == 1


def test_A20_card_costing_more_than_the_sun_is_refused() -> None:
    """A-20: a level-3 card of cost 10 needs 10 sun."""
    st = turn(["bison", "weasel"])  # sun 8
    assert "attract crocodile" not in legal_strs(st)
    assert_rejected(st, "attract crocodile", "costs 10", "A-20")
    assert "attract marmot" in legal_strs(st)


def test_A21_attracted_cards_go_on_top_of_the_draw_stack_last_on_top() -> None:
    """A-21: every attracted card goes face down on top of the own draw stack; the last
    one chosen is on top, so it is revealed first next round."""
    st = turn(["bison", "tanuki", "weasel"])  # sun 11
    size = len(st.players[0].draw)
    st, _ = play(st, "attract ram", "attract spider", "attract hedgehog", "done")
    p = st.players[0]
    assert len(p.draw) == size + 3
    assert p.draw[-3:] == ["ram", "spider", "hedgehog"]
    assert "ram" not in p.help_line + p.discard
    st, _ = play(st, "end", "end")  # round 2: Bo holds the Sacred Tree
    assert st.round == 2 and st.current == 1
    st, events = play(st, "draw", "stop", "draw", "draw", "draw")
    revealed = [e["card_id"] for e in events_of(events, "card_revealed") if e.seat == 0]
    assert revealed == ["hedgehog", "spider", "ram"]


def test_A22_only_revealed_reserve_cards_can_be_attracted() -> None:
    """A-22: hidden level-stack cards and cards outside the reserve cannot be taken."""
    st = turn(["bison", "tanuki", "weasel"])  # sun 11
    hidden = st.stacks[0][-1]
    assert_rejected(st, f"attract {hidden}", "A-22")
    assert_rejected(st, "attract hare", "A-22")
    assert_rejected(st, "attract fire_varan", "A-22")


def test_A22_emptied_slots_stay_empty_until_the_end_of_the_round() -> None:
    """A-22 / X-13: an emptied slot is not refilled during the round (the next player
    sees it empty); the cards taken per level are counted for E-2; E-3 refills."""
    st = turn(["bison", "tanuki", "weasel"], others={1: ["lemur", "weasel"]})
    st, _ = play(st, "attract ram", "attract rooster", "done", "end")
    assert st.current == 1
    assert st.reserve[0] == ["spider", "beaver", "hedgehog", None]
    assert st.reserve[1] == [None, "woodpecker", "marmot", "koala"]
    assert st.taken == [1, 1, 0]
    assert_rejected(st, "attract ram", "A-22")
    st, events = play(st, "end")  # end of round: E-2 fires, E-3 refill
    assert st.round == 2
    assert all(c is not None for row in st.reserve for c in row)
    assert sorted(events_of(events, "fires_added")[0]["added"]) == [2, 3]


# --- A-30 Extinguish ------------------------------------------------------------------------


def test_A30_extinguish_fires_up_to_the_water_strength() -> None:
    """A-30: several Fire tiles whose values add up to at most the water; they are kept,
    each counting 1 towards the fire condition whatever its value."""
    st = turn(["flamingo", "goldfish", "hummingbird"], centre=[2, 3, 4])  # water 5
    fires_before = counts(rules_for(), st.players[0]).fires
    st, _ = apply(st, "extinguish 3")
    assert legal_strs(st) == {"extinguish 2", "done"}
    assert_rejected(st, "extinguish 4", "you have 2 left", "A-30")
    st, events = apply(st, "extinguish 2")
    assert "action_finished" in kinds(events)
    assert st.players[0].fires == [3, 2] and st.centre == [4]
    assert counts(rules_for(), st.players[0]).fires == fires_before + 2
    assert validate(st) == []


def test_A30_fire_hotter_than_the_water_is_refused() -> None:
    """A-30: a value-4 fire needs 4 water."""
    st = turn(["flamingo"], centre=[4, 2])  # water 2
    assert {a for a in legal_strs(st) if a.startswith("extinguish")} == {"extinguish 2"}
    assert_rejected(st, "extinguish 4", "A-30")
    assert_rejected(st, "extinguish 3", "no fire")


def test_A30_extinguish_may_stop_early() -> None:
    """A-30: "done" finishes the action with fires left that would still fit."""
    st = turn(["flamingo", "goldfish"], centre=[2, 2])  # water 4
    st, _ = play(st, "extinguish 2", "done")
    assert st.centre == [2] and st.players[0].fires == [2]
    assert not st.pending and st.basic_left == 1


# --- A-40 … A-43 Move ---------------------------------------------------------------------


def test_A40_move_needs_wind() -> None:
    """A-40: without wind there is no Move action."""
    st = turn(["tanuki"])
    assert not any(a.kind == "move" for a in legal_actions(st))
    assert_rejected(st, "move 1", "A-40")


def test_A40_distance_from_one_to_the_wind_strength() -> None:
    """A-40: any distance 1 … wind, and no more."""
    st = turn(["wolf"])  # wind 2
    assert {a for a in legal_strs(st) if a.startswith("move")} == {"move 1", "move 2"}
    assert_rejected(st, "move 3", "A-40")


def test_A40_move_is_clockwise_and_wraps_from_11_to_0() -> None:
    """A-40: moving goes to higher rock indices and wraps 11 -> 0."""
    st = turn(["badger", "hare"], rocks={0: 10, 1: 6})  # wind 3
    st, events = apply(st, "move 3")
    moved = events_of(events, "standee_moved")[0]
    assert (moved["from_rock"], moved["to_rock"]) == (10, 1)
    assert st.players[0].rock == 1


def test_A41_occupied_rocks_are_jumped_and_not_counted() -> None:
    """A-41: a rock with another standee is skipped and not counted; you never stop on
    it."""
    st = turn(["hare"], rocks={0: 0, 1: 1})  # wind 1
    st, events = apply(st, "move 1")
    moved = events_of(events, "standee_moved")[0]
    assert moved["to_rock"] == 2 and names(st, moved["jumped"]) == ["Bo"]


def test_A41_several_occupied_rocks_in_a_row() -> None:
    """A-41: three standees in a row are all jumped by a move of 1."""
    st = turn(["hare"], n=4, rocks={0: 0, 1: 1, 2: 2, 3: 3})
    st, events = apply(st, "move 1")
    assert st.players[0].rock == 4
    assert names(st, events_of(events, "standee_moved")[0]["jumped"]) == ["Bo", "Cy", "Di"]


def test_A41_own_start_rock_is_skipped_on_a_full_lap() -> None:
    """A-41 / X-11: the start rock counts as occupied: with 10 free rocks, a move of 10
    ends on rock 11 and a move of 11 goes past rock 0 to rock 1."""
    wind11 = ["dog", "badger", "gorilla", "panther", "horse", "hare"]  # wind 3+2+2+2+2+1
    st = turn(wind11, rocks={0: 0, 1: 6})
    assert raw_strengths(rules_for(), st.players[0])[WIND] == 12
    after10, _ = apply(st, "move 10")
    assert after10.players[0].rock == 11
    after11, _ = apply(st, "move 11")
    assert after11.players[0].rock == 1
    after12, _ = apply(st, "move 12")
    assert after12.players[0].rock == 2


def test_A42_jumped_player_gives_a_victory_tile_of_the_movers_choice() -> None:
    """A-42: for a jumped Spirit, the mover picks one of that player's Victory tiles."""
    st = turn(["hare"], rocks={0: 0, 1: 1})
    st, events = apply(st, "move 1")
    assert st.pending[-1].kind == "steal" and st.pending[-1].target == 1
    assert legal_strs(st) == {"steal spring_fire", "steal spring_flower", "steal spring_tree"}
    assert_rejected(st, "steal winter_fire", "A-42")
    assert_rejected(st, "take-fragment", "A-42")
    trees = counts(rules_for(), st.players[0]).trees
    st, events = apply(st, "steal spring_tree")
    taken = events_of(events, "victory_tile_taken")[0]
    assert taken["tile_id"] == "spring_tree" and taken["victim_seat"] == 1
    assert st.players[0].victory_tiles == [
        "winter_fire",
        "winter_flower",
        "winter_tree",
        "spring_tree",
    ]
    assert st.players[1].victory_tiles == ["spring_fire", "spring_flower"]
    assert counts(rules_for(), st.players[0]).trees == trees + 1
    assert validate(st) == []


def test_A42_player_without_victory_tiles_gives_nothing() -> None:
    """A-42 / X-10: a jumped player with no Victory tiles gives nothing."""
    st = turn(["hare"], rocks={0: 0, 1: 1})
    for tile in SPRING_TILES:
        st = move_tile(st, tile, 0)
    assert st.players[1].victory_tiles == []
    st, events = apply(st, "move 1")
    assert "victory_tile_taken" not in kinds(events)
    assert len(st.players[0].victory_tiles) == 6 and st.players[1].victory_tiles == []
    assert not any(p.kind == "steal" for p in st.pending)


def test_A42_tiles_taken_earlier_can_be_taken_back() -> None:
    """A-42: the jumped player's tiles include ones they took earlier (here the mover's
    own tile); with one tile there is nothing to choose."""
    st = turn(["hare"], rocks={0: 0, 1: 1})
    st = move_tile(st, "winter_fire", 1)
    for tile in SPRING_TILES:
        st = move_tile(st, tile, 0)
    assert st.players[1].victory_tiles == ["winter_fire"]
    st, events = apply(st, "move 1")
    taken = events_of(events, "victory_tile_taken")
    assert [e["tile_id"] for e in taken] == ["winter_fire"]
    assert st.players[1].victory_tiles == []


def test_A42_robbed_once_per_move_even_if_jumped_twice() -> None:
    """A-42 / X-11: a player passed twice on a wrap-around move gives only one tile."""
    wind11 = ["dog", "badger", "gorilla", "panther", "horse"]  # wind 11
    st = turn(wind11, rocks={0: 5, 1: 6})
    st, events = apply(st, "move 11")  # 6 jumped, 7..11, 0..4, 5 (own), 6 again, 7
    moved = events_of(events, "standee_moved")[0]
    assert moved["to_rock"] == 7 and names(st, moved["jumped"]) == ["Bo"]
    assert [p.kind for p in st.pending].count("steal") == 1
    st, events = apply(st, "steal spring_fire")
    assert len(st.players[1].victory_tiles) == 2
    assert not any(p.kind == "steal" for p in st.pending)


def test_A42_each_jumped_player_is_robbed_in_the_order_jumped() -> None:
    """A-42: every other Spirit jumped gives one tile; choices come in jump order."""
    st = turn(["hare"], n=4, rocks={0: 0, 1: 1, 2: 2, 3: 3})
    st, _ = apply(st, "move 1")
    assert st.pending[-1].target == 1
    st, _ = apply(st, "steal spring_flower")
    assert st.pending[-1].target == 2
    st, _ = apply(st, "steal summer_fire")
    assert st.pending[-1].target == 3
    st, _ = apply(st, "steal autumn_tree")
    assert st.players[0].victory_tiles[3:] == ["spring_flower", "summer_fire", "autumn_tree"]
    assert [len(p.victory_tiles) for p in st.players] == [6, 2, 2, 2]


def test_A43_rock_bonus_comes_after_the_move_and_the_robbery() -> None:
    """A-43: the bonus of the rock stopped on is performed after the move (and after the
    Victory tiles are taken)."""
    st = turn(["hare", "flamingo"], centre=[2], rocks={0: 2, 1: 3})
    st, events = apply(st, "move 1")  # 3 jumped, lands on 4 (Extinguish)
    st, more = apply(st, "steal spring_fire")
    events += more
    order = [k for k in kinds(events) if k != "turn_ended"]
    assert order.index("standee_moved") < order.index("victory_tile_taken")
    assert order.index("victory_tile_taken") < order.index("bonus_offered")
    assert st.pending[-1].bonus_type == "extinguish" and st.pending[-1].source == "rock"


def test_A43_move_and_rock_bonus_use_one_basic_action() -> None:
    """A-43: after a move and its rock bonus, the second basic action is still there."""
    st = turn(["hare", "flamingo", "weasel"], centre=[2], rocks={0: 3, 1: 6})
    st, _ = play(st, "move 1", "extinguish 2")  # rock 4: bonus Extinguish
    assert not st.pending and st.basic_left == 1 and st.current == 0
    assert st.used_types == ["move"]
    st, _ = apply(st, "attract beaver")
    assert st.players[0].draw[-1] == "beaver"


def test_A43_fragment_rock_gives_one_fragment_at_once() -> None:
    """A-43 / O-3: stopping on a Fragment rock gives one Fragment with no decision."""
    st = turn(["hare"], rocks={0: 0, 1: 6})
    st, events = apply(st, "move 1")
    assert st.players[0].rock == 1
    assert events_of(events, "fragment_taken")[0]["count"] == 1
    assert st.players[0].fragments == 1 and not st.pending


def test_A43_only_the_rock_stopped_on_gives_a_bonus() -> None:
    """A-43: rocks passed on the way give nothing (rock 1 is a Fragment rock)."""
    st = turn(["wolf", "weasel"], rocks={0: 0, 1: 6})  # wind 2, sun 2
    st, events = apply(st, "move 2")  # passes 1, stops on 2 (Attract)
    assert "fragment_taken" not in kinds(events)
    assert st.players[0].fragments == 0
    assert st.pending[-1].bonus_type == "attract"


def test_A43_rock_plant_bonus_uses_normal_strength() -> None:
    """A-43 / O-3: a Plant rock bonus plants with the normal plant strength (no extra)."""
    st = turn(["rhinoceros", "wolf", "hare"], rocks={0: 3, 1: 9})  # plant 3, wind 3
    st, _ = apply(st, "move 3")  # 4, 5, 6: Plant rock
    assert st.players[0].rock == 6
    assert st.pending[-1].bonus_type == "plant" and st.pending[-1].extra == 0
    assert "plant 3A@1,1" in legal_strs(st)
    assert_rejected(st, "plant 4A@1,1", "you have 3")
    st, _ = apply(st, "plant 3A@1,1")
    assert st.basic_left == 1 and st.players[0].forest[6] == "3A"


# --- A-50 … A-53 Plant -----------------------------------------------------------------------


def test_A50_plant_one_tree_costing_at_most_the_plant_strength() -> None:
    """A-50: exactly one tile, cost <= plant strength, taken from the dispenser."""
    st = turn(["rhinoceros"])  # plant 3
    kinds_offered = {a.arg for a in legal_actions(st) if a.kind == "plant"}
    assert kinds_offered == {"3A", "3B"}
    assert_rejected(st, "plant 4A@1,1", "costs 4", "A-50")
    left = st.dispensers["3B"]
    st, events = apply(st, "plant 3B@1,1")
    planted = events_of(events, "tree_planted")
    assert len(planted) == 1 and planted[0]["tree"] == "3B"
    assert (planted[0]["x"], planted[0]["y"]) == (1, 1)
    assert st.dispensers["3B"] == left - 1
    assert raw_strengths(rules_for(), st.players[0])[WATER] == 1
    assert st.basic_left == 1 and not st.pending
    assert_rejected(st, "plant 3A@3,1", "A-3")


def test_A50_unknown_or_exhausted_kinds_are_refused() -> None:
    """A-50 / X-6: only existing kinds with a tile left in the dispenser."""
    st = turn(["praying_mantis", "rhinoceros"])  # plant 7
    assert_rejected(st, "plant 12@1,1", "no tree kind")
    st = set_forest(st, 1, {(1, 1): "4A", (3, 1): "4A"})
    assert_rejected(st, "plant 4A@1,1", "X-6")


def test_A51_tree_must_touch_a_tree_orthogonally() -> None:
    """A-51: only empty spaces sharing an edge with a tree (the starting tree counts);
    diagonals do not count."""
    st = turn(["rhinoceros"])
    spaces = {(a.cell % 5, a.cell // 5) for a in legal_actions(st) if a.kind == "plant"}
    assert spaces == {(1, 1), (3, 1), (2, 0), (2, 2)}
    assert_rejected(st, "plant 3A@1,0", "A-51")  # diagonal to the starting tree
    assert_rejected(st, "plant 3A@2,1", "already has a tree")
    st2 = set_forest(st, 0, {(1, 1): "3B"})
    spaces = {(a.cell % 5, a.cell // 5) for a in legal_actions(st2) if a.kind == "plant"}
    assert spaces == {(0, 1), (1, 0), (1, 2), (3, 1), (2, 0), (2, 2)}
    assert_rejected(st2, "plant 3A@0,0", "A-51")
    assert_rejected(st2, "plant 3A@1,1", "already has a tree")


def test_A52_duplicate_kinds_give_elements_again_but_count_once() -> None:
    """A-52: a second 3A adds its sun again, but the tree count counts kinds."""
    st = turn(["rhinoceros"], forest={(1, 1): "3A"})
    before = counts(rules_for(), st.players[0]).trees
    assert sun(st) == 1
    st, _ = apply(st, "plant 3A@3,1")
    assert sun(st) == 2
    assert counts(rules_for(), st.players[0]).trees == before
    st2 = turn(["rhinoceros"], forest={(1, 1): "3A"})
    st2, _ = apply(st2, "plant 3B@3,1")
    assert counts(rules_for(), st2.players[0]).trees == before + 1


def test_A53_top_left_corner_gives_an_attract_with_three_extra_sun() -> None:
    """A-53 / F-4: planting on (0,0) triggers an Attract bonus with +3 sun for that action
    only, inside the same basic action; the next basic Attract has the normal sun."""
    st = turn(["rhinoceros"], forest={(1, 1): "3A", (1, 0): "3A"})  # sun 2, plant 3
    st, events = apply(st, "plant 3B@0,0")
    offered = events_of(events, "bonus_offered")[0]
    assert offered["bonus"] == "attract" and offered["extra"] == 3
    assert st.pending[-1].source == "corner" and st.basic_left == 1
    assert "attract ram" in legal_strs(st)  # 2 + 3 = 5
    assert_rejected(st, "take-fragment", "bonus")
    st, events = apply(st, "attract ram")
    assert "action_finished" in kinds(events)
    assert st.basic_left == 1 and not st.pending
    # the bonus Attract does not block a basic Attract, which has only 2 sun
    assert "attract beaver" in legal_strs(st)
    assert_rejected(st, "attract hedgehog", "you have 2")


def test_A53_top_right_corner_gives_two_fragments() -> None:
    """A-53 / F-4: (4,0) gives 2 Fragments at once, within the plant action."""
    st = turn(["rhinoceros"], forest={(3, 1): "3A", (3, 0): "3A"})
    st, events = apply(st, "plant 3B@4,0")
    got = events_of(events, "fragment_taken")
    assert [e["count"] for e in got] == [2]
    assert st.players[0].fragments == 2 and not st.pending and st.basic_left == 1


def test_A53_bottom_left_corner_gives_two_fragments() -> None:
    """A-53 / F-4: (0,2) gives 2 Fragments at once."""
    st = turn(["rhinoceros"], forest={(1, 1): "3A", (1, 2): "3A"})
    st, _ = apply(st, "plant 3B@0,2")
    assert st.players[0].fragments == 2 and st.basic_left == 1


def test_A53_bottom_right_corner_gives_an_extinguish_with_two_extra_water() -> None:
    """A-53 / F-4: (4,2) offers an Extinguish with +2 water for that action only."""
    st = turn(["rhinoceros"], forest={(3, 1): "3A", (3, 2): "3A"}, centre=[2, 2])  # water 0
    st, events = apply(st, "plant 3B@4,2")  # 3B: water 1; +2 -> 3
    offered = events_of(events, "bonus_offered")[0]
    assert offered["bonus"] == "extinguish" and offered["extra"] == 2
    assert legal_strs(st) == {"extinguish 2", "skip"}
    st, _ = apply(st, "extinguish 2")
    assert not st.pending and st.players[0].fires == [2]  # 1 left: the second 2 does not fit
    assert st.basic_left == 1


def test_A53_corner_fragments_give_what_is_left() -> None:
    """A-53 / X-1: with one Fragment left, the 2-Fragment corner gives 1."""
    st = turn(["rhinoceros"], forest={(3, 1): "3A", (3, 0): "3A"}, fragments={1: 19})
    st, _ = apply(st, "plant 3B@4,0")
    assert st.players[0].fragments == 1 and st.fragment_supply == 0


def test_A53_line_bonus_applies_at_once() -> None:
    """A-53 / F-5: completing row 1 gives +2 flower immediately."""
    st = turn(["rhinoceros"], forest={(0, 1): "3A", (1, 1): "3A", (3, 1): "3B"})
    flower = raw_strengths(rules_for(), st.players[0])[FLOWER]
    st, events = apply(st, "plant 3B@4,1")
    lines = events_of(events, "line_completed")
    assert [(e["line"], e["element"], e["amount"]) for e in lines] == [("row-1", "flower", 2)]
    assert raw_strengths(rules_for(), st.players[0])[FLOWER] == flower + 2


def test_A53_rock_plant_bonus_on_a_corner_chains_its_bonus() -> None:
    """A-53 / X-12: a Plant rock bonus that plants on a corner triggers that corner's
    bonus too; all of it within the one basic Move."""
    st = turn(
        ["rhinoceros", "wolf", "hare"],  # plant 3, wind 3
        forest={(3, 1): "3A", (3, 0): "3A"},
        rocks={0: 3, 1: 9},
    )
    st, _ = apply(st, "move 3")  # rock 6: Plant bonus
    st, _ = apply(st, "plant 3B@4,0")
    assert st.players[0].fragments == 2
    assert st.basic_left == 1 and not st.pending and st.current == 0


def test_A42_the_robbery_cannot_be_declined() -> None:
    """A-42: taking the Victory tile is part of the move; it cannot be skipped or put off."""
    st = turn(["hare", "weasel"], rocks={0: 0, 1: 1})
    st, _ = apply(st, "move 1")
    assert st.pending[-1].kind == "steal"
    assert_rejected(st, "skip", "only possible during a bonus")
    assert_rejected(st, "end", "finish the action in progress first")
    assert_rejected(st, "done", "only possible during picking")
    assert_rejected(st, "attract spider", "first choose the Victory tile", "A-42")


def test_A43_fragment_rock_with_empty_supply_gives_nothing() -> None:
    """A-43 / O-3 / X-1: the Fragment rock bonus is lost when the supply is empty; the
    move still counts as the basic action."""
    st = turn(["hare", "weasel"], rocks={0: 0, 1: 6}, fragments={1: 20})
    st, _ = apply(st, "move 1")
    assert st.players[0].rock == 1
    assert st.players[0].fragments == 0 and st.players[1].fragments == 20
    assert st.basic_left == 1 and not st.pending and validate(st) == []


def test_A3_tree_11_from_a_rock_bonus_frees_the_second_basic_action() -> None:
    """A-3 / F-7 / A-7: tree 11 planted by a rock Plant bonus during the first (Move)
    basic action already lets the second basic action be another Move."""
    helpers = ["praying_mantis", "rhinoceros", "bat", "caterpillar", "wolf", "hare"]
    st = turn(helpers, rocks={0: 3, 1: 9})  # plant 12, wind 3
    st, _ = play(st, "move 3", "plant 11@1,1")  # rock 6: Plant bonus
    assert st.basic_left == 1 and st.used_types == ["move"]
    assert "move 1" in legal_strs(st)
    st, _ = apply(st, "move 1")
    assert st.players[0].rock == 7


def test_A22_bonus_attracts_count_for_the_new_fires_too() -> None:
    """A-22: every card taken from a reserve row this round counts, bonus ones included."""
    st = turn(["tanuki", "weasel", "wolf"])  # sun 5, wind 2
    st, _ = play(st, "move 2", "attract rooster")  # bonus: level 2
    st, _ = apply(st, "attract spider")  # basic: level 1
    st, _ = apply(st, "attract hedgehog")
    assert st.taken == [2, 1, 0]


def test_A41_three_player_start_rocks_and_jumps() -> None:
    """A-41 with S-4 (3 players on rocks 2, 6, 10): a move of 4 from rock 2 jumps seat 2
    on rock 6 and stops on rock 7."""
    st = turn(["wolf", "horse"], n=3)  # wind 4
    assert [p.rock for p in st.players] == [2, 6, 10]
    st, events = apply(st, "move 4")
    moved = events_of(events, "standee_moved")[0]
    assert moved["to_rock"] == 7 and names(st, moved["jumped"]) == ["Bo"]
