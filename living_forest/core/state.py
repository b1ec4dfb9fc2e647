"""The whole game position as one serialisable value.

Everything the rules need, including the RNG state, lives here; nothing else is
consulted. Stacks are lists whose *last* element is the top. Forest cells are
numbered ``y * 5 + x`` (F-1) and hold a tree label, ``"S"`` for the starting tree,
or ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, Protocol

from .options import BASE_GAME, GameOptions

STARTING_TREE = "S"


class GamePhase(StrEnum):
    """The phases of a round (T-1) and the end of the game: ``GameState.phase``. A
    ``StrEnum``: a save stores its value ("draw"), and the value compares equal to it."""

    DRAW = "draw"  # the Guardian Animals phase (G-1 … G-10)
    ACTION = "action"  # the Action phase (A-1 … A-9)
    OVER = "over"  # the game has ended (V-1)


PHASE_DRAW = GamePhase.DRAW
PHASE_ACTION = GamePhase.ACTION
PHASE_OVER = GamePhase.OVER


class PendingKind(StrEnum):
    """The kinds of pending decision the turn itself makes (``Pending.kind``). The
    others are open sets: a multi-pick action type's kind (``attract``) while its items
    are picked, or a decision handler's ``pending_kind`` (``steal``, A-42)."""

    BONUS = "bonus"  # a bonus action offered, to take or skip


# The layout of :meth:`GameState.to_dict` (its ``version``): raised when a field is
# renamed or changes meaning, so that :meth:`GameState.from_dict` refuses a dict it
# would misread instead of building a wrong position.
STATE_VERSION = 1


class ModuleState(Protocol):
    """A rules module's own part of the position (game-wide or one player's): a
    value that copies itself and turns into plain JSON data. The module that owns it
    reads it back (``Module.read_state`` / ``Module.read_player_state``)."""

    def clone(self) -> ModuleState: ...

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(slots=True)
class PlayerState:
    name: str
    spirit: str
    draw: list[str]
    discard: list[str]
    help_line: list[str]
    forest: list[str | None]
    fires: list[int]  # values of the Fire tiles this player extinguished
    victory_tiles: list[str]
    rock: int
    fragments: int = 0
    stopped: bool = False  # finished the Guardian Animals phase this round
    can_use_fragment: bool = False  # the last card was just revealed (G-8)
    # How many cards on top of the draw stack everyone knows: attracted and called
    # cards are put there face up to all (A-21, K-A3); a draw takes the top one; a
    # reshuffle starts from none. Left out of ``to_dict`` when 0.
    draw_known: int = 0
    # Module name -> that module's state for this player; empty in the base game.
    ext: dict[str, ModuleState] = field(default_factory=dict)

    def clone(self) -> PlayerState:
        return PlayerState(
            self.name,
            self.spirit,
            self.draw[:],
            self.discard[:],
            self.help_line[:],
            self.forest[:],
            self.fires[:],
            self.victory_tiles[:],
            self.rock,
            self.fragments,
            self.stopped,
            self.can_use_fragment,
            self.draw_known,
            {k: v.clone() for k, v in self.ext.items()} if self.ext else {},
        )


@dataclass(slots=True)
class Pending:
    """A decision in progress during a turn (a stack; the top is decided first).

    kind: ``attract`` / ``extinguish`` (picking more items within ``budget``),
    ``steal`` (choose a Victory tile from seat ``target``, A-42) or
    :attr:`PendingKind.BONUS` (a bonus action of ``bonus_type`` the player may take
    or skip, A-8).
    """

    kind: str
    bonus: bool = False  # part of a bonus action: uses up no basic action
    extra: int = 0  # temporary strength for this action (F-4)
    spent: int = 0  # cost or fire value already used by this action
    target: int = -1
    bonus_type: str = ""
    source: str = ""  # "rock" or "corner" for bonus actions
    offered: bool = False  # the bonus_offered event was sent

    def clone(self) -> Pending:
        return Pending(
            self.kind,
            self.bonus,
            self.extra,
            self.spent,
            self.target,
            self.bonus_type,
            self.source,
            self.offered,
        )


