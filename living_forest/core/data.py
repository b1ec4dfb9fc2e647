"""Game data: loaded from ``assets/base.json``, validated, and compiled into fast tables.

The JSON is a copy of ``shared/rules/base.json`` (RULES.md §C, S-7, F, O). Pydantic
checks its shape and its internal consistency once at start; the engine then only
reads the compiled :class:`GameData`, which is made of tuples and dicts.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..resources import ASSETS
from .effects import Effect, EffectModel, ElementName, RepeatAction, compile_effect

ELEMENTS: tuple[str, ...] = ("sun", "water", "plant", "wind", "flower")
SUN, WATER, PLANT, WIND, FLOWER = range(5)

ASSETS_DIR = ASSETS
BASE_JSON = ASSETS_DIR / "base.json"


class DataError(ValueError):
    """The game data file is missing or malformed."""


class _Model(BaseModel):
    """Data models forbid unknown fields: a field the engine does not understand fails
    loudly at load instead of being dropped. Fields that only document the data
    (sources, notes, rule references) are declared as such on :class:`_Doc`."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class _Doc(_Model):
    """Documentation fields the data may carry anywhere; the engine ignores them."""

    note: str | None = None
    rule_refs: list[str] = Field(default_factory=list)
    sources: list[str] | None = None
    confidence: str | None = None
    gp_id: str | None = None


class ElementsModel(_Model):
    sun: int
    water: int
    plant: int
    wind: int
    flower: int

    def as_tuple(self) -> tuple[int, int, int, int, int]:
        return (self.sun, self.water, self.plant, self.wind, self.flower)


class CardModel(_Doc):
    id: str = Field(min_length=1)
    name: str
    set: Literal["starting", "level1", "level2", "level3", "fire-varan"]
    level: int | None = Field(ge=0, le=3)
    copies: int = Field(ge=1)
    copies_note: str | None = None
    cost: int | None = Field(ge=0)
    elements: ElementsModel
    symbol: Literal["solitary", "gregarious", "none"]
    ability: EffectModel | None = None

    @model_validator(mode="after")
    def _cost_matches_level(self) -> CardModel:
        if self.level in (1, 2, 3) and self.cost is None:
            raise ValueError(f"card {self.id!r}: a level-{self.level} card needs a cost")
        return self


class TreeModel(_Doc):
    id: str
    label: str
    cost: int = Field(ge=1)
    elements: ElementsModel
    copies: dict[str, int]
    copies_confidence: str | None = None
    # Base data names tree 11's ability "same_action_twice" (F-7); it compiles to a
    # repeat effect for any action type, at most twice (K-X5).
    special: Literal["same_action_twice"] | None = None
    effect: EffectModel | None = None


class CornerModel(_Doc):
    space: tuple[int, int]
    bonus: Literal["attract", "extinguish", "take_fragments"]
    temporary_bonus: dict[ElementName, int] = Field(default_factory=dict)
    amount: int = 0


class LineModel(_Doc):
    line: Literal["row", "column"]
    index: int
    spaces: list[tuple[int, int]]
    permanent: dict[ElementName, int]


class ForestModel(_Doc):
    columns: int = Field(ge=1)
    rows: int = Field(ge=1)
    coordinates: str | None = None
    adjacency: str | None = None
    starting_tree_space: tuple[int, int]
    plantable_spaces: list[tuple[int, int]]
    corner_bonuses: list[CornerModel]
    line_bonuses: list[LineModel]


class RockModel(_Doc):
    index: int
    bonus: str = Field(min_length=1)  # a bonus id: a data action id or "fragment"


class CircleModel(_Doc):
    rock_count: int = Field(ge=2)
    direction: str | None = None
    rocks: list[RockModel]
    rock_bonus_meaning: dict[str, str] = Field(default_factory=dict)
    starting_rocks_by_seat: dict[str, list[int]]
    starting_rocks_note: str | None = None
    fire_capacity: int = Field(ge=1)


class FireTilesModel(_Doc):
    values: list[int]
    supply: dict[str, int]
    initial_on_circle: list[int]
    initial_tile_is_extra: bool | None = None


