"""Kodama components and setup (KODAMA.md K-C, K-S, K-M), and that the base game is
untouched by the module's existence."""

from __future__ import annotations

from collections import Counter

import pytest

from living_forest.core import (
    SetupError,
    data,
    legal_actions,
    new_game,
    rules_for,
    validate,
)
from living_forest.core.effects import BonusAction, RepeatAction
from living_forest.core.kodama import kodama, kodama_data, player
from living_forest.core.kodama.effects import Symbols

from .kodama_scenario import K, kstart
from .scenario import NAMES, SPIRITS, start

R = rules_for(K)
D = R.data
KD = kodama_data(R)
CALLABLE = [c for pile in KD.piles.values() for c in pile]


def test_KC1_kodama_cards_four_starting_and_eighteen_callable() -> None:
    """K-C1: 22 Kodama cards: one starting Kodama per Spirit (1 symbol, nothing else)
    and three types of six callable ones costing 1, 2, 2, 3, 3, 4 Sacred Flowers."""
    assert sorted(KD.starting) == sorted(D.spirits)
    for cid in KD.starting.values():
        c = D.cards[cid]
        assert c.effects == (Symbols(1),) and c.cost == 0 and not any(c.elements)
        assert c.symbol == 0
    assert len(CALLABLE) == 18
    for cards in KD.piles.values():
        assert sorted(D.cards[c].cost for c in cards) == [1, 2, 2, 3, 3, 4]
        assert all(D.cards[c].effects == (Symbols(1),) for c in cards)


def test_KC2_KG1_KG2_ten_new_animals_without_symbols() -> None:
    """K-C2: five level-2 and five level-3 animals, none solitary or gregarious; the
    level-2 ones repeat an action type (K-G1), the level-3 ones give a bonus (K-G2)."""
    new = [c for c in D.cards.values() if c.id not in data().cards and c.level in (2, 3)]
    assert Counter(c.level for c in new) == {2: 5, 3: 5}
    assert all(c.symbol == 0 for c in new)
    level2 = {c.id: c.effects[0] for c in new if c.level == 2}
    assert all(isinstance(e, RepeatAction) and e.max_of_type == 2 for e in level2.values())
    assert {e.action for e in level2.values() if isinstance(e, RepeatAction)} == {
        "call_kodama",
        "move",
        "extinguish",
        "attract",
        "plant_tree",
    }
    assert all(sum(D.cards[c].elements) == 1 for c in level2)  # each gives 1 Element
    level3 = [c for c in new if c.level == 3]
    assert all(isinstance(c.effects[0], BonusAction) and not any(c.elements) for c in level3)


def test_KC3_KS4_KP3_six_new_tree_kinds_two_each_for_every_player_count() -> None:
    """K-C3, K-S4 (ruling K-U12): 12 tiles, 6 new kinds x 2 for 2, 3 and 4 players, each
    kind different from every base kind (K-P3)."""
    new = {label: k for label, k in D.trees.items() if label not in data().trees}
    assert sorted(new) == sorted(["6K", "7K", "8K", "9K", "10K", "11K"])
    for n in (2, 3, 4):
        st = kstart(n)
        assert all(st.dispensers[label] == 2 for label in new)
        assert sum(st.dispensers.values()) == sum(start(n).dispensers.values()) + 12


def test_KC4_KB1_the_board_slots_piles_and_conditions() -> None:
    """K-C4, K-B1: left Flower Kodama -> flowers, middle Tree -> trees, right Water ->
    fires; 13 to start, 15 once a pile is empty."""
    assert list(KD.piles) == ["flower", "tree", "water"]
    assert KD.pile_condition == {"flower": "flowers", "tree": "trees", "water": "fires"}
    assert (KD.threshold, KD.raised_threshold) == (13, 15)


def test_KC5_KE2_KE5_element_tile_options_and_no_supply_limit() -> None:
    """K-C5, K-E2, K-E5 (ruling K-U2): one tile gives +2 sun, +2 water, +2 plant, +1 wind
    or +1 flower; the supply is unlimited (the game keeps no count of it)."""
    assert KD.element_options == ((0, 2), (1, 2), (2, 2), (3, 1), (4, 1))
    st = kstart()
    assert all(player(p).tiles == 0 for p in st.players)
    assert "tiles" not in kodama(st).to_dict()


def test_KC6_KC7_KS7_KR1_one_onibi_and_two_stone_rocks() -> None:
    """K-C6, K-C7, K-S7, K-R1 (ruling K-U4): one Onibi standee; stone tiles turn rocks 3
    and 9 into "Call a Kodama" rocks; 1, 5, 7 and 11 stay Fragment rocks."""
    assert isinstance(kodama(kstart()).onibi, int)
    assert KD.stone_rocks == (3, 9)
    base = data().rock_bonus
    for rock, bonus in enumerate(D.rock_bonus):
        assert bonus == ("call_kodama" if rock in (3, 9) else base[rock])
    assert [r for r, b in enumerate(D.rock_bonus) if b == "fragment"] == [1, 5, 7, 11]


