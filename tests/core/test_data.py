"""Game data: the counts of RULES.md §C and S-7, and clear errors for malformed data."""

import json
from collections import Counter

import pytest

from living_forest.core import DataError, data
from living_forest.core.data import BASE_JSON, parse_data


def test_C5_card_counts() -> None:
    """C-5: 14 starting cards per Spirit, 23/16/12 level cards, 23 Fire Varans, 130 in all."""
    d = data()
    assert len(d.starting_deck) == 14
    assert [len(level) for level in d.level_cards] == [23, 16, 12]
    assert d.varan_count == 23
    assert 14 * 4 + 23 + 16 + 12 + 23 == 130
    assert sum(1 for c in d.starting_deck if d.cards[c].symbol == 1) == 5
    for level, ids in enumerate(d.level_cards, start=1):
        assert all(d.cards[c].level == level and d.cards[c].cost > 0 for c in ids)


def test_S7_tree_dispenser_totals() -> None:
    """S-7: 24 / 33 / 39 tree tiles for 2 / 3 / 4 players, 12 kinds (F-6)."""
    d = data()
    assert len(d.trees) == 12
    totals = {n: sum(k.copies[n] for k in d.trees.values()) for n in (2, 3, 4)}
    assert totals == {2: 24, 3: 33, 4: 39}
    assert list(d.trees) == ["3A", "3B", "4A", "4B", "5A", "5B", "6", "7", "8", "9", "10", "11"]
    assert [label for label, k in d.trees.items() if k.effects] == ["11"]  # F-7


def test_C7_C8_C9_tiles() -> None:
    """C-7 fire tiles 20 of each value + 1 extra value-2 (project ruling), C-8 20 Fragments,
    C-9 3 Victory tiles per Spirit (fire, flower, tree)."""
    d = data()
    assert dict(d.fire_supply) == {2: 20, 3: 20, 4: 20}
    assert d.initial_fires == (2,)
    assert d.fragment_count == 20
    assert len(d.victory_tiles) == 4
    for tiles in d.victory_tiles.values():
        assert sorted(kind for _, kind in tiles) == ["fire", "flower", "tree"]


def test_data_copy_matches_counts_check() -> None:
    raw = json.loads(BASE_JSON.read_text())
    check = raw["counts_check"]
    symbols = Counter(c["symbol"] for c in raw["guardian_animals"])
    assert check["total_cards_in_box"] == 130
    assert symbols["solitary"] + symbols["gregarious"] + symbols["none"] == 66


def test_malformed_data_is_rejected_with_a_clear_message() -> None:
    raw = json.loads(BASE_JSON.read_text())
    raw["guardian_animals"][20]["cost"] = "cheap"
    with pytest.raises(DataError, match=r"guardian_animals\.20\.cost"):
        parse_data(json.dumps(raw), "broken.json")
    with pytest.raises(DataError, match="not valid JSON"):
        parse_data("{", "broken.json")
    raw = json.loads(BASE_JSON.read_text())
    raw["starting_deck"]["cards"].append("unicorn")
    with pytest.raises(DataError, match="starting_deck"):
        parse_data(json.dumps(raw), "broken.json")


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda raw: raw.__setitem__("house_rules", {"x": 1}), "house_rules"),
        (lambda raw: raw["protective_trees"][11].__setitem__("specail", "x"), "specail"),
        (lambda raw: raw["protective_trees"][11].__setitem__("special", "fly"), "special"),
        (
            lambda raw: raw["guardian_animals"][30].__setitem__(
                "ability", {"kind": "teleport", "action": "move"}
            ),
            "ability",
        ),
        (
            lambda raw: raw["guardian_animals"][30].__setitem__(
                "ability", {"kind": "repeat_action", "action": "move", "times": 3}
            ),
            "times",
        ),
        (lambda raw: raw["forest_board"]["corner_bonuses"][0].__setitem__("bonus", "x"), "bonus"),
    ],
    ids=["top-level", "typo", "special", "effect-kind", "effect-field", "corner"],
)
def test_a_field_the_engine_does_not_understand_fails_loudly(change, where: str) -> None:
    """Data models forbid unknown fields and values: a new ability in the data is never
    silently dropped (it fails at load, naming the place)."""
    raw = json.loads(BASE_JSON.read_text())
    change(raw)
    with pytest.raises(DataError, match=where):
        parse_data(json.dumps(raw), "changed.json")