class VictoryTileModel(_Model):
    id: str
    type: Literal["fire", "flower", "tree"]


class SpiritModel(_Doc):
    id: str
    name: str
    victory_tiles: list[VictoryTileModel]
    starting_tree: str | None = None
    starting_deck: str | None = None


class ActionModel(_Doc):
    id: str
    element: ElementName | None


class ElementsInfoModel(_Doc):
    order: list[ElementName]
    actions: dict[ElementName, str | None]


class ActionsPerTurnModel(_Doc):
    net_solitary_below_3: int = Field(ge=1)
    net_solitary_equal_3: int = Field(ge=0)
    forced_stop_at_net_solitary: int = Field(ge=1)


class StartingDeckModel(_Doc):
    cards: list[str]
    per_spirit: bool | None = None
    identical_for_all_spirits: bool | None = None
    size: int | None = None
    solitary_count: int | None = None


class ReserveModel(_Doc):
    cards_per_level: int = Field(ge=1)
    fire_value_per_level: dict[str, int]


class StartingTreesModel(_Doc):
    count: int
    one_per_spirit: bool | None = None
    elements: ElementsModel
    position: tuple[int, int]
    counts_as_tree_for_victory: bool | None = None


class CountModel(_Doc):
    count: int = Field(ge=0)


class FireVaransModel(CountModel):
    card_id: str


class VictoryTilesInfoModel(_Doc):
    per_spirit: list[str]
    total: int


class VictoryModel(_Doc):
    threshold: int = Field(ge=1)
    comparison: Literal[">="]
    checked: str | None = None
    counts: dict[str, str] = Field(default_factory=dict)
    initial_counts: dict[str, object] = Field(default_factory=dict)
    several_qualify: str | None = None
    tie: str | None = None


class BaseDataModel(_Model):
    schema_version: int
    game: str
    rules_reference: str | None = None
    sources: dict[str, object] = Field(default_factory=dict)  # provenance, free-form
    elements: ElementsInfoModel
    actions: list[ActionModel]
    spirits: list[SpiritModel]
    player_counts: list[int]
    turn_order: str | None = None
    actions_per_turn: ActionsPerTurnModel
    guardian_animals: list[CardModel]
    starting_deck: StartingDeckModel
    reserve: ReserveModel
    protective_trees: list[TreeModel]
    starting_trees: StartingTreesModel
    tree_dispenser_totals: dict[str, int]
    forest_board: ForestModel
    circle_of_spirits: CircleModel
    fire_tiles: FireTilesModel
    fragments: CountModel
    fire_varans: FireVaransModel
    victory_tiles: VictoryTilesInfoModel
    victory: VictoryModel
    counts_check: dict[str, int] = Field(default_factory=dict)  # checked by tests

    @model_validator(mode="after")
    def _consistent(self) -> BaseDataModel:
        ids = [c.id for c in self.guardian_animals]
        if len(ids) != len(set(ids)):
            raise ValueError("guardian_animals: duplicate card id")
        if any(c not in ids for c in self.starting_deck.cards):
            raise ValueError("starting_deck.cards must list known card ids")
        labels = [t.label for t in self.protective_trees]
        if len(labels) != len(set(labels)):
            raise ValueError("protective_trees: duplicate label")
        if len(self.circle_of_spirits.rocks) != self.circle_of_spirits.rock_count:
            raise ValueError("circle_of_spirits: rock list does not match rock_count")
        if tuple(self.elements.order) != ELEMENTS:
            raise ValueError(f"elements.order must be {list(ELEMENTS)}")
        for n in self.player_counts:
            rocks = self.circle_of_spirits.starting_rocks_by_seat.get(str(n))
            if rocks is None or len(rocks) != n:
                raise ValueError(f"circle_of_spirits: no starting rocks for {n} players")
            for t in self.protective_trees:
                if str(n) not in t.copies:
                    raise ValueError(f"tree {t.label}: no copy count for {n} players")
        return self


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    level: int  # 0 = starting card, 1..3 = reserve levels, -1 = Fire Varan
    cost: int
    elements: tuple[int, int, int, int, int]
    symbol: int  # +1 solitary, -1 gregarious, 0 none (N-5)
    effects: tuple[Effect, ...] = ()  # what the card does while in the Help Line


