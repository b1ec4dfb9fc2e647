"""The Kodama expansion's data: ``assets/kodama.json`` (a copy of
``shared/rules/kodama.json``), validated like the base data (unknown fields fail) and
merged into the base :class:`GameData`; what only Kodama needs is :class:`KodamaData`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationError, model_validator

from ..data import (
    ASSETS_DIR,
    ELEMENTS,
    Card,
    CardModel,
    DataError,
    ElementsModel,
    GameData,
    TreeKind,
    TreeModel,
    _Doc,
    _Model,
    _tree_effects,
)
from ..effects import compile_effect
from .effects import Symbols

KODAMA_JSON = ASSETS_DIR / "kodama.json"
PILE_TYPES = ("flower", "tree", "water")  # slot order on the Kodama board: left, middle, right
ElementName = Literal["sun", "water", "plant", "wind", "flower"]


class KodamaCardModel(_Doc):
    id: str
    name: str
    type: Literal["starting", "flower", "tree", "water"]
    spirit: str | None
    slot: Literal["left", "middle", "right"] | None
    cost: int | None = Field(ge=0)
    cost_element: Literal["flower"] | None = None
    elements: ElementsModel
    kodama_symbols: int = Field(ge=0)
    symbol: Literal["none"]

    @model_validator(mode="after")
    def _consistent(self) -> KodamaCardModel:
        if (self.type == "starting") != (self.spirit is not None):
            raise ValueError(f"{self.id}: a starting Kodama has a Spirit, a callable one not")
        if self.type != "starting" and (self.cost is None or self.slot is None):
            raise ValueError(f"{self.id}: a callable Kodama needs a cost and a slot")
        return self


class SlotModel(_Model):
    slot: Literal["left", "middle", "right"]
    pile: Literal["flower", "tree", "water"]
    condition: Literal["flowers", "trees", "fires"]


class BoardModel(_Doc):
    slots: list[SlotModel]
    cards_per_pile_by_players: dict[str, int]
    cards_per_pile_confidence: str | None = None
    pile_order: str | None = None


class RewardModel(_Model):
    min_symbols: int = Field(ge=1)
    reward: Literal["take_fragment", "take_element_tile", "extra_basic_action"]
    amount: int = Field(ge=1)
    optional: bool
    must_differ: bool | None = None


class RewardsModel(_Doc):
    when: str
    cumulative: bool
    cumulative_confidence: str | None = None
    thresholds: list[RewardModel]


class ElementTilesModel(_Doc):
    count: int | Literal["unknown"]
    count_project_ruling: Literal["unlimited"] | None = None
    double_sided: bool | None = None
    identical: bool | None = None
    options: list[dict[ElementName, int]]
    faces: dict[str, object] = Field(default_factory=dict)
    duration: str | None = None
    when_usable: str | None = None


class OnibiModel(_Doc):
    standees: int
    moves_when: str | None = None
    rocks_per_move_by_players: dict[str, int]
    rocks_per_move_source: str | None = None
    counts_occupied_rocks: bool
    counts_occupied_rocks_confidence: str | None = None
    fire_added_per_spirit_jumped: int
    fire_source: list[str] = Field(default_factory=list)
    respects_fire_cap: bool
    blocks_spirits: str | None = None
    start: str | None = None
    start_rock_with_base_start_positions: dict[str, int]


class StoneTilesModel(_Doc):
    count: int
    cover_rocks: list[int]
    cover_rocks_confidence: str | None = None
    new_bonus: str


class RockModel(_Model):
    index: int
    bonus: str


class KodamaVictoryModel(_Doc):
    threshold_default: int = Field(ge=1)
    threshold_when_pile_empty: int = Field(ge=1)
    pile_to_condition: dict[Literal["flower", "tree", "water"], str]
    scope: str | None = None


class KodamaDataModel(_Model):
    schema_version: int
    game: str
    rules_reference: str | None = None
    value_unknown_marker: str | None = None
    sources: dict[str, object] = Field(default_factory=dict)
    kodama_symbol: dict[str, object] = Field(default_factory=dict)  # description only
    kodama_symbol_rewards: RewardsModel
    actions: dict[str, dict[str, object]] = Field(default_factory=dict)  # K-A, described
    kodama_cards: list[KodamaCardModel]
    kodama_board: BoardModel
    guardian_animals: list[CardModel]
    protective_trees: list[TreeModel]
    tree_dispensers_added: int
    element_tiles: ElementTilesModel
    onibi: OnibiModel
    stone_tiles: StoneTilesModel
    circle_rocks_with_kodama: list[RockModel]
    victory: KodamaVictoryModel
    setup_changes: dict[str, object] = Field(default_factory=dict)
    forest_extension: dict[str, object] = Field(default_factory=dict)  # K-U1: no effect
    solo_mode: dict[str, object] = Field(default_factory=dict)  # K-M1: not supported
    unknowns: list[dict[str, str]] = Field(default_factory=list)
    counts_check: dict[str, object] = Field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class KodamaData:
    """What only the Kodama module reads (the rest is merged into GameData)."""

    starting: dict[str, str]  # Spirit -> its starting Kodama card id
    piles: dict[str, tuple[str, ...]]  # pile type -> callable Kodama of that type
    pile_condition: dict[str, str]  # pile type -> victory condition it raises (K-B1)
    per_pile: dict[int, int]  # players -> cards kept per pile (K-S5)
    threshold: int  # 13 (K-V1)
    raised_threshold: int  # 15 (K-V2)
    rewards: tuple[tuple[int, str], ...]  # (min symbols, reward) (K-K2)
    element_options: tuple[tuple[int, int], ...]  # (Element index, amount) (K-E2)
    onibi_steps: dict[int, int]  # players -> rocks per move (K-O2)
    onibi_fire: int  # value of the Fire added per Spirit jumped (K-O3)
    onibi_start: dict[int, int]  # players -> start rock with the base start rocks (K-S8)
    stone_rocks: tuple[int, ...]  # rocks that call a Kodama (K-R1)
    call_bonus: str  # their bonus id
    bonus_cards: frozenset[str]  # animals that give a bonus action (K-G2)


@cache
def load_model(path: Path = KODAMA_JSON) -> KodamaDataModel:
    """The validated Kodama data (read once)."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"cannot read Kodama data {path}: {exc.strerror}") from exc
    except json.JSONDecodeError as exc:
        raise DataError(f"{path}: not valid JSON ({exc})") from exc
    try:
        return KodamaDataModel.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise DataError(
            f"{path}: {exc.error_count()} problem(s); first at {where or '(top)'}: {first['msg']}"
        ) from exc