def test_effects_compile_to_typed_values() -> None:
    """F-7 / K-X5: tree 11's "same_action_twice" is a repeat effect for any type, at most
    twice; a card ability in the data becomes the matching effect value."""
    from living_forest.core.effects import BonusAction, RepeatAction

    assert data().trees["11"].effects == (RepeatAction("any", 2),)
    raw = json.loads(BASE_JSON.read_text())
    hare = next(c for c in raw["guardian_animals"] if c["id"] == "hare")
    hare["ability"] = {"kind": "bonus_action", "action": "move"}
    d = parse_data(json.dumps(raw), "changed.json")
    assert d.cards["hare"].effects == (BonusAction("move"),)
    assert d.action_ids == ("take_fragment", "attract", "extinguish", "move", "plant_tree")


def test_an_unknown_effect_kind_names_the_kinds_that_exist() -> None:
    raw = json.loads(BASE_JSON.read_text())
    raw["guardian_animals"][30]["ability"] = {"kind": "teleport", "action": "move"}
    with pytest.raises(DataError, match=r"guardian_animals\.30\.ability.*teleport.*repeat_action"):
        parse_data(json.dumps(raw), "changed.json")
    raw["guardian_animals"][30]["ability"] = ["repeat_action"]
    with pytest.raises(DataError, match=r"guardian_animals\.30\.ability.*with a kind"):
        parse_data(json.dumps(raw), "changed.json")


def test_a_module_registers_an_effect_kind_the_data_may_then_use() -> None:
    """The effect set is open: a kind registered by its owner is read from the data and
    compiled by the owner's function; its field errors name the field."""
    from dataclasses import dataclass
    from typing import Literal

    from living_forest.core.effects import Effect, EffectData, register_effect_kind

    class ShadeModel(EffectData):
        kind: Literal["test_shade"]
        element: Literal["sun", "water", "plant", "wind", "flower"]

    @dataclass(frozen=True)
    class Shade(Effect):
        element: int

    register_effect_kind(ShadeModel, lambda m, elements: Shade(elements.index(m.element)))
    raw = json.loads(BASE_JSON.read_text())
    raw["guardian_animals"][30]["ability"] = {"kind": "test_shade", "element": "wind"}
    card_id = raw["guardian_animals"][30]["id"]
    assert parse_data(json.dumps(raw), "changed.json").cards[card_id].effects == (Shade(3),)
    raw["guardian_animals"][30]["ability"] = {"kind": "test_shade", "element": "fog"}
    with pytest.raises(DataError, match=r"guardian_animals\.30\.ability\.element"):
        parse_data(json.dumps(raw), "changed.json")

    class OtherShade(EffectData):
        kind: Literal["test_shade"]

    with pytest.raises(ValueError, match="registered already"):
        register_effect_kind(OtherShade, lambda m, elements: Shade(0))


def test_an_effect_dumps_as_its_own_model() -> None:
    """Serialization of the data models is that of a discriminated union: the
    effect's own fields, defaults included."""
    from living_forest.core.data import CardModel

    raw = json.loads(BASE_JSON.read_text())
    card = dict(raw["guardian_animals"][30], ability={"kind": "repeat_action", "action": "move"})
    dumped = CardModel.model_validate(card).model_dump()
    assert dumped["ability"] == {"kind": "repeat_action", "action": "move", "max_of_type": 2}
    assert CardModel.model_validate(dumped).model_dump() == dumped


def test_the_core_knows_only_the_base_game_effect_kinds() -> None:
    """Kodama's effect kinds are registered by the Kodama package, not by the core."""
    import subprocess
    import sys

    code = (
        "from living_forest.core.effects import effect_kinds\n"
        "import living_forest.core\n"
        "before = effect_kinds()\n"
        "import living_forest.core.kodama\n"
        "print(before, effect_kinds())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    before, after = out.stdout.strip().split(") (")
    assert "kodama" not in before and "repeat_action" in before
    assert "element_per_visible_kodama" in after and "kodama_symbols" in after