@dataclass(frozen=True, slots=True)
class TreeKind:
    label: str
    cost: int
    elements: tuple[int, int, int, int, int]
    copies: Mapping[int, int]
    effects: tuple[Effect, ...] = ()  # what the tree does while in the Forest (F-7)


@dataclass(frozen=True, slots=True)
class Corner:
    cell: int
    bonus: str  # "attract" | "extinguish" | "fragments"
    extra: int  # temporary strength for the bonus action (F-4)
    amount: int  # Fragments for "fragments"


@dataclass(frozen=True, slots=True)
class LineBonus:
    name: str  # "row 1", "column 2"
    cells: tuple[int, ...]
    element: int
    amount: int
    axis: str = "row"  # "row" | "column"
    index: int = 0

    @property
    def id(self) -> str:
        """ "row-1", "column-2": how events name the line."""
        return f"{self.axis}-{self.index}"


@dataclass(frozen=True, slots=True)
class GameData:
    """Compiled, read-only game data. Cells are numbered ``y * columns + x``."""

    cards: Mapping[str, Card]
    starting_deck: tuple[str, ...]
    level_cards: tuple[tuple[str, ...], ...]  # index 0..2 = level 1..3
    varan_id: str
    varan_count: int
    trees: Mapping[str, TreeKind]  # by label, ascending cost
    columns: int
    rows: int
    start_cell: int
    plantable: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    corners: Mapping[int, Corner]
    lines: tuple[LineBonus, ...]
    rock_bonus: tuple[str, ...]  # bonus id per rock (O-1)
    start_rocks: Mapping[int, tuple[int, ...]]
    fire_capacity: int
    fire_values: tuple[int, ...]
    fire_supply: Mapping[int, int]
    initial_fires: tuple[int, ...]
    fragment_count: int
    reserve_size: int
    fire_value_per_level: tuple[int, ...]
    spirits: Mapping[str, str]  # id -> display name
    victory_tiles: Mapping[str, tuple[tuple[str, str], ...]]  # spirit -> ((tile id, type), ...)
    tiles: Mapping[str, tuple[str, str]]  # tile id -> (spirit, type)
    player_counts: tuple[int, ...]
    threshold: int
    action_ids: tuple[str, ...]  # the basic action types as the data names them
    actions_calm: int  # basic actions below the forced-stop count
    actions_forced: int  # basic actions at the forced-stop count
    forced_stop_at: int  # net solitary count that forces a stop (G-5)
    # Cards a Spirit adds to its starting deck (a module's, K-S2); none in the base.
    spirit_cards: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def starting_deck_of(self, spirit: str) -> tuple[str, ...]:
        return self.starting_deck + self.spirit_cards.get(spirit, ())

    @property
    def rock_count(self) -> int:
        return len(self.rock_bonus)

    @property
    def cell_count(self) -> int:
        return self.columns * self.rows

    def cell(self, x: int, y: int) -> int:
        return y * self.columns + x

    def xy(self, cell: int) -> tuple[int, int]:
        return cell % self.columns, cell // self.columns


def _symbol(s: str) -> int:
    return {"solitary": 1, "gregarious": -1, "none": 0}[s]


def _tree_effects(t: TreeModel) -> tuple[Effect, ...]:
    effects: list[Effect] = []
    if t.special == "same_action_twice":  # F-7, read as K-X5: any type at most twice
        effects.append(RepeatAction("any", 2))
    if t.effect is not None:
        effects.append(compile_effect(t.effect, ELEMENTS))
    return tuple(effects)