def _kodama_card(c: KodamaCardModel) -> Card:
    effects = (Symbols(c.kodama_symbols),) if c.kodama_symbols else ()
    # Level 0: never in the reserve; the cost is in Sacred Flowers (K-A1).
    return Card(c.id, c.name, 0, c.cost or 0, c.elements.as_tuple(), 0, effects)


def merge(base: GameData, m: KodamaDataModel) -> tuple[GameData, KodamaData]:
    cards = dict(base.cards)
    levels = [list(lv) for lv in base.level_cards]
    for c in m.guardian_animals:  # K-S3: into the level-2 and level-3 stacks
        if c.id in cards:
            raise DataError(f"Kodama animal {c.id!r} is already a base card")
        effects = () if c.ability is None else (compile_effect(c.ability, ELEMENTS),)
        level = c.level or 0
        cards[c.id] = Card(c.id, c.name, level, c.cost or 0, c.elements.as_tuple(), 0, effects)
        levels[level - 1].append(c.id)
    for k in m.kodama_cards:
        cards[k.id] = _kodama_card(k)
    trees = dict(base.trees)
    for t in m.protective_trees:  # K-S4, K-P3: new kinds, all different from the base ones
        if t.label in trees:
            raise DataError(f"Kodama tree {t.label!r} is already a base tree kind")
        copies = {int(n): c for n, c in t.copies.items()}
        trees[t.label] = TreeKind(t.label, t.cost, t.elements.as_tuple(), copies, _tree_effects(t))
    trees = dict(sorted(trees.items(), key=lambda kv: (kv[1].cost, kv[0])))
    rocks = sorted(m.circle_rocks_with_kodama, key=lambda x: x.index)
    if len(rocks) != base.rock_count:
        raise DataError("circle_rocks_with_kodama must list every rock of the Circle")
    starting = {k.spirit: k.id for k in m.kodama_cards if k.spirit is not None}
    if set(starting) != set(base.spirits):
        raise DataError("every Spirit needs exactly one starting Kodama (K-C1)")
    merged = replace(
        base,
        cards=cards,
        level_cards=tuple(tuple(lv) for lv in levels),
        trees=trees,
        rock_bonus=tuple(x.bonus for x in rocks),
        threshold=m.victory.threshold_default,
        spirit_cards={s: (cid,) for s, cid in starting.items()},
    )
    slot_of: dict[str, SlotModel] = {s.pile: s for s in m.kodama_board.slots}
    kd = KodamaData(
        starting=starting,
        piles={t: tuple(k.id for k in m.kodama_cards if k.type == t) for t in PILE_TYPES},
        pile_condition={t: slot_of[t].condition for t in PILE_TYPES},
        per_pile={int(n): v for n, v in m.kodama_board.cards_per_pile_by_players.items()},
        threshold=m.victory.threshold_default,
        raised_threshold=m.victory.threshold_when_pile_empty,
        rewards=tuple((x.min_symbols, x.reward) for x in m.kodama_symbol_rewards.thresholds),
        element_options=tuple(
            (ELEMENTS.index(e), amount)
            for option in m.element_tiles.options
            for e, amount in option.items()
        ),
        onibi_steps={int(n): v for n, v in m.onibi.rocks_per_move_by_players.items()},
        onibi_fire=m.onibi.fire_added_per_spirit_jumped,
        onibi_start={int(n): v for n, v in m.onibi.start_rock_with_base_start_positions.items()},
        stone_rocks=tuple(m.stone_tiles.cover_rocks),
        call_bonus=m.stone_tiles.new_bonus,
        bonus_cards=frozenset(
            c.id for c in m.guardian_animals if c.ability and c.ability.kind == "bonus_action"
        ),
    )
    for rock in kd.stone_rocks:
        if merged.rock_bonus[rock] != kd.call_bonus:
            raise DataError(f"rock {rock} is covered by a stone but does not call a Kodama")
    return merged, kd
