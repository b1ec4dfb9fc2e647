"""The save-file model: a versioned record of seats, seed, action log and state snapshot.

The snapshot mirrors :class:`living_forest.core.GameState` field by field (minus the
private ``_legal`` cache) so the committed JSON Schema describes it completely; a test
checks that the mirror and the dataclass keep the same fields.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

SCHEMA_VERSION: Final = 1
SAVE_FORMAT: Final = "living-forest-save"
MAX_ACTIONS = 100_000

Name = Annotated[str, StringConstraints(min_length=1, max_length=40)]
Ident = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_-]{0,31}$")]
Token = Annotated[str, StringConstraints(min_length=1, max_length=40)]
Count = Annotated[int, Field(ge=0)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=False)


class PlayerSnapshot(_Strict):
    """One Spirit's position (mirrors ``core.state.PlayerState``)."""

    name: Name
    spirit: Ident
    draw: list[Token]
    discard: list[Token]
    help_line: list[Token]
    forest: list[Token | None]
    fires: list[Count]
    victory_tiles: list[Token]
    rock: Count
    fragments: Count
    stopped: bool
    can_use_fragment: bool


class PendingSnapshot(_Strict):
    """A decision in progress (mirrors ``core.state.Pending``)."""

    kind: Token
    bonus: bool
    extra: int
    spent: int
    target: int
    bonus_type: str
    source: str
    offered: bool


class StateSnapshot(_Strict):
    """The whole game position (mirrors ``core.state.GameState`` without ``_legal``)."""

    players: list[PlayerSnapshot]
    seed: Count
    rng: Annotated[int, Field(ge=0, lt=1 << 64)]
    round: Annotated[int, Field(ge=1)]
    phase: Literal["draw", "action", "over"]
    first: Count
    current: Count
    turns_done: Count
    basic_left: Count
    used_types: list[Token]
    pending: list[PendingSnapshot]
    reserve: list[list[Token | None]]
    stacks: list[list[Token]]
    taken: list[Count]
    centre: list[Count]
    fire_supply: dict[str, Count]
    fragment_supply: Count
    varan_supply: Count
    dispensers: dict[str, Count]
    thresholds: dict[str, Count]
    version: int


class SeatRecord(_Strict):
    """A seat as passed to ``new_game`` (table order), plus who controls it."""

    name: Name
    spirit: Ident
    controller: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]{0,31}$")] = Field(
        description='"human", "random", "baseline" or another bot name'
    )


def _require(schema: dict[str, Any], *names: str) -> None:
    schema["required"] = [*schema.get("required", []), *names]


class GameRecord(BaseModel):
    """One saved game: enough to replay it exactly, plus a snapshot to check against."""

    model_config = ConfigDict(
        extra="forbid",
        title="Living Forest save file",
        # A file on disk always carries these, though a new record in memory need not.
        json_schema_extra=lambda schema: _require(schema, "format", "schema_version", "state"),
    )

    format: Literal["living-forest-save"] = Field(
        default="living-forest-save", description="marks the file as a Living Forest save"
    )
    schema_version: Literal[1] = 1
    saved_at: str | None = Field(default=None, description="ISO 8601 time of the save (UTC)")
    seats: list[SeatRecord] = Field(min_length=1, max_length=8)
    seed: Annotated[int, Field(ge=0, lt=1 << 63)]
    first: Annotated[int, Field(ge=0)] | None = None
    actions: list[Annotated[str, StringConstraints(min_length=1, max_length=64)]] = Field(
        default_factory=list, max_length=MAX_ACTIONS
    )
    state: StateSnapshot | None = Field(
        default=None, description="the position after the last action (filled by save_game)"
    )