def compile_data(model: BaseDataModel) -> GameData:
    fb = model.forest_board
    cols, rows = fb.columns, fb.rows

    def cell(xy: tuple[int, int]) -> int:
        return xy[1] * cols + xy[0]

    cards: dict[str, Card] = {}
    levels: list[list[str]] = [[], [], []]
    varan_id = model.fire_varans.card_id
    for c in model.guardian_animals:
        level = -1 if c.set == "fire-varan" else c.level or 0
        effects = () if c.ability is None else (compile_effect(c.ability, ELEMENTS),)
        cards[c.id] = Card(
            c.id, c.name, level, c.cost or 0, c.elements.as_tuple(), _symbol(c.symbol), effects
        )
        if level >= 1:
            levels[level - 1].append(c.id)
    if varan_id not in cards:
        raise DataError(f"fire_varans.card_id {varan_id!r} is not a card")
    trees = {
        t.label: TreeKind(
            t.label,
            t.cost,
            t.elements.as_tuple(),
            {int(k): v for k, v in t.copies.items()},
            _tree_effects(t),
        )
        for t in sorted(model.protective_trees, key=lambda t: (t.cost, t.label))
    }
    neighbours = []
    for i in range(cols * rows):
        x, y = i % cols, i // cols
        ns = [
            (y + dy) * cols + (x + dx)
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= x + dx < cols and 0 <= y + dy < rows
        ]
        neighbours.append(tuple(ns))
    corners = {}
    for cb in fb.corner_bonuses:
        kind = "fragments" if cb.bonus == "take_fragments" else cb.bonus
        extra = sum(cb.temporary_bonus.values())
        corners[cell(cb.space)] = Corner(cell(cb.space), kind, extra, cb.amount)
    lines = tuple(
        LineBonus(
            f"{lb.line} {lb.index}",
            tuple(cell(s) for s in lb.spaces),
            ELEMENTS.index(next(iter(lb.permanent))),
            next(iter(lb.permanent.values())),
            lb.line,
            lb.index,
        )
        for lb in fb.line_bonuses
    )
    circle = model.circle_of_spirits
    rocks = sorted(circle.rocks, key=lambda r: r.index)
    fv = model.reserve.fire_value_per_level
    apt = model.actions_per_turn
    return GameData(
        cards=cards,
        starting_deck=tuple(model.starting_deck.cards),
        level_cards=tuple(tuple(lv) for lv in levels),
        varan_id=varan_id,
        varan_count=model.fire_varans.count,
        trees=trees,
        columns=cols,
        rows=rows,
        start_cell=cell(fb.starting_tree_space),
        plantable=tuple(sorted(cell(s) for s in fb.plantable_spaces)),
        neighbours=tuple(neighbours),
        corners=corners,
        lines=lines,
        rock_bonus=tuple(r.bonus for r in rocks),
        start_rocks={int(k): tuple(v) for k, v in circle.starting_rocks_by_seat.items()},
        fire_capacity=circle.fire_capacity,
        fire_values=tuple(sorted(model.fire_tiles.values)),
        fire_supply={int(k): v for k, v in model.fire_tiles.supply.items()},
        initial_fires=tuple(model.fire_tiles.initial_on_circle),
        fragment_count=model.fragments.count,
        reserve_size=model.reserve.cards_per_level,
        fire_value_per_level=tuple(int(fv[str(i)]) for i in (1, 2, 3)),
        spirits={s.id: s.name for s in model.spirits},
        victory_tiles={s.id: tuple((t.id, t.type) for t in s.victory_tiles) for s in model.spirits},
        tiles={t.id: (s.id, t.type) for s in model.spirits for t in s.victory_tiles},
        player_counts=tuple(model.player_counts),
        threshold=model.victory.threshold,
        action_ids=tuple(a.id for a in model.actions),
        actions_calm=apt.net_solitary_below_3,
        actions_forced=apt.net_solitary_equal_3,
        forced_stop_at=apt.forced_stop_at_net_solitary,
    )


def parse_data(text: str, source: str = "game data") -> GameData:
    """Validate JSON text and compile it; raise :class:`DataError` with a clear message."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{source}: not valid JSON ({exc})") from exc
    try:
        model = BaseDataModel.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise DataError(
            f"{source}: {exc.error_count()} problem(s); first at {where or '(top)'}: {first['msg']}"
        ) from exc
    return compile_data(model)


@cache
def load_data(path: Path | None = None) -> GameData:
    """Load and validate the base game data (cached; the result is read-only)."""
    p = path or BASE_JSON
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"cannot read game data {p}: {exc.strerror}") from exc
    return parse_data(text, str(p))