@dataclass
class GameState:
    players: list[PlayerState]
    seed: int
    rng: int
    round: int
    phase: GamePhase
    first: int  # seat holding the Sacred Tree (first player of the round)
    current: int  # seat that must act now
    turns_done: int  # players who finished the current phase
    basic_left: int
    used_types: list[str]
    pending: list[Pending]
    reserve: list[list[str | None]]  # per level, fixed slots; None = emptied this round
    stacks: list[list[str]]  # per level, face down; last = top
    taken: list[int]  # reserve cards taken from each level this round (E-2, X-3)
    centre: list[int]  # values of the Fire tiles on the Circle
    fire_supply: dict[str, int]  # value -> tiles left
    fragment_supply: int
    varan_supply: int
    dispensers: dict[str, int]  # tree label -> tiles left
    # Victory threshold per condition (V-2); data-driven because a module may change
    # them, even during play (K-V1, K-V2).
    thresholds: dict[str, int]
    version: int = STATE_VERSION  # the layout of to_dict()
    # Which rules modules this game uses (the base game: none), and each module's own
    # game-wide state. Both are left out of ``to_dict`` when empty, so a base game's
    # JSON is exactly what it was before modules existed.
    options: GameOptions = BASE_GAME
    ext: dict[str, ModuleState] = field(default_factory=dict)

    @property
    def n(self) -> int:
        return len(self.players)

    def order(self) -> list[int]:
        """Seats in turn order for this round, from the Sacred Tree holder (A-1)."""
        n = len(self.players)
        first = self.first % n  # (as (first + i) % n: a corrupt seat still gives n seats)
        return [*range(first, n), *range(first)]

    def clone(self) -> GameState:
        return GameState(
            [p.clone() for p in self.players],
            self.seed,
            self.rng,
            self.round,
            self.phase,
            self.first,
            self.current,
            self.turns_done,
            self.basic_left,
            self.used_types[:],
            [p.clone() for p in self.pending],
            [row[:] for row in self.reserve],
            [s[:] for s in self.stacks],
            self.taken[:],
            self.centre[:],
            dict(self.fire_supply),
            self.fragment_supply,
            self.varan_supply,
            dict(self.dispensers),
            dict(self.thresholds),
            self.version,
            self.options,
            {k: v.clone() for k, v in self.ext.items()} if self.ext else {},
        )

    # --- JSON -----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "options":
                if not v.is_base:
                    out["options"] = v.to_dict()
                continue
            if f.name == "ext":
                if v:
                    out["ext"] = {k: m.to_dict() for k, m in v.items()}
                continue
            if f.name == "players":
                v = [_player_to_dict(p) for p in v]
            elif f.name == "pending":
                v = [_slots_to_dict(x) for x in v]
            elif isinstance(v, list):
                v = [x[:] if isinstance(x, list) else x for x in v]
            elif isinstance(v, dict):
                v = dict(v)
            elif isinstance(v, StrEnum):
                v = str(v)  # its value, a plain string, as the JSON has it
            out[f.name] = v
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameState:
        """Read :meth:`to_dict` output back; each module reads its own state. A dict
        of another layout (``version``) is refused with a ValueError."""
        from .modules import get_module

        if d.get("version") != STATE_VERSION:
            raise ValueError(
                f"a game state of layout version {d.get('version')!r}; this program reads "
                f"version {STATE_VERSION}"
            )

        plain = ("options", "ext", "players", "pending")
        kw: dict[str, Any] = {f.name: d[f.name] for f in fields(cls) if f.name not in plain}
        kw["phase"] = GamePhase(d["phase"])
        kw["options"] = GameOptions.from_dict(d.get("options", {}))
        kw["ext"] = {k: get_module(k).read_state(v) for k, v in d.get("ext", {}).items()}
        players = []
        for raw in d["players"]:
            p = PlayerState(**{k: v for k, v in raw.items() if k != "ext"})
            p.ext = {k: get_module(k).read_player_state(v) for k, v in raw.get("ext", {}).items()}
            players.append(p)
        kw["players"] = players
        kw["pending"] = [Pending(**p) for p in d["pending"]]
        return cls(**kw)


def _player_to_dict(p: PlayerState) -> dict[str, Any]:
    out = _slots_to_dict(p)
    del out["ext"]
    if not p.draw_known:
        del out["draw_known"]
    if p.ext:
        out["ext"] = {k: m.to_dict() for k, m in p.ext.items()}
    return out


def _slots_to_dict(obj: Any) -> dict[str, Any]:
    return {f.name: _plain(getattr(obj, f.name)) for f in fields(obj)}


def _plain(v: Any) -> Any:
    """A field's value for the JSON: a list copied, an enum member as its value."""
    if isinstance(v, list):
        return v[:]
    return str(v) if isinstance(v, StrEnum) else v
