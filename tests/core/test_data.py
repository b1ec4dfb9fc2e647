"""Game data: the counts of RULES.md §C, S-7 and F-6 as the rules text states them,
the data file's own counts check, and clear errors for malformed data.

The expected numbers are read from the rules text (assets/rules/RULES.md) and from
the data file's ``counts_check``, never written here: each test compares two sources
that could drift apart.
"""

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from living_forest.core import DataError, data
from living_forest.core.data import BASE_JSON, parse_data

RULES = Path(__file__).resolve().parents[2] / "assets" / "rules" / "RULES.md"


def rule_text(rule_id: str) -> str:
    """The text of one rule of RULES.md: its bullet and the lines indented under it."""
    lines = RULES.read_text(encoding="utf-8").splitlines()
    head = f"* **{rule_id}**"
    i = next(n for n, line in enumerate(lines) if line.startswith(head))
    out = [lines[i][len(head) :]]
    for line in lines[i + 1 :]:
        if not line.startswith("  ") and line.strip():
            break
        out.append(line)
    return " ".join(x.strip() for x in out)


def number(pattern: str, text: str) -> int:
    m = re.search(pattern, text)
    assert m is not None, (pattern, text)
    return int(m.group(1))


def test_C5_card_counts_are_those_of_the_rules() -> None:
    """C-5: the starting sets, level cards and Fire Varans the rules count, and their
    total; the starting deck's solitary count is the data file's own."""
    d = data()
    c5 = rule_text("C-5")
    sets = number(r"= (\d+) identical sets", c5)
    per_spirit = number(r"identical sets of (\d+)", c5)
    levels = [number(rf"(\d+) level-{n}", c5) for n in (1, 2, 3)]
    varans = number(r"(\d+) Fire Varan cards", c5)
    assert len(d.starting_deck) == per_spirit
    assert sets == len(d.spirits) and number(r"(\d+) starting", c5) == sets * per_spirit
    assert [len(level) for level in d.level_cards] == levels
    assert d.varan_count == varans
    in_box = len(d.spirits) * len(d.starting_deck) + sum(map(len, d.level_cards)) + d.varan_count
    assert in_box == number(r"Cards, (\d+) in total", c5)
    raw = json.loads(BASE_JSON.read_text())
    solitary = sum(1 for c in d.starting_deck if d.cards[c].symbol == 1)
    assert solitary == raw["starting_deck"]["solitary_count"]
    for level, ids in enumerate(d.level_cards, start=1):
        assert all(d.cards[c].level == level and d.cards[c].cost > 0 for c in ids)


def test_S7_F6_tree_kinds_costs_and_dispensers_are_those_of_the_rules() -> None:
    """F-6: the kinds and costs of the table; S-7: copies per player count, row by row,
    and the totals row; F-7: only kind 11 has a special effect."""
    d = data()
    kinds = re.findall(r"\| (\w+) \| (\d+) \| ([^|]+) \|", rule_text("F-6"))
    assert [(label, k.cost) for label, k in d.trees.items()] == [(i, int(c)) for i, c, _ in kinds]
    s7 = rule_text("S-7")
    rows = re.findall(r"\| ([\w, ]+) \| [\d/]+ \| (\d+) each \| (\d+) each \| (\d+) each \|", s7)
    copies = {
        label.strip(): dict(zip((2, 3, 4), map(int, counts), strict=True))
        for labels, *counts in rows
        for label in labels.split(",")
    }
    assert {label: k.copies for label, k in d.trees.items()} == copies
    totals = re.search(r"\*\*total\*\* \| \| \*\*(\d+)\*\* \| \*\*(\d+)\*\* \| \*\*(\d+)", s7)
    assert totals is not None
    for n, total in zip((2, 3, 4), totals.groups(), strict=True):
        assert sum(k.copies[n] for k in d.trees.values()) == int(total)
    special = [label for label, k in d.trees.items() if k.effects]
    assert special == [i for i, _c, effect in kinds if "F-7" in effect]


def test_C7_C8_C9_tiles_are_those_of_the_rules() -> None:
    """C-7: the supply of each value and the extra value-2 tile on the Circle (project
    ruling); C-8: the Fragments; C-9: the Victory tiles, three per Spirit."""
    d = data()
    c7 = rule_text("C-7")
    each = number(r"(\d+) tiles of each value", c7)
    listed = re.search(r"Fire tiles of value ([\d, and]+)\.", c7)
    assert listed is not None
    values = [int(v) for v in re.findall(r"\d+", listed.group(1))]
    assert dict(d.fire_supply) == dict.fromkeys(values, each)
    extra = number(r"(\d+) extra value-", c7)
    assert d.initial_fires == (number(r"extra value-(\d+)", c7),) * extra
    assert d.fragment_count == number(r"(\d+) Fragment tiles", rule_text("C-8"))
    c9 = rule_text("C-9")
    per_spirit = number(r"each Spirit owns (\d+)", c9)
    assert sum(len(tiles) for tiles in d.victory_tiles.values()) == number(r"(\d+) Victory", c9)
    for tiles in d.victory_tiles.values():
        assert len({kind for _, kind in tiles}) == len(tiles) == per_spirit


def test_the_loaded_data_agrees_with_the_data_files_counts_check() -> None:
    """``counts_check`` in base.json states the box's totals; the loaded data, counted,
    must give the same."""
    d = data()
    raw = json.loads(BASE_JSON.read_text())
    check = raw["counts_check"]
    spirits = len(d.spirits)
    assert check["starting_cards_per_spirit"] == len(d.starting_deck)
    assert check["starting_cards_in_box"] == spirits * len(d.starting_deck)
    assert [check[f"level{n}"] for n in (1, 2, 3)] == [len(level) for level in d.level_cards]
    assert check["fire_varans"] == d.varan_count
    in_box = spirits * len(d.starting_deck) + sum(map(len, d.level_cards)) + d.varan_count
    assert check["total_cards_in_box"] == in_box
    assert check["protective_tree_tiles_in_box"] == sum(k.copies[4] for k in d.trees.values())
    assert check["fragments"] == d.fragment_count
    assert check["victory_tiles"] == sum(len(t) for t in d.victory_tiles.values())
    assert check["plantable_spaces"] == len(d.plantable)
    fires = sum(d.fire_supply.values()) + len(d.initial_fires)
    assert check["fire_tiles_game_park"] == fires
    # Every kind of card is one entry of the data: the starting kinds, the level
    # cards (one copy each) and the Fire Varan.
    kinds = Counter(c["set"] for c in raw["guardian_animals"])
    assert sum(kinds.values()) == len(set(d.starting_deck)) + sum(map(len, d.level_cards)) + 1


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
    assert d.action_ids == tuple(a["id"] for a in raw["actions"])  # in the data's order


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
