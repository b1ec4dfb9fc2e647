"""The save-file model: a versioned record of seats, seed, game options, action log and
state snapshot.

The snapshot mirrors :class:`living_forest.core.GameState` field by field so the
committed JSON Schema describes it completely; a test checks that the mirror and the
dataclass keep the same fields. A module's own state (``ext``) and non-base options
are optional sub-objects, absent when no module is on, so a base game's snapshot is
the same as in version 1.

Version history (``migrations.py`` upgrades older files when they are read):

1. seats, seed, first player, action log, snapshot (base game only).
2. the game options (``options.modules``); module state in the snapshot.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    StringConstraints,
    model_serializer,
)

from living_forest.core import GameOptions
from living_forest.text import printable

SCHEMA_VERSION: Final = 3
SAVE_FORMAT: Final = "living-forest-save"
MAX_ACTIONS = 100_000

# A player's name is shown on the terminal: its control characters are cleaned as it
# is read (an ESC sequence in a file would otherwise reach the terminal).
Name = Annotated[str, StringConstraints(min_length=1, max_length=40), AfterValidator(printable)]
Ident = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_-]{0,31}$")]
Token = Annotated[str, StringConstraints(min_length=1, max_length=40)]
Count = Annotated[int, Field(ge=0)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=False)


class OptionsRecord(_Strict):
    """Which rules modules the game uses (mirrors ``core.GameOptions``)."""

    modules: list[Ident] = Field(
        default_factory=list, max_length=8, description="rules modules on; [] = base game"
    )


ModuleData = dict[Ident, dict[str, Any]]


class _OmitsAbsent(_Strict):
    """Optional sub-objects that are absent (None) are left out when dumped, exactly as
    ``GameState.to_dict`` leaves them out."""

    @model_serializer(mode="wrap")
    def _omit_absent(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        out: dict[str, Any] = handler(self)
        for key in ("options", "ext", "draw_known"):
            if key in out and out[key] is None:
                del out[key]
        return out


class PlayerSnapshot(_OmitsAbsent):
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
    draw_known: Count | None = Field(
        default=None, description="cards on top of the draw stack everyone knows (A-21)"
    )
    ext: ModuleData | None = Field(default=None, description="modules' state of this player")


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


class StateSnapshot(_OmitsAbsent):
    """The whole game position (mirrors ``core.state.GameState``)."""

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
    options: OptionsRecord | None = Field(default=None, description="absent: the base game")
    ext: ModuleData | None = Field(default=None, description="modules' game-wide state")


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
        json_schema_extra=lambda schema: _require(
            schema, "format", "schema_version", "options", "state"
        ),
    )

    format: Literal["living-forest-save"] = Field(
        default="living-forest-save", description="marks the file as a Living Forest save"
    )
    schema_version: Literal[3] = 3
    saved_at: str | None = Field(default=None, description="ISO 8601 time of the save (UTC)")
    seats: list[SeatRecord] = Field(min_length=1, max_length=8)
    seed: Annotated[int, Field(ge=0, lt=1 << 63)]
    first: Annotated[int, Field(ge=0)] | None = None
    options: OptionsRecord = Field(
        default_factory=OptionsRecord, description="the rules the game is played with"
    )
    actions: list[Annotated[str, StringConstraints(min_length=1, max_length=64)]] = Field(
        default_factory=list, max_length=MAX_ACTIONS
    )
    state: StateSnapshot | None = Field(
        default=None, description="the position after the last action (filled by save_game)"
    )

    def game_options(self) -> GameOptions:
        return GameOptions(tuple(self.options.modules))

    @classmethod
    def options_of(cls, options: GameOptions) -> OptionsRecord:
        return OptionsRecord(modules=list(options.modules))