def test_KC8_KS1_KP4_forest_extensions_change_nothing() -> None:
    """K-C8, K-S1, K-P4 (ruling K-U1): the Forest keeps its 15 spaces, 14 plantable."""
    assert (D.columns, D.rows, len(D.plantable)) == (5, 3, 14)
    assert D.lines == data().lines and D.corners == data().corners


def test_KC9_KM1_no_solo_mode() -> None:
    """K-C9, K-M1 (ruling K-U14): the Kodama module needs 2 to 4 players."""
    with pytest.raises(SetupError, match="players"):
        new_game([("Ana", "winter")], 1, options=K)


def test_KS2_KX7_each_deck_has_fifteen_cards_with_the_own_spirits_kodama() -> None:
    """K-S2 (K-D7): the starting Kodama of each player's own Spirit joins their deck."""
    for n in (2, 3, 4):
        st = kstart(n, seed=n)
        for p in st.players:
            cards = p.draw + p.help_line + p.discard
            assert len(cards) == 15
            kodama_cards = [c for c in cards if c in KD.starting.values()]
            assert kodama_cards == [KD.starting[p.spirit]]
            assert Counter(c for c in cards if c != KD.starting[p.spirit]) == Counter(
                data().starting_deck
            )


def test_KS3_new_animals_are_in_the_level_stacks_before_the_reserve_is_dealt() -> None:
    """K-S3: level 2 = 21 cards, level 3 = 17, level 1 = 23; rows of 4; over many seeds
    new animals appear in the first reserve."""
    seen_new = 0
    for seed in range(30):
        st = kstart(2, seed)
        sizes = [len(st.stacks[lv]) + sum(c is not None for c in st.reserve[lv]) for lv in range(3)]
        assert sizes == [23, 21, 17]
        assert all(len(row) == 4 for row in st.reserve)
        seen_new += sum(1 for row in st.reserve[1:] for c in row if c not in data().cards)
    assert seen_new > 10


def test_KS5_piles_of_three_four_five_the_rest_to_the_box_unseen() -> None:
    """K-S5 (K-D2, ruling K-U3): each type shuffled separately; 3/4/5 cards per pile for
    2/3/4 players; the unused ones are in the box; different seeds shuffle differently."""
    tops = set()
    for n, keep in ((2, 3), (3, 4), (4, 5)):
        for seed in range(5):
            k = kodama(kstart(n, seed))
            assert {t: len(p) for t, p in k.piles.items()} == dict.fromkeys(KD.piles, keep)
            for t, pile in k.piles.items():
                assert set(pile) <= set(KD.piles[t])
            assert sorted([*k.box, *(c for p in k.piles.values() for c in p)]) == sorted(CALLABLE)
            tops.add(tuple(p[-1] for p in k.piles.values()))
    assert len(tops) > 5


def test_KS8_onibi_starts_behind_the_last_player_of_round_one() -> None:
    """K-S8 (ruling K-U5): on the first free rock counter-clockwise from the standee of
    the player acting last in round 1: rock 5 / 9 / 2 with 2 / 3 / 4 players."""
    for n, rock in ((2, 5), (3, 9), (4, 2)):
        for seed in range(4):
            st = kstart(n, seed, first=seed % n)
            assert kodama(st).onibi == rock == KD.onibi_start[n]
            last = st.players[st.n - 1].rock
            assert kodama(st).onibi == (last - 1) % 12


def test_KS8_onibi_skips_occupied_rocks_counter_clockwise() -> None:
    """K-S8: if the rock behind the last player is taken, Onibi goes on counter-clockwise."""
    from living_forest.core.kodama.rules import onibi_start

    st = kstart(2).clone()
    st.players[0].rock = 5  # the rock behind seat 1 (rock 6) is taken
    assert onibi_start(R, st) == 4


def test_KS9_KV1_thresholds_start_at_thirteen() -> None:
    """K-S9, K-V1: every condition needs 13."""
    assert kstart().thresholds == {"trees": 13, "fires": 13, "flowers": 13}


def test_KS6_the_setup_validates_and_plays() -> None:
    """K-S6 (an Element tile supply beside the board) and the whole setup: the position
    is sound and the game starts with the Guardian Animals phase."""
    for n in (2, 3, 4):
        st = kstart(n, seed=n)
        assert validate(st) == [] and st.phase == "draw"
        assert {a.kind for a in legal_actions(st)} == {"draw"}


def test_a_base_game_is_unchanged_by_the_module() -> None:
    """A base game's setup and random stream stay as they are (golden files check the
    games; here the first position, with Kodama registered and used elsewhere)."""
    kstart(3)
    st, _ = new_game(list(zip(NAMES[:3], SPIRITS[:3], strict=True)), 7)
    assert "ext" not in st.to_dict() and st.thresholds["trees"] == 12
    assert all(len(p.draw) == 14 for p in st.players)
